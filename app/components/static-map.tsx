import type { Point } from '#lib/geo.ts';
import { currentLocale, type Locale } from '#lib/i18n.ts';
import type { LocationPrecision } from '#lib/listing.ts';

/** The picture's size as the API draws it (modules/places/static-map.ts). */
const WIDTH = 640;
const HEIGHT = 360;

/**
 * The address of the static map of a public point: drawn by the server as SVG, the same for
 * everyone (the language is in the address, so caches may keep it).
 */
function staticMapPath(
  point: Point,
  precision: LocationPrecision,
  locale: Locale = currentLocale(),
): string {
  const query = new URLSearchParams({
    lat: String(point.latitude),
    lng: String(point.longitude),
    precision,
    lang: locale,
  });
  return `/api/places/static-map.svg?${query.toString()}`;
}

/**
 * A small map of the ~2.5 km around a listing's public point, with its pin, its 300 m circle or
 * its sector's area: an image from this site (no tile server, no script), scaled to its box.
 */
export function StaticMap({
  point,
  precision,
  alt,
}: {
  point: Point;
  precision: LocationPrecision;
  alt: string;
}) {
  return (
    <img
      src={staticMapPath(point, precision)}
      alt={alt}
      width={WIDTH}
      height={HEIGHT}
      loading="lazy"
      decoding="async"
      className="h-auto w-full rounded-lg border border-slate-200 bg-slate-100"
    />
  );
}
