/**
 * The small map on a listing's page: an SVG drawn here from the districts' outlines, so that a
 * visitor's browser asks no tile server and the page works on a slow phone. renderStaticMap is
 * pure (the outlines, names and texts come in, a string of SVG goes out); drawListingMap feeds it
 * the data, server-side only (the outlines weigh 56 KB).
 */
import { APPROXIMATE_RADIUS_M, type Point } from '#lib/geo.ts';
import { currentLocale } from '#lib/i18n.ts';
import { t, type AnyMessageKey } from '#lib/i18n.all.ts';
import { LANDMARKS } from '#lib/landmarks.ts';
import { OUTLINES_CREDIT } from '#lib/map.ts';
import type { LocationPrecision } from '#lib/listing.ts';
import { DISTRICT_OUTLINES } from '#lib/places.outlines.ts';
import { SECTOR_CENTRES } from '#lib/places.points.ts';

export const STATIC_MAP_WIDTH = 640;
export const STATIC_MAP_HEIGHT = 360;
/** The ground the map's width covers: a neighbourhood, about 2.5 km. */
const WINDOW_WIDTH_M = 2500;
const METRES_PER_PIXEL = WINDOW_WIDTH_M / STATIC_MAP_WIDTH;
/** The mean earth sphere of lib/geo.ts: metres in a degree of latitude. */
const METRES_PER_DEGREE = (6371.0088 * 1000 * Math.PI) / 180;
/**
 * Outlines are clipped to the window grown by this much, so that the edges clipping adds (and
 * their strokes) fall outside the picture.
 */
const CLIP_MARGIN_PX = 8;
/** The dashed circle of a point shown at its sector's centre: the area, not a place. */
const SECTOR_RADIUS_M = 600;
/** The scale bar's length. */
const SCALE_BAR_M = 500;
/** A district whose part in the window is smaller than this (px²) is not named. */
const MIN_LABELLED_AREA = 2500;
/** The outlines' licence (CC BY 4.0) asks every map drawn from them to credit their maker. */
const ATTRIBUTION = OUTLINES_CREDIT.text;

export type XY = { x: number; y: number };

/** An outline as lib/places.outlines.ts holds it: rings of [latitude, longitude]. */
export type Outline = {
  name: string;
  rings: readonly (readonly (readonly [number, number])[])[];
};

/** A named point: a sector (its name at its centre) or a landmark (a dot and its name). */
export type MapPlace = { name: string; point: Point; kind: 'sector' | 'landmark' };

export type StaticMapInput = {
  /** The public point, at the centre of the picture. */
  centre: Point;
  precision: LocationPrecision;
  outlines: readonly Outline[];
  /** Sectors' centres and landmarks to name where they fall in the window, most useful first. */
  places?: readonly MapPlace[];
  texts: {
    /** The picture's accessible name (its <title>). */
    title: string;
    /** The words beside the dashed circle of a sector's centre. */
    approximateArea: string;
    /** The scale bar's label ("500 m"). */
    scale: string;
  };
};

/**
 * Where `point` falls on the picture centred on `centre`, in pixels from its top left corner.
 * Equirectangular around the centre: over 2.5 km it differs from Web Mercator by less than a
 * pixel, and north is up.
 */
export function projectPoint(centre: Point, point: Point): XY {
  const metresPerDegreeLng = METRES_PER_DEGREE * Math.cos((centre.latitude * Math.PI) / 180);
  return {
    x:
      STATIC_MAP_WIDTH / 2 +
      ((point.longitude - centre.longitude) * metresPerDegreeLng) / METRES_PER_PIXEL,
    y:
      STATIC_MAP_HEIGHT / 2 -
      ((point.latitude - centre.latitude) * METRES_PER_DEGREE) / METRES_PER_PIXEL,
  };
}

/** A length on the ground in pixels of the picture. */
export function metresToPixels(metres: number): number {
  return metres / METRES_PER_PIXEL;
}

type Box = { left: number; top: number; right: number; bottom: number };

const CLIP_BOX: Box = {
  left: -CLIP_MARGIN_PX,
  top: -CLIP_MARGIN_PX,
  right: STATIC_MAP_WIDTH + CLIP_MARGIN_PX,
  bottom: STATIC_MAP_HEIGHT + CLIP_MARGIN_PX,
};

type Edge = { isInside: (p: XY) => boolean; cross: (a: XY, b: XY) => XY };

