import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '#db/client.ts';
import { createProperty, createUser } from '#seed/factories.ts';
import { createTestDatabase } from '#db/testing.ts';
import { systemClock } from '#lib/clock.ts';
import { createCatalogueEvents } from '#modules/catalogue/catalogue.events.ts';
import { createCatalogueService } from '#modules/catalogue/catalogue.service.ts';
import { createListingWriter } from '#modules/catalogue/catalogue.writes.ts';
import { createSearchService } from './search.service.ts';

let database: DatabaseHandle;
let ownerId: string;

function searchService(cacheSeconds: number, { isKeepingTypedWords = false } = {}) {
  const catalogueEvents = createCatalogueEvents({
    onListenerError: (error) => {
      throw error;
    },
  });
  const deps = {
    db: database.db,
    clock: systemClock,
    catalogueEvents,
    cacheSeconds: 0,
    isKeepingTypedWords,
    writer: createListingWriter({ clock: systemClock, catalogueEvents }),
    featuredPerPage: async () => 3,
  };
  const search = createSearchService({
    catalogue: createCatalogueService(deps),
    cacheSeconds,
    catalogueEvents,
  });
  return { ...search, catalogueEvents };
}

const titles = (answer: { properties: { title: string }[] }) =>
  answer.properties.map((property) => property.title).sort();

beforeAll(async () => {
  database = await createTestDatabase();
  ownerId = (await createUser(database.db)).id;
  await createProperty(database.db, ownerId, { title: 'Rebero hill house' });
});

afterAll(async () => {
  await database.close();
});

describe('search answer cache', () => {
  it('answers the same normalised query from the cache until the catalogue changes', async () => {
    const search = searchService(60);
    expect(titles(await search.searchCatalogue('rebero'))).toEqual(['Rebero hill house']);
    await createProperty(database.db, ownerId, { title: 'Rebero villa' });
    // 'REBERO!' normalises to the same query, so the cached answer comes back.
    expect(titles(await search.searchCatalogue('REBERO!'))).toEqual(['Rebero hill house']);
    search.catalogueEvents.changed();
    expect(titles(await search.searchCatalogue('rebero'))).toEqual([
      'Rebero hill house',
      'Rebero villa',
    ]);
  });

  it('forgets its answers when the catalogue changes', async () => {
    const search = searchService(60);
    const before = titles(await search.searchCatalogue('rebero'));
    await createProperty(database.db, ownerId, { title: 'Rebero cottage' });
    expect(titles(await search.searchCatalogue('rebero'))).toEqual(before);

    search.catalogueEvents.changed();

    expect(titles(await search.searchCatalogue('rebero'))).toEqual(
      [...before, 'Rebero cottage'].sort(),
    );
  });

  it('gives visitors asking the same thing at once the same answer', async () => {
    const search = searchService(60);
    const [first, second] = await Promise.all([
      search.searchCatalogue('rebero'),
      search.searchCatalogue('Rebero'),
    ]);
    // One read of the database: the same lists, not equal copies.
    expect(second.properties).toBe(first.properties);
    expect(second.totals).toBe(first.totals);
  });

  it('keys a search by what its words mean, in whichever language they were typed', async () => {
    const search = searchService(60);
    const english = await search.searchCatalogue('houses for rent in Rebero');
    expect(titles(english)).toContain('Rebero hill house');
    expect(english.understood).toMatchObject({ type: 'House', offer: 'Rent' });
    for (const typed of ['inzu ikodeshwa i Rebero', 'maison à louer à Rebero']) {
      const answer = await search.searchCatalogue(typed);
      expect(answer.properties).toBe(english.properties);
      expect(answer.understood).toMatchObject({ type: 'House', offer: 'Rent' });
    }
  });

  it('answers a search the catalogue changed under', async () => {
    const search = searchService(60);
    const underway = search.searchCatalogue('rebero');
    search.catalogueEvents.changed();
    expect(titles(await underway)).toContain('Rebero hill house');
  });

  it('asks the database every time when the cache is off', async () => {
    const search = searchService(0);
    const before = titles(await search.searchCatalogue('rebero'));
    await createProperty(database.db, ownerId, { title: 'Rebero flat' });
    expect(titles(await search.searchCatalogue('rebero'))).toEqual(
      [...before, 'Rebero flat'].sort(),
    );
  });
});

describe('typed words kept', () => {
  it('keeps the words a typed word begins until the catalogue changes, answers not', async () => {
    const search = searchService(0, { isKeepingTypedWords: true });
    expect(titles(await search.searchCatalogue('umusambi'))).toEqual([]);
    await createProperty(database.db, ownerId, { title: 'Umusambi lodge' });
    // The kept words say no listing holds a word 'umusambi' begins: nothing is read.
    expect(titles(await search.searchCatalogue('umusambi'))).toEqual([]);

    search.catalogueEvents.changed();

    expect(titles(await search.searchCatalogue('umusambi'))).toEqual(['Umusambi lodge']);
    // The listings are read for every search, the kept words or not.
    await createProperty(database.db, ownerId, { title: 'Umusambi villa' });
    expect(titles(await search.searchCatalogue('umusambi'))).toEqual([
      'Umusambi lodge',
      'Umusambi villa',
    ]);
  });
});
