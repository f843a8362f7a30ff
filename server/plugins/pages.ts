import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import type {} from '@fastify/rate-limit';
import { createRequest } from '@remix-run/node-fetch-server';
import { parse as parseCookies } from 'cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createRequestHandler, type ServerBuild } from 'react-router';
import type { FormRateLimit } from '#lib/api-schemas.ts';
import type { Clock } from '#lib/clock.ts';
import { isDataSaverOn } from '#lib/data-saver.ts';
import type { CatalogueFiles } from '#lib/i18n.ts';
import { t } from '#lib/i18n.all.ts';
import { localeFromAcceptLanguage } from '#lib/i18n.server.ts';
import { tileImageSource, type MapTiles } from '#lib/map.ts';
import { VIEWER_HEADER } from '#lib/web-app.ts';
import { createPageContext } from '../load-context.ts';
import {
  createPageCache,
  preferredEncoding,
  type CachedPage,
  type KeptPage,
} from '../page-cache.ts';
import type { Services } from '../services.ts';

export type PagesOptions = {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: 'production' | 'development';
  /** Each language's texts in the browser build (none in development: Vite serves them). */
  catalogueFiles: CatalogueFiles | null;
  services: Services;
  formRateLimit: FormRateLimit;
  /** Where links in e-mails point (config.siteUrl). */
  siteUrl: string;
  /** PUBLIC_URL (config.publicUrl), if set: the address in sitemaps and link previews. */
  publicUrl: string | undefined;
  /** The largest form post a page accepts: every photo at the upload limit, plus the fields. */
  maxBodyBytes: number;
  /** PAGE_CACHE_SECONDS: how long a signed-out visitor's page is answered again (0: never). */
  pageCacheSeconds: number;
  /** The map's background (MAP_TILES_URL or MAP_PMTILES_PATH): its tiles are images pages load. */
  mapTiles: MapTiles;
  clock: Clock;
};

const SCRIPT_OPEN = Buffer.from('<script');
const SCRIPT_CLOSE = Buffer.from('</script>');
const TAG_END = '>'.charCodeAt(0);

/**
 * The SHA-256 of every inline script of the HTML (React Router's data and hydration scripts,
 * scroll restoration), as CSP sources. React escapes `<` in text and React Router in the data it
 * writes into scripts, so `<script` only ever opens a tag and a script's text ends at its first
 * `</script>`. Read from the bytes, since turning a whole page into a string for a regular
 * expression cost more than the hashing.
 */
function inlineScriptHashes(html: Buffer): string[] {
  const hashes = new Set<string>();
  for (let start = html.indexOf(SCRIPT_OPEN); start !== -1;) {
    const textStart = html.indexOf(TAG_END, start) + 1;
    const textEnd = html.indexOf(SCRIPT_CLOSE, textStart);
    if (textStart === 0 || textEnd === -1) break;
    const attributes = html.toString('latin1', start + SCRIPT_OPEN.length, textStart - 1);
    if (!/\ssrc\s*=/.test(attributes) && textEnd > textStart) {
      const hash = createHash('sha256').update(html.subarray(textStart, textEnd)).digest('base64');
      hashes.add(`'sha256-${hash}'`);
    }
    start = html.indexOf(SCRIPT_OPEN, textEnd + SCRIPT_CLOSE.length);
  }
  return [...hashes];
}

/**
 * The policy of one page: scripts from this site, and inline only the scripts the server wrote
 * into this very document, by their hashes (anything injected into it has another hash). It is
 * a function of the page alone, so a cached page keeps a policy that fits it.
 */
function contentSecurityPolicy(
  html: Buffer,
  mode: PagesOptions['mode'],
  imageSources: readonly string[],
): string {
  const scripts =
    mode === 'development'
      ? `'self' 'unsafe-inline'`
      : [`'self'`, ...inlineScriptHashes(html)].join(' ');
  return [
    `default-src 'self'`,
    `script-src ${scripts}`,
    `style-src 'self' 'unsafe-inline'`,
    [`img-src 'self' data: blob:`, ...imageSources].join(' '),
    `connect-src 'self'${mode === 'development' ? ' ws:' : ''}`,
    `font-src 'self'`,
    `object-src 'none'`,
    `base-uri 'self'`,
    `form-action 'self'`,
    `frame-ancestors 'none'`,
  ].join('; ');
}