function crossAtX(a: XY, b: XY, x: number): XY {
  return { x, y: a.y + ((b.y - a.y) * (x - a.x)) / (b.x - a.x) };
}

function crossAtY(a: XY, b: XY, y: number): XY {
  return { x: a.x + ((b.x - a.x) * (y - a.y)) / (b.y - a.y), y };
}

function edgesOf(box: Box): Edge[] {
  return [
    { isInside: (p) => p.x >= box.left, cross: (a, b) => crossAtX(a, b, box.left) },
    { isInside: (p) => p.x <= box.right, cross: (a, b) => crossAtX(a, b, box.right) },
    { isInside: (p) => p.y >= box.top, cross: (a, b) => crossAtY(a, b, box.top) },
    { isInside: (p) => p.y <= box.bottom, cross: (a, b) => crossAtY(a, b, box.bottom) },
  ];
}

/**
 * The part of a closed ring inside `box` (Sutherland–Hodgman), as a closed ring again; empty
 * when none of it is. A ring around the whole box comes back as the box.
 */
export function clipRing(ring: readonly XY[], box: Box = CLIP_BOX): XY[] {
  let output = [...ring];
  for (const edge of edgesOf(box)) {
    if (output.length === 0) break;
    const input = output;
    output = [];
    for (let index = 0; index < input.length; index += 1) {
      const current = input[index]!;
      const previous = input[(index + input.length - 1) % input.length]!;
      const isCurrentIn = edge.isInside(current);
      if (isCurrentIn !== edge.isInside(previous)) output.push(edge.cross(previous, current));
      if (isCurrentIn) output.push(current);
    }
  }
  return output.length >= 3 ? output : [];
}

/** Whether a point lies inside an outline, by the even-odd rule over all its rings. */
export function isInOutline(point: Point, rings: Outline['rings']): boolean {
  let isInside = false;
  for (const ring of rings) {
    for (let index = 0, previous = ring.length - 1; index < ring.length; previous = index++) {
      const [latA, lngA] = ring[index]!;
      const [latB, lngB] = ring[previous]!;
      const crosses =
        latA > point.latitude !== latB > point.latitude &&
        point.longitude < ((lngB - lngA) * (point.latitude - latA)) / (latB - latA) + lngA;
      if (crosses) isInside = !isInside;
    }
  }
  return isInside;
}

/** Signed area (shoelace) and centroid of a closed ring. */
function areaAndCentroid(ring: readonly XY[]): { area: number; centroid: XY } {
  let twiceArea = 0;
  let cx = 0;
  let cy = 0;
  for (let index = 0; index < ring.length; index += 1) {
    const a = ring[index]!;
    const b = ring[(index + 1) % ring.length]!;
    const cross = a.x * b.y - b.x * a.y;
    twiceArea += cross;
    cx += (a.x + b.x) * cross;
    cy += (a.y + b.y) * cross;
  }
  if (Math.abs(twiceArea) < 1e-9) return { area: 0, centroid: ring[0] ?? { x: 0, y: 0 } };
  return {
    area: Math.abs(twiceArea / 2),
    centroid: { x: cx / (3 * twiceArea), y: cy / (3 * twiceArea) },
  };
}

const round = (value: number) => Math.round(value * 10) / 10 + 0;

function pathOf(rings: readonly XY[][]): string {
  return rings
    .map((ring) => `M${ring.map((point) => `${round(point.x)} ${round(point.y)}`).join('L')}Z`)
    .join('');
}

const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => XML_ESCAPES[character]!);
}

/** The degrees either side of the centre that the clip box covers, for a cheap first test. */
function windowDegrees(centre: Point) {
  const halfWidthM = (STATIC_MAP_WIDTH / 2 + CLIP_MARGIN_PX) * METRES_PER_PIXEL;
  const halfHeightM = (STATIC_MAP_HEIGHT / 2 + CLIP_MARGIN_PX) * METRES_PER_PIXEL;
  const metresPerDegreeLng = METRES_PER_DEGREE * Math.cos((centre.latitude * Math.PI) / 180);
  return {
    south: centre.latitude - halfHeightM / METRES_PER_DEGREE,
    north: centre.latitude + halfHeightM / METRES_PER_DEGREE,
    west: centre.longitude - halfWidthM / metresPerDegreeLng,
    east: centre.longitude + halfWidthM / metresPerDegreeLng,
  };
}

