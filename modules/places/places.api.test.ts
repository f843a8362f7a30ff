import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assets, notifications, properties, propertyRequests } from '#db/schema.ts';
import { createSignedInUser, createTestApp, type TestApp } from '#server/testing.ts';
import { call } from '#test/form-requests.ts';

let test: TestApp;
let seller: Awaited<ReturnType<typeof createSignedInUser>>;
let admin: Awaited<ReturnType<typeof createSignedInUser>>;

beforeAll(async () => {
  test = await createTestApp();
  seller = await createSignedInUser(test.database, { role: 'seller', name: 'Claudine' });
  admin = await createSignedInUser(test.database, { role: 'admin' });
});

afterAll(async () => {
  await test.close();
});

type Saved = {
  data: {
    _id: string;
    location: string;
    district: string | null;
    sector: string | null;
    cell: string | null;
    street: string | null;
    pricePeriod: string | null;
    upi: string | null;
  };
};

function supply(json: Record<string, unknown>) {
  return call(test, 'POST', '/api/supply-property', seller.bearer, {
    json: { title: 'House in Kigali', type: 'House', price: '450000', ...json },
  });
}

async function rowCount(): Promise<number> {
  const [properties_] = await test.database.db.select({ total: count() }).from(properties);
  const [assets_] = await test.database.db.select({ total: count() }).from(assets);
  return properties_!.total + assets_!.total;
}

describe('GET /api/landmarks', () => {
  it('answers each landmark with the id near takes, its names and its point', async () => {
    const response = await test.app.inject('/api/landmarks');

    expect(response.statusCode).toBe(200);
    const { landmarks } = response.json<{
      landmarks: { id: string; names: Record<string, string>; latitude: number }[];
    }>();
    const airport = landmarks.find((landmark) => landmark.id === 'airport');
    expect(airport?.names.fr).toBe('Aéroport international de Kigali (Kanombe)');
    expect(airport?.latitude).toBeCloseTo(-1.963, 3);

    const near = await test.app.inject(
      `/api/get-properties/type/House?near=${airport!.id}&radiusKm=2`,
    );
    expect(near.statusCode).toBe(200);
  });
});

describe('GET /api/places', () => {
  it("answers Rwanda's provinces, districts and sectors", async () => {
    const response = await test.app.inject('/api/places');

    expect(response.statusCode).toBe(200);
    const { provinces } = response.json<{
      provinces: { name: string; districts: { name: string; sectors: string[] }[] }[];
    }>();
    expect(provinces.map((province) => province.name)).toEqual([
      'Kigali City',
      'Northern Province',
      'Southern Province',
      'Eastern Province',
      'Western Province',
    ]);
    const districts = provinces.flatMap((province) => province.districts);
    expect(districts).toHaveLength(30);
    expect(districts.flatMap((district) => district.sectors)).toHaveLength(416);
    expect(districts.find((district) => district.name === 'Gasabo')?.sectors).toContain(
      'Kimironko',
    );
  });
});

describe('the place of a new listing', () => {
  it('keeps a district and sector picked from the lists, in their official spelling', async () => {
    const response = await supply({
      district: 'gasabo',
      sector: 'KIMIRONKO',
      cell: 'kibagabaga',
      location: 'KG 11 Ave',
    });

    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<Saved>().data).toMatchObject({
      district: 'Gasabo',
      sector: 'Kimironko',
      cell: 'Kibagabaga',
      street: 'KG 11 Ave',
      location: 'KG 11 Ave, Kibagabaga, Kimironko, Gasabo',
    });
  });

  it('needs no location text when the district is given', async () => {
    const response = await supply({ location: undefined, district: 'Musanze', sector: 'Muhoza' });

    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<Saved>().data.location).toBe('Muhoza, Musanze');
  });

  it("derives the place from the specification's location text", async () => {
    const response = await supply({ location: 'Nyamirambo, Kigali' });

    expect(response.json<Saved>().data).toMatchObject({
      district: 'Nyarugenge',
      sector: 'Nyamirambo',
      location: 'Nyamirambo, Kigali, Nyarugenge',
    });
  });

  it.each([
    [{ district: 'Kampala', sector: 'Kimironko' }, 'district'],
    [{ district: 'Kicukiro', sector: 'Kimironko' }, 'sector'],
    [{ location: 'KG 11 Ave', sector: 'Kimironko' }, 'district'],
    [{ location: '  ' }, 'location'],
    [{ location: 'Kigali', pricePeriod: 'fortnight' }, 'pricePeriod'],
    [{ location: 'Kigali', upi: '12345' }, 'upi'],
  ])('refuses %j with a 400 naming %s, writing nothing', async (fields, field) => {
    const before = await rowCount();

    const response = await supply(fields);

    expect(response.statusCode, response.body).toBe(400);
    const { issues } = response.json<{ issues: { field: string }[] }>();
    expect(issues.map((issue) => issue.field)).toContain(field);
    expect(await rowCount()).toBe(before);
  });

  it('names the location among every missing field of an empty supply', async () => {
    const response = await call(test, 'POST', '/api/supply-property', seller.bearer, {
      json: {},
    });

    expect(response.statusCode).toBe(400);
    const fields = response
      .json<{ issues: { field: string }[] }>()
      .issues.map((issue) => issue.field);
    expect(fields).toEqual(expect.arrayContaining(['title', 'type', 'price', 'location']));
  });
});

