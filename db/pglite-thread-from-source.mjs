// Runs db/pglite-thread.ts from the sources (tests, and scripts run by tsx): a worker thread
// cannot be given tsx as `--import` on Node 20, so it loads the TypeScript through tsx's API.
import { tsImport } from 'tsx/esm/api';

await tsImport('./pglite-thread.ts', import.meta.url);
