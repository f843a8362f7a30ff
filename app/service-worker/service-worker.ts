/**
 * The service worker, served at `/sw.js` (built by scripts/build-server.mjs, registered by
 * app/use-service-worker.ts once a page has loaded). What it does, and why, is decision 021:
 *
 * - the build's hashed files (`/assets/`) and photos (`/media/`): from the phone first;
 * - pages and their data (`.data`): from the network first; after a few seconds without an
 *   answer, or offline, the copy kept on the phone; else the offline page in the page's language
 *   (a data request is told to load the page whole, which comes back here);
 * - a form that cannot leave is answered "not sent": through a fetcher, an action answer the
 *   form shows; without JavaScript, the offline page that says so;
 * - the saved-listings page asks it to keep each saved listing's page and first photo;
 * - whatever is kept of a signed-in person goes when another person (or nobody) signs in;
 * - a push message (decision 023) shows its notification; a tap opens its page of this site, in
 *   a window of the site already open when there is one.
 */
import {
  keepSavedMessage,
  MAX_KEPT_SAVED,
  readKeepSavedMessage,
  type KeepSavedMessage,
} from './messages.ts';
import {
  assetsOf,
  CACHE_PREFIX,
  CACHES,
  cacheKeyOf,
  isDataPath,
  isKeepable,
  isKeptPage,
  isSavedListPage,
  LIMITS,
  NETWORK_TIMEOUT_MS,
  notSentActionBody,
  offlineCacheName,
  offlinePageUrl,
  offlinePageUrls,
  otherPhotoWidths,
  pagePathOfData,
  reloadDocumentHeaders,
  STATIC_FILES,
} from './sw-rules.ts';
import { VIEWER_HEADER } from '#lib/web-app.ts';
import { readPushPayload } from '#lib/push.ts';

// The few service-worker types used here. TypeScript's "webworker" library would also redefine
// the DOM's globals for the rest of the project, which runs in pages.
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  respondWith(response: Response | Promise<Response>): void;
}
interface ExtendableMessageEvent extends ExtendableEvent {
  readonly data: unknown;
  readonly ports: readonly MessagePort[];
}
interface PushEvent extends ExtendableEvent {
  readonly data: { json(): unknown } | null;
}
interface NotificationEvent extends ExtendableEvent {
  readonly notification: { readonly data: unknown; close(): void };
}
interface WindowClient {
  readonly url: string;
  focus(): Promise<WindowClient>;
  navigate(url: string): Promise<WindowClient | null>;
}
interface ServiceWorkerScope {
  readonly location: { readonly origin: string };
  readonly clients: {
    claim(): Promise<void>;
    matchAll(options: {
      type: 'window';
      includeUncontrolled: boolean;
    }): Promise<readonly WindowClient[]>;
    openWindow(url: string): Promise<WindowClient | null>;
  };
  readonly registration: {
    readonly pushManager: {
      getSubscription(): Promise<{ unsubscribe(): Promise<boolean> } | null>;
    };
    showNotification(title: string, options: NotificationOptions): Promise<void>;
  };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
  addEventListener(type: 'message', listener: (event: ExtendableMessageEvent) => void): void;
  addEventListener(type: 'push', listener: (event: PushEvent) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: NotificationEvent) => void): void;
}
declare const self: ServiceWorkerScope;

/** The build's version (a hash of its files' names), written in when the worker is built. */
declare const SW_VERSION: string;

const OFFLINE_CACHE = offlineCacheName(SW_VERSION);
const ORIGIN = self.location.origin;
const OWNER_KEY = `${ORIGIN}/__owner`;
const TIMED_OUT = Symbol('timed out');
const FAILED = Symbol('failed');

const MATCH = { ignoreVary: true } as const;