describe('what a price is for', () => {
  it.each([
    [{ type: 'House', status: 'Rent' }, 'month'],
    [{ type: 'Hotel', status: 'Rent' }, 'night'],
    [{ type: 'Car', status: 'Rent' }, 'day'],
    [{ type: 'House', status: 'Rent', pricePeriod: 'WEEK' }, 'week'],
    [{ type: 'House', status: 'Sale', pricePeriod: 'month' }, null],
  ])('%j is priced per %s', async (fields, period) => {
    const response = await supply({ location: 'Kicukiro', ...fields });

    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<Saved>().data.pricePeriod).toBe(period);
  });

  it("follows an edit's offer: a rent turned sale has no period, a sale turned rent the usual one", async () => {
    const created = await supply({ location: 'Kicukiro', status: 'Rent', pricePeriod: 'week' });
    const id = created.json<Saved>().data._id;

    const sold = await call(test, 'PUT', `/api/supply-property/${id}`, seller.bearer, {
      json: { status: 'Sale' },
    });
    expect(sold.json<Saved>().data.pricePeriod).toBeNull();

    const rented = await call(test, 'PUT', `/api/supply-property/${id}`, seller.bearer, {
      json: { status: 'Rent' },
    });
    expect(rented.json<Saved>().data.pricePeriod).toBe('month');
  });
});

describe('UPI', () => {
  it('is kept on a house and on land, and refused on other types', async () => {
    const house = await supply({ location: 'Kicukiro', upi: '1/03/02/01/4567' });
    expect(house.json<Saved>().data.upi).toBe('1/03/02/01/4567');

    const land = await supply({ location: 'Kicukiro', type: 'Land', upi: '1/03/02/01/4568' });
    expect(land.json<Saved>().data.upi).toBe('1/03/02/01/4568');

    const car = await supply({ location: 'Kicukiro', type: 'Car', upi: '1/03/02/01/4569' });
    expect(car.statusCode).toBe(400);
    expect(car.json<{ issues: { field: string }[] }>().issues[0]?.field).toBe('upi');
  });
});

describe('a UPI shared by two published listings', () => {
  it('is flagged to the admins when the second one is approved', async () => {
    const upi = '3/04/05/06/7788';
    const first = await supply({ location: 'Kicukiro', type: 'Land', title: 'Plot A', upi });
    const second = await supply({ location: 'Kicukiro', type: 'House', title: 'House B', upi });
    for (const answer of [first, second]) {
      const id = answer.json<Saved>().data._id;
      const approved = await call(test, 'PUT', `/api/supply-property/${id}/approve`, admin.bearer);
      expect(approved.statusCode, approved.body).toBe(200);
    }

    const flags = await test.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, admin.user.id));
    const flag = flags.find((notice) => notice.title.includes(upi));
    expect(flag).toMatchObject({
      title: `Two published listings share the UPI ${upi}`,
      message:
        '“House B” was just published with the UPI of: Plot A. Check that the plot is not offered twice.',
      link: `/property/${second.json<Saved>().data._id}`,
    });
  });
});

describe('the place of a request and of an admin listing', () => {
  it("derives a buyer's district from the location and keeps a budget to buy without a period", async () => {
    const buyer = await createSignedInUser(test.database, { role: 'buyer' });
    const response = await call(test, 'POST', '/api/request-property', buyer.bearer, {
      json: { title: 'Plot wanted', price: '9000000', location: 'Tumba, Huye', type: 'Land' },
    });

    expect(response.statusCode, response.body).toBe(201);
    const { _id } = response.json<Saved>().data;
    const [row] = await test.database.db
      .select()
      .from(propertyRequests)
      .where(eq(propertyRequests.id, _id));
    expect(row).toMatchObject({ district: 'Huye', sector: 'Tumba', pricePeriod: null });
  });

  it('checks an admin property place as a supply is checked', async () => {
    const response = await call(test, 'POST', '/api/create-property', admin.bearer, {
      json: {
        title: 'Apartment',
        district: 'Kicukiro',
        sector: 'Remera',
        area: '90',
        bedrooms: '2',
        bathrooms: '1',
        toilets: '1',
        price: '300000',
        owner: 'Admin',
        contact: '0788123456',
        description: 'Near the road.',
      },
    });

    expect(response.statusCode).toBe(400);
    expect(response.json<{ issues: { field: string }[] }>().issues[0]?.field).toBe('sector');
  });
});
