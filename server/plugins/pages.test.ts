/**
 * The pages plugin through the whole server, on small builds instead of the app's pages:
 * - the addresses a page gives out come from PUBLIC_URL, never from the Host header a client
 *   sends (the sitemap and robots.txt routes, which render nothing);
 * - a signed-out visitor's page is answered from the page cache until the catalogue or the
 *   settings change, with a Content-Security-Policy that allows exactly its inline scripts.
 */
import { createHash } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import type { EntryContext, ServerBuild } from 'react-router';
import { createProperty, createUser } from '#seed/factories.ts';
import * as robots from '#app/routes/site/robots.ts';
import * as sitemap from '#app/routes/site/sitemap.ts';
import { browserHeaders, createSignedInUser, createTestApp, type TestApp } from '../testing.ts';

type RouteModule = NonNullable<ServerBuild['routes'][string]>['module'];
type EntryModule = ServerBuild['entry']['module'];

/**
 * A route under the root: a page when its module has a component, else a resource route (which
 * the build's type does not foresee).
 */
function route(
  id: string,
  path: string,
  module: Omit<RouteModule, 'default'> & Partial<Pick<RouteModule, 'default'>>,
) {
  return { id, parentId: 'root', path, module: module as RouteModule };
}

/** A server build of `routes` under an empty root, documents drawn by `renderDocument`. */
function buildOf(
  routes: ServerBuild['routes'],
  renderDocument: EntryModule['default'] = () => {
    throw new Error('these routes render no document');
  },
): ServerBuild {
  return {
    entry: { module: { default: renderDocument } },
    routes: { root: { id: 'root', path: '', module: { default: () => null } }, ...routes },
    assets: {
      entry: { imports: [], module: '/entry.js' },
      routes: {},
      url: '/manifest.js',
      version: 'test',
    },
    publicPath: '/',
    assetsBuildDirectory: 'build/client',
    future: {
      v8_middleware: true,
      v8_passThroughRequests: true,
      v8_trailingSlashAwareDataRequests: true,
    },
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: 'lazy', manifestPath: '/__manifest' },
  };
}

const FORGED_HOST = 'evil.example';

let test: TestApp | undefined;

afterEach(async () => {
  await test?.close();
  test = undefined;
});

/** The server, with one published property; answers the app and that property's path. */
async function startWith(publicUrl?: string) {
  test = await createTestApp({
    publicUrl,
    pages: {
      build: buildOf({
        robots: route('robots', 'robots.txt', robots),
        sitemap: route('sitemap', 'sitemap.xml', sitemap),
      }),
      mode: 'production',
    },
  });
  const owner = await createUser(test.database.db);
  const property = await createProperty(test.database.db, owner.id);
  return { app: test.app, propertyPath: `/property/${property.id}` };
}

describe('with PUBLIC_URL', () => {
  it('names PUBLIC_URL in the sitemap and robots.txt, whatever Host says', async () => {
    const { app, propertyPath } = await startWith('https://market.example.rw/');
    const sitemapAnswer = await app.inject({ url: '/sitemap.xml', headers: { host: FORGED_HOST } });
    expect(sitemapAnswer.statusCode).toBe(200);
    expect(sitemapAnswer.body).toContain('<loc>https://market.example.rw/</loc>');
    expect(sitemapAnswer.body).toContain(`<loc>https://market.example.rw${propertyPath}</loc>`);
    expect(sitemapAnswer.body).not.toContain(FORGED_HOST);
    expect(sitemapAnswer.headers['cache-control']).toBe('public, max-age=3600');

    const robotsAnswer = await app.inject({ url: '/robots.txt', headers: { host: FORGED_HOST } });
    expect(robotsAnswer.statusCode).toBe(200);
    expect(robotsAnswer.body).toContain('Sitemap: https://market.example.rw/sitemap.xml');
    expect(robotsAnswer.body).not.toContain(FORGED_HOST);
    expect(robotsAnswer.headers['cache-control']).toBe('public, max-age=86400');
  });
});

describe('without PUBLIC_URL', () => {
  it('names the host asked for, and keeps shared caches from keeping it', async () => {
    const { app, propertyPath } = await startWith();
    const sitemapAnswer = await app.inject({ url: '/sitemap.xml', headers: { host: FORGED_HOST } });
    expect(sitemapAnswer.statusCode).toBe(200);
    expect(sitemapAnswer.body).toContain(`<loc>http://${FORGED_HOST}/</loc>`);
    expect(sitemapAnswer.body).toContain(`<loc>http://${FORGED_HOST}${propertyPath}</loc>`);
    expect(sitemapAnswer.headers['cache-control']).toBe('private, max-age=3600');

    const robotsAnswer = await app.inject({ url: '/robots.txt', headers: { host: FORGED_HOST } });
    expect(robotsAnswer.body).toContain(`Sitemap: http://${FORGED_HOST}/sitemap.xml`);
    expect(robotsAnswer.headers['cache-control']).toBe('private, max-age=86400');
  });
});

