/**
 * The pages that find listings by place, price and size: a type list's filters and counts per
 * district, its way out of no results, the full search results, the landing pages of a type in
 * a place (and their sitemap entries), and the similar listings under a detail page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAsset, createProperty, createUser } from '#seed/factories.ts';
import { createTestApp, type TestApp } from '#server/testing.ts';
import { requestPage } from '#test/page-requests.ts';
import type { Widening } from './filtered-list.server.ts';

let test: TestApp;
let kicukiroHouseId: string;

type Listed = { title: string };
type ListData = {
  page: { items: Listed[]; total: number };
  districtCounts: { district: string; total: number }[];
  widenings: { key: string; total: number }[];
};

beforeAll(async () => {
  test = await createTestApp();
  const owner = await createUser(test.database.db);
  const house = (title: string, fields: Parameters<typeof createProperty>[2]) =>
    createProperty(test.database.db, owner.id, { type: 'House', title, ...fields });
  kicukiroHouseId = (
    await house('Gikondo family house', {
      district: 'Kicukiro',
      sector: 'Gikondo',
      offer: 'Rent',
      price: 450_000,
      bedrooms: 3,
    })
  ).id;
  await house('Kanombe house near the airport', {
    district: 'Kicukiro',
    sector: 'Kanombe',
    offer: 'Rent',
    price: 500_000,
    bedrooms: 4,
  });
  await house('Kanombe villa far dearer', {
    district: 'Kicukiro',
    sector: 'Kanombe',
    offer: 'Rent',
    price: 2_000_000,
    bedrooms: 5,
  });
  await house('Kimironko house', {
    district: 'Gasabo',
    sector: 'Kimironko',
    offer: 'Rent',
    price: 420_000,
    bedrooms: 3,
  });
  await house('Musanze house for sale', {
    district: 'Musanze',
    sector: 'Muhoza',
    offer: 'Sale',
    price: 60_000_000,
    bedrooms: 5,
  });
});

afterAll(async () => {
  await test.close();
});

const ROUTE = {
  list: 'routes/catalogue/property-list',
  search: 'routes/catalogue/search-results',
  houses: 'landing-houses',
  property: 'routes/catalogue/property-detail',
};

async function pageData<Data>(
  url: string,
  routeId: string,
): Promise<{ status: number; data: Data }> {
  const answer = await requestPage(test, url);
  return { status: answer.status, data: answer.loaderData[routeId] as Data };
}

const titles = (data: ListData) => data.page.items.map((item) => item.title);

describe('a type list', () => {
  it('filters by the URL and counts the listings of each district for the same filters', async () => {
    const { data } = await pageData<ListData>(
      '/get-properties/type/House?offer=Rent&maxPrice=600000&bedrooms=3',
      ROUTE.list,
    );

    expect(titles(data).sort()).toEqual([
      'Gikondo family house',
      'Kanombe house near the airport',
      'Kimironko house',
    ]);
    expect(data.districtCounts).toEqual([
      { district: 'Kicukiro', total: 2, isTotalCapped: false },
      { district: 'Gasabo', total: 1, isTotalCapped: false },
    ]);
  });

  it('ignores a bad filter in the address rather than failing the page', async () => {
    const { status, data } = await pageData<ListData>(
      '/get-properties/type/House?maxPrice=lots&district=Kicukiro',
      ROUTE.list,
    );

    expect(status).toBe(200);
    expect(data.page.total).toBe(3);
  });

  it('offers the filters to drop when nothing fits, the one freeing the most first', async () => {
    const { data } = await pageData<ListData>(
      '/get-properties/type/House?district=Gasabo&bedrooms=5',
      ROUTE.list,
    );

    expect(data.page.total).toBe(0);
    expect(data.widenings.map(({ key, total }) => ({ key, total }))).toEqual([
      { key: 'district', total: 2 },
      { key: 'bedrooms', total: 1 },
    ]);
  });
});

describe('a type list past its end', () => {
  it('sends the visitor to its last page for the same filters', async () => {
    const answer = await requestPage(
      test,
      '/get-properties/type/House?district=Kicukiro&pageSize=2&page=9',
    );
    expect(answer.status).toBe(302);
    expect(answer.location).toBe('/get-properties/type/House?district=Kicukiro&pageSize=2&page=2');

    const last = await pageData<ListData>(answer.location!, ROUTE.list);
    expect(last.status).toBe(200);
    expect(last.data.page.items).toHaveLength(1);
  });

  it('and the search results the same way, not "Page 500 of 2"', async () => {
    const answer = await requestPage(
      test,
      '/search?q=garden&district=Kicukiro&kind=property&pageSize=2&page=500',
    );
    expect(answer.status).toBe(302);
    expect(answer.location).toBe(
      '/search?q=garden&district=Kicukiro&kind=property&pageSize=2&page=2',
    );
  });
});

describe('an unknown type in a list address', () => {
  it.each([
    '/get-properties/type/Castle',
    '/asset-property/Spaceship',
    '/rw/get-properties/type/Castle',
    '/fr/asset-property/Castle',
  ])('%s is an unknown page (404), not a failure to load', async (url) => {
    const answer = await requestPage(test, url);
    expect(answer.status).toBe(404);
    expect(Object.values(answer.errors)).toEqual([404]);
  });
});

describe('the full search results', () => {
  it('pages the matches of one catalogue with the filters, and counts the other', async () => {
    const { data } = await pageData<{
      properties: { items: Listed[]; total: number };
      assets: { total: number };
    }>('/search?q=garden&district=Kicukiro&kind=property&pageSize=2', ROUTE.search);

    expect(data.properties.total).toBe(3);
    expect(data.properties.items).toHaveLength(2);
    expect(data.assets.total).toBe(0);
  });

  it('offers to drop a filter while keeping the search: its text, catalogue and type', async () => {
    const { data } = await pageData<{ properties: { total: number }; widenings: Widening[] }>(
      '/search?q=garden&kind=property&type=House&district=Gasabo&bedrooms=5',
      ROUTE.search,
    );

    expect(data.properties.total).toBe(0);
    expect(data.widenings.map((widening) => widening.key)).toEqual(['district', 'bedrooms']);
    expect(data.widenings[0]!.without).toMatchObject({
      q: 'garden',
      kind: 'property',
      type: 'House',
      bedrooms: 5,
      district: undefined,
    });
  });
});

describe('a search whose words name filters, in any of the three languages', () => {
  type SearchData = {
    q: string;
    type?: string;
    properties: { items: Listed[]; total: number };
    assets: { items: { name: string }[]; total: number };
  };

  beforeAll(async () => {
    const owner = await createUser(test.database.db);
    await createProperty(test.database.db, owner.id, {
      type: 'Apartment',
      title: 'Kacyiru apartment with a view',
      location: 'Kacyiru, Gasabo',
      district: 'Gasabo',
      sector: 'Kacyiru',
    });
    await createAsset(test.database.db, owner.id, { type: 'Car', name: 'Toyota RAV4' });
  });

  /** The search page a search text leads to: the address it sends to, and what that shows. */
  async function searched(url: string) {
    const answer = await requestPage(test, url);
    expect(answer.status, url).toBe(302);
    const shown = await pageData<SearchData>(answer.location!, ROUTE.search);
    expect(shown.status).toBe(200);
    return { location: answer.location, data: shown.data };
  }

  const found = ({ data }: { data: SearchData }) => ({
    properties: data.properties.items.map((item) => item.title),
    assets: data.assets.items.map((item) => item.name),
    totals: [data.properties.total, data.assets.total],
  });

  it.each([
    ['inzu Kicukiro', 'house kicukiro'],
    ['maison à louer Kicukiro', 'house for rent kicukiro'],
    ['inzu ikodeshwa i Kicukiro', 'house for rent in Kicukiro'],
    ['apartema Gasabo', 'apartment gasabo'],
    ['appartement Gasabo', 'apartment gasabo'],
    ['voiture', 'car'],
    ['imodoka', 'car'],
  ])('%j finds what %j finds', async (spoken, english) => {
    const query = (text: string) => `/search?q=${encodeURIComponent(text)}`;
    expect(found(await searched(query(spoken)))).toEqual(found(await searched(query(english))));
  });

  it('sets them in the address, as the filters form would, with the words left to find', async () => {
    const houses = await searched('/search?q=maison+%C3%A0+louer+Kicukiro&kind=asset');
    expect(houses.location).toBe('/search?q=Kicukiro&kind=property&type=House&offer=Rent');
    expect(houses.data.type).toBe('House');
    // The houses for rent whose text says Kicukiro: the one in Kimironko has it in its address.
    expect(houses.data.properties.items.map((item) => item.title).sort()).toEqual([
      'Gikondo family house',
      'Kanombe house near the airport',
      'Kanombe villa far dearer',
      'Kimironko house',
    ]);

    const apartments = await searched('/search?q=apartema+Gasabo');
    expect(apartments.location).toBe('/search?q=Gasabo&type=Apartment&kind=property');
    expect(apartments.data.properties.items.map((item) => item.title)).toEqual([
      'Kacyiru apartment with a view',
    ]);

    const rooms = await searched('/search?q=inzu+y%27ibyumba+bitatu&offer=Rent');
    expect(rooms.location).toBe('/search?offer=Rent&bedrooms=3&type=House&kind=property');
  });

  it('sends a kind of asset to the assets, in the language of the page', async () => {
    const cars = await searched('/rw/search?q=imodoka');
    expect(cars.location).toBe('/rw/search?type=Car&kind=asset');
    expect(cars.data.assets.items.map((item) => item.name)).toEqual(['Toyota RAV4']);
    expect(cars.data.properties.total).toBe(0);
  });

  it('leaves a search alone when no word names a filter or only joins the others', async () => {
    const { status, data } = await pageData<SearchData>(
      '/search?q=Kanombe%2C+airport',
      ROUTE.search,
    );
    expect(status).toBe(200);
    expect(data.q).toBe('Kanombe, airport');
    expect(data.properties.items.map((item) => item.title)).toEqual([
      'Kanombe house near the airport',
    ]);

    const joined = await searched('/search?q=garden+in+Kicukiro');
    expect(joined.location).toBe('/search?q=garden+Kicukiro');
  });
});

