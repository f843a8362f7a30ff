/**
 * The map view's isomorphic facts: where its background comes from and whom it credits, where
 * it opens, the area a "Search this area" asks for, and a marker's short price. Only the map
 * page, its lazy chunk and the server import it, so none of it weighs on the other pages.
 */
import { formatAmount } from './format.ts';
import { distanceKm, type Point } from './geo.ts';
import { t } from './i18n.pages.ts';
import { NEAR_RADIUS_MAX_KM, NEAR_RADIUS_MIN_KM } from './limits.ts';

/** OpenStreetMap's standard tiles: the default background (their usage policy applies). */
export const OSM_TILES_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

/** Where the server serves MAP_PMTILES_PATH, with range requests (modules/map/map.api.ts). */
export const MAP_PMTILES_URL = '/map/tiles.pmtiles';

/** One credit of the map's corner: a text, linked to its licence or source when it has one. */
export type MapCredit = { text: string; href?: string };

/** OpenStreetMap's data, under the ODbL: the credit its copyright page asks for. */
export const OSM_CREDIT: MapCredit = {
  text: '© OpenStreetMap contributors',
  href: 'https://www.openstreetmap.org/copyright',
};

/** The district outlines (lib/places.outlines.ts), under CC BY 4.0. */
export const OUTLINES_CREDIT: MapCredit = {
  text: '© WASAC Ltd (CC BY 4.0)',
  href: 'https://creativecommons.org/licenses/by/4.0/',
};

/**
 * The map's background as a page gets it: XYZ raster tiles at `url` (`{z}/{x}/{y}`), or one
 * PMTiles archive of raster tiles read by ranges from `url`; and the credits it must show.
 */
export type MapTiles = { kind: 'xyz' | 'pmtiles'; url: string; credits: MapCredit[] };

/**
 * The background the configuration names (config/env.ts `mapTiles`), as pages get it: an
 * operator's own credit text when given, else OpenStreetMap's (the data of nearly every raster
 * map, and always of the default one).
 */
export function toMapTiles(
  config: { kind: 'xyz'; url: string } | { kind: 'pmtiles' },
  attribution: string | undefined,
): MapTiles {
  const credits = [attribution ? { text: attribution } : OSM_CREDIT];
  return config.kind === 'xyz'
    ? { kind: 'xyz', url: config.url, credits }
    : { kind: 'pmtiles', url: MAP_PMTILES_URL, credits };
}

/**
 * The origin pages must let images come from for an XYZ tile address, as a CSP source: its
 * `{s}` subdomain (a, b, c) becomes a wildcard. Undefined for an address on this site.
 */
export function tileImageSource(url: string): string | undefined {
  if (url.startsWith('/')) return undefined;
  const marker = 'subdomain-placeholder';
  const parsed = new URL(url.replaceAll('{s}', marker).replace(/\{[a-z]+\}/g, '0'));
  return `${parsed.protocol}//${parsed.host.replace(marker, '*')}`;
}

/** Kigali's centre, where the map opens when it has no listing to show. */
export const KIGALI_CENTRE: Point = { latitude: -1.9536, longitude: 30.0927 };
/** The zoom that shows Kigali whole on a phone. */
export const KIGALI_ZOOM = 12;

/** The area a "Search this area" asks for: its centre as `near`, and the radius covering it. */
export type SearchArea = { near: string; radiusKm: number };

/**
 * The search covering a visible area: around its centre (5 decimals, about a metre), as far as
 * its farthest corner (rounded up to 0.1 km), within the radius the filters accept.
 */
export function searchAreaOf(bounds: { south: number; west: number; north: number; east: number }) {
  const centre = {
    latitude: (bounds.south + bounds.north) / 2,
    longitude: (bounds.west + bounds.east) / 2,
  };
  const corner = { latitude: bounds.north, longitude: bounds.east };
  const reach = Math.ceil(distanceKm(centre, corner) * 10) / 10;
  const radiusKm = Math.min(NEAR_RADIUS_MAX_KM, Math.max(NEAR_RADIUS_MIN_KM, reach));
  const near = `${centre.latitude.toFixed(5)},${centre.longitude.toFixed(5)}`;
  return { near, radiusKm } satisfies SearchArea;
}

/** The units a short price counts in, smallest first, with the text of each. */
const SHORT_PRICE_UNITS = [
  [1e3, 'format.thousandsShort'],
  [1e6, 'format.millionsShort'],
  [1e9, 'format.billionsShort'],
] as const;

/**
 * A price short enough for a map's marker: '350K', '1.2M', '95M' ('350 k', '1,2 M' in French);
 * under a thousand, the amount itself. One decimal below ten of a unit; a count that would
 * read 1000 of one unit reads 1 of the next ('1M', not '1000K').
 */
export function formatShortPrice(amount: number): string {
  if (amount < 1000) return formatAmount(amount);
  for (const [unit, key] of SHORT_PRICE_UNITS) {
    const value = amount / unit;
    const shown = value < 9.95 ? Math.round(value * 10) / 10 : Math.round(value);
    if (shown < 1000 || unit === 1e9) {
      return t(key, { amount: String(shown).replace('.', t('format.decimalSeparator')) });
    }
  }
  return formatAmount(amount);
}
