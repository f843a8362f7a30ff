import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAsset, createProperty, createUser } from '#seed/factories.ts';
import { createTestApp, type TestApp } from '#server/testing.ts';

let test: TestApp;

type Titled = { title: string };
type Named = { name: string };

/** The houses every test below reads: rents and sales, across districts, sizes and prices. */
const HOUSES = [
  {
    title: 'K3 rent 450k',
    district: 'Kicukiro',
    sector: 'Gikondo',
    offer: 'Rent',
    price: 450_000,
    bedrooms: 3,
    bathrooms: 2,
  },
  {
    title: 'K4 rent 480k',
    district: 'Kicukiro',
    sector: 'Kanombe',
    offer: 'Rent',
    price: 480_000,
    bedrooms: 4,
    bathrooms: 3,
  },
  {
    title: 'K3 rent 650k',
    district: 'Kicukiro',
    sector: 'Gikondo',
    offer: 'Rent',
    price: 650_000,
    bedrooms: 3,
    bathrooms: 1,
  },
  {
    title: 'K2 rent 300k',
    district: 'Kicukiro',
    sector: 'Niboye',
    offer: 'Rent',
    price: 300_000,
    bedrooms: 2,
    bathrooms: 1,
  },
  {
    title: 'K3 rent 400k weekly',
    district: 'Kicukiro',
    sector: 'Gikondo',
    offer: 'Rent',
    price: 400_000,
    bedrooms: 3,
    bathrooms: 2,
    pricePeriod: 'week',
  },
  {
    title: 'K3 sale 90m',
    district: 'Kicukiro',
    sector: 'Gikondo',
    offer: 'Sale',
    price: 90_000_000,
    bedrooms: 3,
    bathrooms: 2,
  },
  {
    title: 'G3 rent 420k',
    district: 'Gasabo',
    sector: 'Kimironko',
    offer: 'Rent',
    price: 420_000,
    bedrooms: 3,
    bathrooms: 2,
  },
  {
    title: 'M5 sale 60m',
    district: 'Musanze',
    sector: 'Muhoza',
    offer: 'Sale',
    price: 60_000_000,
    bedrooms: 5,
    bathrooms: 3,
  },
] as const;

beforeAll(async () => {
  test = await createTestApp();
  const owner = await createUser(test.database.db);
  for (const [index, house] of HOUSES.entries()) {
    await createProperty(test.database.db, owner.id, {
      ...house,
      type: 'House',
      location: 'A quiet street',
      createdAt: new Date(Date.UTC(2026, 0, 1 + index)),
    });
  }
  await createProperty(test.database.db, owner.id, {
    type: 'Apartment',
    title: 'Apartment in Kicukiro',
    district: 'Kicukiro',
    sector: 'Gikondo',
    bedrooms: 3,
    price: 400_000,
  });
  await createAsset(test.database.db, owner.id, {
    type: 'Car',
    name: 'RAV4 for hire in Gasabo',
    district: 'Gasabo',
    sector: 'Remera',
    offer: 'Rent',
    price: 60_000,
  });
  await createAsset(test.database.db, owner.id, {
    type: 'Car',
    name: 'Corolla for sale in Kicukiro',
    location: 'Sonatubes',
    district: 'Kicukiro',
    sector: 'Kicukiro',
    offer: 'Sale',
    price: 9_000_000,
  });
});

afterAll(async () => {
  await test.close();
});

