/**
 * Data saver, through the whole server: pages asked with `Save-Data: on` or the visitor's
 * `data-saver=on` cookie carry only the smallest photo files and no prefetching, the visitor's
 * `off` wins over the browser's header, the footer's form remembers the choice and comes back
 * only to a page of this site, and every page says what it varies by.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Photo } from '#lib/listing.ts';
import { createProperty } from '#seed/factories.ts';
import { createSignedInUser, createTestApp, type TestApp } from '#server/testing.ts';
import { loadAppPages } from '#test/app-pages.ts';

/** Every page module is compiled before the first request: seconds, more on a busy machine. */
const LOADING_THE_PAGES_MS = 180_000;
/** What a form post from one of the site's pages carries (app.inject's host). */
const SAME_SITE = { origin: 'http://localhost:80' };

const PLACEHOLDER = 'data:image/webp;base64,UklGRh4AAABXRUJQVlA4TBEAAAAvAQAAAAfQ//73v/+BiOh/AAA=';
const photo = (key: string): Photo => ({ key, width: 1280, height: 960, placeholder: PLACEHOLDER });
const PHOTOS = [photo('saver/first'), photo('saver/second'), photo('saver/third')];

let test: TestApp;
let propertyId: string;

beforeAll(async () => {
  test = await createTestApp({ pages: { build: await loadAppPages(), mode: 'production' } });
  const seller = await createSignedInUser(test.database, { role: 'seller' });
  const property = await createProperty(test.database.db, seller.user.id, {
    title: 'House with three photos',
    photos: PHOTOS,
  });
  propertyId = property.id;
}, LOADING_THE_PAGES_MS);

afterAll(async () => {
  await test.close();
});

async function getPage(url: string, headers: Record<string, string> = {}) {
  const answer = await test.app.inject({ url, headers });
  expect(answer.statusCode, url).toBe(200);
  return answer;
}

/**
 * Every photo file the page's markup makes the browser fetch or offers as a link (src, srcset,
 * preloads, links). The link preview's og:image and the page's data for its scripts name photos
 * too, but nothing downloads them on the phone.
 */
function photoFiles(html: string): string[] {
  const markup = html.replace(/<script\b[\s\S]*?<\/script>/g, '').replace(/<meta\b[^>]*>/g, '');
  return [...new Set(markup.match(/\/media\/saver\/[a-z]+-\d+\.webp/g) ?? [])].sort();
}

const SMALL_FILES = PHOTOS.map(({ key }) => `/media/${key}-320.webp`);

function expectLight(html: string) {
  const files = photoFiles(html);
  expect(files.length).toBeGreaterThan(0);
  expect(
    files.every((file) => SMALL_FILES.includes(file)),
    files.join(' '),
  ).toBe(true);
  expect(html).not.toMatch(/\ssrcSet=|\ssrcset=/i);
  expect(html).not.toMatch(/rel="prefetch"|rel="prerender"|\sprefetch=/);
}

function expectFull(html: string) {
  expect(photoFiles(html)).toEqual(expect.arrayContaining(['/media/saver/first-1280.webp']));
}

describe('a page asked with data saver on', () => {
  it.each([
    ['the browser’s Save-Data header', { 'save-data': 'on' }],
    ['the visitor’s cookie', { cookie: 'data-saver=on' }],
  ])('names only the smallest photo files, without prefetching (%s)', async (_how, headers) => {
    expectLight((await getPage('/', headers)).body);
    expectLight((await getPage('/get-properties/type/House', headers)).body);
    expectLight((await getPage(`/property/${propertyId}`, headers)).body);
  });

  it('shows the listing’s first photo and offers the others on a tap', async () => {
    const html = (await getPage(`/property/${propertyId}`, { 'save-data': 'on' })).body;
    expect(html).toMatch(/<img[^>]*src="\/media\/saver\/first-320\.webp"/);
    expect(html).not.toMatch(/<img[^>]*src="\/media\/saver\/second-/);
    // Without JavaScript, each of the others is a link to its small file.
    const links = [...html.matchAll(/<a href="([^"]*)"[^>]*data-photo-on-tap=""/g)].map(
      (match) => match[1],
    );
    expect(links).toEqual(['/media/saver/second-320.webp', '/media/saver/third-320.webp']);
    expect(html).toContain('Show photo');
  });

  it('shows the footer’s switch as on, in the page’s language', async () => {
    const html = (await getPage('/rw', { cookie: 'data-saver=on' })).body;
    expect(html).toMatch(/<form [^>]*action="\/rw\/data-saver" method="post"/);
    expect(html).toMatch(/<button type="submit" value="off"[^>]*name="dataSaver"/);
    expect(html).toContain('Funga kuzigama interineti');
  });
});

