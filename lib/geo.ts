/**
 * Points on the map: the links sellers paste from Google Maps or OpenStreetMap, distances, the
 * box an indexed search filters on first, and the approximate point shown for a listing whose
 * exact place is private. Isomorphic: the listing form runs it in the browser, the API again.
 */

export type Point = { latitude: number; longitude: number };

/** Rwanda's bounding box, a little generous (WGS84). */
export const RWANDA_BOUNDS = { south: -2.84, north: -1.04, west: 28.86, east: 30.9 } as const;

/** The mean earth radius (IUGG), the sphere every distance here is measured on. */
const EARTH_RADIUS_KM = 6371.0088;
const METRES_PER_DEGREE = (EARTH_RADIUS_KM * 1000 * Math.PI) / 180;

/** Whether a point lies in RWANDA_BOUNDS (edges included). */
export function isInRwanda(point: Point): boolean {
  const { latitude, longitude } = point;
  return (
    latitude >= RWANDA_BOUNDS.south &&
    latitude <= RWANDA_BOUNDS.north &&
    longitude >= RWANDA_BOUNDS.west &&
    longitude <= RWANDA_BOUNDS.east
  );
}

const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance in km (haversine on the mean earth sphere). */
export function distanceKm(a: Point, b: Point): number {
  const dLat = toRadians(b.latitude - a.latitude);
  const dLng = toRadians(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(toRadians(a.latitude)) * Math.cos(toRadians(b.latitude)) * Math.sin(dLng / 2) ** 2;
  // Rounding can push h a hair above 1 for antipodes; asin would answer NaN.
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.sqrt(Math.min(1, h)));
}

function roundTo(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  // `+ 0` turns -0 into 0, so a point never prints as "-0".
  return Math.round(value * factor) / factor + 0;
}

function isLatitude(value: number): boolean {
  return Number.isFinite(value) && Math.abs(value) <= 90;
}

function isLongitude(value: number): boolean {
  return Number.isFinite(value) && Math.abs(value) <= 180;
}

// ---------------------------------------------------------------------------------------------
// Reading what a seller pastes
// ---------------------------------------------------------------------------------------------

export type MapLinkResult = { point: Point } | { error: 'shortLink' | 'noPoint' | 'outsideRwanda' };

/** No seller pastes this much; longer text is refused before any pattern runs over it. */
const MAX_PASTE_LENGTH = 10_000;

/** A decimal number as map links write coordinates (no exponent, no thousands separator). */
const NUMBER = String.raw`[-+]?\d{1,3}(?:\.\d+)?`;
const WHOLE_NUMBER = new RegExp(`^${NUMBER}$`);
/** "lat,lng", "lat, lng", "lat lng" at the start of a value, with Google's optional "loc:". */
const LEADING_PAIR = new RegExp(
  `^\\s*(?:loc:\\s*)?(${NUMBER})(?:\\s*,\\s*|\\s+)(${NUMBER})(?![\\d.])`,
  'i',
);
/**
 * A pair in free text ("GPS: -1.9536, 30.0927"). Both numbers need decimals, so that "house 2, 3
 * bedrooms" is not read as a place; the prefix group stands in for a lookbehind, which older
 * Safari cannot compile.
 */
const TEXT_PAIR = /(^|[^\d.])([-+]?\d{1,3}\.\d+)(?:\s*,\s*|\s+)([-+]?\d{1,3}\.\d+)(?![\d.])/;
/** One half of a degrees-minutes-seconds pair as Google shows it: 1°57'13.0"S (or 1.9536°S). */
const DMS_PART =
  /(\d{1,3}(?:\.\d+)?)\s*°\s*(?:(\d{1,2}(?:\.\d+)?)\s*['′’]\s*)?(?:(\d{1,2}(?:\.\d+)?)\s*(?:"|″|”|'')\s*)?([NSEW])(?![a-z])/gi;
const GOOGLE_PLACE = /!3d(-?\d{1,3}(?:\.\d+)?)!4d(-?\d{1,3}(?:\.\d+)?)/g;
const GOOGLE_CAMERA = /@(-?\d{1,3}(?:\.\d+)?),(-?\d{1,3}(?:\.\d+)?)/;
const OSM_MAP_HASH = /map=\d{1,2}(?:\.\d+)?\/(-?\d{1,3}(?:\.\d+)?)\/(-?\d{1,3}(?:\.\d+)?)/;
/** Google's query parameters that carry the point itself, the first present winning. */
const GOOGLE_POINT_PARAMS = ['q', 'query', 'll', 'destination', 'daddr', 'center', 'sll'];

type Pair = { latitude: number; longitude: number };

/** decodeURIComponent that answers the text unchanged for a malformed escape instead of throwing. */
function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text.replaceAll('+', ' '));
  } catch {
    return text.replaceAll('+', ' ');
  }
}

