import { describe, expect, it } from 'vitest';
import { APPROXIMATE_RADIUS_M, type Point } from '#lib/geo.ts';
import { DISTRICT_OUTLINES } from '#lib/places.outlines.ts';
import {
  clipRing,
  districtShapes,
  isInOutline,
  metresToPixels,
  placeLabels,
  projectPoint,
  renderStaticMap,
  STATIC_MAP_HEIGHT,
  STATIC_MAP_WIDTH,
  type Outline,
} from './static-map.ts';

const KIGALI_HEIGHTS: Point = { latitude: -1.9528, longitude: 30.0926 };
const TEXTS = { title: 'Map of the place', approximateArea: 'approximate area', scale: '500 m' };

/** A square outline of `half` degrees around a point, as lib/places.outlines.ts writes rings. */
function squareAround(name: string, centre: Point, half: number): Outline {
  const { latitude: lat, longitude: lng } = centre;
  return {
    name,
    rings: [
      [
        [lat - half, lng - half],
        [lat - half, lng + half],
        [lat + half, lng + half],
        [lat + half, lng - half],
      ],
    ],
  };
}

/** Every number pair of an SVG path's data. */
function pathPoints(d: string): { x: number; y: number }[] {
  return [...d.matchAll(/(-?[\d.]+) (-?[\d.]+)/g)].map((match) => ({
    x: Number(match[1]),
    y: Number(match[2]),
  }));
}

describe('projectPoint', () => {
  it('puts the centre in the middle of the picture, north up and east right', () => {
    expect(projectPoint(KIGALI_HEIGHTS, KIGALI_HEIGHTS)).toEqual({
      x: STATIC_MAP_WIDTH / 2,
      y: STATIC_MAP_HEIGHT / 2,
    });
    const north = projectPoint(KIGALI_HEIGHTS, { ...KIGALI_HEIGHTS, latitude: -1.9428 });
    const east = projectPoint(KIGALI_HEIGHTS, { ...KIGALI_HEIGHTS, longitude: 30.1026 });
    expect(north.x).toBeCloseTo(STATIC_MAP_WIDTH / 2, 6);
    expect(north.y).toBeLessThan(STATIC_MAP_HEIGHT / 2);
    expect(east.x).toBeGreaterThan(STATIC_MAP_WIDTH / 2);
    expect(east.y).toBeCloseTo(STATIC_MAP_HEIGHT / 2, 6);
  });

  it('spans about 2.5 km across the picture, the same scale both ways near the equator', () => {
    // 0.01° of latitude is 1.112 km: 1112 m at 2500 m per 640 px.
    const north = projectPoint(KIGALI_HEIGHTS, { ...KIGALI_HEIGHTS, latitude: -1.9428 });
    expect(STATIC_MAP_HEIGHT / 2 - north.y).toBeCloseTo((1111.95 * 640) / 2500, 0);
    const east = projectPoint(KIGALI_HEIGHTS, { ...KIGALI_HEIGHTS, longitude: 30.1026 });
    const cosine = Math.cos((KIGALI_HEIGHTS.latitude * Math.PI) / 180);
    expect(east.x - STATIC_MAP_WIDTH / 2).toBeCloseTo((1111.95 * cosine * 640) / 2500, 0);
    expect(metresToPixels(2500)).toBe(STATIC_MAP_WIDTH);
  });
});

describe('clipRing', () => {
  const box = { left: 0, top: 0, right: 100, bottom: 100 };

  it('keeps a ring inside the box as it is', () => {
    const ring = [
      { x: 10, y: 10 },
      { x: 90, y: 10 },
      { x: 50, y: 90 },
    ];
    expect(clipRing(ring, box)).toEqual(ring);
  });

  it('cuts a ring across an edge at the edge', () => {
    const clipped = clipRing(
      [
        { x: 50, y: 50 },
        { x: 150, y: 50 },
        { x: 150, y: 80 },
        { x: 50, y: 80 },
      ],
      box,
    );
    expect(clipped.every((point) => point.x <= 100)).toBe(true);
    expect(clipped).toContainEqual({ x: 100, y: 50 });
    expect(clipped).toContainEqual({ x: 100, y: 80 });
  });

  it('answers nothing for a ring outside the box, and the box for a ring around it', () => {
    const outside = [
      { x: 200, y: 200 },
      { x: 300, y: 200 },
      { x: 300, y: 300 },
    ];
    expect(clipRing(outside, box)).toEqual([]);
    const around = [
      { x: -50, y: -50 },
      { x: 150, y: -50 },
      { x: 150, y: 150 },
      { x: -50, y: 150 },
    ];
    const clipped = clipRing(around, box);
    for (const corner of [
      { x: 0, y: 0 },
      { x: 100, y: 0 },
      { x: 100, y: 100 },
      { x: 0, y: 100 },
    ]) {
      expect(clipped).toContainEqual(corner);
    }
  });
});

describe('isInOutline', () => {
  it('finds Kigali Heights in Gasabo and nowhere else', () => {
    const holders = DISTRICT_OUTLINES.filter((outline) =>
      isInOutline(KIGALI_HEIGHTS, outline.rings),
    ).map((outline) => outline.name);
    expect(holders).toEqual(['Gasabo']);
  });
});

