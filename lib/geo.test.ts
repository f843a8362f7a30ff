import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { withPropertySeed } from '#test/property-seed.ts';
import {
  APPROXIMATE_RADIUS_M,
  approximatePoint,
  boundingBox,
  distanceKm,
  googleMapsUrl,
  isInRwanda,
  type MapLinkResult,
  openStreetMapUrl,
  parseMapLink,
  parsePointText,
  type Point,
  RWANDA_BOUNDS,
} from './geo.ts';

const KIGALI: Point = { latitude: -1.9441, longitude: 30.0619 };

const pointInRwanda = fc.record({
  latitude: fc.double({ min: RWANDA_BOUNDS.south, max: RWANDA_BOUNDS.north, noNaN: true }),
  longitude: fc.double({ min: RWANDA_BOUNDS.west, max: RWANDA_BOUNDS.east, noNaN: true }),
});

/** Whether a number has at most `decimals` decimals (as rounding to them leaves it). */
function hasAtMostDecimals(value: number, decimals: number): boolean {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor === value;
}

function isValidResult(result: MapLinkResult): boolean {
  if ('point' in result) {
    const { latitude, longitude } = result.point;
    return (
      isInRwanda(result.point) && hasAtMostDecimals(latitude, 6) && hasAtMostDecimals(longitude, 6)
    );
  }
  return ['shortLink', 'noPoint', 'outsideRwanda'].includes(result.error);
}

describe('isInRwanda', () => {
  it('answers for places in and around Rwanda, edges included', () => {
    expect(isInRwanda(KIGALI)).toBe(true);
    expect(isInRwanda({ latitude: -2.6, longitude: 29.74 })).toBe(true); // Huye
    expect(isInRwanda({ latitude: 0.3476, longitude: 32.5825 })).toBe(false); // Kampala
    expect(isInRwanda({ latitude: -3.3822, longitude: 29.3644 })).toBe(false); // Bujumbura
    expect(isInRwanda({ latitude: RWANDA_BOUNDS.south, longitude: RWANDA_BOUNDS.east })).toBe(true);
    expect(isInRwanda({ latitude: Number.NaN, longitude: 30 })).toBe(false);
  });
});

describe('distanceKm', () => {
  it('measures on the mean earth sphere', () => {
    expect(distanceKm({ latitude: 0, longitude: 0 }, { latitude: 0, longitude: 1 })).toBeCloseTo(
      111.195,
      3,
    );
    expect(distanceKm(KIGALI, KIGALI)).toBe(0);
    // Kigali Convention Centre to the airport terminal: about 4.6 km as the crow flies.
    const conventionCentre = { latitude: -1.95456, longitude: 30.09385 };
    const airport = { latitude: -1.96331, longitude: 30.13502 };
    expect(distanceKm(conventionCentre, airport)).toBeCloseTo(4.68, 1);
  });

  it('is symmetric and keeps the triangle inequality', () => {
    fc.assert(
      fc.property(pointInRwanda, pointInRwanda, pointInRwanda, (a, b, c) => {
        expect(distanceKm(a, b)).toBeCloseTo(distanceKm(b, a), 9);
        expect(distanceKm(a, c)).toBeLessThanOrEqual(distanceKm(a, b) + distanceKm(b, c) + 1e-9);
      }),
      withPropertySeed(),
    );
  });
});

