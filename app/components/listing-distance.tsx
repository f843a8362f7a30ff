import { formatDistance } from '#lib/format.ts';
import { t } from '#lib/i18n.ts';

/**
 * How far a listing is from the place a "near" list is around ("1.2 km away"), as the list
 * measured it; nothing on other lists or for a listing without a point.
 */
export function ListingDistance({ distanceKm }: { distanceKm: number | undefined }) {
  if (distanceKm === undefined) return null;
  return (
    <span className="font-medium text-slate-700">
      {t('listing.distance', { distance: formatDistance(distanceKm) })}
    </span>
  );
}
