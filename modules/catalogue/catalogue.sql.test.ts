/**
 * The catalogue's search pieces on a real database: what a visitor typed becomes the words of
 * the catalogue it begins (`readWordsBegun`, `toWordsQueries`), which match exactly the listings
 * the same words as prefixes match; a type's word (`typeWordsBegun`); and the sweep that forgets
 * words no listing holds (`forgetUnheldWords`). How `search_words` is kept as listings are
 * written is the database's (db/search-words.test.ts).
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '#db/client.ts';
import { assets, properties } from '#db/schema.ts';
import {
  createTestDatabase,
  isSearchWordInHeadline,
  isSearchWordKept,
  type SearchCatalogue,
} from '#db/testing.ts';
import { ASSET_TYPES, PROPERTY_TYPES } from '#lib/listing.ts';
import { searchWords, toPrefixQuery } from '#lib/search-text.ts';
import { createAsset, createProperty, createUser } from '#seed/factories.ts';
import {
  forgetUnheldWords,
  readWordsBegun,
  searchConditions,
  toWordsQueries,
  typeWordsBegun,
  type WordsQueries,
} from './catalogue.sql.ts';

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

async function expandTyped(
  text: string,
  catalogue: SearchCatalogue = 'properties',
): Promise<WordsQueries | null> {
  const table = catalogue === 'properties' ? properties : assets;
  const typedWords = searchWords(text);
  return toWordsQueries(
    await Promise.all(typedWords.map((word) => readWordsBegun(database.db, table, word))),
  );
}

describe('readWordsBegun', () => {
  it('reads the words of the searched catalogue only', async () => {
    await createAsset(database.db, ownerId, { name: 'Yellowwood motorcycle' });
    await createProperty(database.db, ownerId, {
      title: 'Yarrow house',
      description: 'Yellowwood doors',
    });

    // The properties' headline gets no word only an asset's headline holds.
    expect(await expandTyped('yellowwo')).toEqual({ document: "('yellowwood')", headline: null });
    expect(await expandTyped('yellowwo', 'assets')).toEqual({
      document: "('yellowwood')",
      headline: "('yellowwood')",
    });
    // A word no asset holds ends the assets' search before any is read.
    expect(await expandTyped('yarr', 'assets')).toBeNull();
  });

  it("reads the words of a listing's edit at once", async () => {
    const property = await createProperty(database.db, ownerId, { title: 'Plain house' });
    expect(await expandTyped('jacar')).toBeNull();

    await database.db
      .update(properties)
      .set({ title: 'House under the jacaranda' })
      .where(eq(properties.id, property.id));

    expect(await expandTyped('jacar')).toEqual({
      document: "('jacaranda')",
      headline: "('jacaranda')",
    });
  });
});

describe('wholeWordsQuery', () => {
  it('gives each typed prefix as the words it begins, accents folded', async () => {
    await createProperty(database.db, ownerId, { title: 'Umbrella villa in Rémera' });
    await createProperty(database.db, ownerId, { title: 'Umbra flat in Remera' });

    const umbrellaRemera = "('umbra' | 'umbrella') & ('remera')";
    expect(await expandTyped('Umbr RÉM')).toEqual({
      document: umbrellaRemera,
      headline: umbrellaRemera,
    });
  });

  it('gives the headline only the words some headline holds, or nothing to look for', async () => {
    await createProperty(database.db, ownerId, {
      title: 'Tamarind house',
      description: 'A tamarisk hedge and a tamarillo tree',
    });

    expect(await expandTyped('tamar')).toEqual({
      document: "('tamarillo' | 'tamarind' | 'tamarisk')",
      headline: "('tamarind')",
    });
    expect(await expandTyped('tamaris')).toEqual({ document: "('tamarisk')", headline: null });
  });

  it('answers null when a typed word begins no word of the catalogue', async () => {
    expect(await expandTyped('umbr qqqzzz')).toBeNull();
  });

  it('keeps a prefix that begins more than 30 words a prefix', async () => {
    const manyWords = Array.from({ length: 31 }, (_, index) => `wombat${index}`);
    await createProperty(database.db, ownerId, { description: manyWords.join(' ') });

    expect(await expandTyped('wom')).toEqual({ document: "'wom':*", headline: null });
    expect((await expandTyped('wombat1'))?.document).toMatch(/^\('wombat1' \| 'wombat10' \|/);
  });
});

describe('a search by whole words', () => {
  const DOCUMENTS = [
    'Two-bedroom house in Kicukiro, e-mail agent@inzu.rw',
    'Maison à Nyamirambo, 1.5 km from the café',
    "Inzu y'ibyumba bitatu i Kimironko",
    'Apartment 3B, Kacyiru; parking for 2 cars',
    'Land plot 600sqm near Rebero hill',
  ];

  it('matches the listings the same words as prefixes match, for every prefix typed', async () => {
    const ids: string[] = [];
    for (const description of DOCUMENTS) {
      ids.push((await createProperty(database.db, ownerId, { description })).id);
    }
    const typed = new Set<string>();
    for (const word of DOCUMENTS.flatMap(searchWords)) {
      for (let length = 1; length <= word.length; length += 1) typed.add(word.slice(0, length));
    }
    typed.add('kicu rebero');
    typed.add('inzu kim');

    const matching = async (vector: 'search' | 'headline', condition: ReturnType<typeof sql>) => {
      const result = await database.db.execute<{ id: string }>(
        sql`select id from properties where ${sql.identifier(vector)} @@ ${condition} order by id`,
      );
      return result.rows.map((row) => row.id).filter((id) => ids.includes(id));
    };
    for (const text of typed) {
      const byPrefix = sql`to_tsquery('simple', fold_accents(${toPrefixQuery(text)}))`;
      const queries = await expandTyped(text);
      for (const vector of ['search', 'headline'] as const) {
        const query = vector === 'search' ? queries?.document : queries?.headline;
        const byWords = query ? await matching(vector, sql`${query}::tsquery`) : [];
        expect(byWords, `${vector}: ${text}`).toEqual(await matching(vector, byPrefix));
      }
    }
  });
});

describe('typeWordsBegun', () => {
  // A search of one type finds its listings by this word: every listing must hold it, whatever
  // its title and text say.
  it("is a word of every listing's search document and headline, of every type", async () => {
    const listings = [
      ...PROPERTY_TYPES.map(async (type) => ({
        type,
        table: properties,
        id: (await createProperty(database.db, ownerId, { type, title: 'Xenial place' })).id,
      })),
      ...ASSET_TYPES.map(async (type) => ({
        type,
        table: assets,
        id: (await createAsset(database.db, ownerId, { type, name: 'Xenial thing' })).id,
      })),
    ];
    for (const { type, table, id } of await Promise.all(listings)) {
      const { inSearch, inHeadline } = searchConditions(
        table,
        toWordsQueries([typeWordsBegun(type)])!,
      );
      const [row] = await database.db
        .select({
          isInSearch: sql<boolean>`${inSearch}`,
          isInHeadline: sql<boolean>`${inHeadline}`,
        })
        .from(table)
        .where(eq(table.id, id));
      expect(row, type).toEqual({ isInSearch: true, isInHeadline: true });
    }
  });
});

describe('forgetUnheldWords', () => {
  /** The whole catalogue in one transaction (the service sweeps it a batch at a time). */
  const forget = (catalogue: SearchCatalogue = 'properties') =>
    database.db.transaction((tx) =>
      forgetUnheldWords(tx, catalogue === 'properties' ? properties : assets, { limit: 100_000 }),
    );

  it('forgets a word no listing holds any more, and the headline mark no headline holds', async () => {
    const edited = await createProperty(database.db, ownerId, {
      title: 'Ocotillo pine house',
      description: 'Close to the jetty',
    });
    await createProperty(database.db, ownerId, {
      title: 'Garden flat',
      description: 'An ocotillo in the yard',
    });
    await database.db
      .update(properties)
      .set({ title: 'Pine house', description: 'Close to the market' })
      .where(eq(properties.id, edited.id));
    // Kept by the edit's trigger, as before: only ever added.
    expect(await isKept('jetty')).toBe(true);
    expect(await isInHeadline('ocotillo')).toBe(true);

    const { forgotten, unmarked } = await forget();

    expect(forgotten).toBeGreaterThanOrEqual(1);
    expect(unmarked).toBeGreaterThanOrEqual(1);
    expect(await isKept('jetty')).toBe(false);
    expect(await expandTyped('jett')).toBeNull();
    expect(await isKept('ocotillo')).toBe(true);
    expect(await isInHeadline('ocotillo')).toBe(false);
    expect(await expandTyped('ocoti')).toEqual({ document: "('ocotillo')", headline: null });
    expect(await isInHeadline('pine')).toBe(true);
    expect(await isKept('market')).toBe(true);
  });

  it('keeps the words of listings out of the lists, which may come back unchanged', async () => {
    await createProperty(database.db, ownerId, {
      title: 'Quetzal lodge',
      moderation: 'Pending',
    });
    await createProperty(database.db, ownerId, {
      title: 'Kestrel cabin',
      deletedAt: new Date(),
    });

    await forget();

    for (const word of ['quetzal', 'kestrel']) {
      expect(await isKept(word), word).toBe(true);
      expect(await isInHeadline(word), word).toBe(true);
    }
  });

  it("forgets only the swept catalogue's words", async () => {
    await createAsset(database.db, ownerId, { name: 'Wombat scooter' });
    await database.db.execute(
      sql`insert into search_words (catalogue, word) values ('assets', 'orphanword')`,
    );

    await forget('properties');
    expect(await isKept('wombat', 'assets')).toBe(true);
    expect(await isKept('orphanword', 'assets')).toBe(true);

    await forget('assets');
    expect(await isKept('wombat', 'assets')).toBe(true);
    expect(await isKept('orphanword', 'assets')).toBe(false);
  });

  it('reads words with quotes and backslashes as the words they are', async () => {
    await database.db.execute(
      sql`insert into search_words (catalogue, word, in_headline)
        values ('properties', ${"o'hare"}, true), ('properties', ${'back\\slash'}, true)`,
    );

    await forget();

    expect(await isKept("o'hare")).toBe(false);
    expect(await isKept('back\\slash')).toBe(false);
  });

  it('looks at the words after `after`, at most `limit` of them, and answers the last', async () => {
    await database.db.execute(
      sql`insert into search_words (catalogue, word)
        values ('assets', 'zzorphan1'), ('assets', 'zzorphan2'), ('assets', 'zzorphan3')`,
    );

    const batch = await database.db.transaction((tx) =>
      forgetUnheldWords(tx, assets, { after: 'zzorphan1', limit: 1 }),
    );

    expect(batch).toEqual({ forgotten: 1, unmarked: 0, last: 'zzorphan2' });
    expect(await isKept('zzorphan1', 'assets')).toBe(true);
    expect(await isKept('zzorphan2', 'assets')).toBe(false);
    expect(await isKept('zzorphan3', 'assets')).toBe(true);
    const past = await database.db.transaction((tx) =>
      forgetUnheldWords(tx, assets, { after: 'zzorphan3' }),
    );
    expect(past).toEqual({ forgotten: 0, unmarked: 0, last: null });
  });
});