async function houses(query: string): Promise<string[]> {
  const response = await test.app.inject(`/api/get-properties/type/House?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ properties: Titled[] }>().properties.map((house) => house.title);
}

describe('GET /api/get-properties/type/:type with filters', () => {
  it("answers the issue's question: 3+ bedroom houses to rent in Kicukiro under 500,000, cheapest first", async () => {
    expect(
      await houses('offer=Rent&district=Kicukiro&maxPrice=500000&bedrooms=3&sort=price_asc'),
    ).toEqual(['K3 rent 450k', 'K4 rent 480k']);
  });

  it.each([
    ['offer=Sale', ['M5 sale 60m', 'K3 sale 90m']],
    [
      'district=kicukiro&offer=rent',
      ['K3 rent 400k weekly', 'K2 rent 300k', 'K3 rent 650k', 'K4 rent 480k', 'K3 rent 450k'],
    ],
    ['sector=Gikondo&offer=Rent', ['K3 rent 400k weekly', 'K3 rent 650k', 'K3 rent 450k']],
    ['district=Musanze', ['M5 sale 60m']],
    ['bedrooms=4', ['M5 sale 60m', 'K4 rent 480k']],
    ['bathrooms=3', ['M5 sale 60m', 'K4 rent 480k']],
    // Prices compared with rents of the usual period (per month): the weekly rent is not one.
    ['maxPrice=450000', ['G3 rent 420k', 'K2 rent 300k', 'K3 rent 450k']],
    ['minPrice=600000&offer=Rent', ['K3 rent 650k']],
    ['minPrice=50000000', ['M5 sale 60m', 'K3 sale 90m']],
    ['pricePeriod=week', ['M5 sale 60m', 'K3 sale 90m', 'K3 rent 400k weekly']],
    ['minPrice=500000&maxPrice=400000', []],
  ])('?%s answers %j', async (query, titles) => {
    expect(await houses(query)).toEqual(titles);
  });

  it('sorts by price within rents of one period, then the sale prices apart', async () => {
    expect(await houses('sort=price_asc')).toEqual([
      'K2 rent 300k',
      'G3 rent 420k',
      'K3 rent 450k',
      'K4 rent 480k',
      'K3 rent 650k',
      'M5 sale 60m',
      'K3 sale 90m',
    ]);
    expect(await houses('sort=price_desc&offer=Sale')).toEqual(['K3 sale 90m', 'M5 sale 60m']);
  });

  it('keeps the older status name for the offer', async () => {
    expect(await houses('status=Sale')).toEqual(await houses('offer=Sale'));
  });

  it.each([
    ['offer=Lease', 'offer'],
    ['minPrice=cheap', 'minPrice'],
    ['maxPrice=-1', 'maxPrice'],
    ['bedrooms=2.5', 'bedrooms'],
    ['bathrooms=many', 'bathrooms'],
    ['district=Kampala', 'district'],
    ['sector=Westlands', 'sector'],
    ['sort=cheapest', 'sort'],
    ['pricePeriod=fortnight', 'pricePeriod'],
  ])('answers 400 naming the field for ?%s', async (query, field) => {
    const response = await test.app.inject(`/api/get-properties/type/House?${query}`);

    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toMatch(new RegExp(`^${field}: `));
  });
});

describe('GET /api/property-asset/type/:type with filters', () => {
  it('filters assets by district and offer', async () => {
    const response = await test.app.inject('/api/property-asset/type/car?district=Gasabo');
    expect(response.json<Named[]>().map((car) => car.name)).toEqual(['RAV4 for hire in Gasabo']);

    const forSale = await test.app.inject(
      '/api/property-asset/type/car?offer=Sale&maxPrice=10000000',
    );
    expect(forSale.json<Named[]>().map((car) => car.name)).toEqual([
      'Corolla for sale in Kicukiro',
    ]);
  });
});

describe('GET /api/search with filters', () => {
  type Answer = { properties: Titled[]; assets: Named[] };
  const search = async (query: string) => {
    const response = await test.app.inject(`/api/search?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Answer>();
  };

  it('finds listings by the district or sector they are in, whatever their text says', async () => {
    const { properties } = await search('q=Gikondo&type=House&offer=Rent');
    expect(properties.map((house) => house.title).sort()).toEqual([
      'K3 rent 400k weekly',
      'K3 rent 450k',
      'K3 rent 650k',
    ]);
    const inGasabo = await search('q=gasabo');
    expect(inGasabo.properties.map((house) => house.title)).toEqual(['G3 rent 420k']);
    expect(inGasabo.assets.map((car) => car.name)).toEqual(['RAV4 for hire in Gasabo']);
  });

  it('reads "3 bed", "three bedroom" and "3 bedroom" as at least three bedrooms', async () => {
    const titles = async (q: string) =>
      (await search(`q=${encodeURIComponent(q)}&district=Gasabo`)).properties.map(
        (house) => house.title,
      );
    expect(await titles('3 bed')).toEqual(['G3 rent 420k']);
    expect(await titles('three bedroom')).toEqual(['G3 rent 420k']);
    expect(await titles('4 bedroom')).toEqual([]);
    // A rooms filter leaves out the assets, which have no rooms.
    expect((await search('q=3%20bed')).assets).toEqual([]);
  });

  it('narrows to one catalogue by type and applies every filter', async () => {
    const cars = await search('type=Car&offer=Rent');
    expect(cars.properties).toEqual([]);
    expect(cars.assets.map((car) => car.name)).toEqual(['RAV4 for hire in Gasabo']);

    const flats = await search('type=Apartment&district=Kicukiro&bedrooms=3');
    expect(flats.properties.map((flat) => flat.title)).toEqual(['Apartment in Kicukiro']);
    expect(flats.assets).toEqual([]);
  });

  it('answers 400 naming a bad filter', async () => {
    const response = await test.app.inject('/api/search?q=house&maxPrice=lots');
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toMatch(/^maxPrice: /);
  });
});
