/**
 * The app's own pages as a server build, for tests that read the HTML a page is served with
 * through the whole server (`createTestApp({ pages: { build: await loadAppPages(), ... } })`):
 * every route of app/routes.ts under app/root.tsx, rendered by app/entry.server.tsx. No Vite
 * build: the route modules are imported as they are, and their components are given their
 * props as React Router's Vite plugin does for a real build. No browser script is served.
 */
import path from 'node:path';
import {
  UNSAFE_withComponentProps as withComponentProps,
  UNSAFE_withErrorBoundaryProps as withErrorBoundaryProps,
  type ServerBuild,
} from 'react-router';
import routes from '#app/routes.ts';

type RouteEntry = {
  id?: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  file: string;
  children?: RouteEntry[];
};

type ServerRoute = NonNullable<ServerBuild['routes'][string]>;
type RouteModule = ServerRoute['module'];
type ManifestRoute = ServerBuild['assets']['routes'][string];

const APP_DIR = path.resolve(import.meta.dirname, '../app');

/** A route module with its components wrapped, as the Vite plugin compiles it. */
async function importRouteModule(file: string): Promise<RouteModule> {
  const module = (await import(path.join(APP_DIR, file))) as RouteModule;
  const wrapped = { ...module };
  if (module.default) {
    wrapped.default = withComponentProps(
      module.default as Parameters<typeof withComponentProps>[0],
    ) as RouteModule['default'];
  }
  if (module.ErrorBoundary) {
    wrapped.ErrorBoundary = withErrorBoundaryProps(
      module.ErrorBoundary as Parameters<typeof withErrorBoundaryProps>[0],
    ) as RouteModule['ErrorBoundary'];
  }
  return wrapped;
}

/** The route and its descendants, flattened as a build lists them, each naming its parent. */
function flatten(entry: RouteEntry, parentId: string): (RouteEntry & { parentId: string })[] {
  const id = entry.id ?? entry.file.replace(/\.[jt]sx?$/, '');
  return [
    { ...entry, id, parentId },
    ...(entry.children ?? []).flatMap((child) => flatten(child, id)),
  ];
}

function manifestRoute(route: ServerRoute): ManifestRoute {
  const { module } = route;
  return {
    id: route.id,
    parentId: route.parentId,
    path: route.path,
    index: route.index,
    caseSensitive: route.caseSensitive,
    module: `/test-build/${route.id}.js`,
    imports: [],
    css: [],
    hasAction: typeof module.action === 'function',
    hasLoader: typeof module.loader === 'function',
    hasClientAction: false,
    hasClientLoader: false,
    hasClientMiddleware: false,
    hasErrorBoundary: module.ErrorBoundary !== undefined,
    clientActionModule: undefined,
    clientLoaderModule: undefined,
    clientMiddlewareModule: undefined,
    hydrateFallbackModule: undefined,
  };
}

/** Every page of the app, as the production build serves them. */
export async function loadAppPages(): Promise<ServerBuild> {
  const entries = (routes as RouteEntry[]).flatMap((entry) => flatten(entry, 'root'));
  const serverRoutes: ServerBuild['routes'] = {
    root: { id: 'root', path: '', module: await importRouteModule('root.tsx') },
  };
  for (const entry of entries) {
    serverRoutes[entry.id!] = {
      id: entry.id!,
      parentId: entry.parentId,
      path: entry.path,
      index: entry.index,
      caseSensitive: entry.caseSensitive,
      module: await importRouteModule(entry.file),
    };
  }
  const entry = await import('#app/entry.server.tsx');
  return {
    entry: { module: entry },
    routes: serverRoutes,
    assets: {
      entry: { imports: [], module: '/test-build/entry.client.js' },
      routes: Object.fromEntries(
        Object.values(serverRoutes).map((route) => [route!.id, manifestRoute(route!)]),
      ),
      url: '/test-build/manifest.js',
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
    routeDiscovery: { mode: 'initial', manifestPath: '/__manifest' },
  };
}
