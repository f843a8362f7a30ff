/**
 * How much JavaScript and CSS the home page and the map page make a browser download, gzipped
 * at level 9 (what the build's pre-compressed .gz copies use), so budgets do not depend on the
 * server's on-the-fly compression settings. `npx tsx bench/bundle.ts <server>` measures both.
 */
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const gzip = promisify(zlib.gzip);

export type BundleSize = {
  jsGzipBytes: number;
  cssGzipBytes: number;
  jsFiles: number;
  cssFiles: number;
  source: 'manifest' | 'html' | 'browser';
};

type ManifestChunk = { file: string; imports?: string[]; css?: string[] };
type Manifest = Record<string, ManifestChunk>;

/** Source modules whose chunks the home page loads up front (lazy route chunks are not counted). */
const HOME_MODULES = ['app/root.tsx', 'app/routes/catalogue/home.tsx'];

async function gzippedSize(data: Uint8Array): Promise<number> {
  return (await gzip(data, { level: 9 })).length;
}

/**
 * The files of the home page from Vite's manifest: the client entry, the root and home route
 * modules, their static imports and the CSS those chunks pull in. Undefined if the manifest
 * does not name them (then the served HTML is the source of truth).
 */
function filesFromManifest(manifest: Manifest): string[] | undefined {
  // Keys are source paths, with a query React Router adds to route modules
  // (`app/root.tsx?__react-router-build-client-route`); split-off `route-chunk` modules load
  // lazily, so they are not start points.
  const keys = Object.keys(manifest).filter((key) => !key.includes('route-chunk'));
  const sourceOf = (key: string) => key.replace(/\?.*$/, '');
  const entryKey = keys.find((key) => /(^|\/)entry\.client\.[jt]sx?$/.test(sourceOf(key)));
  const routeKeys = HOME_MODULES.map((module) => keys.find((key) => sourceOf(key) === module));
  if (!entryKey || routeKeys.some((key) => key === undefined)) return undefined;
  const files = new Set<string>();
  const seen = new Set<string>();
  const pending = [entryKey, ...routeKeys.filter((key) => key !== undefined)];
  // Bounded: each manifest key is visited at most once.
  while (pending.length > 0) {
    const key = pending.pop()!;
    if (seen.has(key)) continue;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) continue;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    pending.push(...(chunk.imports ?? []));
  }
  return [...files];
}

