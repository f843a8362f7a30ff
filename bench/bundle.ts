/**
 * How much JavaScript and CSS the home page and the map page make a browser download, gzipped
 * at level 9 (what the build's pre-compressed .gz copies use), so budgets do not depend on the
 * server's on-the-fly compression settings. Read in Chromium: every script and stylesheet the
 * page fetched until it is ready, lazy chunks and the page's texts included, none of them twice.
 * `npx tsx bench/bundle.ts <server>` measures both.
 */
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const gzip = promisify(zlib.gzip);

export type BundleSize = {
  jsGzipBytes: number;
  cssGzipBytes: number;
  jsFiles: number;
  cssFiles: number;
};

function kindOf(file: string): 'js' | 'css' | undefined {
  const pathname = file.replace(/[?#].*$/, '');
  if (/\.m?js$/.test(pathname)) return 'js';
  if (pathname.endsWith('.css')) return 'css';
  return undefined;
}

async function sumSizes(files: ReadonlyMap<string, Promise<Uint8Array>>): Promise<BundleSize> {
  const size: BundleSize = { jsGzipBytes: 0, cssGzipBytes: 0, jsFiles: 0, cssFiles: 0 };
  for (const [url, body] of files) {
    const kind = kindOf(new URL(url).pathname);
    if (!kind) continue;
    const bytes = (await gzip(await body, { level: 9 })).length;
    if (kind === 'js') {
      size.jsGzipBytes += bytes;
      size.jsFiles += 1;
    } else {
      size.cssGzipBytes += bytes;
      size.cssFiles += 1;
    }
  }
  return size;
}

/**
 * The JS and CSS a phone downloads for `path` until `readySelector` is in the page (when given)
 * and the network is idle: the entry, the route chunks, the page's texts and whatever lazy chunk
 * the page loads while it starts. A file from another origin fails the measurement rather than
 * silently shrinking it.
 */
async function measurePage(
  baseUrl: string,
  path: string,
  readySelector?: string,
): Promise<BundleSize> {
  const { chromium } = await import('@playwright/test');
  const { CHROMIUM_ARGS, CHROMIUM_PATH } = await import('#test/chromium.ts');
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 }, isMobile: true });
    const origin = new URL(baseUrl).origin;
    const bodies = new Map<string, Promise<Uint8Array>>();
    const foreign: string[] = [];
    page.on('response', (response) => {
      const type = response.request().resourceType();
      if (type !== 'script' && type !== 'stylesheet') return;
      if (new URL(response.url()).origin !== origin) foreign.push(response.url());
      else if (!bodies.has(response.url())) bodies.set(response.url(), response.body());
    });
    await page.goto(`${baseUrl}${path}`);
    if (readySelector) {
      await page.locator(readySelector).first().waitFor({ state: 'attached', timeout: 30_000 });
    }
    await page.waitForLoadState('networkidle');
    if (foreign.length > 0) throw new Error(`${path} loads ${foreign.join(', ')}: not measured`);
    return await sumSizes(bodies);
  } finally {
    await browser.close();
  }
}

/** The home page's JS and CSS, gzipped, as a phone downloads them for a first visit. */
export function measureHomeBundle(baseUrl: string): Promise<BundleSize> {
  return measurePage(baseUrl, '/');
}

/** What marks the map page as drawn: a marker or a cluster, once its lazy chunk has run. */
const MAP_DRAWN = '.map-price, .map-cluster';

/** The map page's JS and CSS, gzipped, until its map is drawn (Leaflet and the clustering). */
export function measureMapBundle(baseUrl: string): Promise<BundleSize> {
  return measurePage(baseUrl, '/map', MAP_DRAWN);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  // `npx tsx bench/bundle.ts http://127.0.0.1:3000`: both pages of a running production server.
  const baseUrl = (process.argv[2] ?? 'http://127.0.0.1:3000').replace(/\/+$/, '');
  const kb = (bytes: number) => (bytes / 1024).toFixed(1);
  for (const [name, size] of [
    ['home', await measureHomeBundle(baseUrl)],
    ['map', await measureMapBundle(baseUrl)],
  ] as const) {
    console.log(
      `${name}: JS ${kb(size.jsGzipBytes)} KB in ${size.jsFiles} files, ` +
        `CSS ${kb(size.cssGzipBytes)} KB in ${size.cssFiles} files (gzip -9)`,
    );
  }
}
