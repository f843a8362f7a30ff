import path from 'node:path';
import middie from '@fastify/middie';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { Connect } from 'vite';
import type { Config } from '#config/env.ts';
import type { FormRateLimit } from '#lib/api-schemas.ts';
import type { Clock } from '#lib/clock.ts';
import type { CatalogueFiles } from '#lib/i18n.ts';
import { MAX_PHOTOS } from '#lib/limits.ts';
import { toMapTiles } from '#lib/map.ts';
import { pagesPlugin, type PagesOptions } from './plugins/pages.ts';
import type { Services } from './services.ts';

/** How pages are rendered and where their browser assets come from. */
export type ServedPages = Pick<PagesOptions, 'build' | 'mode'> & {
  /** Built browser assets, served with long cache headers (production). */
  clientDir?: string;
  /** Where the built browser assets hold each language's texts, for pages to preload. */
  catalogueFiles?: CatalogueFiles;
  /** Vite's dev server (development). */
  devMiddleware?: Connect.Server;
  close?: () => Promise<void>;
};

export type PageServingOptions = {
  config: Config;
  services: Services;
  /** The public forms' post limit (FORM_POSTS_PER_MINUTE), shared with the API. */
  formRateLimit: FormRateLimit;
  clock: Clock;
};

const ONE_YEAR = 365 * 24 * 3600;

/** The service worker, built at the root of the browser assets (app/service-worker/). */
const SERVICE_WORKER_FILE = /^sw\.js(?:\.br|\.gz)?$/;

/**
 * The service worker's own policy: a worker runs under the policy its script was served with,
 * and the default one of non-page answers (`default-src 'none'`) would forbid it to fetch the
 * pages it keeps.
 */
const SERVICE_WORKER_POLICY = `default-src 'self'; object-src 'none'; base-uri 'none'`;

function isServiceWorkerFile(filePath: string, clientDir: string): boolean {
  return (
    path.dirname(filePath) === path.resolve(clientDir) &&
    SERVICE_WORKER_FILE.test(path.basename(filePath))
  );
}

/**
 * The pages and their browser assets: Vite's middleware in development, the built files in
 * production, then every path the API and media leave to React Router.
 */
export async function registerPages(
  app: FastifyInstance,
  pages: ServedPages,
  { config, services, formRateLimit, clock }: PageServingOptions,
): Promise<void> {
  const { clientDir, devMiddleware, close } = pages;
  if (devMiddleware) {
    await app.register(middie);
    app.use(devMiddleware);
  }
  if (close) app.addHook('onClose', close);
  if (clientDir) {
    await app.register(fastifyStatic, {
      root: clientDir,
      prefix: '/',
      wildcard: false,
      preCompressed: true,
      index: false,
      setHeaders: (reply, filePath) => {
        const isHashed = filePath.includes(`${path.sep}assets${path.sep}`);
        if (isServiceWorkerFile(filePath, clientDir)) {
          // Never kept without asking: a deploy reaches every phone at its next visit, and a
          // broken worker is replaced at once rather than an hour later.
          reply.header('cache-control', 'no-cache');
          reply.header('content-security-policy', SERVICE_WORKER_POLICY);
          return;
        }
        reply.header(
          'cache-control',
          isHashed ? `public, max-age=${ONE_YEAR}, immutable` : 'public, max-age=3600',
        );
      },
    });
  }
  await app.register(pagesPlugin, {
    build: pages.build,
    mode: pages.mode,
    catalogueFiles: pages.catalogueFiles ?? null,
    services,
    formRateLimit,
    siteUrl: config.siteUrl,
    publicUrl: config.publicUrl,
    maxBodyBytes: MAX_PHOTOS * config.uploadMaxBytes + 1024 * 1024,
    pageCacheSeconds: config.pageCacheSeconds,
    mapTiles: toMapTiles(config.mapTiles, config.mapTiles.attribution),
    clock,
  });
}
