import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ServerBuild } from 'react-router';
import { buildDir } from '#config/paths.ts';
import type { CatalogueFiles } from '#lib/i18n.ts';
import type { AppOptions } from './app.ts';

const serverBuildFile = path.join(buildDir, 'server', 'index.js');
const clientBuildDir = path.join(buildDir, 'client');

/** Pages from the production build (`npm run build`). */
export async function loadProductionPages(): Promise<NonNullable<AppOptions['pages']>> {
  if (!existsSync(serverBuildFile)) {
    throw new Error(`No production build at ${serverBuildFile}: run "npm run build" first.`);
  }
  const build = (await import(pathToFileURL(serverBuildFile).href)) as ServerBuild;
  const catalogueFiles = JSON.parse(
    await readFile(path.join(buildDir, 'client-catalogues.json'), 'utf8'),
  ) as CatalogueFiles;
  return { build, mode: 'production', clientDir: clientBuildDir, catalogueFiles };
}

/** Pages compiled on demand by Vite, with hot module reloading in the browser. */
export async function createDevPages(): Promise<NonNullable<AppOptions['pages']>> {
  const { createServer } = await import('vite');
  const vite = await createServer({ server: { middlewareMode: true }, appType: 'custom' });
  return {
    build: () => vite.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>,
    mode: 'development',
    devMiddleware: vite.middlewares,
    close: () => vite.close(),
  };
}
