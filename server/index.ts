/** The server process: `npm start` (production build) or `npm run dev` (Vite, hot reload). */
import { loadConfig } from '#config/env.ts';
import { createDevPages, loadProductionPages } from './pages-build.ts';
import { exitOnStartFailure, startServer, stopOnSignals } from './start.ts';

try {
  const config = loadConfig();
  const pages = config.env === 'development' ? await createDevPages() : await loadProductionPages();
  stopOnSignals(await startServer(config, { pages }));
} catch (error) {
  exitOnStartFailure(error);
}
