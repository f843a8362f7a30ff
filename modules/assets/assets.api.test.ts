import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAsset, createUser } from '#seed/factories.ts';
import { createTestApp, type TestApp } from '#server/testing.ts';

type AssetJson = { _id: string; name: string; price: number; [field: string]: unknown };

const names = (items: AssetJson[]) => items.map((asset) => asset.name);

describe('GET /api/property-asset/type/:type', () => {
  // Each test lists one asset type that no other test in this block uses, so counts are exact.
  let test: TestApp;
  let ownerId: string;

  beforeAll(async () => {
    test = await createTestApp();
    ownerId = (await createUser(test.database.db)).id;
  });

  afterAll(async () => {
    await test.close();
  });

  it('answers a bare array of published assets of the type, newest first', async () => {
    const db = test.database.db;
    await createAsset(db, ownerId, {
      type: 'Car',
      name: 'Older Corolla',
      createdAt: new Date('2026-01-01T00:00:00Z'),
    });
    await createAsset(db, ownerId, {
      type: 'Car',
      name: 'Newer Prado',
      createdAt: new Date('2026-02-01T00:00:00Z'),
    });
    await createAsset(db, ownerId, { type: 'Car', name: 'Pending Hilux', moderation: 'Pending' });
    await createAsset(db, ownerId, { type: 'Car', name: 'Rejected Vitz', moderation: 'Rejected' });
    await createAsset(db, ownerId, {
      type: 'Car',
      name: 'Deleted Fielder',
      deletedAt: new Date('2026-02-02T00:00:00Z'),
    });
    await createAsset(db, ownerId, { type: 'Land', name: 'Plot of another type' });

    const response = await test.app.inject('/api/property-asset/type/car');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(Array.isArray(body)).toBe(true);
    expect(names(body)).toEqual(['Newer Prado', 'Older Corolla']);
    expect(response.headers['x-total-count']).toBe('2');
    expect(response.headers['x-total-capped']).toBe('false');
    expect(response.headers['x-page']).toBe('1');
    expect(response.headers['x-page-size']).toBe('12');
  });

  it('reads the type in any case', async () => {
    const db = test.database.db;
    const jacket = await createAsset(db, ownerId, {
      type: 'Clothes',
      name: 'Kitenge jacket',
      transmission: null,
      fuel: null,
      isCertified: null,
      isInspected: null,
      warranty: null,
      condition: 'New',
      sizeCloth: 'M',
    });
    for (const type of ['clothes', 'CLOTHES', 'Clothes', 'cLoThEs']) {
      const response = await test.app.inject(`/api/property-asset/type/${type}`);
      expect(response.statusCode, type).toBe(200);
      expect(response.json().map((asset: AssetJson) => asset._id)).toEqual([jacket.id]);
    }
  });

  it('pages with page and pageSize', async () => {
    const db = test.database.db;
    for (const [index, name] of ['Bike A', 'Bike B', 'Bike C'].entries()) {
      await createAsset(db, ownerId, {
        type: 'Motorcycle',
        name,
        createdAt: new Date(Date.UTC(2026, 0, 10 + index)),
      });
    }
    const second = await test.app.inject('/api/property-asset/type/motorcycle?page=2&pageSize=2');
    expect(second.statusCode).toBe(200);
    expect(names(second.json())).toEqual(['Bike A']);
    expect(second.headers['x-total-count']).toBe('3');
    expect(second.headers['x-page']).toBe('2');
    expect(second.headers['x-page-size']).toBe('2');

    const first = await test.app.inject('/api/property-asset/type/motorcycle?pageSize=2');
    expect(names(first.json())).toEqual(['Bike C', 'Bike B']);

    const beyond = await test.app.inject('/api/property-asset/type/motorcycle?page=9&pageSize=2');
    expect(beyond.statusCode).toBe(200);
    expect(beyond.json()).toEqual([]);
    expect(beyond.headers['x-total-count']).toBe('3');
  });

  it('filters by offer in any case and sorts by price', async () => {
    const db = test.database.db;
    await createAsset(db, ownerId, { type: 'Other', name: 'Cheap fridge', price: 200_000 });
    await createAsset(db, ownerId, { type: 'Other', name: 'Dear generator', price: 3_000_000 });
    await createAsset(db, ownerId, {
      type: 'Other',
      name: 'Tent for hire',
      price: 50_000,
      offer: 'Rent',
    });

    const forRent = await test.app.inject('/api/property-asset/type/other?status=rent');
    expect(names(forRent.json())).toEqual(['Tent for hire']);
    expect(forRent.headers['x-total-count']).toBe('1');
    const forSale = await test.app.inject('/api/property-asset/type/other?status=SALE');
    expect(names(forSale.json()).sort()).toEqual(['Cheap fridge', 'Dear generator']);

    // Rents sort apart from sale prices (first), each group by price.
    const ascending = await test.app.inject('/api/property-asset/type/other?sort=price_asc');
    expect(names(ascending.json())).toEqual(['Tent for hire', 'Cheap fridge', 'Dear generator']);
    const descending = await test.app.inject('/api/property-asset/type/other?sort=price_desc');
    expect(names(descending.json())).toEqual(['Tent for hire', 'Dear generator', 'Cheap fridge']);
  });

  it('answers an empty list for a type with no published asset', async () => {
    // Every type gets rows from some test in this block, so emptiness needs its own database.
    const fresh = await createTestApp();
    try {
      const response = await fresh.app.inject('/api/property-asset/type/land');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual([]);
      expect(response.headers['x-total-count']).toBe('0');
    } finally {
      await fresh.close();
    }
  });

  it('answers 400 naming `type` for an unknown type, a property type among them', async () => {
    for (const type of ['castle', 'house', 'cars']) {
      const response = await test.app.inject(`/api/property-asset/type/${type}`);
      expect(response.statusCode, type).toBe(400);
      expect(response.json().message).toBe(
        'type: must be one of Land, Car, Motorcycle, Clothes, Other',
      );
    }
  });

  it('answers 400 naming the query field for a bad page, pageSize, status or sort', async () => {
    const cases: [string, string][] = [
      ['page=0', 'page'],
      ['page=abc', 'page'],
      ['pageSize=1000', 'pageSize'],
      ['status=lease', 'status'],
      ['sort=cheapest', 'sort'],
    ];
    for (const [query, field] of cases) {
      const response = await test.app.inject(`/api/property-asset/type/car?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().message, query).toMatch(new RegExp(`^${field}: `));
    }
  });
});

describe('GET /api/property-asset/:id', () => {
  let test: TestApp;
  let ownerId: string;

  beforeAll(async () => {
    test = await createTestApp();
    ownerId = (await createUser(test.database.db)).id;
  });

  afterAll(async () => {
    await test.close();
  });

  it('answers a car as a bare object with its vehicle fields', async () => {
    const car = await createAsset(test.database.db, ownerId, {
      name: 'Toyota RAV4 2018',
      price: 18_500_000,
      rentalPrice: 60_000,
      rentDuration: 'per day',
    });
    const response = await test.app.inject(`/api/property-asset/${car.id}`);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).not.toHaveProperty('asset');
    expect(body).toMatchObject({
      _id: car.id,
      name: 'Toyota RAV4 2018',
      type: 'Car',
      price: 18_500_000,
      status: 'Sale',
      availability: 'Available',
      location: 'Remera, Gasabo',
      owner: 'Eric Mugisha',
      ownerId,
      contact: '0722123456',
      transmission: 'Automatic',
      fuel: 'Petrol',
      certified: true,
      inspected: true,
      warranty: '6 months',
      rentalPrice: 60_000,
      rentDuration: 'per day',
      size: null,
      condition: null,
      sizeCloth: null,
      image: null,
      photos: [],
      timeAgo: 'just now',
    });
    expect(body.createdAt).toBe(car.createdAt.toISOString());
  });

  it('answers land with its size', async () => {
    const land = await createAsset(test.database.db, ownerId, {
      type: 'Land',
      name: 'Plot in Rebero',
      size: '600 sqm',
      transmission: null,
      fuel: null,
      isCertified: null,
      isInspected: null,
      warranty: null,
    });
    const response = await test.app.inject(`/api/property-asset/${land.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      _id: land.id,
      type: 'Land',
      size: '600 sqm',
      transmission: null,
      fuel: null,
      certified: null,
    });
  });

  it('answers clothes with their condition and clothing size', async () => {
    const dress = await createAsset(test.database.db, ownerId, {
      type: 'Clothes',
      name: 'Imishanana dress',
      condition: 'Like new',
      sizeCloth: 'L',
      transmission: null,
      fuel: null,
      isCertified: null,
      isInspected: null,
      warranty: null,
    });
    const response = await test.app.inject(`/api/property-asset/${dress.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      _id: dress.id,
      type: 'Clothes',
      condition: 'Like new',
      sizeCloth: 'L',
      size: null,
    });
  });

  it('answers only the public fields', async () => {
    const car = await createAsset(test.database.db, ownerId, { name: 'Public fields only' });
    const body = (await test.app.inject(`/api/property-asset/${car.id}`)).json();
    for (const hidden of ['moderation', 'deletedAt', 'search', 'updatedAt', 'id', 'offer']) {
      expect(body, hidden).not.toHaveProperty(hidden);
    }
  });

  it('answers 404 with a message for an asset that does not exist', async () => {
    const response = await test.app.inject(
      '/api/property-asset/1f6d7a52-3b1e-4c55-9a8e-0c2b4d6e8f10',
    );
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Asset not found' });
  });

  it('answers 404 for a pending, rejected or deleted asset', async () => {
    const db = test.database.db;
    const hidden = [
      await createAsset(db, ownerId, { name: 'Pending van', moderation: 'Pending' }),
      await createAsset(db, ownerId, { name: 'Rejected van', moderation: 'Rejected' }),
      await createAsset(db, ownerId, { name: 'Deleted van', deletedAt: new Date() }),
    ];
    for (const asset of hidden) {
      const response = await test.app.inject(`/api/property-asset/${asset.id}`);
      expect(response.statusCode, asset.name).toBe(404);
      expect(response.json()).toEqual({ message: 'Asset not found' });
    }
  });

  it('answers 400 naming `id` for a malformed id', async () => {
    for (const id of ['not-an-id', '123', '1f6d7a52-3b1e-4c55-9a8e-0c2b4d6e8f1']) {
      const response = await test.app.inject(`/api/property-asset/${id}`);
      expect(response.statusCode, id).toBe(400);
      expect(response.json().message).toBe('id: must be a valid listing id');
    }
  });
});
