/**
 * "Near" on the lists, the search and the API: only the listings whose public point is within
 * the radius, the nearest first on request, around a point or a landmark; on both databases.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { distanceKm } from '#lib/geo.ts';
import { findLandmark } from '#lib/landmarks.ts';
import { createAsset, createProperty, createUser } from '#seed/factories.ts';
import { createTestApp, type TestApp } from '#server/testing.ts';

let test: TestApp;

/** Kigali Convention Centre, the centre of the tests' circles. */
const CENTRE = findLandmark('convention-centre')!.point;

/** Houses at known distances east of the centre (0.009° of longitude is ~1 km there). */
const HOUSES = [
  { title: 'Near 0.4 km', km: 0.4 },
  { title: 'Near 1.5 km', km: 1.5 },
  { title: 'Near 4 km', km: 4 },
  { title: 'Near 12 km', km: 12 },
];

const east = (km: number) => ({
  latitude: CENTRE.latitude,
  longitude: CENTRE.longitude + km / (111.195 * Math.cos((CENTRE.latitude * Math.PI) / 180)),
});

beforeAll(async () => {
  test = await createTestApp();
  const owner = await createUser(test.database.db);
  // Written oldest first in the array's reverse, so that the newest first is not the nearest.
  for (const [index, house] of HOUSES.entries()) {
    await createProperty(test.database.db, owner.id, {
      title: house.title,
      type: 'House',
      district: 'Gasabo',
      sector: 'Kimihurura',
      ...east(house.km),
      locationPrecision: 'exact',
      createdAt: new Date(Date.UTC(2026, 0, 1 + index)),
    });
  }
  // No pin: it stands at Kimihurura's centre, about 0.6 km from the Convention Centre.
  await createProperty(test.database.db, owner.id, {
    title: 'Near sector centre',
    type: 'House',
    district: 'Gasabo',
    sector: 'Kimihurura',
    createdAt: new Date(Date.UTC(2025, 0, 1)),
  });
  await createAsset(test.database.db, owner.id, {
    name: 'Car near 0.4 km',
    district: 'Gasabo',
    sector: 'Kimihurura',
    ...east(0.4),
    locationPrecision: 'exact',
  });
});

afterAll(async () => {
  await test.close();
});

const near = `${CENTRE.latitude},${CENTRE.longitude}`;

async function houses(query: string): Promise<string[]> {
  const response = await test.app.inject(`/api/get-properties/type/House?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ properties: { title: string }[] }>().properties.map((p) => p.title);
}

describe('near on a type list', () => {
  it('keeps the listings within the radius, 5 km when none is given', async () => {
    expect((await houses(`near=${near}&radiusKm=0.5`)).sort()).toEqual(['Near 0.4 km']);
    expect((await houses(`near=${near}&radiusKm=1`)).sort()).toEqual([
      'Near 0.4 km',
      'Near sector centre',
    ]);
    expect((await houses(`near=${near}&radiusKm=2`)).sort()).toEqual([
      'Near 0.4 km',
      'Near 1.5 km',
      'Near sector centre',
    ]);
    expect((await houses(`near=${near}`)).sort()).toEqual([
      'Near 0.4 km',
      'Near 1.5 km',
      'Near 4 km',
      'Near sector centre',
    ]);
  });

  it('orders the nearest first with sort=distance, the newest first otherwise', async () => {
    expect(await houses(`near=${near}&radiusKm=20&sort=distance`)).toEqual([
      'Near 0.4 km',
      'Near sector centre',
      'Near 1.5 km',
      'Near 4 km',
      'Near 12 km',
    ]);
    expect(await houses(`near=${near}&radiusKm=20`)).toEqual([
      'Near 12 km',
      'Near 4 km',
      'Near 1.5 km',
      'Near 0.4 km',
      'Near sector centre',
    ]);
  });

  it("gives each listing's distance from the place, and none without near", async () => {
    const answer = async (query: string) => {
      const response = await test.app.inject(`/api/get-properties/type/House?${query}`);
      return response.json<{ properties: { title: string; distanceKm?: number }[] }>().properties;
    };
    const measured = await answer(`near=${near}&radiusKm=20&sort=distance`);
    const byTitle = new Map(measured.map((house) => [house.title, house.distanceKm]));
    for (const house of HOUSES) expect(byTitle.get(house.title)).toBeCloseTo(house.km, 2);
    expect(byTitle.get('Near sector centre')).toBeGreaterThan(0.4);
    expect((await answer('radiusKm=20')).every((house) => house.distanceKm === undefined)).toBe(
      true,
    );
  });

  it('takes a landmark by its id', async () => {
    expect(await houses('near=convention-centre&radiusKm=0.5&sort=distance')).toEqual([
      'Near 0.4 km',
    ]);
  });

  it('without near, sort=distance is the newest first', async () => {
    expect((await houses('sort=distance'))[0]).toBe('Near 12 km');
  });

  it('refuses a place outside Rwanda, junk or a radius out of bounds, naming the field', async () => {
    for (const [query, field] of [
      ['near=48.85,2.35', 'near'],
      ['near=somewhere', 'near'],
      ['near=-1.95', 'near'],
      [`near=${near}&radiusKm=0.1`, 'radiusKm'],
      [`near=${near}&radiusKm=51`, 'radiusKm'],
      [`near=${near}&radiusKm=far`, 'radiusKm'],
      [`near=${near}&sort=closest`, 'sort'],
    ] as const) {
      const response = await test.app.inject(`/api/get-properties/type/House?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json<{ message: string }>().message).toMatch(new RegExp(`^${field}: `));
    }
  });
});

