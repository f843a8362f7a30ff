// Bundles the Fastify server (server/index.ts and the modules it imports) into one ES module
// for production; npm packages stay external and load from node_modules. Builds the service
// worker (build/client/sw.js). Then writes gzip and brotli copies of the browser assets so they
// are served pre-compressed.
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { build } from 'esbuild';
import { SERVER_BUNDLE_OPTIONS } from './server-build.mjs';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

await build({
  entryPoints: ['server/index.ts', 'db/pglite-thread.ts'],
  outdir: 'build/node',
  entryNames: '[name]',
  ...SERVER_BUNDLE_OPTIONS,
  sourcemap: true,
  logLevel: 'warning',
});

async function* walk(dir) {
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(file);
    else yield file;
  }
}

// Where each language's texts went in the browser build, so pages can preload theirs
// (lib/i18n.ts); Vite's manifest is not served.
const manifestFile = 'build/client/.vite/manifest.json';
const manifest = JSON.parse(await fs.readFile(manifestFile, 'utf8'));
const catalogues = {};
for (const [source, chunk] of Object.entries(manifest)) {
  const match = /^lib\/messages\/(\w+?)(?:\.(admin|pages))?\.ts$/.exec(source);
  if (!match) continue;
  const [, locale, half = 'public'] = match;
  catalogues[locale] = { ...catalogues[locale], [half]: `/${chunk.file}` };
}
await fs.writeFile('build/client-catalogues.json', `${JSON.stringify(catalogues, null, 2)}\n`);
await fs.rm('build/client/.vite', { recursive: true, force: true });

// The service worker, one small script at the site's root (its scope). Its version names the
// build's files: a deploy that changes any of them makes a new worker, which keeps the new
// offline pages and drops the old ones (app/service-worker/).
const assetNames = (await fs.readdir('build/client/assets')).sort();
await build({
  entryPoints: ['app/service-worker/service-worker.ts'],
  outfile: 'build/client/sw.js',
  bundle: true,
  format: 'iife',
  platform: 'browser',
  target: 'es2022',
  minify: true,
  define: {
    SW_VERSION: JSON.stringify(
      createHash('sha256').update(assetNames.join('\n')).digest('hex').slice(0, 12),
    ),
  },
  logLevel: 'warning',
});

for await (const file of walk('build/client')) {
  if (!/\.(js|css|svg|json|txt|webmanifest|html)$/.test(file)) continue;
  const data = await fs.readFile(file);
  if (data.length < 1024) continue;
  await fs.writeFile(
    `${file}.br`,
    await brotli(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  await fs.writeFile(`${file}.gz`, await gzip(data, { level: 9 }));
}
