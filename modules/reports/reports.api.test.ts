import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAsset, createProperty, createUser } from '#seed/factories.ts';
import {
  browserHeaders,
  createSignedInUser,
  createTestApp,
  type TestApp,
} from '#server/testing.ts';

// Thursday 20 March 2025, noon in Kigali: the default range is 30 Dec 2024 to 20 Mar 2025.
const NOW = new Date('2025-03-20T10:00:00Z');

let test: TestApp;
let admin: Awaited<ReturnType<typeof createSignedInUser>>;
let buyer: Awaited<ReturnType<typeof createSignedInUser>>;

beforeAll(async () => {
  test = await createTestApp({ clock: () => NOW });
  const earlier = new Date('2024-01-01');
  admin = await createSignedInUser(test.database, { role: 'admin', createdAt: earlier });
  buyer = await createSignedInUser(test.database, { role: 'buyer', createdAt: earlier });
  const db = test.database.db;
  const seller = await createUser(db, { role: 'seller', createdAt: new Date('2025-03-18T08:00Z') });
  // Week of 10 March: a house and a car; week of 17 March: two houses in Kicukiro.
  await createProperty(db, seller.id, {
    location: 'Remera, Gasabo',
    offer: 'Sale',
    price: 80_000_000,
    createdAt: new Date('2025-03-11T08:00Z'),
  });
  await createAsset(db, seller.id, { createdAt: new Date('2025-03-12T08:00Z') });
  for (const price of [300_000, 500_000]) {
    await createProperty(db, seller.id, {
      type: 'House',
      bedrooms: 3,
      location: 'Kicukiro, Kigali',
      price,
      offer: 'Rent',
      pricePeriod: 'month',
      createdAt: new Date('2025-03-18T08:00Z'),
    });
  }
});

afterAll(async () => {
  await test.close();
});

describe('GET /api/reports', () => {
  it('answers the last 12 weeks by default, week by week', async () => {
    const response = await test.app.inject({ url: '/api/reports', headers: admin.bearer });
    expect(response.statusCode).toBe(200);
    const report = response.json();
    expect(report.from).toBe('2024-12-30');
    expect(report.to).toBe('2025-03-20');
    expect(report.listings).toHaveLength(12);
    expect(report.listings.slice(-2)).toEqual([
      { week: '2025-03-10', properties: 1, assets: 1 },
      { week: '2025-03-17', properties: 2, assets: 0 },
    ]);
    expect(report.users.at(-1)).toEqual({
      week: '2025-03-17',
      buyer: 0,
      seller: 1,
      guest: 0,
      admin: 0,
    });
    expect(report.districts).toContainEqual({
      district: 'Kicukiro',
      rentMedian: 400_000,
      rents: 2,
      saleMedian: null,
      sales: 0,
    });
  });

  it('reads the range asked for, and shortens one past today', async () => {
    const response = await test.app.inject({
      url: '/api/reports?from=2025-03-10&to=2025-12-31',
      headers: admin.bearer,
    });
    expect(response.statusCode).toBe(200);
    const report = response.json();
    expect([report.from, report.to]).toEqual(['2025-03-10', '2025-03-20']);
    expect(report.listings.map((week: { week: string }) => week.week)).toEqual([
      '2025-03-10',
      '2025-03-17',
    ]);
  });

  it('refuses a date that is not one, or a start after the end, naming the field', async () => {
    for (const query of ['from=2025-02-30', 'to=yesterday', 'from=2025-03-10&to=2025-03-01']) {
      const response = await test.app.inject({
        url: `/api/reports?${query}`,
        headers: admin.bearer,
      });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().message, query).toMatch(/^(from|to): /);
    }
    const bad = await test.app.inject({ url: '/api/reports?to=2025-13-01', headers: admin.bearer });
    expect(bad.json().message).toBe('to: Enter a date as YYYY-MM-DD');
  });

  it('is for admins only: 401 signed out, 403 for a buyer', async () => {
    expect((await test.app.inject('/api/reports')).statusCode).toBe(401);
    const refused = await test.app.inject({ url: '/api/reports', headers: buyer.bearer });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: 'Only admins can do this.' });
  });
});

describe('GET /api/reports/:table.csv', () => {
  it('downloads a table as CSV, named after it and its range', async () => {
    const response = await test.app.inject({
      url: '/api/reports/listings.csv?from=2025-03-03&to=2025-03-20',
      headers: admin.bearer,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="inzu-listings-2025-03-03-to-2025-03-20.csv"',
    );
    expect(response.body).toBe(
      'week,properties,assets\r\n' +
        '2025-03-03,0,0\r\n' +
        '2025-03-10,1,1\r\n' +
        '2025-03-17,2,0\r\n',
    );
  });

  it('leaves a median no listing backs empty', async () => {
    const response = await test.app.inject({
      url: '/api/reports/districts.csv',
      headers: admin.bearer,
    });
    expect(response.statusCode).toBe(200);
    const lines = response.body.trim().split('\r\n');
    expect(lines[0]).toBe('district,rentMedian,rents,saleMedian,sales');
    expect(lines.slice(1)).toEqual(['Gasabo,,0,80000000,1', 'Kicukiro,400000,2,,0']);
  });

  it('answers 404 for a table there is not, 400 for a bad date', async () => {
    const unknown = await test.app.inject({
      url: '/api/reports/passwords.csv',
      headers: admin.bearer,
    });
    expect(unknown.statusCode).toBe(404);
    const bad = await test.app.inject({
      url: '/api/reports/users.csv?from=20250301',
      headers: admin.bearer,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^from: /);
  });

  it('is for admins only, with the browser’s session cookie too', async () => {
    expect((await test.app.inject('/api/reports/users.csv')).statusCode).toBe(401);
    const refused = await test.app.inject({ url: '/api/reports/users.csv', headers: buyer.bearer });
    expect(refused.statusCode).toBe(403);
    // The page's download link is a plain link: the browser sends the session cookie.
    const withCookie = await test.app.inject({
      url: '/api/reports/users.csv',
      headers: browserHeaders(admin.token),
    });
    expect(withCookie.statusCode).toBe(200);
  });
});

describe('GET /api/price-guide', () => {
  it('is public, and gives a median only where 5 listings back it', async () => {
    const response = await test.app.inject('/api/price-guide');
    expect(response.statusCode).toBe(200);
    const guide = response.json();
    expect(guide).toMatchObject({ days: 90, minListings: 5, since: '2024-12-20' });
    // Two Kicukiro rents only: not enough for a figure.
    expect(guide.rows).toEqual([]);
  });
});
