import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { assets } from '#db/schema.ts';
import { assetValues, createAsset, createUser } from '#seed/factories.ts';
import type { Actor } from '#lib/account.ts';
import { ForbiddenError, NotFoundError } from '#lib/errors.ts';
import { countCatalogueChanges, createTestApp, type TestApp } from '#server/testing.ts';
import { NO_ASSET_KIND_FIELDS, toAssetColumns, toAssetView } from './asset.ts';

const NOW = new Date('2025-06-01T12:00:00Z');

function assetRow(overrides: Partial<typeof assets.$inferSelect> = {}) {
  return {
    ...assetValues('7d0b3c1e-0000-4000-8000-000000000001'),
    id: '7d0b3c1e-0000-4000-8000-000000000002',
    features: [],
    photos: [],
    createdAt: NOW,
    isCertified: true,
    isInspected: false,
    rentalPrice: 90_000,
    rentDuration: 'per day',
    size: null,
    condition: null,
    sizeCloth: null,
    ...overrides,
  } as typeof assets.$inferSelect;
}

describe('toAssetColumns', () => {
  it('writes the kind fields of the asset’s kind under their column names', () => {
    const columns = toAssetColumns('Car', {
      name: 'Rav4',
      owner: 'Eric',
      transmission: 'Automatic',
      certified: true,
      inspected: false,
      rentalPrice: 50_000,
    });

    expect(columns).toMatchObject({
      name: 'Rav4',
      ownerName: 'Eric',
      transmission: 'Automatic',
      isCertified: true,
      isInspected: false,
      rentalPrice: 50_000,
    });
  });

  it('empties the fields another kind has, and leaves out its own that were not sent', () => {
    const columns = toAssetColumns('Land', { size: '600 sqm', transmission: 'Manual' });

    expect(columns).toMatchObject({
      size: '600 sqm',
      transmission: null,
      fuel: null,
      isCertified: null,
      condition: null,
      sizeCloth: null,
    });
    // Undefined is what keeps a stored value on an update (Drizzle skips it).
    expect(toAssetColumns('Clothes', { condition: 'New' })).toMatchObject({
      condition: 'New',
      sizeCloth: undefined,
      size: null,
    });
  });
});

describe('reading the kind fields', () => {
  it('reads the kind columns back under the API’s field names', () => {
    expect(toAssetView(assetRow(), NOW)).toMatchObject({
      transmission: 'Automatic',
      fuel: 'Petrol',
      certified: true,
      inspected: false,
      warranty: '6 months',
      rentalPrice: 90_000,
      rentDuration: 'per day',
      size: null,
      condition: null,
      sizeCloth: null,
    });
  });

  it('shows a property every kind field, each null', () => {
    expect(Object.keys(NO_ASSET_KIND_FIELDS).sort()).toEqual(
      [
        'certified',
        'condition',
        'fuel',
        'inspected',
        'rentDuration',
        'rentalPrice',
        'size',
        'sizeCloth',
        'transmission',
        'warranty',
      ].sort(),
    );
    expect(Object.values(NO_ASSET_KIND_FIELDS).every((value) => value === null)).toBe(true);
  });
});

describe('catalogue.asset.setAvailability and the catalogue change', () => {
  let test: TestApp;
  let owner: Actor;

  beforeAll(async () => {
    test = await createTestApp();
    owner = { id: (await createUser(test.database.db, { role: 'seller' })).id, role: 'seller' };
  });

  afterAll(async () => {
    await test.close();
  });

  it('announces an asset marked rented', async () => {
    const asset = await createAsset(test.database.db, owner.id);
    const changes = countCatalogueChanges(test);

    await test.app.services.catalogue.asset.setAvailability(asset.id, 'Rented', owner);

    expect(changes.count).toBe(1);
    changes.stop();
  });

  it('announces nothing when the change is refused', async () => {
    const asset = await createAsset(test.database.db, owner.id);
    const changes = countCatalogueChanges(test);
    const service = test.app.services.catalogue.asset;

    await expect(
      service.setAvailability(asset.id, 'Sold', { id: randomUUID(), role: 'seller' }),
    ).rejects.toBeInstanceOf(ForbiddenError);
    await expect(service.setAvailability(randomUUID(), 'Sold', owner)).rejects.toBeInstanceOf(
      NotFoundError,
    );

    expect(changes.count).toBe(0);
    changes.stop();
  });
});
