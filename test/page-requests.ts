/**
 * Page requests for route module tests: the route tree of app/routes.ts, run by React Router's
 * own static handler (middleware, actions, then loaders, as the server runs them), against the
 * test app's services on its database. No build, no browser, no HTML.
 */
import path from 'node:path';
import {
  createStaticHandler,
  isRouteErrorResponse,
  type RouteObject,
  type StaticHandlerContext,
} from 'react-router';
import { pathLocale } from '#lib/i18n.ts';
import { withLocale } from '#lib/i18n.server.ts';
import type { Viewer } from '#modules/accounts/accounts.service.ts';
import type { RequestContext } from '#server/load-context.ts';
import { createTestPageContext, type TestApp } from '#server/testing.ts';
import routes from '#app/routes.ts';

type RouteEntry = {
  id?: string;
  path?: string;
  index?: boolean;
  file: string;
  children?: RouteEntry[];
};

type RouteModule = Pick<RouteObject, 'loader' | 'action' | 'middleware'>;

const APP_DIR = path.resolve(import.meta.dirname, '../app');

/** A route whose module is imported only when a request first matches it. */
function toRouteObject(entry: RouteEntry): RouteObject {
  let module: Promise<RouteModule> | undefined;
  const load = () => (module ??= import(path.join(APP_DIR, entry.file)) as Promise<RouteModule>);
  const lazy = {
    loader: async () => (await load()).loader,
    action: async () => (await load()).action,
    middleware: async () => (await load()).middleware,
  };
  const id = entry.id ?? entry.file.replace(/\.[jt]sx?$/, '');
  if (entry.index) return { id, index: true, lazy };
  return { id, path: entry.path, lazy, children: (entry.children ?? []).map(toRouteObject) };
}

const handler = createStaticHandler([
  toRouteObject({ id: 'root', path: '', file: 'root.tsx', children: routes }),
]);

/** What a page request came to: a redirect, or the data of the action and loaders. */
export type PageAnswer = {
  status: number;
  /** Where a redirect goes, or null. */
  location: string | null;
  /** What the action answered, or undefined (no action, or it redirected). */
  actionData: unknown;
  loaderData: Record<string, unknown>;
  /** The status of each route's error (a thrown 404, say), by route id. */
  errors: Record<string, number>;
  /** The cookie a redirect sets, or null. */
  setCookie: string | null;
};

type PageRequest = {
  viewer?: Viewer | null;
  method?: 'GET' | 'POST';
  /** The form's fields; a list is a repeated field; a Buffer is a file (a photo). */
  form?: Record<string, FieldValue | FieldValue[]>;
  /**
   * The origin of the request's URL. The server builds it from the Host header (or a trusted
   * proxy's X-Forwarded-Host), so this is what a client that forges one controls.
   */
  origin?: string;
  /** Changes to what the server hands the page (PUBLIC_URL's origin, say). */
  context?: Partial<RequestContext>;
  /** Request headers, such as Accept-Language or Cookie. */
  headers?: Record<string, string>;
};

type FieldValue = string | Buffer;

function formDataOf(fields: Record<string, FieldValue | FieldValue[]>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    for (const item of [value].flat()) {
      if (typeof item === 'string') form.append(name, item);
      else form.append(name, new Blob([new Uint8Array(item)]), `${name}.jpg`);
    }
  }
  return form;
}

function statusOf(error: unknown): number {
  return isRouteErrorResponse(error) ? error.status : 500;
}

/**
 * Sends one page request (`url` from the site's root, with `?index` for an index route), in the
 * language of its address, as the server's locale plugin does.
 */
export function requestPage(test: TestApp, url: string, request: PageRequest = {}) {
  return withLocale(pathLocale(new URL(url, 'http://localhost').pathname), () =>
    sendPageRequest(test, url, request),
  );
}

async function sendPageRequest(
  test: TestApp,
  url: string,
  {
    viewer = null,
    form,
    method = form ? 'POST' : 'GET',
    origin = 'http://localhost',
    context: overrides,
    headers,
  }: PageRequest = {},
): Promise<PageAnswer> {
  const request = new Request(new URL(url, origin), {
    method,
    headers,
    body: form ? formDataOf(form) : undefined,
  });
  let context: StaticHandlerContext | undefined;
  const response = await handler.query(request, {
    requestContext: createTestPageContext(test, viewer, overrides),
    generateMiddlewareResponse: async (query) => {
      const result = await query(request);
      if (result instanceof Response) return result;
      context = result;
      return new Response(null, { status: result.statusCode });
    },
  });
  if (!(response instanceof Response)) throw new Error('expected the middleware response');
  if (!context) {
    return {
      status: response.status,
      location: response.headers.get('location'),
      actionData: undefined,
      loaderData: {},
      errors: {},
      setCookie: response.headers.get('set-cookie'),
    };
  }
  const errors = Object.fromEntries(
    Object.entries(context.errors ?? {}).map(([id, error]) => [id, statusOf(error)]),
  );
  return {
    status: context.statusCode,
    location: null,
    actionData: context.actionData ? Object.values(context.actionData)[0] : undefined,
    loaderData: context.loaderData,
    errors,
    setCookie: null,
  };
}

/** The viewer of a user made by `createSignedInUser`, as the server hands it to pages. */
export function viewerOf<Email extends string | null>({
  user,
}: {
  user: Pick<Viewer, 'id' | 'name' | 'role'> & { email: Email };
}): Viewer & { email: Email } {
  return {
    id: user.id,
    sessionId: 'test-session',
    name: user.name,
    email: user.email,
    role: user.role,
    accountRole: user.role,
    locale: null,
    isTwoStepOn: false,
  };
}