function pairOf(latitude: string | undefined, longitude: string | undefined): Pair | undefined {
  if (latitude === undefined || longitude === undefined) return undefined;
  return { latitude: Number(latitude), longitude: Number(longitude) };
}

/**
 * A pair at the start of a query value or a path segment: "-1.95,30.09", "loc:-1.95,30.09",
 * "-1.95,30.09(My plot)". Whole numbers only when nothing follows, so that a place called
 * "24 25 Street" is not read as latitude 24, longitude 25.
 */
function parseLeadingPair(value: string): Pair | undefined {
  const match = LEADING_PAIR.exec(value);
  if (!match) return undefined;
  const [whole, latitude = '', longitude = ''] = match;
  const hasDecimals = latitude.includes('.') && longitude.includes('.');
  if (!hasDecimals && value.slice(whole.length).trim() !== '') return undefined;
  return pairOf(latitude, longitude);
}

/** The first N/S half and the first E/W half of a degrees-minutes-seconds pair, in any order. */
function parseDms(text: string): Pair | undefined {
  let latitude: number | undefined;
  let longitude: number | undefined;
  for (const match of text.matchAll(DMS_PART)) {
    const degrees = Number(match[1]);
    const minutes = match[2] === undefined ? 0 : Number(match[2]);
    const seconds = match[3] === undefined ? 0 : Number(match[3]);
    if (minutes >= 60 || seconds >= 60) continue;
    const hemisphere = match[4]!.toUpperCase();
    const sign = hemisphere === 'S' || hemisphere === 'W' ? -1 : 1;
    const value = sign * (degrees + minutes / 60 + seconds / 3600);
    if ((hemisphere === 'N' || hemisphere === 'S') && latitude === undefined) latitude = value;
    if ((hemisphere === 'E' || hemisphere === 'W') && longitude === undefined) longitude = value;
    if (latitude !== undefined && longitude !== undefined) return { latitude, longitude };
  }
  return undefined;
}

function parseValue(value: string): Pair | undefined {
  return parseLeadingPair(value) ?? parseDms(value);
}

function isGoogleHost(host: string): boolean {
  return /^(?:www\.|maps\.)?google\.(?:[a-z]{2,3}|com?\.[a-z]{2})$/.test(host);
}

function isOsmHost(host: string): boolean {
  return /^(?:www\.)?(?:openstreetmap\.org|osm\.org)$/.test(host);
}

/** Links that only a request to their server could turn into a place. */
function isShortLink(url: URL): boolean {
  const host = url.hostname;
  if (host === 'maps.app.goo.gl' || host === 'goo.gl' || host === 'g.page') return true;
  if (host === 'g.co') return url.pathname.startsWith('/kgs');
  return isOsmHost(host) && url.pathname.startsWith('/go/');
}

function parseGoogle(url: URL): Pair | undefined {
  const decoded = safeDecode(url.pathname + url.search);
  // The place's own point (`!3d<lat>!4d<lng>`): the last one is the place the link is about.
  const places = [...decoded.matchAll(GOOGLE_PLACE)];
  const place = places.at(-1);
  if (place) return pairOf(place[1], place[2]);
  for (const name of GOOGLE_POINT_PARAMS) {
    const value = url.searchParams.get(name);
    const pair = value === null ? undefined : parseValue(value);
    if (pair) return pair;
  }
  // /maps/search/<lat,lng>, /maps/place/<lat,lng>, /maps/dir/<from>/<to>: the last pair is the
  // place searched for or the destination; "@…" (the camera) and "data=…" are not places.
  const segments = url.pathname.split('/').map(safeDecode).reverse();
  for (const segment of segments) {
    if (segment.startsWith('@') || segment.startsWith('data=')) continue;
    const pair = parseValue(segment);
    if (pair) return pair;
  }
  // Only the centre of the screen the seller was looking at: the best there is.
  const camera = GOOGLE_CAMERA.exec(decoded);
  return camera ? pairOf(camera[1], camera[2]) : undefined;
}

function numberParam(url: URL, name: string): string | undefined {
  const value = url.searchParams.get(name)?.trim();
  return value !== undefined && WHOLE_NUMBER.test(value) ? value : undefined;
}

