/**
 * The addresses a page gives out come from PUBLIC_URL, never from the Host header a client
 * sends: through the whole server (the pages plugin hands PUBLIC_URL to the page), on a
 * build of just the sitemap and robots.txt routes, which render nothing.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { ServerBuild } from 'react-router';
import { createProperty, createUser } from '#db/seed/factories.ts';
import * as robots from '#app/routes/site/robots.ts';
import * as sitemap from '#app/routes/site/sitemap.ts';
import { createTestApp, type TestApp } from '../testing.ts';

type RouteModule = NonNullable<ServerBuild['routes'][string]>['module'];

/** A server build of two resource routes under an empty root. */
function resourceRoutesBuild(): ServerBuild {
  const route = (id: string, path: string, module: Omit<RouteModule, 'default'>) => ({
    id,
    parentId: 'root',
    path,
    // A resource route is one without a component, which the build's type always expects.
    module: module as RouteModule,
  });
  return {
    entry: {
      module: {
        default: () => {
          throw new Error('these routes render no document');
        },
      },
    },
    routes: {
      root: { id: 'root', path: '', module: { default: () => null } },
      robots: route('robots', 'robots.txt', robots),
      sitemap: route('sitemap', 'sitemap.xml', sitemap),
    },
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
    pages: { build: resourceRoutesBuild(), mode: 'production' },
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
