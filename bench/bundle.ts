/**
 * How much JavaScript and CSS the home page makes a browser download, gzipped at level 9 (what
 * the build's pre-compressed .gz copies use), so budgets do not depend on the server's
 * on-the-fly compression settings.
 */
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const gzip = promisify(zlib.gzip);

export type BundleSize = {
  jsGzipBytes: number;
  cssGzipBytes: number;
  jsFiles: number;
  cssFiles: number;
  source: 'manifest' | 'html';
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
