/**
 * The one write path of listings on a real database: every operation tells the listing event
 * inside its transaction with the rows before and after, tells `changed` once after the commit
 * when visitors could see the listing, never for a write rolled back, and keeps the lifetime
 * columns in step (lib/listing-life.ts).
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle, Transaction } from '#db/client.ts';
import { assets, properties } from '#db/schema.ts';
import { createTestDatabase } from '#db/testing.ts';
import { NotFoundError } from '#lib/errors.ts';
import {
  assetValues,
  createAsset,
  createProperty,
  createUser,
  propertyValues,
} from '#seed/factories.ts';
import type { ListingWrite } from './catalogue.events.ts';
import type { ListingRow } from './catalogue.kinds.ts';
import { createListingWriter } from './catalogue.writes.ts';

const NOW = new Date('2026-03-02T09:00:00Z');

let database: DatabaseHandle;
let ownerId: string;
let writes: ListingWrite[];
let changes: number;
/** Whether `changed` came while the transaction was still open (it never should). */
let changedInTransaction: boolean;
let isInTransaction: boolean;

const writer = createListingWriter({
  clock: () => NOW,
  catalogueEvents: {
    async listingWritten(change) {
      writes.push(change);
    },
    changed() {
      changes += 1;
      if (isInTransaction) changedInTransaction = true;
    },
  },
});

/** Runs `work` in a transaction, noting while it is open. */
async function inTransaction<Result>(work: (tx: Transaction) => Promise<Result>): Promise<Result> {
  return database.db.transaction(async (tx) => {
    isInTransaction = true;
    try {
      return await work(tx);
    } finally {
      isInTransaction = false;
    }
  });
}

beforeAll(async () => {
  database = await createTestDatabase();
  ownerId = (await createUser(database.db)).id;
});

afterAll(async () => {
  await database.close();
});

beforeEach(() => {
  writes = [];
  changes = 0;
  changedInTransaction = false;
});

describe('the listing writer', () => {
  it('creates a published listing with its lifetime started, told once after the commit', async () => {
    const created = await inTransaction((tx) =>
      writer.create(tx, 'property', propertyValues(ownerId, { moderation: 'Approved' })),
    );

    expect(created.confirmedAt).toEqual(NOW);
    expect(created.createdAt).toEqual(NOW);
    expect(writes).toEqual([{ kind: 'property', before: null, after: created }]);
    expect(changes).toBe(1);
    expect(changedInTransaction).toBe(false);
  });

  it('tells the listeners of a supply in review, but no copy of the catalogue changes', async () => {
    const created = await inTransaction((tx) =>
      writer.create(tx, 'asset', assetValues(ownerId, { moderation: 'Pending' })),
    );

    expect(created.confirmedAt).toBeNull();
    expect(writes).toHaveLength(1);
    expect(changes).toBe(0);
  });

  it('starts a new lifetime on approval and dates a change of availability', async () => {
    const pending = await createProperty(database.db, ownerId, { moderation: 'Pending' });

    const approved = await inTransaction((tx) =>
      writer.update(tx, 'property', pending.id, { moderation: 'Approved' }),
    );
    const sold = await inTransaction((tx) =>
      writer.setAvailability(tx, 'property', pending.id, 'Sold'),
    );

    expect(approved.confirmedAt).toEqual(NOW);
    expect(approved.updatedAt).toEqual(NOW);
    expect(sold.availability).toBe('Sold');
    expect(sold.availabilityChangedAt).toEqual(NOW);
    expect(writes.map((write) => [write.before?.moderation, write.after.moderation])).toEqual([
      ['Pending', 'Approved'],
      ['Approved', 'Approved'],
    ]);
    expect(changes).toBe(2);
  });

  it('tells nothing of a write rolled back, and the row is as it was', async () => {
    const listing = await createAsset(database.db, ownerId);

    await expect(
      inTransaction(async (tx) => {
        await writer.update(tx, 'asset', listing.id, { price: 1 });
        throw new Error('the rest of the change failed');
      }),
    ).rejects.toThrow('the rest of the change failed');

    expect(changes).toBe(0);
    const [row] = await database.db.select().from(assets).where(eq(assets.id, listing.id));
    expect(row!.price).toBe(listing.price);
  });

  it('never writes a withdrawn listing: it is NotFound', async () => {
    const listing = await createProperty(database.db, ownerId);
    await inTransaction((tx) => writer.withdraw(tx, 'property', listing.id));
    writes = [];

    await expect(
      inTransaction((tx) => writer.setHidden(tx, 'property', listing.id, NOW)),
    ).rejects.toBeInstanceOf(NotFoundError);
    await expect(
      inTransaction((tx) => writer.renew(tx, 'property', randomUUID())),
    ).rejects.toBeInstanceOf(NotFoundError);
    expect(writes).toEqual([]);
  });

  it("withdraws all of an owner's listings of both kinds, each told, the catalogue told once", async () => {
    const owner = (await createUser(database.db)).id;
    await createProperty(database.db, owner);
    await createProperty(database.db, owner);
    await createAsset(database.db, owner);
    const gone = await createAsset(database.db, owner, { deletedAt: NOW });

    const withdrawn = await inTransaction((tx) => writer.withdrawOwnerListings(tx, owner));

    expect(withdrawn).toEqual({ property: 2, asset: 1 });
    expect(writes.map((write) => write.kind).sort()).toEqual(['asset', 'property', 'property']);
    expect(writes.every((write) => write.after.deletedAt?.getTime() === NOW.getTime())).toBe(true);
    expect(writes.some((write) => write.after.id === gone.id)).toBe(false);
    expect(changes).toBe(1);
    const left = await database.db.select().from(properties).where(eq(properties.ownerId, owner));
    expect(left.every((row) => row.deletedAt !== null)).toBe(true);
  });

  it('expires, warns and renews through the same path', async () => {
    const listing = await createProperty(database.db, ownerId, { confirmedAt: NOW });

    await inTransaction(async (tx) => {
      await writer.markWarned(tx, 'property', [listing.id], NOW);
      await writer.expire(tx, 'property', [listing.id], NOW);
    });
    const renewed = await inTransaction((tx) => writer.renew(tx, 'property', listing.id));

    expect(writes.map((write) => (write.after as ListingRow).expiryWarnedAt)).toEqual([
      NOW,
      NOW,
      null,
    ]);
    expect(writes.map((write) => write.after.expiredAt)).toEqual([null, NOW, null]);
    expect(renewed.confirmedAt).toEqual(NOW);
    // One transaction, one change told, however many writes it made.
    expect(changes).toBe(2);
  });
});
