import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { properties } from '#db/schema.ts';
import { featuredFirst } from '#lib/pagination.ts';
import { DEFAULT_PRICES } from '#modules/settings/settings.schema.ts';
import { createProperty, createUser } from '#seed/factories.ts';
import { createTestApp, type TestApp } from '#server/testing.ts';

const now = new Date('2026-11-28T10:00:00.000Z');
const inDays = (days: number) => new Date(now.getTime() + days * 86_400_000);

let test: TestApp;
let ownerId: string;
let adminId: string;

beforeAll(async () => {
  test = await createTestApp({ clock: () => now });
  ownerId = (await createUser(test.database.db, { role: 'seller' })).id;
  adminId = (await createUser(test.database.db, { role: 'admin' })).id;
});

afterAll(async () => {
  await test.close();
});

/** Every test starts from an empty catalogue, three featured listings a page. */
beforeEach(async () => {
  await test.database.db.delete(properties);
  await setFeaturedPerPage(3);
});

async function setFeaturedPerPage(featuredPerPage: number) {
  await test.app.services.settings.updatePrices(
    { ...DEFAULT_PRICES, featuredPerPage },
    { id: adminId, role: 'admin' },
  );
}

/** A published house; `featuredUntil` as a boost left it. Written directly, so announced here. */
async function house(overrides: Parameters<typeof createProperty>[2] = {}) {
  const row = await createProperty(test.database.db, ownerId, {
    title: `House ${randomUUID().slice(0, 6)}`,
    moderation: 'Approved',
    confirmedAt: now,
    ...overrides,
  });
  test.app.services.catalogueEvents.changed();
  return row;
}

const ids = (views: { _id: string }[] | undefined) => (views ?? []).map((view) => view._id).sort();

describe('featured listings', () => {
  it('obey every filter of the list, and only running boosts of published listings count', async () => {
    const kicukiro = await house({ district: 'Kicukiro', featuredUntil: inDays(3) });
    await house({ district: 'Gasabo', featuredUntil: inDays(3) });
    await house({ type: 'Apartment', district: 'Kicukiro', featuredUntil: inDays(3) });
    const boostEnded = await house({ district: 'Kicukiro', featuredUntil: inDays(-1) });
    await house({ district: 'Kicukiro', featuredUntil: inDays(3), hiddenAt: now });
    await house({ district: 'Kicukiro', featuredUntil: inDays(3), moderation: 'Pending' });
    const plain = await house({ district: 'Kicukiro' });

    const page = await test.app.services.catalogue.property.listPublished({
      type: 'House',
      district: 'Kicukiro',
    });
    expect(ids(page.featured)).toEqual([kicukiro.id]);
    expect(ids(page.items)).toEqual(
      ids([{ _id: kicukiro.id }, { _id: boostEnded.id }, { _id: plain.id }]),
    );
    // Shown first, once, however the page orders it.
    const shown = featuredFirst(page);
    expect(shown.items.map((item) => item._id)).toEqual([
      kicukiro.id,
      ...page.items.filter((item) => item._id !== kicukiro.id).map((item) => item._id),
    ]);
    expect(shown.featuredIds).toEqual([kicukiro.id]);
  });

  it('are at most featuredPerPage a page, each on one page, none when it is 0', async () => {
    const boosted = await Promise.all([1, 2, 3].map(() => house({ featuredUntil: inDays(5) })));
    await setFeaturedPerPage(2);
    const first = await test.app.services.catalogue.property.listPublished({ page: 1 });
    const second = await test.app.services.catalogue.property.listPublished({ page: 2 });
    expect(first.featured).toHaveLength(2);
    expect(second.featured).toHaveLength(1);
    expect([...ids(first.featured), ...ids(second.featured)].sort()).toEqual(
      ids(boosted.map((row) => ({ _id: row.id }))),
    );
    await setFeaturedPerPage(0);
    expect((await test.app.services.catalogue.property.listPublished({})).featured).toEqual([]);
  });

  it('match the words of a search too', async () => {
    const word = `zq${randomUUID()
      .replace(/[^a-f]/g, '')
      .slice(0, 8)}`;
    const matching = await house({ title: `Villa ${word}`, featuredUntil: inDays(2) });
    await house({ featuredUntil: inDays(2) });
    const found = await test.app.services.catalogue.property.searchPublished(word);
    expect(ids(found.featured)).toEqual([matching.id]);
  });

  it('take the home grids first places, marked', async () => {
    const older = await house({ createdAt: inDays(-30), featuredUntil: inDays(2) });
    for (let count = 0; count < 8; count += 1) await house();
    const answer = await test.app.services.search.searchCatalogue('');
    expect(answer.properties[0]!._id).toBe(older.id);
    expect(answer.featuredIds).toEqual([older.id]);
    expect(answer.properties).toHaveLength(6);
  });

  it('are read again after a catalogue change, however recently a visitor read them', async () => {
    const list = () => test.app.services.catalogue.property.listPublished({ type: 'Hotel' });
    const first = await house({ type: 'Hotel', featuredUntil: inDays(2) });
    expect(ids((await list()).featured)).toEqual([first.id]);
    const second = await house({ type: 'Hotel', featuredUntil: inDays(2) });
    expect(ids((await list()).featured)).toEqual(ids([{ _id: first.id }, { _id: second.id }]));
  });

  it('are none when no boost runs: the lists read no more than before', async () => {
    await house();
    const page = await test.app.services.catalogue.property.listPublished({});
    expect(page.featured).toEqual([]);
  });
});
