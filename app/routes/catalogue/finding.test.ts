/**
 * The pages that find listings by place, price and size: a type list's filters and counts per
 * district, its way out of no results, the full search results, the landing pages of a type in
 * a place (and their sitemap entries), and the similar listings under a detail page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProperty, createUser } from '#db/seed/factories.ts';
import { createTestApp, type TestApp } from '#server/testing.ts';
import { requestPage } from '#test/page-requests.ts';

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

describe('the full search results', () => {
  it('pages the matches of one catalogue with the filters, and counts the other', async () => {
    const { data } = await pageData<{
      properties: { items: Listed[]; total: number };
      assets: { total: number };
    }>('/search?q=house&district=Kicukiro&kind=property&pageSize=2', ROUTE.search);

    expect(data.properties.total).toBe(3);
    expect(data.properties.items).toHaveLength(2);
    expect(data.assets.total).toBe(0);
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
