/**
 * The admin panel's one guard (the layout's middleware) covers every page and every form below
 * it: walked over every route of app/routes.ts under /admin-panel, so a new page is covered
 * without editing this test.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Viewer } from '#modules/accounts/accounts.service.ts';
import { createSignedInUser, createTestApp, type TestApp } from '#server/testing.ts';
import { requestPage, viewerOf } from '#test/page-requests.ts';
import routes from '#app/routes.ts';

type Entry = { path?: string; index?: boolean; children?: Entry[] };

/**
 * Every admin URL in English (the language layout's optional segment left out), ids filled in;
 * an index route is posted to with `?index`.
 */
function adminUrls(entries: Entry[], base = ''): { url: string; postUrl: string }[] {
  return entries.flatMap((entry) => {
    const segment = entry.path === ':lang?' ? undefined : entry.path;
    const path = [base, segment].filter(Boolean).join('/');
    const own = entry.index || segment !== undefined ? [path] : [];
    const urls = own
      .filter((url) => url.startsWith('admin-panel'))
      .map((url) => {
        const filled = `/${url.replace(/:\w+/g, randomUUID()).replace('*', 'missing')}`;
        return { url: filled, postUrl: entry.index ? `${filled}?index` : filled };
      });
    return [...urls, ...adminUrls(entry.children ?? [], path)];
  });
}

const URLS = adminUrls(routes);

let test: TestApp;
let admin: Viewer;
let seller: Viewer;
let sellerId: string;

beforeAll(async () => {
  test = await createTestApp();
  admin = viewerOf(await createSignedInUser(test.database, { role: 'admin' }));
  seller = viewerOf(await createSignedInUser(test.database, { role: 'seller' }));
  sellerId = seller.id;
});

afterAll(async () => {
  await test.close();
});

describe('the admin guard', () => {
  it('finds every admin page', () => {
    expect(URLS.length).toBeGreaterThanOrEqual(20);
    expect(URLS.map(({ url }) => url)).toContain('/admin-panel/users');
  });

  it('sends visitors and non-admins from every page to sign in, and back', async () => {
    for (const { url } of URLS) {
      for (const viewer of [null, seller]) {
        const answer = await requestPage(test, url, { viewer });
        expect(answer.status, url).toBe(302);
        expect(answer.location, url).toBe(`/login?next=${encodeURIComponent(url)}`);
      }
    }
  });

  it('keeps a Kinyarwanda or French visitor in their language on the way to sign in', async () => {
    for (const locale of ['rw', 'fr']) {
      const url = `/${locale}/admin-panel/users`;
      const answer = await requestPage(test, url, { viewer: seller });
      expect(answer.location).toBe(`/${locale}/login?next=${encodeURIComponent(url)}`);
    }
  });

  it('refuses every form post of a non-admin before its action runs', async () => {
    // A post that every admin action would act on if it ran: block, delete, approve this user.
    const form = { intent: 'delete', userId: sellerId, id: sellerId };
    for (const { postUrl } of URLS) {
      for (const viewer of [null, seller]) {
        const answer = await requestPage(test, postUrl, { viewer, form });
        expect(answer.status, postUrl).toBe(302);
        expect(answer.actionData, postUrl).toBeUndefined();
      }
    }
    const user = await test.app.services.accountsAdmin.getUserForAdmin(sellerId, admin);
    expect(user.status).toBe('Active');
  });

  it('lets an admin in', async () => {
    for (const { url } of URLS) {
      const answer = await requestPage(test, url, { viewer: admin });
      expect([200, 404], url).toContain(answer.status);
    }
  });
});
