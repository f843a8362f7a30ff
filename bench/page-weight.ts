/**
 * What the first view of the home page costs a renter on a 360 px phone on paid mobile data:
 * every byte the network carries for it (the HTML, CSS, JS, the photos the phone fetches
 * without scrolling, icons), as transferred (compressed bodies and their headers), with data
 * saver off and on (`Save-Data: on`, as the phone's data saver sends it). Read in Chromium on a
 * fresh profile: nothing cached. The service worker is blocked: it installs after the page has
 * loaded, so what it keeps for offline use is not the first view's.
 *
 * `npx tsx bench/page-weight.ts <server>` measures a running production server;
 * `npx tsx bench/page-weight.ts` seeds the demo catalogue into a throw-away database, starts the
 * production build on it (`npm run build` first) and measures that.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Budget } from './figures.ts';

/** A phone of the shop next door: 360 CSS px wide at two device pixels per CSS pixel. */
const PHONE = {
  viewport: { width: 360, height: 780 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
} as const;

/** Issue 37's budget: the first home view with data saver, images included. */
export const DATA_SAVER_HOME_BUDGET = { op: '<=', limit: 250 } as const satisfies Budget;

type Kind = 'html' | 'css' | 'js' | 'image' | 'other';

type PageWeight = {
  /** Bytes on the wire per kind of file: compressed bodies plus response headers. */
  bytes: Record<Kind, number>;
  totalBytes: number;
  requests: number;
  /** The photo files the page fetched (their paths), to see which widths a phone got. */
  photos: string[];
};

function kindOf(resourceType: string): Kind {
  switch (resourceType) {
    case 'document':
      return 'html';
    case 'stylesheet':
      return 'css';
    case 'script':
      return 'js';
    case 'image':
      return 'image';
    default:
      return 'other';
  }
}

/** The home page's first view on the phone, with or without data saver. */
export async function measureHomeWeight(
  baseUrl: string,
  { isDataSaverOn }: { isDataSaverOn: boolean },
): Promise<PageWeight> {
  const { chromium } = await import('@playwright/test');
  const { CHROMIUM_ARGS, CHROMIUM_PATH } = await import('#test/chromium.ts');
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({
      ...PHONE,
      serviceWorkers: 'block',
      extraHTTPHeaders: isDataSaverOn ? { 'save-data': 'on' } : {},
    });
    const page = await context.newPage();
    const sizes: Promise<{ kind: Kind; bytes: number; url: string }>[] = [];
    page.on('requestfinished', (request) => {
      sizes.push(
        request.sizes().then((size) => ({
          kind: kindOf(request.resourceType()),
          bytes: size.responseBodySize + size.responseHeadersSize,
          url: request.url(),
        })),
      );
    });
    await page.goto(`${baseUrl}/`, { waitUntil: 'load' });
    await page.waitForLoadState('networkidle');
    const weight: PageWeight = {
      bytes: { html: 0, css: 0, js: 0, image: 0, other: 0 },
      totalBytes: 0,
      requests: 0,
      photos: [],
    };
    for (const { kind, bytes, url } of await Promise.all(sizes)) {
      weight.bytes[kind] += bytes;
      weight.totalBytes += bytes;
      weight.requests += 1;
      const { pathname } = new URL(url);
      if (pathname.startsWith('/media/')) weight.photos.push(pathname);
    }
    return weight;
  } finally {
    await browser.close();
  }
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

/** One line: the total and what it is made of, in KB of 1024 bytes. */
export function describeWeight(weight: PageWeight): string {
  const parts = (Object.keys(weight.bytes) as Kind[])
    .map((kind) => `${kind} ${kb(weight.bytes[kind])}`)
    .join(', ');
  const widths = [...new Set(weight.photos.map((photo) => /-(\d+)\.webp$/.exec(photo)?.[1]))]
    .filter(Boolean)
    .join('/');
  return (
    `${kb(weight.totalBytes)} KB in ${weight.requests} requests (${parts}); ` +
    `${weight.photos.length} photos${widths ? ` at ${widths} px` : ''}`
  );
}

/** A production server on the demo catalogue, in a temporary folder, for running alone. */
async function withDemoServer(measure: (baseUrl: string) => Promise<void>): Promise<void> {
  const { projectRoot } = await import('#config/paths.ts');
  const { findFreePort, runCommand, startServer, stopAllProcesses } =
    await import('./processes.ts');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'inzu-page-weight-'));
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    NODE_ENV: 'production',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
  };
  try {
    await runCommand('npx', ['tsx', 'seed/cli.ts'], { cwd: projectRoot, env });
    const port = await findFreePort();
    const server = await startServer({
      cwd: projectRoot,
      env: { ...env, PORT: String(port), HOST: '127.0.0.1' },
      port,
    });
    await measure(server.baseUrl);
  } finally {
    await stopAllProcesses();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { formatFigure } = await import('./figures.ts');
  const measureBoth = async (baseUrl: string) => {
    const full = await measureHomeWeight(baseUrl, { isDataSaverOn: false });
    console.log(`# home first view, data saver off: ${describeWeight(full)}`);
    const light = await measureHomeWeight(baseUrl, { isDataSaverOn: true });
    console.log(`# home first view, data saver on: ${describeWeight(light)}`);
    console.log(
      formatFigure({
        name: 'home-weight-data-saver',
        value: light.totalBytes / 1024,
        unit: 'KB',
        budget: DATA_SAVER_HOME_BUDGET,
        digits: 1,
      }),
    );
  };
  const given = process.argv[2];
  if (given) await measureBoth(given.replace(/\/+$/, ''));
  else await withDemoServer(measureBoth);
}