describe('the page cache', () => {
  const INLINE_SCRIPT = 'window.page = { ready: true };';
  let renders = 0;
  let now = new Date('2026-11-26T09:00:00Z');
  /** Set to have the catalogue change while the next page renders. */
  let isChangingWhileRendering = false;

  /** Draws each document with how many times its loader ran and two scripts, one inline. */
  const renderDocument = (
    _request: Request,
    status: number,
    headers: Headers,
    context: EntryContext,
  ) => {
    headers.set('content-type', 'text/html; charset=utf-8');
    const data = JSON.stringify(context.staticHandlerContext.loaderData);
    return new Response(
      `<!doctype html><html><body><p>${data}</p><script>${INLINE_SCRIPT}</script>` +
        '<script type="module" src="/assets/entry.js"></script></body></html>',
      { status, headers },
    );
  };

  async function start() {
    renders = 0;
    test = await createTestApp({
      clock: () => now,
      pages: {
        build: buildOf(
          {
            listings: route('listings', 'listings', {
              loader: () => {
                if (isChangingWhileRendering) test!.app.services.catalogueEvents.changed();
                isChangingWhileRendering = false;
                return { renders: ++renders };
              },
              default: () => null,
            }),
            missing: route('missing', 'missing', {
              loader: () => {
                renders += 1;
                throw new Response(null, { status: 404 });
              },
              default: () => null,
            }),
          },
          renderDocument,
        ),
        mode: 'production',
      },
    });
    return test;
  }

  /** How many times the page's loader had run when it was answered, and the answer. */
  async function visit(url: string, headers: Record<string, string> = {}) {
    const answer = await test!.app.inject({ url, headers });
    const isPlain = answer.headers['content-encoding'] === undefined;
    return {
      answer,
      renders: isPlain ? Number(/"renders":(\d+)/.exec(answer.body)?.[1] ?? 0) : undefined,
      cache: answer.headers['x-page-cache'],
    };
  }

  it("answers the next signed-out visitor from memory, with the same policy allowing the page's scripts", async () => {
    await start();
    const first = await visit('/listings');
    const second = await visit('/listings');
    expect([first.renders, second.renders]).toEqual([1, 1]);
    expect([first.cache, second.cache]).toEqual(['miss', 'hit']);
    expect(second.answer.body).toBe(first.answer.body);

    const policy = String(first.answer.headers['content-security-policy']);
    expect(second.answer.headers['content-security-policy']).toBe(policy);
    const hash = createHash('sha256').update(INLINE_SCRIPT).digest('base64');
    // Exactly this site's files and the one inline script: no nonce, nothing inline besides.
    expect(policy.split('; ')).toContain(`script-src 'self' 'sha256-${hash}'`);
    expect(policy.split('; ')).toContain(`object-src 'none'`);
    // The map's tiles, OpenStreetMap's by default (MAP_TILES_URL), are its only other images.
    expect(policy.split('; ')).toContain(
      `img-src 'self' data: blob: https://tile.openstreetmap.org`,
    );
  });

  it('sends a kept page compressed for what each client accepts, the same page each time', async () => {
    await start();
    const plain = await visit('/listings', { 'accept-encoding': 'identity' });
    const brotli = await visit('/listings', { 'accept-encoding': 'gzip, deflate, br' });
    const gzip = await visit('/listings', { 'accept-encoding': 'gzip, br;q=0' });
    expect([plain.cache, brotli.cache, gzip.cache]).toEqual(['miss', 'hit', 'hit']);
    expect(plain.answer.headers['content-encoding']).toBeUndefined();
    expect(brotli.answer.headers['content-encoding']).toBe('br');
    expect(gzip.answer.headers['content-encoding']).toBe('gzip');
    expect(brotli.answer.headers.vary).toBe('Save-Data, Cookie, accept-encoding');
    expect(brotliDecompressSync(brotli.answer.rawPayload).toString()).toBe(plain.answer.body);
    expect(gunzipSync(gzip.answer.rawPayload).toString()).toBe(plain.answer.body);
    expect(renders).toBe(1);
  });

  it('renders again after a catalogue change, a settings change, or once the page is old', async () => {
    const { app } = await start();
    expect((await visit('/listings')).renders).toBe(1);
    app.services.catalogueEvents.changed();
    expect((await visit('/listings')).renders).toBe(2);
    expect((await visit('/listings')).renders).toBe(2);
    app.services.settings.changed();
    expect((await visit('/listings')).renders).toBe(3);
    now = new Date(now.getTime() + 5_000);
    expect((await visit('/listings')).renders).toBe(4);
  });

  it('keeps no page a catalogue change overtook while it rendered', async () => {
    await start();
    isChangingWhileRendering = true;
    expect((await visit('/listings')).renders).toBe(1);
    expect((await visit('/listings')).renders).toBe(2);
    expect((await visit('/listings')).cache).toBe('hit');
  });

  it('never keeps nor serves a signed-in page', async () => {
    const { database } = await start();
    const { token } = await createSignedInUser(database, { role: 'buyer' });
    const signedIn = browserHeaders(token);
    expect((await visit('/listings', signedIn)).renders).toBe(1);
    expect((await visit('/listings', signedIn)).cache).toBeUndefined();
    expect((await visit('/listings', signedIn)).renders).toBe(3);
    // Nothing a signed-in visitor saw was kept for the others.
    expect((await visit('/listings')).renders).toBe(4);
  });

  it('keeps each language choice and each address apart, and no failed page', async () => {
    await start();
    expect((await visit('/listings')).renders).toBe(1);
    expect((await visit('/listings', { cookie: 'lang=rw' })).renders).toBe(2);
    expect((await visit('/listings', { 'accept-language': 'fr-FR,fr;q=0.9' })).renders).toBe(3);
    expect((await visit('/listings?page=2')).renders).toBe(4);
    expect((await visit('/listings', { cookie: 'lang=rw' })).renders).toBe(2);

    const missing = await visit('/missing');
    expect(missing.answer.statusCode).toBe(404);
    await visit('/missing');
    expect(renders).toBe(6);
  });
});
