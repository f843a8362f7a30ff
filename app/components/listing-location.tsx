import { googleMapsUrl, openStreetMapUrl } from '#lib/geo.ts';
import { t } from '#lib/i18n.pages.ts';
import type { LocationPrecision } from '#lib/listing.ts';
import { StaticMap } from './static-map.tsx';

/**
 * A listing page's Location: the static map of its public point, links to open that point in
 * Google Maps or OpenStreetMap, and how near the point is to the place (the exact pin, within
 * about 300 m, or only its sector's centre). Nothing without a point.
 */
export function ListingLocation({
  place,
  latitude,
  longitude,
  locationPrecision,
}: {
  /** The place as the page names it, for the map's text alternative. */
  place: string;
  latitude: number | null | undefined;
  longitude: number | null | undefined;
  locationPrecision: LocationPrecision | null | undefined;
}) {
  if (latitude == null || longitude == null || !locationPrecision) return null;
  const point = { latitude, longitude };
  return (
    <section aria-labelledby="location-heading" className="space-y-3">
      <h2 id="location-heading" className="text-xl font-bold">
        {t('listing.location')}
      </h2>
      <StaticMap
        point={point}
        precision={locationPrecision}
        alt={t(`location.mapAlt.${locationPrecision}`, { place })}
      />
      <p className="text-sm text-slate-700">{t(`location.precision.${locationPrecision}`)}</p>
      <div className="flex flex-wrap gap-x-6 gap-y-2">
        {[
          { href: googleMapsUrl(point), label: t('location.openGoogle') },
          { href: openStreetMapUrl(point), label: t('location.openOsm') },
        ].map(({ href, label }) => (
          <a
            key={label}
            href={href}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex min-h-11 items-center font-medium text-brand-800 underline"
          >
            {label}
          </a>
        ))}
      </div>
    </section>
  );
}
