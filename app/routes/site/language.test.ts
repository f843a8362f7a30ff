/** Choosing a language, remembering it, and opening the home page in it. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '#db/schema.ts';
import type { Viewer } from '#modules/accounts/accounts.service.ts';
import { createSignedInUser, createTestApp, type TestApp } from '#server/testing.ts';
import { requestPage, viewerOf } from '#test/page-requests.ts';

let test: TestApp;
let buyer: Viewer;

beforeAll(async () => {
  test = await createTestApp();
  buyer = viewerOf(await createSignedInUser(test.database, { role: 'buyer' }));
});

afterAll(async () => {
  await test.close();
});

const localeOf = async (id: string) =>
  (await test.database.db.select({ locale: users.locale }).from(users).where(eq(users.id, id)))[0]
    ?.locale;

describe('/language', () => {
  it('opens the same page in the chosen language and remembers it in a cookie', async () => {
    const answer = await requestPage(test, '/language?to=fr&next=%2Frw%2Fproperty%2F1%3Fx%3D2');
    expect(answer.status).toBe(302);
    expect(answer.location).toBe('/fr/property/1?x=2');
    expect(answer.setCookie).toMatch(/^lang=fr; Max-Age=31536000; Path=\/; SameSite=Lax$/);
  });

  it('remembers the choice in a signed-in user’s account too, when chosen on this site', async () => {
    const answer = await requestPage(test, '/language?to=rw&next=%2Fcontact', {
      viewer: buyer,
      headers: { 'sec-fetch-site': 'same-origin' },
    });
    expect(answer.location).toBe('/rw/contact');
    expect(await localeOf(buyer.id)).toBe('rw');
    // A browser too old to say Sec-Fetch-Site: the Referer is one of this site's pages.
    await requestPage(test, '/language?to=fr&next=%2Fcontact', {
      viewer: buyer,
      headers: { referer: 'http://localhost/rw/contact' },
    });
    expect(await localeOf(buyer.id)).toBe('fr');
  });

  it('keeps a signed-in user’s account language when another site’s link switches it', async () => {
    await test.database.db.update(users).set({ locale: 'rw' }).where(eq(users.id, buyer.id));
    const crossSite: Record<string, string>[] = [
      { 'sec-fetch-site': 'cross-site', referer: 'https://evil.example/' },
      { 'sec-fetch-site': 'none' },
      { referer: 'https://evil.example/page' },
      {},
    ];
    for (const headers of crossSite) {
      const answer = await requestPage(test, '/language?to=fr&next=%2Fcontact', {
        viewer: buyer,
        headers,
      });
      // The browser's cookie still follows the visitor's click; the account does not.
      expect(answer.location).toBe('/fr/contact');
      expect(answer.setCookie).toMatch(/^lang=fr;/);
      expect(await localeOf(buyer.id), JSON.stringify(headers)).toBe('rw');
    }
  });

  it('goes home for a next that is not a page of this site, and 404s for an unknown language', async () => {
    const foreign = await requestPage(test, '/language?to=rw&next=%2F%2Fevil.example');
    expect(foreign.location).toBe('/rw');
    // A path that is safe only until its language prefix is taken off.
    for (const to of ['en', 'rw', 'fr']) {
      for (const next of ['/rw//evil.example/phish', '/fr//evil.example', '/rw/%2F/evil.example']) {
        const answer = await requestPage(
          test,
          `/language?to=${to}&next=${encodeURIComponent(next)}`,
        );
        expect(answer.location, `${to} ${next}`).toMatch(/^\/(?![/\\])/);
        const followed = new URL(answer.location!, 'https://inzu.example');
        expect(followed.origin, `${to} ${next}`).toBe('https://inzu.example');
      }
    }
    expect((await requestPage(test, '/language?to=de&next=%2F')).status).toBe(404);
  });
});

describe('the home page', () => {
  it('sends a first visit to the language the browser prefers, once, and remembers it', async () => {
    const first = await requestPage(test, '/', {
      headers: { 'accept-language': 'rw-RW,rw;q=0.9,en;q=0.5' },
    });
    expect(first.location).toBe('/rw');
    expect(first.setCookie).toMatch(/^lang=rw;/);
  });

  it('follows the remembered choice, even against the browser’s', async () => {
    const english = await requestPage(test, '/', {
      headers: { 'accept-language': 'fr', cookie: 'lang=en' },
    });
    expect(english.status).toBe(200);
    const french = await requestPage(test, '/?q=kic', { headers: { cookie: 'lang=fr' } });
    expect(french.location).toBe('/fr?q=kic');
    expect(french.setCookie).toBeNull();
  });

  it('follows a signed-in user’s account when the browser has no cookie', async () => {
    const answer = await requestPage(test, '/', { viewer: { ...buyer, locale: 'fr' } });
    expect(answer.location).toBe('/fr');
  });

  it('leaves an English browser and other English pages in English', async () => {
    expect((await requestPage(test, '/', { headers: { 'accept-language': 'en' } })).status).toBe(
      200,
    );
    const contact = await requestPage(test, '/contact', { headers: { cookie: 'lang=rw' } });
    expect(contact.status).toBe(200);
  });

  it('answers 404 for an address whose first segment names no language', async () => {
    expect((await requestPage(test, '/de/contact')).status).toBe(404);
    expect((await requestPage(test, '/en/contact')).status).toBe(404);
  });
});
