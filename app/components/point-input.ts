import { isInRwanda, parseMapLink, type Point } from '#lib/geo.ts';
import type { PageMessageKey } from '#lib/i18n.pages.ts';
import type { LocationPrecision } from '#lib/listing.ts';

/** What a form's point fields start from: the owner's own point and the public precision. */
export type PointValues = {
  exactLatitude?: number | null;
  exactLongitude?: number | null;
  locationPrecision?: LocationPrecision | null;
};

/** The text of a coordinate in an input: at most 6 decimals (10 cm), never an exponent. */
export function formatCoordinate(value: number): string {
  return (Math.round(value * 1e6) / 1e6 + 0).toFixed(6).replace(/\.?0+$/, '');
}

/**
 * What the point fields show first: the point the owner set (none when the public sees the
 * sector's centre, since no point was set), and whether the public sees it exactly; a new
 * listing starts approximate.
 */
export function initialPointFields(values: PointValues): {
  latitude: string;
  longitude: string;
  precision: 'exact' | 'approximate';
} {
  const hasPoint =
    values.locationPrecision !== 'sector' &&
    values.exactLatitude != null &&
    values.exactLongitude != null;
  return {
    // As stored, digit for digit: saved again unchanged, an approximate point keeps its circle.
    latitude: hasPoint ? String(values.exactLatitude) : '',
    longitude: hasPoint ? String(values.exactLongitude) : '',
    precision: values.locationPrecision === 'exact' ? 'exact' : 'approximate',
  };
}

/** The texts of parseMapLink's refusals: the ones the server answers (places.schema.ts). */
const MAP_LINK_ERRORS = {
  shortLink: 'place.mapLinkShort',
  noPoint: 'place.mapLinkNoPoint',
  outsideRwanda: 'place.outsideRwanda',
} as const satisfies Record<string, PageMessageKey>;

/** A pasted map link read in the browser, as the server will read it: its point or what is wrong. */
export function readMapLink(text: string): { point: Point } | { error: PageMessageKey } {
  const parsed = parseMapLink(text);
  return 'point' in parsed ? parsed : { error: MAP_LINK_ERRORS[parsed.error] };
}

/** A number as the server reads the inputs: a decimal comma is a point; blank is nothing. */
function readNumber(text: string): number | undefined {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return undefined;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : undefined;
}

/** The point the two number inputs hold, when both are numbers and it lies in Rwanda. */
export function readCoordinates(latitude: string, longitude: string): Point | undefined {
  const point = { latitude: readNumber(latitude), longitude: readNumber(longitude) };
  if (point.latitude === undefined || point.longitude === undefined) return undefined;
  return isInRwanda(point as Point) ? (point as Point) : undefined;
}

/**
 * Whether a change of the link field put a whole text in at once (a paste, or a browser's fill),
 * rather than a character typed: a refusal is shown at once then, not while someone types.
 */
export function isWholeEntry(previous: string, next: string): boolean {
  return next.length - previous.length > 8;
}
