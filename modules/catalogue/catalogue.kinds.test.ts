import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '#db/client.ts';
import { createTestDatabase } from '#db/testing.ts';
import { createAsset, createProperty, createUser } from '#seed/factories.ts';
import { findListingRow, titleOf } from './catalogue.kinds.ts';

let database: DatabaseHandle;
let ownerId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  ownerId = (await createUser(database.db)).id;
});

afterAll(async () => {
  await database.close();
});

describe('findListingRow', () => {
  it('finds a listing of either kind by its id, with its kind', async () => {
    const property = await createProperty(database.db, ownerId, { title: 'House in Remera' });
    const asset = await createAsset(database.db, ownerId, { name: 'Toyota RAV4' });

    const foundProperty = await findListingRow(database.db, property.id);
    const foundAsset = await findListingRow(database.db, asset.id);

    expect(foundProperty?.kind).toBe('property');
    expect(foundAsset?.kind).toBe('asset');
    expect(titleOf(foundProperty!.row)).toBe('House in Remera');
    expect(titleOf(foundAsset!.row)).toBe('Toyota RAV4');
  });

  it('keeps to the kinds asked for, and to what visitors see when asked', async () => {
    const asset = await createAsset(database.db, ownerId);
    const pending = await createProperty(database.db, ownerId, { moderation: 'Pending' });

    expect(await findListingRow(database.db, asset.id, { kinds: ['property'] })).toBeUndefined();
    expect((await findListingRow(database.db, pending.id))?.row.id).toBe(pending.id);
    expect(
      await findListingRow(database.db, pending.id, { isPublishedOnly: true }),
    ).toBeUndefined();
  });

  it('finds no withdrawn listing, no unknown id and no id that is not a UUID', async () => {
    const withdrawn = await createProperty(database.db, ownerId, { deletedAt: new Date() });

    expect(await findListingRow(database.db, withdrawn.id)).toBeUndefined();
    expect(await findListingRow(database.db, randomUUID())).toBeUndefined();
    expect(await findListingRow(database.db, 'not-an-id')).toBeUndefined();
  });
});
