import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { projectRoot } from '#config/paths.ts';
import { SERVER_BUNDLE_OPTIONS } from '../scripts/server-build.mjs';

const threadSource = path.join(projectRoot, 'db', 'pglite-thread.ts');
// Inside node_modules, so that the thread's own imports (@electric-sql/pglite) resolve from it.
const cacheDir = path.join(projectRoot, 'node_modules', '.cache', 'pglite-thread');

let compiled: Promise<URL> | undefined;

/**
 * db/pglite-thread.ts as JavaScript, for a server run from its sources (tests, tsx scripts): a
 * worker thread on Node 20 cannot load TypeScript by itself, and tsx's loader started in each
 * thread cost about half a second per database opened. esbuild compiles it once per process, as
 * the build does, into a file named by the hash of the result; processes compiling it at the
 * same moment each write a whole file.
 */
export function compiledThreadFile(): Promise<URL> {
  compiled ??= (async () => {
    // esbuild is a build tool, absent where only the built server is installed.
    const { build } = await import('esbuild');
    const { outputFiles } = await build({
      entryPoints: [threadSource],
      ...SERVER_BUNDLE_OPTIONS,
      sourcemap: 'inline',
      write: false,
      logLevel: 'silent',
    });
    const code = outputFiles[0]!.text;
    const hash = createHash('sha256').update(code).digest('hex').slice(0, 16);
    const file = path.join(cacheDir, `pglite-thread-${hash}.mjs`);
    if (!existsSync(file)) {
      await fs.mkdir(cacheDir, { recursive: true });
      const partial = `${file}.${process.pid}.tmp`;
      await fs.writeFile(partial, code);
      await fs.rename(partial, file);
    }
    return pathToFileURL(file);
  })();
  return compiled;
}