/**
 * Whose page an answer is (VIEWER_HEADER), for the browser's service worker, which drops what
 * it kept of one person once pages come for another or for nobody. A hash, not the id: the
 * worker only compares it. Never on a signed-out answer, so never in the page cache.
 */
function viewerKey(userId: string): string {
  return createHash('sha256').update(`viewer:${userId}`).digest('base64url').slice(0, 16);
}

/** What React Router answers and what may be kept of it. */
const CACHEABLE_TYPES = ['text/html', 'text/x-script'];

/** Whether the request asks for the light pages (lib/data-saver.ts), as the root loader reads it. */
function isDataSaverRequest(request: FastifyRequest): boolean {
  const saveData = request.headers['save-data'];
  return isDataSaverOn({
    saveData: typeof saveData === 'string' ? saveData : undefined,
    cookie: request.headers.cookie,
  });
}

/**
 * The cache key of a signed-out visitor's GET: everything a page's answer depends on for such
 * a visitor. The address; the chosen language (the `lang` cookie) and the browser's (the home
 * page opens in it); data saver (its photos and its footer differ); and, without PUBLIC_URL,
 * the origin asked for, which pages write into their links.
 */
function pageCacheKey(request: FastifyRequest, publicOrigin: string | null): string {
  const chosen = parseCookies(request.headers.cookie ?? '').lang ?? '';
  const preferred = localeFromAcceptLanguage(request.headers['accept-language']);
  const origin = publicOrigin ?? `${request.protocol}://${request.host}`;
  const dataSaver = isDataSaverRequest(request) ? 'light' : 'full';
  return `${origin} ${chosen} ${preferred} ${dataSaver} ${request.url}`;
}

/**
 * What every page and its data answer depend on besides the address: the browser's Save-Data
 * and the cookies (the visitor's data saver choice, language and session), so that no cache
 * between here and the browser hands one visitor's light page to another or the reverse.
 */
const PAGE_VARY = 'Save-Data, Cookie';

function withPageVary(headers: [string, string][]): void {
  const existing = headers.find(([name]) => name === 'vary');
  if (existing) existing[1] = `${existing[1]}, ${PAGE_VARY}`;
  else headers.push(['vary', PAGE_VARY]);
}

function isCacheable(page: CachedPage): boolean {
  const header = (name: string) => page.headers.find(([key]) => key === name)?.[1] ?? '';
  return (
    page.status === 200 &&
    !page.headers.some(([name]) => name === 'set-cookie') &&
    CACHEABLE_TYPES.some((type) => header('content-type').startsWith(type)) &&
    !/private|no-store/.test(header('cache-control'))
  );
}

function setStatusAndHeaders(reply: FastifyReply, { status, headers }: Omit<CachedPage, 'body'>) {
  reply.status(status);
  for (const [name, value] of headers) {
    if (name !== 'set-cookie') reply.header(name, value);
  }
  const cookies = headers.filter(([name]) => name === 'set-cookie').map(([, value]) => value);
  if (cookies.length > 0) reply.header('set-cookie', cookies);
}

function sendPage(reply: FastifyReply, page: CachedPage) {
  setStatusAndHeaders(reply, page);
  return reply.send(page.body);
}

/** Sends a kept page, compressed once for every client that accepts the same encoding. */
function sendKeptPage(
  request: FastifyRequest,
  reply: FastifyReply,
  page: KeptPage,
  cacheState: 'hit' | 'miss',
) {
  setStatusAndHeaders(reply, page);
  const vary = reply.getHeader('vary');
  reply
    .header('x-page-cache', cacheState)
    .header('vary', vary ? `${String(vary)}, accept-encoding` : 'accept-encoding');
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  if (!encoding) return reply.send(page.body);
  return reply.header('content-encoding', encoding).send(page.compressed(encoding));
}

/**
 * Every path the API and the static files do not claim is a page: the request goes to React
 * Router, which runs the route's loader or action and renders the HTML on the server. A
 * signed-out visitor's GET is answered from the page cache when another visitor asked the same
 * page moments before.
 */