describe('near in the search', () => {
  type Answer = { properties: { title: string }[]; assets: { name: string }[] };
  const search = async (query: string) => {
    const response = await test.app.inject(`/api/search?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Answer>();
  };

  it('narrows both kinds, with or without words, the nearest first on request', async () => {
    const around = await search(`near=${near}&radiusKm=0.5`);
    expect(around.properties.map((p) => p.title)).toEqual(['Near 0.4 km']);
    expect(around.assets.map((a) => a.name)).toEqual(['Car near 0.4 km']);

    const words = await search(`q=near&near=${near}&radiusKm=20&sort=distance`);
    expect(words.properties.map((p) => p.title)).toEqual([
      'Near 0.4 km',
      'Near sector centre',
      'Near 1.5 km',
      'Near 4 km',
      'Near 12 km',
    ]);
  });
});

describe('near and a private pin', () => {
  it('measures from the public point only: circles around the pin never reveal it', async () => {
    const owner = await createUser(test.database.db);
    // Far from the other listings, so the smallest circle holds this one alone.
    const pin = { latitude: -1.99, longitude: 30.02 };
    await createProperty(test.database.db, owner.id, {
      title: 'Private pin',
      type: 'House',
      district: 'Nyarugenge',
      ...pin,
      locationPrecision: 'approximate',
    });

    const response = await test.app.inject(
      `/api/get-properties/type/House?near=${pin.latitude},${pin.longitude}&radiusKm=0.5&sort=distance`,
    );
    const [house] = response
      .json<{ properties: Record<string, unknown>[] }>()
      .properties.filter((listing) => listing.title === 'Private pin');

    expect(house).toBeDefined();
    // The public point is 60 to 300 m from the pin, and that is all a distance can tell.
    expect(house!.distanceKm).toBeGreaterThanOrEqual(0.06);
    expect(house!.distanceKm).toBeLessThanOrEqual(0.3);
    expect([house!.latitude, house!.longitude]).not.toEqual([pin.latitude, pin.longitude]);
    expect(house).not.toHaveProperty('exactLatitude');
  });
});

describe('the edge of a circle', () => {
  it('holds what lies within the radius by the haversine, to a few metres, in every direction', async () => {
    const owner = await createUser(test.database.db);
    // Musanze, far from the other tests' listings.
    const centre = { latitude: -1.4997, longitude: 29.6346 };
    const perDegree = 111.195;
    const cosine = Math.cos((centre.latitude * Math.PI) / 180);
    const at = (km: number, bearing: 'north' | 'east' | 'south-west') => {
      const [north, east] =
        bearing === 'north'
          ? [km, 0]
          : bearing === 'east'
            ? [0, km]
            : [-km / Math.SQRT2, -km / Math.SQRT2];
      return {
        latitude: centre.latitude + north / perDegree,
        longitude: centre.longitude + east / (perDegree * cosine),
      };
    };
    const edge = [
      { title: 'Edge in north', ...at(4.985, 'north') },
      { title: 'Edge out north', ...at(5.015, 'north') },
      { title: 'Edge in east', ...at(4.985, 'east') },
      { title: 'Edge out east', ...at(5.015, 'east') },
      { title: 'Edge in south-west', ...at(4.985, 'south-west') },
      { title: 'Edge out south-west', ...at(5.015, 'south-west') },
    ];
    for (const house of edge) {
      expect(Math.abs(distanceKm(centre, house) - 5)).toBeGreaterThan(0.01);
      await createProperty(test.database.db, owner.id, {
        title: house.title,
        type: 'House',
        district: 'Musanze',
        latitude: house.latitude,
        longitude: house.longitude,
        locationPrecision: 'exact',
      });
    }

    const found = await houses(
      `near=${centre.latitude},${centre.longitude}&radiusKm=5&sort=distance`,
    );

    const expected = edge
      .filter((house) => distanceKm(centre, house) <= 5)
      .map((house) => house.title);
    expect(found.filter((title) => title.startsWith('Edge')).sort()).toEqual(expected.sort());
    expect(expected).toHaveLength(3);
  });
});
