import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { afterCommit } from './after-commit.ts';
import type { DatabaseHandle } from './client.ts';
import { users } from './schema.ts';
import { createUser } from '#seed/factories.ts';
import { createTestDatabase } from './testing.ts';

let database: DatabaseHandle;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.close();
});

describe('afterCommit', () => {
  it('runs what a transaction was given once it has committed, in order', async () => {
    const { db } = database;
    const user = await createUser(db);
    const seen: string[] = [];

    await db.transaction(async (tx) => {
      await tx.update(users).set({ name: 'Committed name' }).where(eq(users.id, user.id));
      afterCommit(tx, () => seen.push('first'));
      afterCommit(tx, () => seen.push('second'));
      expect(seen).toEqual([]);
    });

    expect(seen).toEqual(['first', 'second']);
  });

  it('sees the committed writes from the database itself', async () => {
    const { db } = database;
    const user = await createUser(db);
    let nameSeen: Promise<string | undefined> | undefined;

    await db.transaction(async (tx) => {
      await tx.update(users).set({ name: 'Visible name' }).where(eq(users.id, user.id));
      afterCommit(tx, () => {
        nameSeen = db
          .select({ name: users.name })
          .from(users)
          .where(eq(users.id, user.id))
          .then(([row]) => row?.name);
      });
    });

    expect(await nameSeen).toBe('Visible name');
  });

  it('runs nothing when the transaction rolls back', async () => {
    const seen: string[] = [];
    await expect(
      database.db.transaction(async (tx) => {
        afterCommit(tx, () => seen.push('never'));
        await tx.execute(sql`select 1`);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(seen).toEqual([]);
  });

  it('runs at once outside a transaction', () => {
    const seen: string[] = [];
    afterCommit(database.db, () => seen.push('now'));
    expect(seen).toEqual(['now']);
  });
});