/** Whether a ring's bounding box meets the window at all. */
function isNearWindow(
  ring: readonly (readonly [number, number])[],
  window: ReturnType<typeof windowDegrees>,
): boolean {
  let south = Infinity;
  let north = -Infinity;
  let west = Infinity;
  let east = -Infinity;
  for (const [latitude, longitude] of ring) {
    south = Math.min(south, latitude);
    north = Math.max(north, latitude);
    west = Math.min(west, longitude);
    east = Math.max(east, longitude);
  }
  return (
    north >= window.south && south <= window.north && east >= window.west && west <= window.east
  );
}

export type DistrictShape = {
  name: string;
  /** The rings' parts inside the window, in pixels (closed rings). */
  rings: XY[][];
  /** Whether the centre lies in this district. */
  hasCentre: boolean;
  /** The centroid of its largest part in the window, where its name goes if it has room. */
  anchor: XY;
  /** That part's area, in square pixels. */
  area: number;
};

/** The districts that cross the window around `centre`, clipped to it. */
export function districtShapes(centre: Point, outlines: readonly Outline[]): DistrictShape[] {
  const window = windowDegrees(centre);
  const shapes: DistrictShape[] = [];
  for (const outline of outlines) {
    const rings = outline.rings
      .filter((ring) => isNearWindow(ring, window))
      .map((ring) =>
        clipRing(
          ring.map(([latitude, longitude]) => projectPoint(centre, { latitude, longitude })),
        ),
      )
      .filter((ring) => ring.length > 0);
    if (rings.length === 0) continue;
    const largest = rings
      .map(areaAndCentroid)
      .reduce((best, next) => (next.area > best.area ? next : best));
    shapes.push({
      name: outline.name,
      rings,
      hasCentre: isInOutline(centre, outline.rings),
      anchor: largest.centroid,
      area: largest.area,
    });
  }
  return shapes;
}

/** A label's box, to keep labels from covering each other or the map's furniture. */
type LabelBox = { left: number; top: number; right: number; bottom: number };

export type PlacedLabel = {
  text: string;
  kind: 'district' | MapPlace['kind'];
  /** The text's anchor (its middle, on the baseline). */
  at: XY;
  /** A landmark's dot. */
  dot?: XY;
};

const LABEL_STYLES = {
  district: { size: 14, widthPerCharacter: 0.72 + 1 / 14 },
  landmark: { size: 12, widthPerCharacter: 0.58 },
  sector: { size: 12, widthPerCharacter: 0.56 },
} as const;

/** What the centre's mark, the scale bar and the attribution cover: no label goes there. */
function reservedBoxes(precision: LocationPrecision): LabelBox[] {
  const x = STATIC_MAP_WIDTH / 2;
  const y = STATIC_MAP_HEIGHT / 2;
  const mark =
    precision === 'exact'
      ? { left: x - 16, top: y - 44, right: x + 16, bottom: y + 2 }
      : precision === 'approximate'
        ? { left: x - 40, top: y - 40, right: x + 40, bottom: y + 40 }
        : { left: x - 80, top: y - 14, right: x + 80, bottom: y + 10 };
  return [
    mark,
    { left: 0, top: STATIC_MAP_HEIGHT - 40, right: 150, bottom: STATIC_MAP_HEIGHT },
    {
      left: STATIC_MAP_WIDTH - 170,
      top: STATIC_MAP_HEIGHT - 22,
      right: STATIC_MAP_WIDTH,
      bottom: STATIC_MAP_HEIGHT,
    },
  ];
}

function boxOf(text: string, kind: PlacedLabel['kind'], at: XY): LabelBox {
  const style = LABEL_STYLES[kind];
  const halfWidth = (text.length * style.size * style.widthPerCharacter) / 2 + 3;
  return {
    left: at.x - halfWidth,
    right: at.x + halfWidth,
    top: at.y - style.size,
    bottom: at.y + 4,
  };
}

function overlaps(a: LabelBox, b: LabelBox): boolean {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}

function isInPicture(box: LabelBox): boolean {
  return (
    box.left >= 2 &&
    box.top >= 2 &&
    box.right <= STATIC_MAP_WIDTH - 2 &&
    box.bottom <= STATIC_MAP_HEIGHT - 2
  );
}

/**
 * The names the picture shows, placed greedily: districts with room enough first (their name
 * moved inside the picture, or below the centre's mark when it would cover it), then landmarks
 * (name under their dot), then sectors; a name that would cover another or the map's
 * furniture is left out.
 */
