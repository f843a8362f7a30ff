/**
 * What the service worker (service-worker.ts) keeps and how it names it: pure functions of
 * addresses and answers, tested without a browser (sw-rules.test.ts). Decision 021 says why.
 */
import { PHOTO_WIDTHS } from '#lib/photos.ts';

/** Every cache of the worker starts so; the worker drops any of them it does not name. */
export const CACHE_PREFIX = 'inzu-';

/**
 * The layout of what is kept. A worker that keeps things differently bumps it, and its first
 * start drops every cache of the old layout.
 */
const LAYOUT = 'v1';

/**
 * The caches kept across deploys: pages opened (their HTML and their `.data`), saved listings
 * and the saved-listings page, the build's hashed files (immutable: an old page kept still needs
 * its own), photos, and whose pages these are.
 */
export const CACHES = {
  pages: `${CACHE_PREFIX}pages-${LAYOUT}`,
  saved: `${CACHE_PREFIX}saved-${LAYOUT}`,
  assets: `${CACHE_PREFIX}assets-${LAYOUT}`,
  media: `${CACHE_PREFIX}media-${LAYOUT}`,
  owner: `${CACHE_PREFIX}owner-${LAYOUT}`,
} as const;

/** The offline pages and what they load, made again by each deploy (its build's version). */
export function offlineCacheName(version: string): string {
  return `${CACHE_PREFIX}offline-${version}`;
}

/**
 * How many entries each bounded cache keeps, the oldest stored dropped first: about 60 pages of
 * 20 to 40 KB, 300 of the build's files (a deploy or two) and 120 photos of about 40 KB, a few
 * megabytes on a phone that may have little room.
 */
export const LIMITS = { pages: 60, assets: 300, media: 120 } as const;

/**
 * How long a page may take before the copy kept on the phone is shown instead. A weak
 * connection often answers at last: without a kept copy, the worker waits for it.
 */
export const NETWORK_TIMEOUT_MS = 4000;

/** Files every page shows that are not in the build's `/assets/`, kept at install. */
export const STATIC_FILES = ['/favicon.svg', '/placeholder.svg'] as const;

/** The address prefixes of the languages (lib/i18n.ts LOCALES, English has none). */
export const PREFIXED_LOCALES = ['rw', 'fr'] as const;

/** The prefix of a path's language: '/rw/property/1' -> '/rw', '/property/1' -> ''. */
export function languagePrefix(pathname: string): string {
  const first = /^\/([a-z]{2})(?=$|[/.])/.exec(pathname)?.[1];
  return PREFIXED_LOCALES.find((locale) => locale === first) ? `/${first}` : '';
}

/** React Router's data request for a page (single fetch): `/property/1.data`, `/_.data`. */
export function isDataPath(pathname: string): boolean {
  return pathname.endsWith('.data');
}

/** The page a data request is for: '/rw/property/1.data' -> '/rw/property/1', '/_.data' -> '/'. */
export function pagePathOfData(pathname: string): string {
  if (pathname.endsWith('/_.data')) return pathname.slice(0, -'_.data'.length);
  return pathname.slice(0, -'.data'.length);
}

/**
 * Pages never kept: a person's own (account, admin panel, conversations, payments, supplies,
 * requests, saved searches, notifications), pages reached by a mailed link or a token, forms
 * that only make sense online, and the offline page itself (kept at install, for nobody).
 * The saved-listings page is the exception, on purpose: it is the way to the saved listings
 * offline. Whatever is kept is dropped when someone else uses the phone (see `VIEWER_HEADER`).
 */
const UNKEPT =
  /^\/(?:admin-panel|account|inquiries|conversation|payments|support|notifications|saved-searches|login|register|logout|forgot-password|reset-password|unsubscribe|listings|supplied-property|supply-property-detail|create-supply-property|property-requested|requested-property-detail|create-request-property|offline|language)(?:\/|$)/;

/** The path of a page or its data without the language prefix: '/rw/faq.data' -> '/faq'. */
function basePath(pathname: string): string {
  const page = isDataPath(pathname) ? pagePathOfData(pathname) : pathname;
  const rest = page.slice(languagePrefix(page).length);
  return rest === '' ? '/' : rest;
}

