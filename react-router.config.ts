import type { Config } from '@react-router/dev/config';

export default {
  appDirectory: 'app',
  buildDirectory: 'build',
  ssr: true,
  // Every route's manifest entry in one immutable file (about 5 KB gzipped, cached for good),
  // not each page's routes inlined into its HTML and the rest fetched from /__manifest for the
  // links it shows: that fetch came with every page view, and matching its paths (38 on the
  // home page) cost the server about as much as rendering a page.
  routeDiscovery: { mode: 'initial' },
  future: {
    v8_middleware: true,
    v8_splitRouteModules: true,
    v8_viteEnvironmentApi: true,
    v8_passThroughRequests: true,
    v8_trailingSlashAwareDataRequests: true,
  },
} satisfies Config;