function parseOpenStreetMap(url: URL): Pair | undefined {
  // The marker (mlat/mlon) is the place; #map= is only where the map was scrolled to.
  const marker = pairOf(numberParam(url, 'mlat'), numberParam(url, 'mlon'));
  if (marker) return marker;
  const old = pairOf(numberParam(url, 'lat'), numberParam(url, 'lon'));
  if (old) return old;
  const query = url.searchParams.get('query');
  const searched = query === null ? undefined : parseValue(query);
  if (searched) return searched;
  const map = OSM_MAP_HASH.exec(safeDecode(url.hash));
  return map ? pairOf(map[1], map[2]) : undefined;
}

/** A map link in one whitespace-free piece of the paste, with or without its https://. */
function mapUrlIn(token: string): URL | undefined {
  const start = token.search(/https?:\/\//i);
  let candidate = start >= 0 ? token.slice(start) : token;
  if (
    start < 0 &&
    !/^(?:[a-z0-9-]+\.)*(?:google\.[a-z.]+|goo\.gl|g\.co|g\.page|openstreetmap\.org|osm\.org)(?:[/?#:]|$)/i.test(
      candidate,
    )
  ) {
    return undefined;
  }
  if (start < 0) candidate = `https://${candidate}`;
  // A link at the end of a sentence or in brackets.
  candidate = candidate.replace(/[)\]}>.,;!?»"']+$/, '');
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return undefined;
  }
  const host = url.hostname.toLowerCase();
  return isGoogleHost(host) || isOsmHost(host) || isShortLink(url) ? url : undefined;
}

function classify(pair: Pair): MapLinkResult {
  const point = { latitude: roundTo(pair.latitude, 6), longitude: roundTo(pair.longitude, 6) };
  if (!isLatitude(point.latitude) || !isLongitude(point.longitude)) return { error: 'noPoint' };
  if (isInRwanda(point)) return { point };
  // Latitude and longitude the wrong way round: the seller's place is in Rwanda, so "outside
  // Rwanda" would mislead; the form asks for the link again instead.
  if (isInRwanda({ latitude: point.longitude, longitude: point.latitude })) {
    return { error: 'noPoint' };
  }
  return { error: 'outsideRwanda' };
}

/**
 * The point in what a seller pastes: a Google Maps or OpenStreetMap link in any of its shapes
 * (alone or inside a message), a bare "lat, lng" pair or Google's degrees-minutes-seconds.
 * Coordinates come back rounded to 6 decimals (about 10 cm). Never throws.
 */
export function parseMapLink(text: string): MapLinkResult {
  const trimmed = text.trim();
  if (trimmed.length === 0 || trimmed.length > MAX_PASTE_LENGTH) return { error: 'noPoint' };
  // "-1.95, 30.09" typed into a link by hand would otherwise split it in two at the space.
  const compact = trimmed.replace(/,\s+(?=[-+\u2212]?\d)/g, ',');
  let sawShortLink = false;
  const words: string[] = [];
  for (const token of compact.split(/\s+/)) {
    const url = mapUrlIn(token);
    if (!url) {
      // Another site's link is not read for numbers: its digits are not a place.
      if (!/:\/\/|^www\./i.test(token)) words.push(token);
      continue;
    }
    if (isShortLink(url)) {
      sawShortLink = true;
      continue;
    }
    const pair = isOsmHost(url.hostname.toLowerCase()) ? parseOpenStreetMap(url) : parseGoogle(url);
    if (pair) return classify(pair);
  }
  const rest = words.join(' ').replaceAll('\u2212', '-');
  const dms = parseDms(rest);
  if (dms) return classify(dms);
  const bare = TEXT_PAIR.exec(rest);
  if (bare) return classify({ latitude: Number(bare[2]), longitude: Number(bare[3]) });
  return { error: sawShortLink ? 'shortLink' : 'noPoint' };
}

const POINT_TEXT = new RegExp(`^\\s*(${NUMBER})\\s*,\\s*(${NUMBER})\\s*$`);

/** "-1.95,30.09" or "-1.95, 30.09" (the `near=` URL parameter); undefined for anything else. */
export function parsePointText(text: string): Point | undefined {
  const match = POINT_TEXT.exec(text);
  if (!match) return undefined;
  const latitude = Number(match[1]);
  const longitude = Number(match[2]);
  return isLatitude(latitude) && isLongitude(longitude) ? { latitude, longitude } : undefined;
}

// ---------------------------------------------------------------------------------------------
// Privacy
// ---------------------------------------------------------------------------------------------

/** The circle shown around an approximate point surely contains the real place. */
export const APPROXIMATE_RADIUS_M = 300;
const GRID_DEGREES = 0.002;
/**
 * Snapping to the grid moves a point at most half a cell on each axis: 0.001° × √2, about 157 m
 * (less on the longitude axis away from the equator). The random offset gets the rest of the
 * 300 m, less a margin for the final rounding.
 */