describe('a landing page', () => {
  it('lists the type and offer in its place, with its own title and canonical address', async () => {
    const answer = await requestPage(test, '/houses/rent/kicukiro');

    expect(answer.status).toBe(200);
    const data = answer.loaderData[ROUTE.houses] as ListData & { landing: unknown };
    expect(data.landing).toEqual({ type: 'House', offer: 'Rent', district: 'Kicukiro' });
    expect(titles(data).sort()).toEqual([
      'Gikondo family house',
      'Kanombe house near the airport',
      'Kanombe villa far dearer',
    ]);

    const sector = await pageData<ListData>('/houses/rent/kicukiro/kanombe', ROUTE.houses);
    expect(sector.data.page.total).toBe(2);
  });

  it.each(['/houses/lease/kicukiro', '/houses/rent/kampala', '/houses/rent/kicukiro/kimironko'])(
    'answers 404 for %s',
    async (url) => {
      const answer = await requestPage(test, url);
      expect(Object.values(answer.errors)).toContain(404);
    },
  );
});

describe('a listing page', () => {
  it('shows similar listings: same type, offer and district, near its price', async () => {
    const { data } = await pageData<{ similar: Listed[] }>(
      `/property/${kicukiroHouseId}`,
      ROUTE.property,
    );

    // Not the far dearer villa, nor the house in Gasabo.
    expect(data.similar.map((listing) => listing.title)).toEqual([
      'Kanombe house near the airport',
    ]);
  });
});