describe('parseMapLink', () => {
  it.each([
    ['a Google camera link', 'https://www.google.com/maps/@-1.9536,30.0927,17z', -1.9536, 30.0927],
    [
      'a Google place, whose !3d!4d wins over the camera',
      'https://www.google.com/maps/place/Kigali+Convention+Centre/@-1.9536,30.0927,17z/data=!3m1!4b1!4m6!3m5!1s0x19dca6f46d387275:0x7b8b917a7206d1e2!8m2!3d-1.9540!4d30.0930!16s%2Fg%2F11c1',
      -1.954,
      30.093,
    ],
    ['?q=', 'https://www.google.com/maps?q=-1.95,30.09', -1.95, 30.09],
    ['?query=', 'https://www.google.com/maps/search/?api=1&query=-1.95,30.09', -1.95, 30.09],
    ['?ll=', 'https://maps.google.com/?ll=-1.95,30.09&z=16', -1.95, 30.09],
    ['q=loc:', 'https://maps.google.com/maps?q=loc:-1.95,30.09', -1.95, 30.09],
    ['a search path with +', 'https://www.google.com/maps/search/-1.95,+30.09', -1.95, 30.09],
    [
      'directions (the destination)',
      'https://www.google.com/maps/dir/Kigali+Heights/-1.95,30.09/@-1.96,30.1,14z',
      -1.95,
      30.09,
    ],
    [
      'an encoded comma',
      'https://www.google.com/maps/search/?api=1&query=-1.95%2C30.09',
      -1.95,
      30.09,
    ],
    ['an encoded space', 'https://google.rw/maps?q=-1.95,%2030.09', -1.95, 30.09],
    ['a space typed after the comma', 'https://www.google.com/maps?q=-1.95, 30.09', -1.95, 30.09],
    ['http without www', 'http://google.com/maps?q=-1.95,30.09', -1.95, 30.09],
    ['no scheme', 'www.google.com/maps/@-1.9536,30.0927,15z', -1.9536, 30.0927],
    ['google.rw', 'https://www.google.rw/maps/@-1.9536,30.0927,17z', -1.9536, 30.0927],
    [
      'a place named by its coordinates in degrees-minutes-seconds',
      "https://www.google.com/maps/place/1%C2%B057'13.0%22S+30%C2%B005'33.7%22E",
      -1.953611,
      30.092694,
    ],
    ['a bare pair', '-1.9536, 30.0927', -1.9536, 30.0927],
    ['a bare pair without space', '-1.9536,30.0927', -1.9536, 30.0927],
    ['a bare pair in a sentence', 'GPS: -1.9536, 30.0927 near the school', -1.9536, 30.0927],
    ['degrees-minutes-seconds', `1°57'13.0"S 30°05'33.7"E`, -1.953611, 30.092694],
    ['degrees with hemispheres', '1.95472°S 30.09389°E', -1.95472, 30.09389],
    [
      'an OpenStreetMap map',
      'https://www.openstreetmap.org/#map=17/-1.95361/30.09271',
      -1.95361,
      30.09271,
    ],
    [
      'an OpenStreetMap marker, which wins over the map',
      'https://www.openstreetmap.org/?mlat=-1.95&mlon=30.09#map=15/-1.96/30.1',
      -1.95,
      30.09,
    ],
    [
      'an OpenStreetMap node',
      'https://www.openstreetmap.org/node/123#map=18/-1.95/30.09',
      -1.95,
      30.09,
    ],
    [
      'OpenStreetMap ?lat=&lon=',
      'https://www.openstreetmap.org/?lat=-1.95&lon=30.09&zoom=16',
      -1.95,
      30.09,
    ],
    ['osm.org', 'https://osm.org/#map=16/-1.95/30.09', -1.95, 30.09],
  ])('reads %s', (_shape, text, latitude, longitude) => {
    expect(parseMapLink(text)).toEqual({ point: { latitude, longitude } });
  });

  it('finds the link in a message, with punctuation around it', () => {
    expect(
      parseMapLink(
        '  Here is the plot (https://www.google.com/maps/@-1.9536,30.0927,17z). Call me!\n',
      ),
    ).toEqual({ point: { latitude: -1.9536, longitude: 30.0927 } });
  });

  it('rounds coordinates to 6 decimals', () => {
    expect(parseMapLink('https://www.google.com/maps/@-1.95361234,30.09271289,17z')).toEqual({
      point: { latitude: -1.953612, longitude: 30.092713 },
    });
  });

  it.each([
    'https://maps.app.goo.gl/3xKkLmNoPq',
    'https://goo.gl/maps/AbCdEf123',
    'https://g.co/kgs/XyZ12',
    'https://osm.org/go/ZHiyIQ--',
    'My place: maps.app.goo.gl/3xKkLmNoPq',
  ])('asks for the long address of the short link %s', (text) => {
    expect(parseMapLink(text)).toEqual({ error: 'shortLink' });
  });

  it.each([
    'https://www.google.com/maps/@48.8566,2.3522,12z',
    'https://www.openstreetmap.org/#map=12/0.3476/32.5825',
    '-3.3822, 29.3644',
  ])('refuses %s, outside Rwanda', (text) => {
    expect(parseMapLink(text)).toEqual({ error: 'outsideRwanda' });
  });

  it.each([
    '',
    '   ',
    'hello',
    'Kigali, near the big tree',
    'NaN, NaN',
    '30.0927, -1.9536',
    'https://www.google.com/maps?q=30.0927,-1.9536',
    '-1.95, 200.5',
    'https://www.google.com/maps/search/?api=1&query=Kigali+Heights',
    'https://www.google.com/maps/place/Kigali+Heights',
    'https://example.com/?q=-1.95,30.09',
    'www.example.com/-1.95,30.09',
    'House 2, 3 bedrooms',
    'https://www.google.com/maps/place/24+25+Street',
    'https://www.google.com/maps/place/%E0%A4%A',
    `https://www.google.com/maps/@-1.95,30.09,17z ${'x'.repeat(10_000)}`,
  ])('finds no point in %j', (text) => {
    expect(parseMapLink(text)).toEqual({ error: 'noPoint' });
  });

  it('reads back the links it makes, and pairs as Google copies them', () => {
    fc.assert(
      fc.property(pointInRwanda, (point) => {
        const expected = {
          point: {
            latitude: Math.round(point.latitude * 1e6) / 1e6 + 0,
            longitude: Math.round(point.longitude * 1e6) / 1e6 + 0,
          },
        };
        expect(parseMapLink(googleMapsUrl(point))).toEqual(expected);
        expect(parseMapLink(openStreetMapUrl(point))).toEqual(expected);
        const copied = `${expected.point.latitude.toFixed(6)}, ${expected.point.longitude.toFixed(6)}`;
        expect(parseMapLink(copied)).toEqual(expected);
      }),
      withPropertySeed(),
    );
  });

  it('never throws on any text, and answers a point in Rwanda or an error', () => {
    const text = fc.oneof(
      fc.string({ maxLength: 80 }),
      fc.string({ unit: 'binary', maxLength: 80 }),
      fc.string({ unit: 'grapheme', maxLength: 40 }),
    );
    fc.assert(
      fc.property(text, (value) => {
        expect(isValidResult(parseMapLink(value))).toBe(true);
      }),
      withPropertySeed({ numRuns: 2000 }),
    );
  });

  it('never throws on any URL, nor on map-like links built from odd pieces', () => {
    const piece = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 8 }),
      fc.constantFrom(
        '!3d',
        '!4d',
        '!8m2',
        '@',
        '%',
        '%2C',
        '%E0%A4%A',
        '%ZZ',
        'loc:',
        '-1.95',
        '30.09',
        '-1',
        '30',
        '999',
        '.',
        ',',
        '/',
        '?',
        '#',
        '&',
        '=',
        '+',
        ' ',
        '°',
        "'",
        '"',
        'S',
        'E',
        'W',
        'map=',
        'mlat=',
        'mlon=',
        'q=',
        'query=',
        'data=',
        'place/',
        'dir/',
        'search/',
        '17z',
      ),
    );
    const host = fc.constantFrom(
      'https://www.google.com/maps',
      'http://google.rw/maps',
      'maps.google.com/',
      'https://www.openstreetmap.org/',
      'osm.org/',
      'https://maps.app.goo.gl/',
      'goo.gl/maps/',
      'g.co/kgs/',
      'https://',
      '',
    );
    const mapLike = fc
      .tuple(host, fc.array(piece, { maxLength: 24 }))
      .map(([start, pieces]) => start + pieces.join(''));
    const anyUrl = fc.webUrl({ withQueryParameters: true, withFragments: true });
    fc.assert(
      fc.property(fc.oneof(mapLike, anyUrl), (value) => {
        expect(isValidResult(parseMapLink(value))).toBe(true);
      }),
      withPropertySeed({ numRuns: 3000 }),
    );
  });
});

