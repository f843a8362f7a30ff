/**
 * `search_words`: every word of the catalogue's search documents is kept as listings are
 * written (the migrations' triggers), and the upgrade that built it from the listings already
 * there. Checked in SQL; the search that reads these words is the catalogue's
 * (modules/catalogue/catalogue.sql.test.ts).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsDir } from '#config/paths.ts';
import type { DatabaseHandle } from './client.ts';
import * as schema from './schema.ts';
import { properties } from './schema.ts';
import { createAsset, createProperty, createUser } from '#seed/factories.ts';
import {
  createTestDatabase,
  isSearchWordInHeadline,
  isSearchWordKept,
  type SearchCatalogue,
} from './testing.ts';

let database: DatabaseHandle;
let ownerId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  ownerId = (await createUser(database.db)).id;
});

afterAll(async () => {
  await database.close();
});

const isKept = (word: string, catalogue?: SearchCatalogue) =>
  isSearchWordKept(database.db, word, catalogue);
const isInHeadline = (word: string, catalogue?: SearchCatalogue) =>
  isSearchWordInHeadline(database.db, word, catalogue);

describe('search_words', () => {
  it("keeps the words of a new listing's title, place, features and description", async () => {
    await createProperty(database.db, ownerId, {
      title: 'Quillwort cottage',
      location: 'Gisozi, Gasabo',
      features: ['Veranda'],
      description: 'Near the zinnia market',
    });
    await createAsset(database.db, ownerId, { name: 'Xylograph bicycle' });

    for (const word of ['quillwort', 'gisozi', 'veranda', 'zinnia']) {
      expect(await isKept(word), word).toBe(true);
    }
    expect(await isKept('xylograph', 'assets')).toBe(true);
    for (const word of ['quillwort', 'gisozi']) expect(await isInHeadline(word), word).toBe(true);
    expect(await isInHeadline('xylograph', 'assets')).toBe(true);
    for (const word of ['veranda', 'zinnia']) expect(await isInHeadline(word), word).toBe(false);
  });

  it("keeps each catalogue's words apart", async () => {
    await createAsset(database.db, ownerId, { name: 'Yellowwood motorcycle' });
    await createProperty(database.db, ownerId, {
      title: 'Yarrow house',
      description: 'Yellowwood doors',
    });

    expect(await isKept('yarrow', 'assets')).toBe(false);
    expect(await isInHeadline('yellowwood', 'assets')).toBe(true);
    expect(await isInHeadline('yellowwood', 'properties')).toBe(false);
  });

  it("keeps the new words of a listing's edit, at once", async () => {
    const property = await createProperty(database.db, ownerId, { title: 'Plain house' });
    expect(await isKept('jacaranda')).toBe(false);

    await database.db
      .update(properties)
      .set({ title: 'House under the jacaranda' })
      .where(eq(properties.id, property.id));

    expect(await isKept('jacaranda')).toBe(true);
    expect(await isInHeadline('jacaranda')).toBe(true);
  });
});

/** A copy of the migrations folder holding only those up to `lastIndex` (the journal's idx). */
function migrationsUpTo(lastIndex: number): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'migrations-'));
  fs.cpSync(migrationsDir, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as {
    entries: { idx: number; tag: string }[];
  };
  for (const entry of journal.entries.filter((kept) => kept.idx > lastIndex)) {
    fs.rmSync(path.join(folder, `${entry.tag}.sql`));
  }
  journal.entries = journal.entries.filter((kept) => kept.idx <= lastIndex);
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}

// The upgrade is the same SQL on either engine; it runs once, on PGlite.
describe.skipIf(process.env.TEST_DATABASE_URL)('upgrading to words kept by catalogue', () => {
  it("rebuilds each catalogue's words from the listings already there (migration 0019)", async () => {
    const before = migrationsUpTo(18);
    const client = await PGlite.create();
    try {
      const db = drizzle({ client, schema, casing: 'snake_case' });
      await migrate(db, { migrationsFolder: before });
      // Written by hand: the factories write every column the tables have now, some added later.
      const {
        rows: [owner],
      } = await db.execute<{ id: string }>(
        sql`insert into users (name, email, role) values ('Aline', 'aline@example.rw', 'seller') returning id`,
      );
      await db.execute(
        sql`insert into properties (owner_id, type, title, description, price, offer, price_period,
            moderation, location, owner_name, contact)
          values (${owner!.id}, 'House', 'Oleander house', 'Quince tree', 450000, 'Rent', 'month',
            'Approved', 'Kicukiro', 'Aline', '0788123456')`,
      );
      await db.execute(
        sql`insert into assets (owner_id, type, name, description, price, offer, moderation,
            location, owner_name, contact)
          values (${owner!.id}, 'Motorcycle', 'Ocelot scooter', 'Quince paint', 900000, 'Sale',
            'Approved', 'Nyarugenge', 'Aline', '0788123456')`,
      );

      await migrate(db, { migrationsFolder: migrationsDir });

      const kept = await db.execute<{ catalogue: string; word: string; inHeadline: boolean }>(
        sql`select catalogue, word, in_headline as "inHeadline" from search_words
          where word in ('oleander', 'quince', 'ocelot') order by catalogue, word`,
      );
      expect(kept.rows).toEqual([
        { catalogue: 'assets', word: 'ocelot', inHeadline: true },
        { catalogue: 'assets', word: 'quince', inHeadline: false },
        { catalogue: 'properties', word: 'oleander', inHeadline: true },
        { catalogue: 'properties', word: 'quince', inHeadline: false },
      ]);
    } finally {
      await client.close();
      fs.rmSync(before, { recursive: true, force: true });
    }
  });
});