const SNAP_MAX_M = Math.SQRT2 * (GRID_DEGREES / 2) * METRES_PER_DEGREE;
const OFFSET_RADIUS_M = Math.floor(APPROXIMATE_RADIUS_M - SNAP_MAX_M - 10);
/** Never (almost) the exact point: at least this far, with a margin over the 50 m promised. */
const MIN_DISTANCE_M = 60;

function unitInterval(value: number): number {
  return Number.isFinite(value) ? Math.min(Math.max(value, 0), 1) : 0;
}

/**
 * The public point of a listing whose exact place is private: snapped to a 0.002° grid, then
 * moved by a random offset (uniform in a disk, two draws from `random`), always between 60 and
 * 300 m from the exact point, rounded to 5 decimals. Call it once when the point is set and
 * store the result: a point drawn again on every view could be averaged back to the real place.
 * The grid is why re-saving the same place does not help either: the draws centre on the grid
 * cell, not on the exact point.
 */
export function approximatePoint(exact: Point, random: () => number): Point {
  const snapped = {
    latitude: Math.round(exact.latitude / GRID_DEGREES) * GRID_DEGREES,
    longitude: Math.round(exact.longitude / GRID_DEGREES) * GRID_DEGREES,
  };
  const radius = OFFSET_RADIUS_M * Math.sqrt(unitInterval(random()));
  const angle = 2 * Math.PI * unitInterval(random());
  const metresPerDegreeLng = METRES_PER_DEGREE * Math.cos(toRadians(exact.latitude));
  // Where the candidate lies from the exact point, in metres east and north.
  let east = (snapped.longitude - exact.longitude) * metresPerDegreeLng + radius * Math.cos(angle);
  let north = (snapped.latitude - exact.latitude) * METRES_PER_DEGREE + radius * Math.sin(angle);
  const distance = Math.hypot(east, north);
  if (distance < MIN_DISTANCE_M) {
    // Too close to hide anything: pushed out along the same bearing (the drawn angle when the
    // candidate is the exact point itself).
    const [unitEast, unitNorth] =
      distance > 1e-6 ? [east / distance, north / distance] : [Math.cos(angle), Math.sin(angle)];
    east = unitEast * MIN_DISTANCE_M;
    north = unitNorth * MIN_DISTANCE_M;
  }
  return {
    latitude: roundTo(exact.latitude + north / METRES_PER_DEGREE, 5),
    longitude: roundTo(exact.longitude + east / metresPerDegreeLng, 5),
  };
}

// ---------------------------------------------------------------------------------------------
// Search and links
// ---------------------------------------------------------------------------------------------

/** km per degree of latitude as asked (the equator's, on the WGS84 ellipsoid). */
const KM_PER_DEGREE = 111.32;
/**
 * distanceKm's sphere has 111.195 km per degree, so km/111.32 alone falls 0.1% short at the
 * circle's northern and southern edges; 1% more covers that and the curvature of the circle's
 * eastern and western edges with room to spare.
 */
const BOX_MARGIN = 1.01;

/**
 * A box that surely contains every point within `radiusKm` of `centre` (by distanceKm): the
 * cheap, indexed prefilter before the exact distance. Not for circles across a pole or the
 * antimeridian, which Rwanda is far from.
 */
export function boundingBox(
  centre: Point,
  radiusKm: number,
): { south: number; north: number; west: number; east: number } {
  const dLat = (radiusKm / KM_PER_DEGREE) * BOX_MARGIN;
  const south = Math.max(-90, centre.latitude - dLat);
  const north = Math.min(90, centre.latitude + dLat);
  // A degree of longitude shrinks with cos(latitude); the box's edge farthest from the equator
  // is where it is narrowest, so that latitude sets the width.
  const widest = Math.max(Math.abs(south), Math.abs(north));
  const cos = Math.cos(toRadians(widest));
  const dLng = cos > 1e-9 ? dLat / cos : 360;
  return {
    south,
    north,
    west: Math.max(-180, centre.longitude - dLng),
    east: Math.min(180, centre.longitude + dLng),
  };
}

function coordinate(value: number): string {
  // 6 decimals, never an exponent (String(1e-7) is "1e-7").
  return String(roundTo(value, 6));
}

/** Google Maps search link for a point (opens the app on phones, offers directions). */
export function googleMapsUrl(point: Point): string {
  return `https://www.google.com/maps/search/?api=1&query=${coordinate(point.latitude)},${coordinate(point.longitude)}`;
}

/** OpenStreetMap link with a marker on the point, zoomed to street level. */
export function openStreetMapUrl(point: Point): string {
  const latitude = coordinate(point.latitude);
  const longitude = coordinate(point.longitude);
  return `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=17/${latitude}/${longitude}`;
}
