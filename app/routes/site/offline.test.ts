/**
 * The installable app's server side: the manifest of each language, the offline page the
 * service worker keeps in each language, the worker's own headers, and the header that tells
 * the worker whose page an answer is. The pages are rendered whole through the server.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { t } from '#lib/i18n.all.ts';
import type { Locale } from '#lib/i18n.ts';
import { withLocale } from '#lib/i18n.server.ts';
import { VIEWER_HEADER } from '#lib/web-app.ts';
import {
  browserHeaders,
  createSignedInUser,
  createTestApp,
  type TestApp,
} from '#server/testing.ts';
import { loadAppPages } from '#test/app-pages.ts';

/** Every page module is compiled before the first request: seconds, more on a busy machine. */
const LOADING_THE_PAGES_MS = 180_000;

let test: TestApp;
let clientDir: string;

beforeAll(async () => {
  // A built client of one file: the service worker, as scripts/build-server.mjs writes it.
  clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marketplace-client-'));
  fs.writeFileSync(path.join(clientDir, 'sw.js'), 'self.addEventListener("fetch", () => {});\n');
  test = await createTestApp({
    pages: { build: await loadAppPages(), mode: 'production', clientDir },
  });
}, LOADING_THE_PAGES_MS);

afterAll(async () => {
  await test.close();
  fs.rmSync(clientDir, { recursive: true, force: true });
});

const LANGUAGES: [Locale, string][] = [
  ['en', ''],
  ['rw', '/rw'],
  ['fr', '/fr'],
];

describe('the web app manifest', () => {
  it.each(LANGUAGES)('speaks %s and opens the app in it', async (locale, prefix) => {
    const answer = await test.app.inject({ url: `${prefix}/manifest.webmanifest` });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
    expect(answer.headers['cache-control']).toBe('public, max-age=86400');
    const manifest = answer.json<Record<string, unknown>>();
    const [name, tagline, description] = withLocale(locale, () => [
      t('brand.name'),
      t('brand.tagline'),
      t('home.description'),
    ]);
    expect(manifest).toMatchObject({
      id: '/',
      name: `${name} – ${tagline}`,
      short_name: name,
      description,
      lang: locale,
      start_url: `${prefix || '/'}?source=app`,
      scope: '/',
      display: 'standalone',
      theme_color: '#064e3b',
    });
    expect(manifest.icons).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ sizes: '192x192', type: 'image/png' }),
        expect.objectContaining({ sizes: '512x512', purpose: 'any' }),
        expect.objectContaining({ sizes: '512x512', purpose: 'maskable' }),
      ]),
    );
    for (const icon of manifest.icons as { src: string }[]) {
      expect(fs.existsSync(path.join('public', icon.src)), icon.src).toBe(true);
    }
  });

  it('exists in the site’s languages only', async () => {
    for (const url of ['/en/manifest.webmanifest', '/xx/manifest.webmanifest']) {
      expect((await test.app.inject({ url })).statusCode, url).toBe(404);
    }
  });

  it.each(LANGUAGES)('is the one every %s page links, with the theme colour', async (_, prefix) => {
    const html = (await test.app.inject({ url: `${prefix || '/'}` })).body;
    expect(html).toContain(`<link rel="manifest" href="${prefix}/manifest.webmanifest"/>`);
    expect(html).toContain('<link rel="apple-touch-icon" href="/icons/apple-touch-icon.png"/>');
    expect(html).toContain('<meta name="theme-color" content="#064e3b"/>');
  });
});

describe('the offline page', () => {
  it.each(LANGUAGES)('says so in %s, and where the saved listings are', async (locale, prefix) => {
    const answer = await test.app.inject({ url: `${prefix}/offline` });
    expect(answer.statusCode).toBe(200);
    const [title, body, saved] = withLocale(locale, () => [
      t('offline.title'),
      t('offline.body'),
      t('offline.saved'),
    ]);
    const html = answer.body.replaceAll('&#x27;', "'");
    expect(html).toContain(`<html lang="${locale}"`);
    expect(html).toContain(`${title}</h1>`);
    expect(html).toContain(body);
    expect(html).toContain(`href="${prefix}/favourites"`);
    expect(html).toContain(saved);
    expect(html).toContain('<meta name="robots" content="noindex"/>');
  });

  it.each(LANGUAGES)('says in %s that a form was not sent', async (locale, prefix) => {
    const html = (await test.app.inject({ url: `${prefix}/offline?form=not-sent` })).body;
    const [title, body] = withLocale(locale, () => [
      t('offline.notSentTitle'),
      t('offline.notSentBody'),
    ]);
    expect(html.replaceAll('&#x27;', "'")).toContain(`${title}</h1>`);
    expect(html.replaceAll('&#x27;', "'")).toContain(body);
  });
});

describe('the service worker', () => {
  it('is served from the root, never kept without asking, allowed to fetch this site', async () => {
    const answer = await test.app.inject({ url: '/sw.js' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(answer.headers['cache-control']).toBe('no-cache');
    // Its own policy: the pages' default (`default-src 'none'`) would forbid every fetch.
    expect(answer.headers['content-security-policy']).toMatch(/^default-src 'self'/);
  });

  it('learns whose page an answer is: a hash for a signed-in person, nothing for a visitor', async () => {
    const buyer = await createSignedInUser(test.database, { role: 'buyer' });
    const signedIn = await test.app.inject({ url: '/faq', headers: browserHeaders(buyer.token) });
    const key = signedIn.headers[VIEWER_HEADER];
    expect(key).toMatch(/^[\w-]{16}$/);
    expect(key).not.toContain(buyer.user.id);
    const data = await test.app.inject({ url: '/faq.data', headers: browserHeaders(buyer.token) });
    expect(data.headers[VIEWER_HEADER]).toBe(key);
    const visitor = await test.app.inject({ url: '/faq' });
    expect(visitor.headers[VIEWER_HEADER]).toBeUndefined();
  });
});
