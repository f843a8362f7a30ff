import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '#seed/factories.ts';
import type { Actor } from '#lib/account.ts';
import { ForbiddenError, NotFoundError } from '#lib/errors.ts';
import { countCatalogueChanges, createTestApp, type TestApp } from '#server/testing.ts';
import { AdminAssetInputSchema, AdminPropertyInputSchema } from './admin-listings.schema.ts';

let test: TestApp;
let admin: Actor;
let seller: Actor;

beforeAll(async () => {
  test = await createTestApp();
  admin = { id: (await createUser(test.database.db, { role: 'admin' })).id, role: 'admin' };
  seller = { id: (await createUser(test.database.db, { role: 'seller' })).id, role: 'seller' };
});

afterAll(async () => {
  await test.close();
});

const property = AdminPropertyInputSchema.parse({
  title: 'Villa in Nyarutarama',
  location: 'Nyarutarama, Kigali',
  area: '300',
  bedrooms: '5',
  bathrooms: '3',
  toilets: '4',
  price: '1500000',
  owner: 'Inzu Estates',
  contact: '0788000111',
  description: 'A large villa with a view over the city.',
  status: 'Pending',
});

const asset = AdminAssetInputSchema.parse({
  name: 'Plot in Bugesera',
  type: 'Land',
  location: 'Bugesera',
  price: '9000000',
  owner: 'Inzu Estates',
  contact: '0788000111',
  size: '600 sqm',
});

describe('the catalogue change an admin write makes', () => {
  it('is announced after each write visitors could see: approval, edit and delete of a property', async () => {
    const { adminListings } = test.app.services;
    const changes = countCatalogueChanges(test);

    // Created Pending: no visitor sees it yet, no copy of the catalogue changes.
    const created = await adminListings.createProperty(property, [], admin);
    expect(changes.count).toBe(0);
    await adminListings.updateProperty(created._id, { status: 'Approved' }, [], admin);
    expect(changes.count).toBe(1);
    await adminListings.updateProperty(created._id, { price: 1_400_000 }, [], admin);
    expect(changes.count).toBe(2);
    await adminListings.deleteProperty(created._id, admin);
    expect(changes.count).toBe(3);
    changes.stop();
  });

  it('is announced after each create, update and delete of an asset', async () => {
    const { adminListings } = test.app.services;
    const changes = countCatalogueChanges(test);

    const created = await adminListings.createAsset(asset, [], admin);
    await adminListings.updateAsset(created._id, { size: '700 sqm' }, [], admin);
    await adminListings.deleteAsset(created._id, admin);

    expect(changes.count).toBe(3);
    changes.stop();
  });

  it('is not announced when a write is refused or rolled back', async () => {
    const { adminListings } = test.app.services;
    const created = await adminListings.createProperty(property, [], admin);
    const changes = countCatalogueChanges(test);

    await expect(adminListings.createProperty(property, [], seller)).rejects.toBeInstanceOf(
      ForbiddenError,
    );
    await expect(adminListings.deleteAsset(randomUUID(), admin)).rejects.toBeInstanceOf(
      NotFoundError,
    );
    // The database's own check refuses a negative price: the transaction rolls back.
    await expect(
      adminListings.updateProperty(created._id, { price: -1 }, [], admin),
    ).rejects.toThrow();

    expect(changes.count).toBe(0);
    expect((await adminListings.getProperty(created._id, admin)).price).toBe(1_500_000);
    changes.stop();
  });
});