export function placeLabels(
  centre: Point,
  precision: LocationPrecision,
  shapes: readonly DistrictShape[],
  places: readonly MapPlace[],
): PlacedLabel[] {
  const taken = reservedBoxes(precision);
  const placed: PlacedLabel[] = [];
  const tryPlace = (label: PlacedLabel) => {
    const box = boxOf(label.text, label.kind, label.at);
    if (!isInPicture(box) || taken.some((other) => overlaps(box, other))) return false;
    taken.push(box);
    placed.push(label);
    return true;
  };
  for (const shape of [...shapes].sort((a, b) => b.area - a.area)) {
    if (shape.area < MIN_LABELLED_AREA) continue;
    const text = shape.name.toUpperCase();
    const at = {
      x: Math.min(Math.max(shape.anchor.x, 70), STATIC_MAP_WIDTH - 70),
      y: Math.min(Math.max(shape.anchor.y, 24), STATIC_MAP_HEIGHT - 44),
    };
    // Where the centre's mark covers it, a district's name tries above or below the mark.
    const candidates = [at, { x: at.x, y: STATIC_MAP_HEIGHT / 2 + 110 }, { x: at.x, y: 60 }];
    candidates.some((candidate) => tryPlace({ text, kind: 'district', at: candidate }));
  }
  for (const kind of ['landmark', 'sector'] as const) {
    for (const place of places.filter((entry) => entry.kind === kind)) {
      const point = projectPoint(centre, place.point);
      const at = kind === 'landmark' ? { x: point.x, y: point.y + 17 } : point;
      tryPlace({ text: place.name, kind, at, ...(kind === 'landmark' ? { dot: point } : {}) });
    }
  }
  return placed;
}

const FONT = `font-family="system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif"`;
const HALO = 'paint-order="stroke" stroke="#ffffff" stroke-width="4" stroke-linejoin="round"';
const BRAND = '#047857';

/** The mark at the centre: a pin, a 300 m circle, or the dashed area of a sector's centre. */
function centreMark(precision: LocationPrecision, approximateArea: string): string {
  const x = STATIC_MAP_WIDTH / 2;
  const y = STATIC_MAP_HEIGHT / 2;
  if (precision === 'exact') {
    return (
      `<g transform="translate(${x} ${y})" data-mark="pin">` +
      `<path d="M0 0C-4 -9 -13 -15 -13 -26A13 13 0 1 1 13 -26C13 -15 4 -9 0 0Z" fill="${BRAND}" stroke="#ffffff" stroke-width="2"/>` +
      '<circle cx="0" cy="-26" r="5" fill="#ffffff"/></g>'
    );
  }
  if (precision === 'approximate') {
    const radius = round(metresToPixels(APPROXIMATE_RADIUS_M));
    return `<circle data-mark="circle" cx="${x}" cy="${y}" r="${radius}" fill="${BRAND}" fill-opacity="0.18" stroke="${BRAND}" stroke-width="2.5"/>`;
  }
  const radius = round(metresToPixels(SECTOR_RADIUS_M));
  return (
    `<circle data-mark="area" cx="${x}" cy="${y}" r="${radius}" fill="${BRAND}" fill-opacity="0.08" stroke="${BRAND}" stroke-width="2.5" stroke-dasharray="10 7"/>` +
    `<text x="${x}" y="${y + 5}" text-anchor="middle" font-size="15" font-weight="600" fill="${BRAND}" ${HALO} ${FONT}>${escapeXml(approximateArea)}</text>`
  );
}

/**
 * The picture of the ~2.5 km around a listing's public point: the districts' outlines crossing
 * it (the one holding the point tinted) with their names, the point's mark (a pin when exact, a
 * 300 m circle when approximate, a dashed area around a sector's centre), a scale bar and the
 * outlines' attribution. 640 × 360, with a <title> for its accessible name.
 */
