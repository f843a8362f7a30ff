/**
 * The real server without pages, for process-level tests (durability, data-dir lock, shutdown):
 * same start-up and shutdown code as `npm start`, configured by the environment.
 */
import { loadConfig } from '#config/env.ts';
import { exitOnStartFailure, startServer, stopOnSignals } from '#server/start.ts';

try {
  stopOnSignals(await startServer(loadConfig()));
} catch (error) {
  exitOnStartFailure(error);
}
