// The production build of the server, shared by what makes it and what needs it: esbuild's
// options for the server's bundles, and the files that tell a whole build is there.
import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * esbuild's options for server code (the server, the embedded database's thread): ES modules
 * for Node 20, with npm packages left to load from node_modules.
 */
export const SERVER_BUNDLE_OPTIONS = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
};

/** What `npm run build` leaves; the catalogues file is written last. */
const BUILD_OUTPUTS = [
  'build/node/index.js',
  'build/node/pglite-thread.js',
  'build/server/index.js',
  'build/client-catalogues.json',
];

/** The build's files missing under the project folder `root`: none when it is built. */
export function missingBuildOutputs(root) {
  return BUILD_OUTPUTS.filter((file) => !existsSync(path.join(root, file)));
}
