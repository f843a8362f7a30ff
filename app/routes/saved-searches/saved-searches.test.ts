/**
 * "Save this search" from a list, and the saved searches page: rename, how often, delete; each
 * works as a plain form post (without JavaScript), and only on the user's own searches.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Viewer } from '#modules/accounts/accounts.service.ts';
import { createSignedInUser, createTestApp, type TestApp } from '#server/testing.ts';
import { requestPage, viewerOf } from '#test/page-requests.ts';

const ROUTE = 'routes/saved-searches/saved-searches';

let test: TestApp;
let buyer: Viewer;

beforeAll(async () => {
  test = await createTestApp();
  buyer = viewerOf(await createSignedInUser(test.database, { role: 'buyer' }));
});

afterAll(async () => {
  await test.close();
});

const listOf = (viewer: Viewer) => test.app.services.savedSearches.list(viewer);

describe('/saved-searches', () => {
  it('saves the filters a list posts, in their official spelling', async () => {
    const answer = await requestPage(test, '/saved-searches', {
      viewer: buyer,
      form: {
        intent: 'create',
        name: 'Houses · Kicukiro',
        type: 'House',
        offer: 'Rent',
        district: 'kicukiro',
        maxPrice: '500000',
        frequency: 'daily',
      },
    });

    expect(answer.actionData).toMatchObject({ ok: true });
    const [saved] = await listOf(buyer);
    expect(saved).toMatchObject({
      name: 'Houses · Kicukiro',
      frequency: 'daily',
      filters: { type: 'House', offer: 'Rent', district: 'Kicukiro', maxPrice: 500000 },
    });
  });

  it('renames, changes how often, and deletes', async () => {
    const [saved] = await listOf(buyer);
    await requestPage(test, '/saved-searches', {
      viewer: buyer,
      form: { intent: 'rename', id: saved!._id, name: 'Near school' },
    });
    await requestPage(test, '/saved-searches', {
      viewer: buyer,
      form: { intent: 'frequency', id: saved!._id, frequency: 'instant' },
    });
    expect((await listOf(buyer))[0]).toMatchObject({ name: 'Near school', frequency: 'instant' });

    await requestPage(test, '/saved-searches', {
      viewer: buyer,
      form: { intent: 'delete', id: saved!._id },
    });
    expect(await listOf(buyer)).toEqual([]);
  });

  it("refuses a bad filter and another user's search, and sends strangers to sign in", async () => {
    const refused = await requestPage(test, '/saved-searches', {
      viewer: buyer,
      form: { intent: 'create', name: 'Bad', district: 'Kampala' },
    });
    expect(refused.status).toBe(400);
    expect(refused.actionData).toMatchObject({
      ok: false,
      fieldErrors: { district: expect.any(String) },
    });

    const other = viewerOf(await createSignedInUser(test.database, { role: 'buyer' }));
    const mine = await test.app.services.savedSearches.create(
      { name: 'Mine', filters: {}, frequency: 'instant' },
      buyer,
    );
    const theirs = await requestPage(test, '/saved-searches', {
      viewer: other,
      form: { intent: 'delete', id: mine._id },
    });
    expect(theirs.status).toBe(404);
    expect(await listOf(buyer)).toHaveLength(1);

    const stranger = await requestPage(test, '/saved-searches');
    expect(stranger.location).toMatch(/^\/login\?next=/);
    const page = await requestPage(test, '/saved-searches', { viewer: buyer });
    expect((page.loaderData[ROUTE] as { searches: unknown[] }).searches).toHaveLength(1);
  });
});
