/**
 * A page number past a list's end, on every list page (public, a user's own, the admin's): the
 * same answer everywhere, a redirect to the list's last page with its other parameters kept.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProperty } from '#seed/factories.ts';
import type { Viewer } from '#modules/accounts/accounts.service.ts';
import { createSignedInUser, createTestApp, type TestApp } from '#server/testing.ts';
import { requestPage, viewerOf } from '#test/page-requests.ts';
import { redirectPastLastPage } from './last-page.server.ts';

let test: TestApp;
let admin: Viewer;
let buyer: Viewer;
let seller: Viewer;

beforeAll(async () => {
  test = await createTestApp();
  admin = viewerOf(await createSignedInUser(test.database, { role: 'admin' }));
  buyer = viewerOf(await createSignedInUser(test.database, { role: 'buyer' }));
  seller = viewerOf(await createSignedInUser(test.database, { role: 'seller' }));
  await createProperty(test.database.db, seller.id, { type: 'House', title: 'Rebero house' });
});

afterAll(async () => {
  await test.close();
});

/** Where `redirectPastLastPage` sends a request for `url`, or null when it shows the page. */
function redirectOf(url: string, page: Parameters<typeof redirectPastLastPage>[1]) {
  try {
    redirectPastLastPage(new Request(`http://localhost${url}`), page);
    return null;
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    return { status: thrown.status, location: thrown.headers.get('location') };
  }
}

describe('redirectPastLastPage', () => {
  const empty = { items: [], pageSize: 10, isTotalCapped: false };

  it('sends a page past the end to the last page, the other parameters kept', () => {
    expect(redirectOf('/list?q=x&page=9&sort=price_asc', { ...empty, page: 9, total: 25 })).toEqual(
      { status: 302, location: '/list?q=x&page=3&sort=price_asc' },
    );
  });

  it('sends it to the first page, without a page number, when the list is empty or short', () => {
    expect(redirectOf('/rw/list?page=4', { ...empty, page: 4, total: 0 })?.location).toBe(
      '/rw/list',
    );
    expect(redirectOf('/list?page=2&q=x', { ...empty, page: 2, total: 7 })?.location).toBe(
      '/list?q=x',
    );
  });

  it('shows any page that has items, and the first page even empty', () => {
    expect(redirectOf('/list?page=3', { ...empty, items: [1], page: 3, total: 25 })).toBeNull();
    expect(redirectOf('/list', { ...empty, page: 1, total: 0 })).toBeNull();
  });

  it('past a capped total, sends on only a page that came back empty', () => {
    const capped = { ...empty, total: 100, isTotalCapped: true };
    expect(redirectOf('/list?page=12', { ...capped, items: [1], page: 12 })).toBeNull();
    expect(redirectOf('/list?page=40', { ...capped, page: 40 })?.location).toBe('/list?page=10');
  });
});

describe('every list page', () => {
  const lists: { url: string; viewer: () => Viewer | null }[] = [
    { url: '/get-properties/type/House', viewer: () => null },
    { url: '/asset-property/Car', viewer: () => null },
    { url: '/search', viewer: () => null },
    { url: '/houses/rent', viewer: () => null },
    { url: '/property-requested', viewer: () => buyer },
    { url: '/supplied-property', viewer: () => seller },
    { url: '/inquiries', viewer: () => seller },
    { url: '/admin-panel', viewer: () => admin },
    { url: '/admin-panel/properties', viewer: () => admin },
    { url: '/admin-panel/assets', viewer: () => admin },
    { url: '/admin-panel/users', viewer: () => admin },
    { url: '/admin-panel/requested-property', viewer: () => admin },
    { url: '/admin-panel/supplied-property', viewer: () => admin },
    { url: '/admin-panel/messages', viewer: () => admin },
    { url: '/admin-panel/inquiries', viewer: () => admin },
    { url: '/admin-panel/audit-log', viewer: () => admin },
    { url: '/admin-panel/reports/listings', viewer: () => admin },
  ];

  it.each(lists)('$url sends a page past its end to its last page', async ({ url, viewer }) => {
    const answer = await requestPage(test, `${url}?page=40&pageSize=5`, { viewer: viewer() });
    expect(answer.status).toBe(302);
    expect(answer.location).toBe(`${url}?pageSize=5`);
  });

  it('a user profile page too, and in its language', async () => {
    const answer = await requestPage(test, `/fr/users/${seller.id}?page=3`);
    expect(answer.status).toBe(302);
    expect(answer.location).toBe(`/fr/users/${seller.id}`);
  });

  it('reads a page number past the last any list answers as past the end, not as page 1', async () => {
    const answer = await requestPage(test, '/get-properties/type/House?page=100000');
    expect(answer.status).toBe(302);
    expect(answer.location).toBe('/get-properties/type/House');
  });
});