function attributesOf(tag: string): Map<string, string> {
  const attributes = new Map<string, string>();
  for (const match of tag.matchAll(/([\w-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) {
    attributes.set(match[1]!.toLowerCase(), match[2] ?? match[3] ?? '');
  }
  return attributes;
}

/**
 * The script and stylesheet URLs a page's HTML makes the browser load up front: module
 * scripts, module preloads, stylesheets, and the modules React Router imports from its inline
 * module script (they are also preloaded, but a change there should not go unnoticed).
 */
function assetUrlsOfHtml(html: string): string[] {
  const urls = new Set<string>();
  for (const [tag] of html.matchAll(/<script\b[^>]*>/gi)) {
    const attributes = attributesOf(tag);
    const src = attributes.get('src');
    if (attributes.get('type') === 'module' && src) urls.add(src);
  }
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const attributes = attributesOf(tag);
    const rel = attributes.get('rel')?.toLowerCase();
    const href = attributes.get('href');
    if (href && (rel === 'modulepreload' || rel === 'stylesheet')) urls.add(href);
  }
  for (const [, body] of html.matchAll(
    /<script\b[^>]*type\s*=\s*["']module["'][^>]*>([\s\S]*?)<\/script>/gi,
  )) {
    for (const match of body!.matchAll(/\bimport\s+(?:[^'"`;]*?\s+from\s+)?["']([^"']+)["']/g)) {
      urls.add(match[1]!);
    }
  }
  return [...urls];
}

function kindOf(file: string): 'js' | 'css' | undefined {
  const pathname = file.replace(/[?#].*$/, '');
  if (/\.m?js$/.test(pathname)) return 'js';
  if (pathname.endsWith('.css')) return 'css';
  return undefined;
}

async function sumSizes(
  files: ReadonlyArray<{ name: string; read: () => Promise<Uint8Array> }>,
  source: BundleSize['source'],
): Promise<BundleSize> {
  const size: BundleSize = { jsGzipBytes: 0, cssGzipBytes: 0, jsFiles: 0, cssFiles: 0, source };
  for (const file of files) {
    const kind = kindOf(file.name);
    if (!kind) continue;
    const bytes = await gzippedSize(await file.read());
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
 * The home page's JS and CSS, gzipped: from build/client/.vite/manifest.json when the build
 * wrote one, otherwise from the files the served HTML of `/` references (fetched from the
 * server, which is only ever 127.0.0.1).
 */
export async function measureHomeBundle(clientDir: string, baseUrl: string): Promise<BundleSize> {
  const manifestFile = path.join(clientDir, '.vite', 'manifest.json');
  if (existsSync(manifestFile)) {
    const manifest = JSON.parse(await fs.readFile(manifestFile, 'utf8')) as Manifest;
    const files = filesFromManifest(manifest);
    if (files) {
      return sumSizes(
        files.map((file) => ({ name: file, read: () => fs.readFile(path.join(clientDir, file)) })),
        'manifest',
      );
    }
  }

  const page = await fetch(`${baseUrl}/`);
  if (!page.ok) throw new Error(`GET / answered ${page.status}`);
  const origin = new URL(baseUrl).origin;
  const urls = assetUrlsOfHtml(await page.text())
    .map((href) => new URL(href, `${baseUrl}/`))
    // A third-party script would also count for the visitor, but the benchmark only talks
    // to 127.0.0.1; a foreign URL makes the measurement fail instead of silently shrinking.
    .map((url) => {
      if (url.origin !== origin) throw new Error(`The home page loads ${url.href}: not measured`);
      return url;
    });
  return sumSizes(
    urls.map((url) => ({
      name: url.pathname,
      read: async () => {
        // fetch decodes any content encoding, so this is the file as built.
        const answer = await fetch(url);
        if (!answer.ok) throw new Error(`GET ${url.pathname} answered ${answer.status}`);
        return new Uint8Array(await answer.arrayBuffer());
      },
    })),
    'html',
  );
}

/** What marks the map page as drawn: a marker or a cluster, once its lazy chunk has run. */
const MAP_DRAWN = '.map-price, .map-cluster';

/**
 * The JS and CSS the map page (`/map`) makes a phone download until its map is drawn: the entry,
 * the root and route chunks, the page's texts, and the map's lazy chunk (Leaflet, the
 * clustering) with the styles it links, each gzipped at level 9 as measureHomeBundle counts
 * them. Read in Chromium, since the lazy chunk appears in no HTML: every script and stylesheet
 * the page fetched, none of them twice. A file from another origin fails the measurement.
 */
export async function measureMapBundle(baseUrl: string): Promise<BundleSize> {
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
    await page.goto(`${baseUrl}/map`);
    await page.locator(MAP_DRAWN).first().waitFor({ state: 'attached', timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    if (foreign.length > 0)
      throw new Error(`The map page loads ${foreign.join(', ')}: not measured`);
    return await sumSizes(
      [...bodies].map(([url, body]) => ({ name: new URL(url).pathname, read: () => body })),
      'browser',
    );
  } finally {
    await browser.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  // `npx tsx bench/bundle.ts http://127.0.0.1:3000`: both pages of a running production server.
  const baseUrl = (process.argv[2] ?? 'http://127.0.0.1:3000').replace(/\/+$/, '');
  const kb = (bytes: number) => (bytes / 1024).toFixed(1);
  for (const [name, size] of [
    ['home', await measureHomeBundle('build/client', baseUrl)],
    ['map', await measureMapBundle(baseUrl)],
  ] as const) {
    console.log(
      `${name}: JS ${kb(size.jsGzipBytes)} KB in ${size.jsFiles} files, ` +
        `CSS ${kb(size.cssGzipBytes)} KB in ${size.cssFiles} files (gzip -9, from the ${size.source})`,
    );
  }
}