describe('districtShapes', () => {
  it("keeps the districts crossing the window, clipped to it, and marks the centre's", () => {
    const shapes = districtShapes(KIGALI_HEIGHTS, DISTRICT_OUTLINES);
    const names = shapes.map((shape) => shape.name);
    expect(names).toContain('Gasabo');
    expect(names).not.toContain('Musanze');
    expect(names).not.toContain('Rusizi');
    expect(shapes.find((shape) => shape.hasCentre)?.name).toBe('Gasabo');
    for (const shape of shapes) {
      for (const point of shape.rings.flat()) {
        expect(point.x).toBeGreaterThanOrEqual(-8 - 1e-9);
        expect(point.x).toBeLessThanOrEqual(STATIC_MAP_WIDTH + 8 + 1e-9);
        expect(point.y).toBeGreaterThanOrEqual(-8 - 1e-9);
        expect(point.y).toBeLessThanOrEqual(STATIC_MAP_HEIGHT + 8 + 1e-9);
      }
    }
  });
});

describe('placeLabels', () => {
  it("names a district with room, and leaves out a name that would cover another's", () => {
    const shapes = districtShapes(KIGALI_HEIGHTS, [squareAround('Testland', KIGALI_HEIGHTS, 1)]);
    const labels = placeLabels(KIGALI_HEIGHTS, 'exact', shapes, [
      { name: 'Hill', point: { latitude: -1.95, longitude: 30.085 }, kind: 'sector' },
      { name: 'Hill again', point: { latitude: -1.95, longitude: 30.085 }, kind: 'sector' },
    ]);
    expect(labels.map((label) => label.text)).toEqual(['TESTLAND', 'Hill']);
  });

  it('keeps names off the pin', () => {
    const labels = placeLabels(
      KIGALI_HEIGHTS,
      'exact',
      [],
      [{ name: 'Right here', point: { ...KIGALI_HEIGHTS, latitude: -1.9526 }, kind: 'sector' }],
    );
    expect(labels).toEqual([]);
  });
});

describe('renderStaticMap', () => {
  const render = (precision: 'exact' | 'approximate' | 'sector') =>
    renderStaticMap({
      centre: KIGALI_HEIGHTS,
      precision,
      outlines: DISTRICT_OUTLINES,
      places: [
        { name: 'Kigali Heights', point: KIGALI_HEIGHTS, kind: 'landmark' },
        { name: 'Far away', point: { latitude: -2.5, longitude: 29.6 }, kind: 'landmark' },
      ],
      texts: TEXTS,
    });

  it('draws an SVG picture of fixed size with its title', () => {
    const svg = render('exact');
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(svg).toContain('viewBox="0 0 640 360"');
    expect(svg).toContain('<title id="static-map-title">Map of the place</title>');
    expect(svg).toContain('© WASAC Ltd (CC BY 4.0)');
    expect(svg).toContain('>500 m</text>');
  });

  it('draws a pin for an exact point, and no circle', () => {
    const svg = render('exact');
    expect(svg).toContain('data-mark="pin"');
    expect(svg).not.toContain('data-mark="circle"');
    expect(svg).not.toContain('approximate area');
  });

  it('draws a circle of 300 m for an approximate point, and no pin', () => {
    const svg = render('approximate');
    const radius = Math.round(metresToPixels(APPROXIMATE_RADIUS_M) * 10) / 10;
    expect(svg).toContain(`<circle data-mark="circle" cx="320" cy="180" r="${radius}"`);
    expect(svg).not.toContain('data-mark="pin"');
  });

  it('draws a dashed area named "approximate area" around a sector\'s centre', () => {
    const svg = render('sector');
    expect(svg).toMatch(/data-mark="area"[^>]*stroke-dasharray/);
    expect(svg).toContain('>approximate area</text>');
  });

  it('draws the outlines crossing the window only, clipped to it, with their names', () => {
    const svg = render('exact');
    expect(svg).toContain('data-district="Gasabo"');
    expect(svg).not.toContain('data-district="Musanze"');
    for (const [, d] of svg.matchAll(/<path id="district-\d+" d="([^"]+)"/g)) {
      for (const point of pathPoints(d!)) {
        expect(point.x).toBeGreaterThanOrEqual(-8);
        expect(point.x).toBeLessThanOrEqual(648);
        expect(point.y).toBeGreaterThanOrEqual(-8);
        expect(point.y).toBeLessThanOrEqual(368);
      }
    }
    expect(svg).toContain('>GASABO</text>');
    // A neighbourhood, not a country: a few kilobytes.
    expect(svg.length).toBeLessThan(12_000);
  });

  it('names the landmarks in the window only', () => {
    const svg = render('exact');
    expect(svg).toContain('>Kigali Heights</text>');
    expect(svg).not.toContain('Far away');
  });

  it('escapes the texts it is given', () => {
    const svg = renderStaticMap({
      centre: KIGALI_HEIGHTS,
      precision: 'sector',
      outlines: [],
      texts: { title: 'A <b> & "c"', approximateArea: "zone d'à côté", scale: '500 m' },
    });
    expect(svg).toContain('A &lt;b&gt; &amp; &quot;c&quot;');
    expect(svg).toContain('zone d&apos;à côté');
  });
});
