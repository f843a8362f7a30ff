import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { properties } from '#db/schema.ts';
import { MAP_POINTS_MAX } from '#lib/limits.ts';
import { placeCentre } from '#lib/place-centres.ts';
import { createAsset, createProperty, createUser, propertyValues } from '#seed/factories.ts';
import { createTestApp, type TestApp } from '#server/testing.ts';
import type { MapPointsAnswer } from './map.schema.ts';

let test: TestApp;
let ownerId: string;
/** Kimironko's market, and a pin 20 km away in Bugesera: a point far from the others. */
const KIMIRONKO = { latitude: -1.9497, longitude: 30.1263 };
const NYAMATA = { latitude: -2.1488, longitude: 30.0934 };

beforeAll(async () => {
  test = await createTestApp();
  const { db } = test.database;
  ownerId = (await createUser(db)).id;
  await createProperty(db, ownerId, {
    title: 'Pinned house in Kimironko',
    district: 'Gasabo',
    sector: 'Kimironko',
    ...KIMIRONKO,
    locationPrecision: 'exact',
    price: 650_000,
    photos: [{ key: 'cover-photo', width: 1200, height: 800, placeholder: '' }],
  });
  await createProperty(db, ownerId, {
    title: 'Private plot house in Nyamata',
    district: 'Bugesera',
    sector: 'Nyamata',
    ...NYAMATA,
    locationPrecision: 'approximate',
    offer: 'Sale',
    price: 40_000_000,
  });
  await createProperty(db, ownerId, {
    type: 'Apartment',
    title: 'Flat at the Gikondo centre',
    district: 'Kicukiro',
    sector: 'Gikondo',
    price: 400_000,
  });
  await createProperty(db, ownerId, { title: 'House with no place', location: 'Somewhere' });
  await createProperty(db, ownerId, {
    title: 'House awaiting review',
    district: 'Gasabo',
    sector: 'Kimironko',
    moderation: 'Pending',
  });
  await createAsset(db, ownerId, {
    type: 'Car',
    name: 'Hilux in Remera',
    district: 'Gasabo',
    sector: 'Remera',
    offer: 'Rent',
    price: 80_000,
  });
});

afterAll(async () => {
  await test.close();
});