export async function pagesPlugin(app: FastifyInstance, options: PagesOptions) {
  const handleRequest = createRequestHandler(options.build, options.mode);
  const publicOrigin = options.publicUrl ? new URL(options.publicUrl).origin : null;
  // The map's tiles come from their server (OpenStreetMap's by default), or from this site.
  const tileSource =
    options.mapTiles.kind === 'xyz' ? tileImageSource(options.mapTiles.url) : undefined;
  const imageSources = tileSource ? [tileSource] : [];
  // In development the pages change with the code: every request renders.
  const cache = createPageCache({
    seconds: options.mode === 'production' ? options.pageCacheSeconds : 0,
    clock: options.clock,
  });
  const stopListening = [
    options.services.catalogueEvents.onChange(cache.clear),
    options.services.settings.onChange(cache.clear),
  ];
  app.addHook('onClose', async () => {
    for (const stop of stopListening) stop();
  });

  // React Router reads form bodies itself, from the raw request stream.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));

  // Page actions answer an exceeded limit inside the form, so the limit is checked here and
  // handed to them rather than enforced with a bare 429.
  const checkFormRateLimit = app.createRateLimit(options.formRateLimit);

  app.route({
    method: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    url: '/*',
    // Pages are public; each page that needs a user redirects to /login itself. Declaring the
    // access makes the access plugin sign the request in and check where form posts come from.
    config: { access: 'public' },
    handler: async (request, reply) => {
      const isRead = request.method === 'GET' || request.method === 'HEAD';
      // React Router reads a form body whole; refuse one too large before it is read. Browsers
      // always give a form post its length.
      if (!isRead) {
        const length = Number(request.headers['content-length'] ?? NaN);
        if (Number.isNaN(length)) {
          return reply.status(411).send({ message: t('api.lengthRequired') });
        }
        if (length > options.maxBodyBytes) {
          return reply.status(413).send({ message: t('api.formTooLarge') });
        }
      }
      // Pages are for browsers: only the session cookie signs them in, never a Bearer token.
      const viewer = request.credentials === 'cookie' ? request.viewer : null;
      const cacheKey =
        cache.isOn && request.method === 'GET' && !viewer
          ? pageCacheKey(request, publicOrigin)
          : undefined;
      const cached = cacheKey === undefined ? undefined : cache.get(cacheKey);
      if (cached) return sendKeptPage(request, reply, cached, 'hit');
      const cacheVersion = cache.version();

      const limit = isRead ? undefined : await checkFormRateLimit(request);
      const fetchRequest = createRequest(request.raw, reply.raw, {
        host: request.host,
        protocol: `${request.protocol}:`,
      });
      const response = await handleRequest(
        fetchRequest,
        createPageContext({
          services: options.services,
          requestId: request.id,
          logger: request.log,
          viewer,
          clientAddress: request.ip,
          siteUrl: options.siteUrl,
          catalogueFiles: options.catalogueFiles,
          publicOrigin,
          isSecureRequest: options.siteUrl.startsWith('https:') || request.protocol === 'https',
          mapTiles: options.mapTiles,
          // The limiter's `isAllowed` means "on the allow list"; what counts is `isExceeded`.
          formRateLimit:
            limit && !limit.isAllowed && limit.isExceeded
              ? { isExceeded: true, retryAfterSeconds: limit.ttlInSeconds }
              : { isExceeded: false },
        }),
      );
      const headers: [string, string][] = [];
      response.headers.forEach((value, name) => {
        if (name !== 'set-cookie') headers.push([name, value]);
      });
      for (const cookie of response.headers.getSetCookie()) headers.push(['set-cookie', cookie]);
      if (viewer) headers.push([VIEWER_HEADER, viewerKey(viewer.id)]);
      const contentType = response.headers.get('content-type') ?? '';
      if (CACHEABLE_TYPES.some((type) => contentType.startsWith(type))) withPageVary(headers);
      const isHtml = contentType.startsWith('text/html');
      if (!isHtml && cacheKey === undefined) {
        // Files and feeds from resource routes go out as they are made.
        setStatusAndHeaders(reply, { status: response.status, headers });
        if (!response.body) return reply.send();
        return reply.send(Readable.fromWeb(response.body as NodeReadableStream));
      }
      // Rendered whole already (entry.server.tsx waits for all of it): reading it costs nothing.
      const body = Buffer.from(await response.arrayBuffer());
      if (isHtml) {
        headers.push([
          'content-security-policy',
          contentSecurityPolicy(body, options.mode, imageSources),
        ]);
        if (!response.headers.has('cache-control')) headers.push(['cache-control', 'no-cache']);
      }
      const page = { status: response.status, headers, body };
      const kept =
        cacheKey !== undefined && isCacheable(page) && cache.set(cacheKey, page, cacheVersion);
      return kept ? sendKeptPage(request, reply, kept, 'miss') : sendPage(reply, page);
    },
  });
}
