import { formatDistance } from '#lib/format.ts';
import { distanceKm } from '#lib/geo.ts';
import { t } from '#lib/i18n.ts';
import { parseNear } from '#lib/landmarks.ts';

/**
 * How far a listing's public point is from the place a "near" list is around ("1.2 km away"),
 * or nothing when the list is not around a place or the listing has no point.
 */
export function ListingDistance({
  near,
  point,
}: {
  near: string | undefined;
  point: { latitude: number | null; longitude: number | null };
}) {
  const centre = near ? parseNear(near) : undefined;
  if (!centre || point.latitude === null || point.longitude === null) return null;
  const km = distanceKm(centre, { latitude: point.latitude, longitude: point.longitude });
  return (
    <span className="font-medium text-slate-700">
      {t('listing.distance', { distance: formatDistance(km) })}
    </span>
  );
}
