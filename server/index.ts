/**
 * The server process: configuration, database (migrated, seeded when empty), then HTTP.
 * Shuts down cleanly on SIGINT/SIGTERM so PGlite's files stay consistent.
 */
import { ConfigError, loadConfig } from '#config/env.ts';
import { openDatabase } from '#db/client.ts';
import { DataDirLockedError, lockDataDir } from '#db/data-dir-lock.ts';
import { seedDemoCatalogue } from '#db/seed/demo.ts';
import { buildApp } from './app.ts';
import { createDevPages, loadProductionPages } from './pages-build.ts';

const SHUTDOWN_GRACE_MS = 10_000;

async function main() {
  const config = loadConfig();
  const releaseLock = config.databaseUrl ? () => {} : lockDataDir(config.dataDir);
  const database = await openDatabase(
    config.databaseUrl
      ? { engine: 'postgres', url: config.databaseUrl }
      : { engine: 'pglite', dataDir: config.dataDir },
  );
  await database.migrate();

  const pages = config.env === 'development' ? await createDevPages() : await loadProductionPages();
  const app = await buildApp({ config, database, pages });

  if (config.isSeedDemo) {
    const seeded = await seedDemoCatalogue({ db: database.db, media: app.services.media });
    if (seeded.properties + seeded.assets > 0) {
      app.log.info(seeded, 'seeded the demo catalogue into an empty database');
    }
  }

  let isClosing = false;
  async function shutdown(signal: string) {
    if (isClosing) return;
    isClosing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
    await app.close();
    await database.close();
    releaseLock();
    app.log.info('stopped');
    process.exit(0);
  }
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    { engine: database.engine, dataDir: config.databaseUrl ? undefined : config.dataDir },
    `marketplace ready on port ${config.port}`,
  );
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(
      `Failed to start: ${error instanceof Error ? error.stack : String(error)}\n`,
    );
  }
  process.exit(1);
});