export function renderStaticMap({
  centre,
  precision,
  outlines,
  places = [],
  texts,
}: StaticMapInput): string {
  const shapes = districtShapes(centre, outlines);
  // Each outline once, filled first and stroked after all fills, so that no district's fill
  // covers half of its neighbour's border.
  const defs = shapes
    .map((shape, index) => `<path id="district-${index}" d="${pathOf(shape.rings)}"/>`)
    .join('');
  const fills = shapes
    .map(
      (shape, index) =>
        `<use href="#district-${index}" xlink:href="#district-${index}" fill="${shape.hasCentre ? '#ecfdf5' : '#f8fafc'}" fill-rule="evenodd" data-district="${escapeXml(shape.name)}"/>`,
    )
    .join('');
  const borders = shapes
    .map(
      (_shape, index) =>
        `<use href="#district-${index}" xlink:href="#district-${index}" fill="none" stroke="#94a3b8" stroke-width="2" stroke-linejoin="round"/>`,
    )
    .join('');
  const labels = placeLabels(centre, precision, shapes, places)
    .map((label) => {
      const { size } = LABEL_STYLES[label.kind];
      const style =
        label.kind === 'district'
          ? 'font-weight="600" letter-spacing="1" fill="#475569"'
          : label.kind === 'landmark'
            ? 'font-weight="600" fill="#1e293b"'
            : 'font-style="italic" fill="#64748b"';
      const dot = label.dot
        ? `<circle cx="${round(label.dot.x)}" cy="${round(label.dot.y)}" r="4" fill="#1e293b" stroke="#ffffff" stroke-width="1.5"/>`
        : '';
      return `${dot}<text x="${round(label.at.x)}" y="${round(label.at.y)}" text-anchor="middle" font-size="${size}" ${style} ${HALO} ${FONT}>${escapeXml(label.text)}</text>`;
    })
    .join('');
  const scaleLength = round(metresToPixels(SCALE_BAR_M));
  const scaleBar =
    `<g transform="translate(12 ${STATIC_MAP_HEIGHT - 14})">` +
    `<path d="M0 -6V0H${scaleLength}V-6" fill="none" stroke="#ffffff" stroke-width="5"/>` +
    `<path d="M0 -6V0H${scaleLength}V-6" fill="none" stroke="#334155" stroke-width="2"/>` +
    `<text x="${round(scaleLength / 2)}" y="-9" text-anchor="middle" font-size="12" fill="#334155" ${HALO} ${FONT}>${escapeXml(texts.scale)}</text></g>`;
  const attribution = `<text x="${STATIC_MAP_WIDTH - 8}" y="${STATIC_MAP_HEIGHT - 8}" text-anchor="end" font-size="11" fill="#475569" ${HALO} ${FONT}>${escapeXml(ATTRIBUTION)}</text>`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 ${STATIC_MAP_WIDTH} ${STATIC_MAP_HEIGHT}" width="${STATIC_MAP_WIDTH}" height="${STATIC_MAP_HEIGHT}" role="img" aria-labelledby="static-map-title">` +
    `<title id="static-map-title">${escapeXml(texts.title)}</title>` +
    `<rect width="${STATIC_MAP_WIDTH}" height="${STATIC_MAP_HEIGHT}" fill="#e2e8f0"/>` +
    `<defs>${defs}</defs>` +
    fills +
    borders +
    labels +
    centreMark(precision, texts.approximateArea) +
    scaleBar +
    attribution +
    '</svg>'
  );
}

const TITLES = {
  exact: 'staticMap.title.exact',
  approximate: 'staticMap.title.approximate',
  sector: 'staticMap.title.sector',
} as const satisfies Record<LocationPrecision, AnyMessageKey>;

/** Every sector's centre as a named place, sectors of Kigali and the rest alike. */
const SECTOR_PLACES: readonly MapPlace[] = Object.values(SECTOR_CENTRES).flatMap((sectors) =>
  Object.entries(sectors).map(([name, [latitude, longitude]]) => ({
    name,
    point: { latitude, longitude },
    kind: 'sector' as const,
  })),
);

/**
 * The static map of a listing's public point, as GET /api/places/static-map.svg draws it: the
 * districts' outlines, the landmarks (named in the current language) and the sectors around it,
 * with texts in the current language.
 */
export function drawListingMap(centre: Point, precision: LocationPrecision): string {
  const locale = currentLocale();
  const landmarks = LANDMARKS.map((landmark) => ({
    name: landmark.names[locale],
    point: landmark.point,
    kind: 'landmark' as const,
  }));
  return renderStaticMap({
    centre,
    precision,
    outlines: DISTRICT_OUTLINES,
    places: [...landmarks, ...SECTOR_PLACES],
    texts: {
      title: t(TITLES[precision]),
      approximateArea: t('staticMap.approximateArea'),
      scale: t('format.distanceM', { distance: SCALE_BAR_M }),
    },
  });
}
