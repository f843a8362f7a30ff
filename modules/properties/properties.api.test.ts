import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProperty, createUser } from '#seed/factories.ts';
import { createTestApp, type TestApp } from '#server/testing.ts';

let test: TestApp;
let ownerId: string;

beforeAll(async () => {
  test = await createTestApp();
  ownerId = (await createUser(test.database.db)).id;
});

afterAll(async () => {
  await test.close();
});

describe('GET /api/get-property/:id', () => {
  it('answers a published property under `property`', async () => {
    const created = await createProperty(test.database.db, ownerId, {
      title: 'Villa in Nyarutarama',
      price: 1_200_000,
    });
    const response = await test.app.inject(`/api/get-property/${created.id}`);
    expect(response.statusCode).toBe(200);
    const { property } = response.json();
    expect(property).toMatchObject({
      _id: created.id,
      title: 'Villa in Nyarutarama',
      price: 1_200_000,
      status: 'Rent',
      availability: 'Available',
      type: 'House',
      owner: 'Aline Uwase',
      bedrooms: 4,
      area: 220,
      features: ['Garden', 'Parking'],
      image: null,
      timeAgo: 'just now',
    });
  });

  it('answers 404 with a message for a property that does not exist', async () => {
    const response = await test.app.inject(
      '/api/get-property/7b0e2a4e-6a35-4ad5-9bd1-4c8b3f0a9d11',
    );
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Property not found' });
  });

  it('hides a property that is not approved yet', async () => {
    const pending = await createProperty(test.database.db, ownerId, { moderation: 'Pending' });
    const response = await test.app.inject(`/api/get-property/${pending.id}`);
    expect(response.statusCode).toBe(404);
  });

  it('answers 400 naming the id field for a malformed id', async () => {
    const response = await test.app.inject('/api/get-property/not-an-id');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/^id: /);
  });
});

describe('GET /api/get-properties/type/:type', () => {
  beforeAll(async () => {
    await createProperty(test.database.db, ownerId, {
      type: 'Hotel',
      title: 'Older hotel',
      createdAt: new Date('2026-01-01T00:00:00Z'),
    });
    await createProperty(test.database.db, ownerId, {
      type: 'Hotel',
      title: 'Newer hotel',
      createdAt: new Date('2026-02-01T00:00:00Z'),
    });
    await createProperty(test.database.db, ownerId, { type: 'Hotel', moderation: 'Rejected' });
  });

  it('lists published properties of the type in any case, newest first', async () => {
    const response = await test.app.inject('/api/get-properties/type/hOtEl');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.properties.map((p: { title: string }) => p.title)).toEqual([
      'Newer hotel',
      'Older hotel',
    ]);
    expect(body).toMatchObject({ page: 1, total: 2, isTotalCapped: false });
  });

  it('pages with page and pageSize, and bounds pageSize', async () => {
    const second = await test.app.inject('/api/get-properties/type/hotel?page=2&pageSize=1');
    expect(second.json().properties.map((p: { title: string }) => p.title)).toEqual([
      'Older hotel',
    ]);
    const tooBig = await test.app.inject('/api/get-properties/type/hotel?pageSize=1000');
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().message).toMatch(/^pageSize: /);
  });

  it('treats an empty status as rent and sale', async () => {
    const response = await test.app.inject('/api/get-properties/type/hotel?status=');
    expect(response.statusCode).toBe(200);
    expect(response.json().total).toBe(2);
  });

  it('filters by offer and sorts by price', async () => {
    await createProperty(test.database.db, ownerId, {
      type: 'Apartment',
      title: 'Cheap flat',
      price: 100_000,
      offer: 'Rent',
    });
    await createProperty(test.database.db, ownerId, {
      type: 'Apartment',
      title: 'Flat for sale',
      price: 90_000_000,
      offer: 'Sale',
    });
    const rent = await test.app.inject('/api/get-properties/type/apartment?status=rent');
    expect(rent.json().properties.map((p: { title: string }) => p.title)).toEqual(['Cheap flat']);
    // A monthly rent is never sorted against a sale price: the rents come first, then the sales.
    const byPrice = await test.app.inject('/api/get-properties/type/apartment?sort=price_desc');
    expect(byPrice.json().properties.map((p: { title: string }) => p.title)).toEqual([
      'Cheap flat',
      'Flat for sale',
    ]);
    // The hyphenated sort of earlier versions still sorts.
    const legacy = await test.app.inject('/api/get-properties/type/apartment?sort=price-desc');
    expect(legacy.json()).toEqual(byPrice.json());
  });

  it('answers 400 naming the type field for an unknown type', async () => {
    const response = await test.app.inject('/api/get-properties/type/castle');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('type: must be one of House, Hotel, Apartment');
  });
});