/** Whether a page (or its data) may be kept for reading offline. */
export function isKeptPage(url: URL): boolean {
  return !url.searchParams.has('token') && !UNKEPT.test(basePath(url.pathname));
}

/** The saved-listings page, kept with the saved listings rather than among pages opened. */
export function isSavedListPage(url: URL): boolean {
  return basePath(url.pathname) === '/favourites';
}

/**
 * The address a page is kept under: the app's `?source=app` and the offline page's `next` say
 * where a visit came from, not what the page shows, so `/rw?source=app` is the `/rw` kept.
 */
export function cacheKeyOf(url: URL): string {
  const key = new URL(url.href);
  key.hash = '';
  key.searchParams.delete('source');
  key.searchParams.delete('next');
  if (key.pathname.length > 1 && key.pathname.endsWith('/') && !isDataPath(key.pathname)) {
    key.pathname = key.pathname.slice(0, -1);
  }
  return key.href;
}

/** What the offline page's address says: the page wanted, or a form that was not sent. */
export type OfflineReason = { next: string } | { isFormNotSent: true };

/**
 * The offline page in the language of `pathname`: with the page wanted (its "Try again"), or
 * for a form posted without JavaScript that could not leave (`?form=not-sent`).
 */
export function offlinePageUrl(pathname: string, reason?: OfflineReason): string {
  const page = `${languagePrefix(pathname)}/offline`;
  if (!reason) return page;
  if ('isFormNotSent' in reason) return `${page}?form=not-sent`;
  return `${page}?next=${encodeURIComponent(reason.next)}`;
}

/** Every offline page the worker keeps at install: each language, both kinds. */
export function offlinePageUrls(): string[] {
  return ['', ...PREFIXED_LOCALES.map((locale) => `/${locale}`)].flatMap((prefix) => [
    offlinePageUrl(prefix || '/'),
    offlinePageUrl(prefix || '/', { isFormNotSent: true }),
  ]);
}

/**
 * The build's files a page loads, from its HTML: its stylesheet, its module preloads and the
 * modules its script imports. Not the addresses its data names (the other languages' texts,
 * the admin panel's), which the page does not load.
 */
export function assetsOf(html: string): string[] {
  const found = html.matchAll(/(?:href=|import |from |import\()"(\/assets\/[\w.-]+\.(?:js|css))"/g);
  return [...new Set([...found].map((match) => match[1]!))];
}

/** The other stored widths of a photo, the likeliest kept first: '/media/k-1280.webp' -> … */
export function otherPhotoWidths(pathname: string): string[] {
  const match = /^\/media\/(.+)-(\d+)\.webp$/.exec(pathname);
  if (!match) return [];
  const [, key, width] = match;
  const widths = [640, ...PHOTO_WIDTHS.filter((each) => each !== 640)];
  return widths
    .filter((each) => String(each) !== width)
    .map((each) => `/media/${key}-${each}.webp`);
}

/** Whether an answer is one to keep: whole, from this site, and not marked as never to store. */
export function isKeepable(
  response: Response,
  contentType?: 'text/html' | 'text/x-script',
): boolean {
  if (response.status !== 200 || response.type !== 'basic' || response.redirected) return false;
  if (/no-store/.test(response.headers.get('cache-control') ?? '')) return false;
  return !contentType || (response.headers.get('content-type') ?? '').startsWith(contentType);
}

/**
 * The answer React Router's single fetch reads for an action, encoded as it encodes one
 * (turbo-stream: a flat list of values, each object naming where its keys and values are):
 * `{ data: { ok: false, message: '', fieldErrors: {}, isOffline: true } }`. The form shows its
 * own text for it (app/forms/use-form-submission.ts), in the page's language.
 */
export function notSentActionBody(): string {
  return JSON.stringify([
    { _1: 2 },
    'data',
    { _3: 4, _5: 6, _7: 8, _9: 10 },
    'ok',
    false,
    'message',
    '',
    'fieldErrors',
    {},
    'isOffline',
    true,
  ]);
}

/**
 * The answer to a data request that cannot be answered offline: React Router's own "load this
 * page whole" redirect, so that the worker answers the page from what was kept, or with the
 * offline page.
 */
export function reloadDocumentHeaders(pagePath: string): Record<string, string> {
  return {
    'x-remix-redirect': pagePath,
    'x-remix-status': '302',
    'x-remix-reload-document': 'true',
  };
}