describe('parsePointText', () => {
  it.each([
    ['-1.95,30.09', -1.95, 30.09],
    ['-1.95, 30.09', -1.95, 30.09],
    [' -1.95 , 30.09 ', -1.95, 30.09],
    ['90,-180', 90, -180],
  ])('reads %j', (text, latitude, longitude) => {
    expect(parsePointText(text)).toEqual({ latitude, longitude });
  });

  it.each([
    '',
    'abc',
    'NaN,NaN',
    '-1.95',
    '-1.95,',
    '91,0',
    '0,181',
    '-1.95;30.09',
    '1e2,3',
    '--1,2',
  ])('answers undefined for %j', (text) => {
    expect(parsePointText(text)).toBeUndefined();
  });

  it('reads back any point written with 6 decimals', () => {
    const point = fc.record({
      latitude: fc.double({ min: -90, max: 90, noNaN: true }),
      longitude: fc.double({ min: -180, max: 180, noNaN: true }),
    });
    fc.assert(
      fc.property(point, ({ latitude, longitude }) => {
        const parsed = parsePointText(`${latitude.toFixed(6)},${longitude.toFixed(6)}`);
        expect(parsed?.latitude).toBeCloseTo(latitude, 6);
        expect(parsed?.longitude).toBeCloseTo(longitude, 6);
      }),
      withPropertySeed(),
    );
  });
});

