/**
 * The hearts of cards and listing pages: the root loader says which listings the viewer saved,
 * and a heart's post, or its link through the login page when signed out, lands back on the page
 * it was tapped on.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAsset, createProperty, createUser } from '#seed/factories.ts';
import type { Viewer } from '#modules/accounts/accounts.service.ts';
import { createSignedInUser, createTestApp, type TestApp } from '#server/testing.ts';
import { requestPage, viewerOf } from '#test/page-requests.ts';

let test: TestApp;
let saver: Viewer;
let savedHouseId: string;
let otherHouseId: string;
let savedCarId: string;
let otherCarId: string;

beforeAll(async () => {
  test = await createTestApp();
  const owner = await createUser(test.database.db, { role: 'seller' });
  const db = test.database.db;
  savedHouseId = (await createProperty(db, owner.id, { title: 'Saved Rebero house' })).id;
  otherHouseId = (await createProperty(db, owner.id, { title: 'Other Rebero house' })).id;
  savedCarId = (await createAsset(db, owner.id, { name: 'Saved Rebero car' })).id;
  otherCarId = (await createAsset(db, owner.id, { name: 'Other Rebero car' })).id;
  saver = viewerOf(await createSignedInUser(test.database, { role: 'buyer' }));
  await test.app.services.favourites.save(savedHouseId, saver);
  await test.app.services.favourites.save(savedCarId, saver);
});

afterAll(async () => {
  await test.close();
});

type RootData = { savedIds: string[] };

async function savedIdsOn(url: string, viewer: Viewer | null) {
  const answer = await requestPage(test, url, { viewer });
  expect(answer.status).toBe(200);
  return (answer.loaderData['root'] as RootData).savedIds;
}

describe('every page knows which listings the viewer saved (the hearts, the header count)', () => {
  const pages = ['/get-properties/type/House', '/asset-property/Car', '/?q=Rebero', '/faq'];

  it('the one who saved them, latest first', async () => {
    for (const url of pages) {
      expect(await savedIdsOn(url, saver)).toEqual([savedCarId, savedHouseId]);
    }
  });

  it('nobody else: signed out, or another user, none', async () => {
    const other = viewerOf(await createSignedInUser(test.database, { role: 'buyer' }));
    for (const viewer of [null, other]) {
      for (const url of pages) expect(await savedIdsOn(url, viewer)).toEqual([]);
    }
  });
});

describe('the home page search text', () => {
  it('is read through the search schema: too long is left out, as the API refuses it', async () => {
    const read = async (url: string) =>
      ((await requestPage(test, url)).loaderData['routes/catalogue/home'] as { query: string })
        .query;
    expect(await read('/?q=Rebero')).toBe('Rebero');
    expect(await read(`/?q=${'a'.repeat(201)}`)).toBe('');
    expect(await read('/')).toBe('');
  });
});

describe('a heart posted without JavaScript', () => {
  it('saves and goes back to the list it was on, with its query string', async () => {
    const next = '/get-properties/type/House?page=1&sort=price-asc';
    const answer = await requestPage(test, '/favourites', {
      viewer: saver,
      form: { intent: 'save', listingId: otherHouseId, next },
    });
    expect(answer.status).toBe(302);
    expect(answer.location).toBe(next);
    expect(await test.app.services.favourites.isSaved(otherHouseId, saver)).toBe(true);

    const removed = await requestPage(test, '/favourites', {
      viewer: saver,
      form: { intent: 'remove', listingId: otherHouseId, next: '//evil.example/' },
    });
    expect(removed.status).toBe(200);
    expect(removed.actionData).toMatchObject({ ok: true, intent: 'remove' });
    expect(await test.app.services.favourites.isSaved(otherHouseId, saver)).toBe(false);
  });
});

describe('a heart tapped while signed out', () => {
  it('signs in first, then saves the listing and goes back to the page', async () => {
    const back = '/asset-property/Car?page=1';
    const link = `/favourites?save=${otherCarId}&next=${encodeURIComponent(back)}`;
    const signedOut = await requestPage(test, link);
    expect(signedOut.status).toBe(302);
    expect(signedOut.location).toBe(`/login?next=${encodeURIComponent(link)}`);

    const viewer = viewerOf(await createSignedInUser(test.database, { role: 'buyer' }));
    const signedIn = await requestPage(test, link, { viewer });
    expect(signedIn.location).toBe(back);
    expect(await test.app.services.favourites.isSaved(otherCarId, viewer)).toBe(true);
  });

  it('shows a refusal on the saved listings page instead of going back', async () => {
    const gone = '00000000-0000-4000-8000-000000000000';
    const answer = await requestPage(test, `/favourites?save=${gone}&next=/`, { viewer: saver });
    expect(answer.status).toBe(200);
    expect(answer.loaderData['routes/favourites/favourites']).toMatchObject({
      refusal: expect.any(String),
    });
  });
});
