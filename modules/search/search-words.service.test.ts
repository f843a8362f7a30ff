/**
 * The nightly sweep of search_words on the whole app: it forgets what no listing holds, and
 * every search answers the same listings after it as before.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { properties } from '#db/schema.ts';
import { createAsset, createProperty, createUser } from '#seed/factories.ts';
import { createTestApp, type TestApp } from '#server/testing.ts';

let test: TestApp;

beforeAll(async () => {
  test = await createTestApp();
});

afterAll(async () => {
  await test.close();
});

type Card = { _id: string };
type SearchBody = { properties: Card[]; assets: Card[]; totals: unknown };

async function search(q: string): Promise<SearchBody> {
  const response = await test.app.inject({ url: '/api/search', query: { q } });
  expect(response.statusCode).toBe(200);
  return response.json();
}

describe('the search words sweep', () => {
  it('forgets the words edited away, and every search answers as before', async () => {
    const { db } = test.database;
    const ownerId = (await createUser(db)).id;
    const edited = await createProperty(db, ownerId, {
      title: 'Saguaro lodge',
      description: 'Views of the lagoon',
    });
    await createProperty(db, ownerId, { title: 'Sagebrush house', description: 'A quiet lane' });
    await createProperty(db, ownerId, { title: 'Lagoon flat', moderation: 'Pending' });
    await createAsset(db, ownerId, { name: 'Saguaro bicycle' });
    await db
      .update(properties)
      .set({ title: 'Sagebrush lodge', description: 'Views of the hills' })
      .where(eq(properties.id, edited.id));
    const texts = ['sag', 'sagu', 'saguaro', 'sageb', 'lodge', 'lag', 'lagoon', 'hills', 'quiet'];
    const before = await Promise.all(texts.map(search));

    // Three words a transaction: the sweep goes on from batch to batch to the last word.
    const swept = await test.app.services.searchWords.sweep({ wordsPerTransaction: 3 });

    // The properties' 'saguaro' was held by nothing; the asset keeps the assets' own, and the
    // pending flat keeps 'lagoon'.
    expect(swept.forgotten).toBeGreaterThanOrEqual(1);
    expect(await Promise.all(texts.map(search))).toEqual(before);
    expect((await search('saguaro')).assets).toHaveLength(1);
    expect((await search('saguaro')).properties).toEqual([]);
  });

  it('finds nothing more to forget when run again', async () => {
    await test.app.services.searchWords.sweep();
    expect(await test.app.services.searchWords.sweep()).toEqual({ forgotten: 0, unmarked: 0 });
  });
});