describe('approximatePoint', () => {
  /** A random source that plays the given draws again and again. */
  const playing = (draws: readonly number[]) => {
    let next = 0;
    return () => draws[next++ % draws.length]!;
  };
  const draws = fc.array(fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), {
    minLength: 1,
    maxLength: 4,
  });
  const grown = 0.01; // degrees: 300 m is about 0.0027°

  it('lands between 50 and 300 m from the exact point, in Rwanda, with 5 decimals', () => {
    fc.assert(
      fc.property(pointInRwanda, draws, (exact, values) => {
        const shown = approximatePoint(exact, playing(values));
        const metres = distanceKm(exact, shown) * 1000;
        expect(metres).toBeLessThanOrEqual(APPROXIMATE_RADIUS_M);
        expect(metres).toBeGreaterThanOrEqual(50);
        expect(shown.latitude).toBeGreaterThanOrEqual(RWANDA_BOUNDS.south - grown);
        expect(shown.latitude).toBeLessThanOrEqual(RWANDA_BOUNDS.north + grown);
        expect(shown.longitude).toBeGreaterThanOrEqual(RWANDA_BOUNDS.west - grown);
        expect(shown.longitude).toBeLessThanOrEqual(RWANDA_BOUNDS.east + grown);
        expect(hasAtMostDecimals(shown.latitude, 5)).toBe(true);
        expect(hasAtMostDecimals(shown.longitude, 5)).toBe(true);
      }),
      withPropertySeed({ numRuns: 3000 }),
    );
  });

  it('never answers the exact point, even on the grid with a zero offset', () => {
    const onGrid = { latitude: -1.95, longitude: 30.094 };
    const shown = approximatePoint(onGrid, () => 0);
    expect(distanceKm(onGrid, shown) * 1000).toBeGreaterThanOrEqual(50);
  });

  it('stays within bounds whatever a broken random source answers', () => {
    for (const value of [Number.NaN, 1, -3, 7, Number.POSITIVE_INFINITY]) {
      const shown = approximatePoint(KIGALI, () => value);
      const metres = distanceKm(KIGALI, shown) * 1000;
      expect(metres).toBeLessThanOrEqual(APPROXIMATE_RADIUS_M);
      expect(metres).toBeGreaterThanOrEqual(50);
    }
  });

  it('depends only on its inputs: the same draws give the same point', () => {
    expect(approximatePoint(KIGALI, playing([0.3, 0.7]))).toEqual(
      approximatePoint(KIGALI, playing([0.3, 0.7])),
    );
  });

  it('spreads its answers over the circle rather than one spot', () => {
    const shown = [0.05, 0.35, 0.65, 0.95].map((angle) =>
      approximatePoint(KIGALI, playing([0.9, angle])),
    );
    expect(new Set(shown.map((point) => `${point.latitude},${point.longitude}`)).size).toBe(4);
  });
});