self.addEventListener('install', (event) => {
  // Skipping the wait is safe: pages are asked from the network first, and the build's files
  // stay kept across versions, so an open page of the last build keeps working.
  event.waitUntil(keepOfflinePages().then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const current = new Set<string>([OFFLINE_CACHE, ...Object.values(CACHES)]);
      for (const name of await caches.keys()) {
        if (name.startsWith(CACHE_PREFIX) && !current.has(name)) await caches.delete(name);
      }
      // Pages opened before the worker was installed go through it from now on.
      await self.clients.claim();
    })(),
  );
});

/**
 * The offline pages of every language, and the files they load so they show styled and work
 * offline. Asked without the cookie: every visitor of this phone may see them.
 */
async function keepOfflinePages(): Promise<void> {
  const cache = await caches.open(OFFLINE_CACHE);
  const files = new Set<string>(STATIC_FILES);
  await Promise.all(
    offlinePageUrls().map(async (path) => {
      const key = cacheKeyOf(new URL(path, ORIGIN));
      const response = await fetch(key, { credentials: 'omit', cache: 'reload' });
      if (!isKeepable(response, 'text/html'))
        throw new Error(`${path} answered ${response.status}`);
      for (const file of assetsOf(await response.clone().text())) files.add(file);
      await cache.put(key, response);
    }),
  );
  await cache.addAll([...files]);
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (url.origin !== ORIGIN || url.pathname.startsWith('/api/')) return;
  if (request.method === 'POST') {
    // A post with photos goes straight to the network: answered here, its upload's progress
    // would not reach the page, and its form checks it is online before sending it.
    if (request.headers.get('content-type')?.startsWith('multipart/form-data')) return;
    if (isDataPath(url.pathname)) {
      event.respondWith(fetch(request).catch(() => notSentAnswer()));
    } else if (request.mode === 'navigate') {
      // Without JavaScript: the page that says nothing was sent; Back keeps what was typed.
      event.respondWith(
        fetch(request).catch(() =>
          Response.redirect(absolute(offlinePageUrl(url.pathname, { isFormNotSent: true })), 303),
        ),
      );
    }
    return;
  }
  if (request.method !== 'GET') return;
  if (request.mode === 'navigate') event.respondWith(answerPage(event, url, 'text/html'));
  else if (isDataPath(url.pathname)) event.respondWith(answerPage(event, url, 'text/x-script'));
  else if (url.pathname.startsWith('/assets/')) {
    event.respondWith(answerFromPhoneFirst(event, request, CACHES.assets, LIMITS.assets));
  } else if (url.pathname.startsWith('/media/')) event.respondWith(answerPhoto(event, request));
  else if ((STATIC_FILES as readonly string[]).includes(url.pathname)) {
    event.respondWith(answerFromPhoneFirst(event, request, OFFLINE_CACHE));
  }
});

self.addEventListener('message', (event) => {
  const message = readKeepSavedMessage(event.data);
  if (!message) return;
  const [port] = event.ports;
  event.waitUntil(
    keepSaved(message).then(
      (kept) => port?.postMessage({ kept }),
      () => port?.postMessage({ kept: 0 }),
    ),
  );
});

