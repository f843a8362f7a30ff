import type { CatalogueFiles } from '#lib/i18n.ts';
import type { MapTiles } from '#lib/map.ts';
import type { FastifyBaseLogger } from 'fastify';
import { createContext, RouterContextProvider, type RouterContext } from 'react-router';
import type { Viewer } from '#modules/accounts/accounts.service.ts';
import type { Services } from './services.ts';

/** What every page loader, action and middleware receives from the server for one request. */
export type RequestContext = {
  services: Services;
  requestId: string;
  /** The request's logger: every line carries its id. */
  logger: FastifyBaseLogger;
  /** For form posts: whether this client went over the public form rate limit. */
  formRateLimit: { isExceeded: false } | { isExceeded: true; retryAfterSeconds: number };
  /** The user signed in with the session cookie, or null. */
  viewer: Viewer | null;
  /** The client's address, as the login and signup limits count it. */
  clientAddress: string;
  /** Where links in e-mails point: PUBLIC_URL, else this machine (never the Host header). */
  siteUrl: string;
  /** Each language's texts in the browser build, for the page to preload (production). */
  catalogueFiles: CatalogueFiles | null;
  /**
   * PUBLIC_URL's origin, for the absolute URLs pages give out (`app/site-origin.server.ts`);
   * null when it is not set.
   */
  publicOrigin: string | null;
  /** Whether the visitor uses HTTPS, so that session cookies are marked Secure. */
  isSecureRequest: boolean;
  /** The map's background and its credits (MAP_TILES_URL or MAP_PMTILES_PATH). */
  mapTiles: MapTiles;
};

/** The `context` argument of loaders, actions and middleware. */
export type PageContext = Readonly<RouterContextProvider>;

// The server bundle and the page bundle each carry a copy of this file, and a context is found
// by the identity of its key: both copies take the one key registered for the process.
const KEY = Symbol.for('marketplace.request-context');
const registry = globalThis as { [KEY]?: RouterContext<RequestContext> };

/** The key under which the server hands a page its RequestContext. */
export const requestContext: RouterContext<RequestContext> = (registry[KEY] ??=
  createContext<RequestContext>());

/** The services a page's loaders, actions and middleware call. */
export function getServices(context: PageContext): Services {
  return context.get(requestContext).services;
}

/** The map's background as configured, for the map page. */
export function getMapTiles(context: PageContext): MapTiles {
  return context.get(requestContext).mapTiles;
}

/** The user signed in with the request's session cookie, or null. */
export function getViewer(context: PageContext): Viewer | null {
  return context.get(requestContext).viewer;
}

/** The context a page request starts with. */
export function createPageContext(values: RequestContext): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(requestContext, values);
  return context;
}