describe('boundingBox', () => {
  /** The point `km` away from `from` on `bearing` (degrees from north), on the same sphere. */
  function destination(from: Point, km: number, bearing: number): Point {
    const radians = Math.PI / 180;
    const delta = km / 6371.0088;
    const theta = bearing * radians;
    const phi1 = from.latitude * radians;
    const phi2 = Math.asin(
      Math.sin(phi1) * Math.cos(delta) + Math.cos(phi1) * Math.sin(delta) * Math.cos(theta),
    );
    const lambda2 =
      from.longitude * radians +
      Math.atan2(
        Math.sin(theta) * Math.sin(delta) * Math.cos(phi1),
        Math.cos(delta) - Math.sin(phi1) * Math.sin(phi2),
      );
    return { latitude: phi2 / radians, longitude: lambda2 / radians };
  }

  const contains = (box: ReturnType<typeof boundingBox>, point: Point) =>
    point.latitude >= box.south &&
    point.latitude <= box.north &&
    point.longitude >= box.west &&
    point.longitude <= box.east;

  it('contains every point of the circle', () => {
    fc.assert(
      fc.property(
        pointInRwanda,
        fc.double({ min: 0.5, max: 50, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 360, noNaN: true }),
        (centre, radiusKm, fraction, bearing) => {
          const point = destination(centre, radiusKm * fraction, bearing);
          expect(distanceKm(centre, point)).toBeLessThanOrEqual(radiusKm + 1e-9);
          expect(contains(boundingBox(centre, radiusKm), point)).toBe(true);
        },
      ),
      withPropertySeed({ numRuns: 3000 }),
    );
  });

  it('contains the four extreme points and stays close to the circle', () => {
    const box = boundingBox(KIGALI, 10);
    for (const bearing of [0, 90, 180, 270]) {
      expect(contains(box, destination(KIGALI, 10, bearing))).toBe(true);
    }
    // No more than a few percent wider than needed: it is a prefilter for an index.
    expect(box.north - box.south).toBeLessThan((2 * 10 * 1.02) / 111.195);
    expect(box.east - box.west).toBeLessThan((2 * 10 * 1.02) / 111.195 / Math.cos(0.034));
  });
});

describe('map links', () => {
  it('opens Google Maps on the point, ready for directions', () => {
    expect(googleMapsUrl({ latitude: -1.9536, longitude: 30.0927 })).toBe(
      'https://www.google.com/maps/search/?api=1&query=-1.9536,30.0927',
    );
  });

  it('opens OpenStreetMap with a marker at street zoom', () => {
    expect(openStreetMapUrl({ latitude: -1.9536, longitude: 30.0927 })).toBe(
      'https://www.openstreetmap.org/?mlat=-1.9536&mlon=30.0927#map=17/-1.9536/30.0927',
    );
  });

  it('writes plain decimals, never an exponent or -0', () => {
    expect(googleMapsUrl({ latitude: -1e-7, longitude: 1e-7 })).toBe(
      'https://www.google.com/maps/search/?api=1&query=0,0',
    );
    expect(openStreetMapUrl({ latitude: 0.000001, longitude: 30 })).toBe(
      'https://www.openstreetmap.org/?mlat=0.000001&mlon=30#map=17/0.000001/30',
    );
  });
});
