/**
 * A text made while a module loads (a label in a module-level constant, a validation message
 * in a schema built at import) is made once, in whatever language was current then, and shows
 * in that language on every page. This imports every module of the product and fails on any
 * text it makes.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, expect, it, vi } from 'vitest';

function codeFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === '+types' ? [] : codeFiles(file);
    // Browser-only modules (`*.client.tsx`: Leaflet wants a window) are empty on the server;
    // the service worker runs in a worker's global scope, with the build's version in it.
    const isBrowserOnly = /\.client\.tsx?$/.test(entry.name) || entry.name === 'service-worker.ts';
    return /\.tsx?$/.test(entry.name) && !/\.(test|cli)\.tsx?$/.test(entry.name) && !isBrowserOnly
      ? [file]
      : [];
  });
}

/** The first frame of the product's own code that asked for a text. */
function callerOf(stack: string | undefined): string {
  const frame = stack
    ?.split('\n')
    .find((line) => /\/(app|modules|lib)\//.test(line) && !/lib\/i18n|node_modules/.test(line));
  return frame?.trim() ?? 'unknown';
}

// The next test file in this worker gets the modules afresh, not this test's English-only reader.
afterAll(() => {
  vi.resetModules();
});

it('no text is made while a module loads', async () => {
  vi.resetModules();
  const i18n = await import('#lib/i18n.ts');
  await import('#lib/i18n.server.ts');
  const callers = new Set<string>();
  i18n.setLocaleReader(() => {
    callers.add(callerOf(new Error().stack));
    return i18n.DEFAULT_LOCALE;
  });
  for (const file of ['app', 'lib', 'modules'].flatMap(codeFiles)) {
    await import(path.resolve(file));
  }
  expect([...callers]).toEqual([]);
}, 180_000);