async function points(query = ''): Promise<MapPointsAnswer> {
  const response = await test.app.inject(`/api/map/points${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<MapPointsAnswer>();
}

const titles = (answer: MapPointsAnswer) => answer.points.map((point) => point.title).sort();

describe('GET /api/map/points', () => {
  it("answers every published listing's public point with what its marker and card show", async () => {
    const answer = await points();

    expect(titles(answer)).toEqual([
      'Flat at the Gikondo centre',
      'Hilux in Remera',
      'Pinned house in Kimironko',
      'Private plot house in Nyamata',
    ]);
    expect(answer).toMatchObject({ isCapped: false, limit: MAP_POINTS_MAX });
    const pinned = answer.points.find((point) => point.title === 'Pinned house in Kimironko');
    expect(pinned).toEqual({
      id: expect.any(String),
      kind: 'property',
      ...KIMIRONKO,
      locationPrecision: 'exact',
      price: 650_000,
      pricePeriod: 'month',
      offer: 'Rent',
      type: 'House',
      title: 'Pinned house in Kimironko',
      photo: '/media/cover-photo-320.webp',
    });
    const car = answer.points.find((point) => point.kind === 'asset');
    expect(car).toMatchObject({ type: 'Car', pricePeriod: 'day', photo: null });
    const flat = answer.points.find((point) => point.type === 'Apartment');
    expect(flat).toMatchObject({
      ...placeCentre('Kicukiro', 'Gikondo'),
      locationPrecision: 'sector',
    });
  });

  it("never answers a private listing's own pin, only its public point", async () => {
    const [hidden] = (await points('?district=Bugesera')).points;
    const [row] = await test.database.db
      .select({ latitude: properties.publicLatitude, longitude: properties.publicLongitude })
      .from(properties)
      .where(eq(properties.title, 'Private plot house in Nyamata'));

    expect(hidden).toMatchObject({ locationPrecision: 'approximate', ...row });
    expect([hidden!.latitude, hidden!.longitude]).not.toEqual([
      NYAMATA.latitude,
      NYAMATA.longitude,
    ]);
  });

  it('keeps what the list filters keep: offer, price, district, kind and type', async () => {
    expect(titles(await points('?offer=Sale'))).toEqual(['Private plot house in Nyamata']);
    expect(titles(await points('?district=gasabo'))).toEqual([
      'Hilux in Remera',
      'Pinned house in Kimironko',
    ]);
    expect(titles(await points('?kind=asset'))).toEqual(['Hilux in Remera']);
    expect(titles(await points('?type=apartment'))).toEqual(['Flat at the Gikondo centre']);
    expect(titles(await points('?kind=property&maxPrice=500000'))).toEqual([
      'Flat at the Gikondo centre',
    ]);
    // Rooms are a property's: a rooms filter leaves the assets out.
    expect(titles(await points('?bedrooms=1'))).not.toContain('Hilux in Remera');
  });

  it('keeps the listings near a point or a landmark, the nearest first', async () => {
    const near = await points(
      `?near=${KIMIRONKO.latitude},${KIMIRONKO.longitude}&radiusKm=0.5&sort=distance`,
    );
    expect(titles(near)).toEqual(['Pinned house in Kimironko']);

    const around = await points(
      `?near=${KIMIRONKO.latitude},${KIMIRONKO.longitude}&radiusKm=50&sort=distance`,
    );
    expect(around.points[0]?.title).toBe('Pinned house in Kimironko');
    expect(around.points.at(-1)?.title).toBe('Private plot house in Nyamata');
  });

  it('finds the words of a search as /search does', async () => {
    expect(titles(await points('?q=kimiron'))).toEqual(['Pinned house in Kimironko']);
    expect(titles(await points('?q=remera&kind=asset'))).toEqual(['Hilux in Remera']);
    expect((await points('?q=zzzzqqq')).points).toEqual([]);
  });

  it.each([
    ['kind=car', 'kind'],
    ['type=boat', 'type'],
    ['near=London', 'near'],
    ['near=-1.95,30.1&radiusKm=100', 'radiusKm'],
    ['maxPrice=lots', 'maxPrice'],
    ['sort=cheapest', 'sort'],
  ])('answers 400 naming the field for ?%s', async (query, field) => {
    const response = await test.app.inject(`/api/map/points?${query}`);

    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toMatch(new RegExp(`^${field}: `));
  });

  it(`answers at most ${MAP_POINTS_MAX} of a kind, and says more matched`, async () => {
    await test.database.db.insert(properties).values(
      Array.from({ length: MAP_POINTS_MAX + 1 }, (_, index) =>
        propertyValues(ownerId, {
          type: 'Hotel',
          title: `Hotel ${index}`,
          district: 'Nyarugenge',
          sector: 'Nyarugenge',
        }),
      ),
    );

    const hotels = await points('?type=Hotel');
    expect(hotels.points).toHaveLength(MAP_POINTS_MAX);
    expect(hotels.isCapped).toBe(true);
    expect((await points('?kind=asset')).isCapped).toBe(false);
  });
});

describe('GET /api/places/outlines', () => {
  it("answers Rwanda's 30 district outlines as GeoJSON, credited, cacheable for a week", async () => {
    const response = await test.app.inject('/api/places/outlines');

    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toMatch(/public, max-age=604800/);
    const outlines = response.json<{
      type: string;
      attribution: string;
      features: { properties: { name: string }; geometry: { coordinates: number[][][] } }[];
    }>();
    expect(outlines.type).toBe('FeatureCollection');
    expect(outlines.attribution).toBe('© WASAC Ltd (CC BY 4.0)');
    expect(outlines.features).toHaveLength(30);
    const kicukiro = outlines.features.find((feature) => feature.properties.name === 'Kicukiro');
    const ring = kicukiro!.geometry.coordinates[0]!;
    // [longitude, latitude], closed.
    expect(ring[0]![0]).toBeGreaterThan(30);
    expect(ring[0]![1]).toBeLessThan(-1.8);
    expect(ring.at(-1)).toEqual(ring[0]);
  });
});
