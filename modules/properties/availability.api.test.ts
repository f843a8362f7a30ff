import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assets, properties } from '#db/schema.ts';
import { createAsset, createProperty } from '#seed/factories.ts';
import { createSignedInUser, createTestApp, type TestApp } from '#server/testing.ts';

let test: TestApp;

beforeAll(async () => {
  test = await createTestApp();
});

afterAll(async () => {
  await test.close();
});

const MESSAGES = {
  signInRequired: 'Please log in to continue.',
  forbidden: 'You do not have permission to do this.',
  notFound: 'Not found',
} as const;

/**
 * The two owner routes differ only in their path, their factory and their table: each case
 * below runs for both.
 */
const KINDS = [
  {
    name: 'property',
    path: (id: string) => `/api/property/${id}/availability`,
    async create(ownerId: string) {
      return (await createProperty(test.database.db, ownerId)).id;
    },
    async remove(id: string) {
      await test.database.db
        .update(properties)
        .set({ deletedAt: new Date() })
        .where(eq(properties.id, id));
    },
    async availabilityOf(id: string) {
      const [row] = await test.database.db
        .select({ availability: properties.availability })
        .from(properties)
        .where(eq(properties.id, id));
      return row?.availability;
    },
  },
  {
    name: 'asset',
    path: (id: string) => `/api/property-asset/${id}/availability`,
    async create(ownerId: string) {
      return (await createAsset(test.database.db, ownerId)).id;
    },
    async remove(id: string) {
      await test.database.db.update(assets).set({ deletedAt: new Date() }).where(eq(assets.id, id));
    },
    async availabilityOf(id: string) {
      const [row] = await test.database.db
        .select({ availability: assets.availability })
        .from(assets)
        .where(eq(assets.id, id));
      return row?.availability;
    },
  },
] as const;

function setAvailability(path: string, payload: object, headers: Record<string, string> = {}) {
  return test.app.inject({ method: 'PUT', url: path, payload, headers });
}

function signIn(role: 'seller' | 'buyer' | 'admin') {
  return createSignedInUser(test.database, { role });
}

for (const kind of KINDS) {
  describe(`PUT ${kind.path(':id')}`, () => {
    /** A listing of this kind owned by a fresh seller, and that seller's headers. */
    async function ownedListing() {
      const owner = await signIn('seller');
      const id = await kind.create(owner.user.id);
      return { id, owner };
    }

    it('lets the owner mark the listing Sold', async () => {
      const { id, owner } = await ownedListing();
      const response = await setAvailability(kind.path(id), { availability: 'Sold' }, owner.bearer);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: 'Listing marked Sold.', availability: 'Sold' });
      expect(await kind.availabilityOf(id)).toBe('Sold');
    });

    it('lets the owner mark it Rented and then Available again', async () => {
      const { id, owner } = await ownedListing();
      for (const availability of ['Rented', 'Available'] as const) {
        const response = await setAvailability(kind.path(id), { availability }, owner.bearer);
        expect(response.statusCode, availability).toBe(200);
        expect(await kind.availabilityOf(id)).toBe(availability);
      }
    });

    it('lets an admin change a listing they do not own', async () => {
      const { id } = await ownedListing();
      const admin = await signIn('admin');
      const response = await setAvailability(kind.path(id), { availability: 'Sold' }, admin.bearer);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: 'Listing marked Sold.', availability: 'Sold' });
      expect(await kind.availabilityOf(id)).toBe('Sold');
    });

    it('answers 403 to another seller and to a buyer, leaving the listing as it was', async () => {
      const { id } = await ownedListing();
      for (const role of ['seller', 'buyer'] as const) {
        const other = await signIn(role);
        const response = await setAvailability(
          kind.path(id),
          { availability: 'Sold' },
          other.bearer,
        );
        expect(response.statusCode, role).toBe(403);
        expect(response.json(), role).toEqual({ message: MESSAGES.forbidden });
      }
      expect(await kind.availabilityOf(id)).toBe('Available');
    });

    it('answers 401 to an anonymous caller', async () => {
      const { id } = await ownedListing();
      const response = await setAvailability(kind.path(id), { availability: 'Sold' });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: MESSAGES.signInRequired });
      expect(await kind.availabilityOf(id)).toBe('Available');
    });

    it('answers 404 for an unknown id, to a seller and to an admin', async () => {
      for (const role of ['seller', 'admin'] as const) {
        const caller = await signIn(role);
        const response = await setAvailability(
          kind.path(randomUUID()),
          { availability: 'Sold' },
          caller.bearer,
        );
        expect(response.statusCode, role).toBe(404);
        expect(response.json().message, role).toBeTruthy();
      }
    });

    it('answers 404 to the owner of a deleted listing', async () => {
      const { id, owner } = await ownedListing();
      await kind.remove(id);
      const response = await setAvailability(kind.path(id), { availability: 'Sold' }, owner.bearer);
      expect(response.statusCode).toBe(404);
      expect(await kind.availabilityOf(id)).toBe('Available');
    });

    it('answers 404 to a signed-in non-admin for an id that is not a uuid', async () => {
      const seller = await signIn('seller');
      const response = await setAvailability(
        kind.path('not-a-uuid'),
        { availability: 'Sold' },
        seller.bearer,
      );
      // The access check looks the owner up before the parameters are validated.
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: MESSAGES.notFound });
    });

    it('answers 400 naming `id` to an admin for an id that is not a uuid', async () => {
      const admin = await signIn('admin');
      const response = await setAvailability(
        kind.path('not-a-uuid'),
        { availability: 'Sold' },
        admin.bearer,
      );
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/^id: /);
    });

    it('answers 400 naming `availability` for an unknown or missing value', async () => {
      const { id, owner } = await ownedListing();
      for (const payload of [{ availability: 'Gone' }, { availability: 42 }, {}]) {
        const response = await setAvailability(kind.path(id), payload, owner.bearer);
        const label = JSON.stringify(payload);
        expect(response.statusCode, label).toBe(400);
        expect(response.json().message, label).toMatch(/^availability: /);
      }
      expect(await kind.availabilityOf(id)).toBe('Available');
    });
  });
}

describe('the availability rule in the services (pages call them without the API guard)', () => {
  it('lets the owner and admins change it, refuses anyone else, 404s the unknown', async () => {
    const { catalogue } = test.app.services;
    const owner = await createSignedInUser(test.database, { role: 'seller' });
    const stranger = { id: randomUUID(), role: 'seller' } as const;
    const admin = { id: randomUUID(), role: 'admin' } as const;
    const propertyId = await KINDS[0]!.create(owner.user.id);
    const assetId = await KINDS[1]!.create(owner.user.id);

    await expect(
      catalogue.property.setAvailability(propertyId, 'Sold', stranger),
    ).rejects.toMatchObject({ status: 403 });
    await expect(catalogue.asset.setAvailability(assetId, 'Sold', stranger)).rejects.toMatchObject({
      status: 403,
    });
    expect(await KINDS[0]!.availabilityOf(propertyId)).toBe('Available');

    await catalogue.property.setAvailability(propertyId, 'Rented', owner.user);
    await catalogue.asset.setAvailability(assetId, 'Sold', admin);
    expect(await KINDS[0]!.availabilityOf(propertyId)).toBe('Rented');
    expect(await KINDS[1]!.availabilityOf(assetId)).toBe('Sold');

    await expect(
      catalogue.property.setAvailability(randomUUID(), 'Sold', admin),
    ).rejects.toMatchObject({ status: 404 });
  });
});