self.addEventListener('push', (event) => {
  let payload = null;
  try {
    payload = readPushPayload(event.data?.json());
  } catch {
    // Not JSON: not a message of this site's server.
  }
  if (!payload) return;
  event.waitUntil(
    self.registration.showNotification(payload.title, {
      body: payload.body,
      icon: '/icons/icon-192.png',
      // One notification per kind: a newer one replaces the last in the phone's list.
      tag: payload.tag,
      data: { link: payload.link },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const { link } = (event.notification.data ?? {}) as { link?: unknown };
  // Only a page of this site: a notification never opens another address.
  const target = new URL(typeof link === 'string' ? link : '/', ORIGIN);
  if (target.origin !== ORIGIN) return;
  event.waitUntil(openInWindow(target.href));
});

/** Shows `url` in a window of this site already open (the installed app), else in a new one. */
async function openInWindow(url: string): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((client) => new URL(client.url).origin === ORIGIN);
  if (open) {
    // Focused first, while the tap still allows it; then shown the page.
    const focused = await open.focus().catch(() => null);
    if (focused && (await focused.navigate(url).catch(() => null))) return;
  }
  await self.clients.openWindow(url);
}

function absolute(path: string): string {
  return new URL(path, ORIGIN).href;
}

function timeout(ms: number): Promise<typeof TIMED_OUT> {
  return new Promise((resolve) => setTimeout(() => resolve(TIMED_OUT), ms));
}

/**
 * A page or its data: the network's answer when it comes in time (kept, when it may be);
 * otherwise the copy kept, else the network's answer whenever it comes, else offline.
 */
async function answerPage(
  event: FetchEvent,
  url: URL,
  type: 'text/html' | 'text/x-script',
): Promise<Response> {
  const key = cacheKeyOf(url);
  let stored: Promise<void> = Promise.resolve();
  const network = fetch(event.request).then((response) => {
    stored = afterPageAnswer(url, key, response.clone(), type);
    return response;
  });
  // Keeping the answer may end after the page has it, or after the kept copy was shown.
  event.waitUntil(
    network.then(
      () => stored,
      () => undefined,
    ),
  );
  const first = await Promise.race([network.catch(() => FAILED), timeout(NETWORK_TIMEOUT_MS)]);
  if (first instanceof Response) return first;
  const kept = await caches.match(key, MATCH);
  if (kept) return kept;
  if (first === TIMED_OUT) {
    try {
      return await network;
    } catch {
      // Offline after all.
    }
  }
  if (type === 'text/html') {
    const wanted = `${url.pathname}${url.search}`;
    return Response.redirect(absolute(offlinePageUrl(url.pathname, { next: wanted })), 302);
  }
  const page = new URL(url.href);
  page.pathname = pagePathOfData(url.pathname);
  page.searchParams.delete('_routes');
  return new Response(null, {
    status: 204,
    headers: reloadDocumentHeaders(`${page.pathname}${page.search}`),
  });
}

/** Whose page it was, then the page kept if it may be: among saved listings if it is one. */
async function afterPageAnswer(
  url: URL,
  key: string,
  response: Response,
  type: 'text/html' | 'text/x-script',
): Promise<void> {
  // A redirect of a navigation is opaque: no header to read, nothing to keep.
  if (response.type === 'opaqueredirect') return;
  await rememberViewer(response.headers.get(VIEWER_HEADER) ?? '');
  if (!isKeptPage(url) || !isKeepable(response, type)) return;
  const saved = await caches.open(CACHES.saved);
  if (isSavedListPage(url) || (await saved.match(key, MATCH))) {
    await saved.put(key, response);
    return;
  }
  await keepIn(CACHES.pages, key, response, LIMITS.pages);
}

let viewerCheck: Promise<void> = Promise.resolve();

/**
 * Pages kept for one signed-in person are dropped as soon as a page comes for someone else or
 * for nobody (signed out, or the session ended): a shared phone never shows the last person's
 * name, saved listings or photos offline, nor their push notifications. Pages kept for nobody hold nothing personal and stay
 * when someone signs in. One check at a time, in the order the answers came.
 */
function rememberViewer(viewer: string): Promise<void> {
  viewerCheck = viewerCheck
    .then(async () => {
      const cache = await caches.open(CACHES.owner);
      const owner = (await (await cache.match(OWNER_KEY))?.text()) ?? '';
      if (owner === viewer) return;
      if (owner !== '') {
        await Promise.all(
          [CACHES.pages, CACHES.saved, CACHES.media].map((name) => caches.delete(name)),
        );
        // Nor their notifications: the push service then answers 410 and the server forgets
        // this browser. The next person turns push on for themselves.
        const subscription = await self.registration.pushManager.getSubscription();
        await subscription?.unsubscribe();
      }
      await cache.put(OWNER_KEY, new Response(viewer));
    })
    .catch(() => undefined);
  return viewerCheck;
}

/** Stores an answer in a cache of at most `limit` entries, dropping the oldest stored. */
async function keepIn(name: string, key: string, response: Response, limit?: number) {
  const cache = await caches.open(name);
  await cache.put(key, response);
  if (limit === undefined) return;
  const keys = await cache.keys();
  for (const old of keys.slice(0, Math.max(0, keys.length - limit))) await cache.delete(old);
}

/** A file that never changes at its address: the kept copy, else the network's (then kept). */
async function answerFromPhoneFirst(
  event: FetchEvent,
  request: Request,
  cacheName: string,
  limit?: number,
): Promise<Response> {
  const kept = await caches.match(request, MATCH);
  if (kept) return kept;
  const response = await fetch(request);
  if (isKeepable(response)) {
    event.waitUntil(keepIn(cacheName, request.url, response.clone(), limit));
  }
  return response;
}

/**
 * A photo, as any file that never changes; offline, another width of it that was kept (a
 * listing kept at 640 px shows on a page that asks for 1280), else the "no photo" picture.
 */
async function answerPhoto(event: FetchEvent, request: Request): Promise<Response> {
  try {
    return await answerFromPhoneFirst(event, request, CACHES.media, LIMITS.media);
  } catch (error) {
    for (const other of otherPhotoWidths(new URL(request.url).pathname)) {
      const kept = await caches.match(absolute(other), MATCH);
      if (kept) return kept;
    }
    const placeholder = await caches.match(absolute('/placeholder.svg'), MATCH);
    if (placeholder) return placeholder;
    throw error;
  }
}

/** The answer a form's post gets when it cannot leave: nothing was sent (503). */
function notSentAnswer(): Response {
  return new Response(notSentActionBody(), {
    status: 503,
    headers: { 'content-type': 'text/x-script', 'x-remix-response': 'yes' },
  });
}

/** Runs `work` on every item, at most `at` at a time: a weak connection is not flooded. */
async function inTurns<Item>(items: Item[], at: number, work: (item: Item) => Promise<void>) {
  const queue = [...items];
  const worker = async () => {
    for (let item = queue.shift(); item !== undefined; item = queue.shift()) await work(item);
  };
  await Promise.all(Array.from({ length: at }, worker));
}

/**
 * Keeps the saved listings' pages and first photos, and forgets the listings no longer saved.
 * What is kept already (opened, or kept last time) is not downloaded again; a listing opened
 * online is kept fresh by answerPage. Answers how many of those asked for are kept.
 */
async function keepSaved(message: KeepSavedMessage): Promise<number> {
  const { pages, photos } = keepSavedMessage(
    // The saved-listings page itself, then the listings.
    message.pages.filter((path) => isKeptPage(new URL(path, ORIGIN))).slice(0, MAX_KEPT_SAVED + 1),
    message.photos.filter((path) => path.startsWith('/media/')).slice(0, MAX_KEPT_SAVED),
  );
  const wanted = [...pages, ...photos].map((path) => cacheKeyOf(new URL(path, ORIGIN)));
  const cache = await caches.open(CACHES.saved);
  for (const request of await cache.keys()) {
    if (!wanted.includes(request.url) && !isSavedListPage(new URL(request.url))) {
      await cache.delete(request);
    }
  }
  let kept = 0;
  // The code of the pages newly kept, so that they also work offline, not only read: all saved
  // listings share their kind's few files.
  const files = new Set<string>();
  await inTurns(wanted, 2, async (key) => {
    if (await cache.match(key, MATCH)) {
      kept += 1;
      return;
    }
    const response = (await caches.match(key, MATCH)) ?? (await fetch(key).catch(() => null));
    if (!response || !isKeepable(response)) return;
    if (isKeepable(response, 'text/html')) {
      for (const file of assetsOf(await response.clone().text())) files.add(file);
    }
    await cache.put(key, response);
    kept += 1;
  });
  await inTurns([...files], 2, async (file) => {
    if (await caches.match(absolute(file), MATCH)) return;
    const response = await fetch(file).catch(() => null);
    if (response && isKeepable(response)) await keepIn(CACHES.assets, absolute(file), response);
  });
  return kept;
}