describe('a page asked with data saver off', () => {
  it('carries the responsive photos when neither the browser nor the visitor asks', async () => {
    const html = (await getPage(`/property/${propertyId}`)).body;
    expectFull(html);
    expect(html).not.toContain('data-photo-on-tap');
    expect(html).toMatch(/<button type="submit" value="on"[^>]*name="dataSaver"/);
  });

  it('lets the visitor’s off win over the browser’s Save-Data', async () => {
    const headers = { 'save-data': 'on', cookie: 'data-saver=off' };
    expectFull((await getPage('/', headers)).body);
    expectFull((await getPage(`/property/${propertyId}`, headers)).body);
  });
});

describe('what pages vary by', () => {
  it('names Save-Data and Cookie on pages and on their data', async () => {
    const page = await getPage('/', { 'save-data': 'on' });
    expect(String(page.headers.vary)).toMatch(/Save-Data, Cookie/);
    const data = await test.app.inject({ url: '/_root.data', headers: { 'save-data': 'on' } });
    expect(String(data.headers.vary)).toMatch(/Save-Data, Cookie/);
  });

  it('keeps the light and the full page apart in the server’s page cache', async () => {
    const url = '/?q=three';
    const full = await getPage(url);
    expectFull(full.body);
    const light = await getPage(url, { 'save-data': 'on' });
    expect(light.headers['x-page-cache']).toBe('miss');
    expectLight(light.body);
    expect((await getPage(url)).body).toBe(full.body);
  });
});

describe('the data saver form', () => {
  async function post(fields: Record<string, string>, url = '/data-saver') {
    return test.app.inject({
      method: 'POST',
      url,
      headers: { ...SAME_SITE, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });
  }

  it('remembers the choice for a year and loads the same page again', async () => {
    const answer = await post({ dataSaver: 'on', next: `/rw/property/${propertyId}?tab=1` });
    expect(answer.statusCode).toBe(302);
    expect(answer.headers.location).toBe(`/rw/property/${propertyId}?tab=1`);
    expect([answer.headers['set-cookie']].flat()).toContain(
      'data-saver=on; Max-Age=31536000; Path=/; SameSite=Lax',
    );
    const off = await post({ dataSaver: 'off', next: '/' });
    expect(String(off.headers['set-cookie'])).toMatch(/(^|,)data-saver=off;/);
  });

  it('goes to the home page of the form’s language for a next that is not this site’s', async () => {
    for (const next of ['//evil.example/', 'https://evil.example/', '/\\evil.example', '']) {
      const answer = await post({ dataSaver: 'on', next }, '/fr/data-saver');
      expect(answer.statusCode, next).toBe(302);
      expect(answer.headers.location, next).toBe('/fr');
    }
  });

  it('refuses a choice other than on or off, naming the field', async () => {
    const answer = await post({ dataSaver: 'maybe', next: '/' });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({ message: 'dataSaver must be “on” or “off”.' });
    expect(answer.headers['set-cookie']).toBeUndefined();
  });

  it('refuses a post from another site', async () => {
    const answer = await test.app.inject({
      method: 'POST',
      url: '/data-saver',
      headers: {
        origin: 'https://evil.example',
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: 'dataSaver=off&next=%2F',
    });
    expect(answer.statusCode).toBe(403);
    expect(answer.headers['set-cookie']).toBeUndefined();
  });

  it('sends an address typed in to the home page', async () => {
    const answer = await test.app.inject({ url: '/data-saver' });
    expect(answer.statusCode).toBe(302);
    expect(answer.headers.location).toBe('/');
  });
});
