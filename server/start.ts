import type { FastifyInstance } from 'fastify';
import type { Config } from '#config/env.ts';
import { openConfiguredDatabase } from '#db/open-configured.ts';
import { SITE } from '#lib/site.ts';
import { isDemoCatalogueWanted } from '#seed/demo-wanted.ts';
import { buildApp, type AppOptions } from './app.ts';

const SHUTDOWN_GRACE_MS = 10_000;

type RunningServer = { app: FastifyInstance; port: number; stop(): Promise<void> };

/**
 * Opens the database (claiming the data directory for PGlite), applies pending migrations,
 * seeds an empty catalogue when asked, and listens. `stop` stops accepting connections,
 * finishes the requests in flight, then closes the database so its files are consistent.
 */
export async function startServer(
  config: Config,
  options: Pick<AppOptions, 'pages'> = {},
): Promise<RunningServer> {
  const database = await openConfiguredDatabase(config);
  try {
    await database.migrate();
    const app = await buildApp({ config, database, ...options });
    await bootstrapAdmin(app, config);
    if (config.isSeedDemo && (await isDemoCatalogueWanted(database.db))) {
      // Loaded only here: a database that already has listings never evaluates the seed.
      const { seedDemoCatalogue } = await import('#seed/demo.ts');
      const seeded = await seedDemoCatalogue({ db: database.db, media: app.services.media });
      if (seeded.properties + seeded.assets > 0) {
        app.log.info(seeded, 'seeded the demo catalogue into an empty database');
      }
    }
    await app.listen({ port: config.port, host: config.host });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    app.log.info(
      { engine: database.engine, dataDir: config.databaseUrl ? undefined : config.dataDir, port },
      `marketplace ready on port ${port}`,
    );
    return {
      app,
      port,
      async stop() {
        await app.close();
        await database.close();
      },
    };
  } catch (error) {
    await database.close();
    throw error;
  }
}

/** The e-mail of the generated first admin: on the site's own domain when it has one. */
function fallbackAdminEmail(config: Config): string {
  const host = config.publicUrl ? new URL(config.publicUrl).hostname : '';
  return `admin@${host.includes('.') ? host : SITE.email.split('@')[1]}`;
}

/**
 * Makes sure someone can run the platform: ADMIN_EMAIL and ADMIN_PASSWORD create or promote that
 * account; without them, a database with no admin gets one whose generated password is printed
 * here, once (only its hash is stored).
 */
async function bootstrapAdmin(app: FastifyInstance, config: Config): Promise<void> {
  const admin = await app.services.adminBootstrap.bootstrapAdmin({
    email: config.adminEmail,
    password: config.adminPassword,
    fallbackEmail: fallbackAdminEmail(config),
  });
  if (admin?.generatedPassword) {
    app.log.warn(
      { email: admin.user.email, password: admin.generatedPassword },
      'created the first admin with a generated password; sign in, keep it safe: it is not shown again',
    );
  } else if (admin) {
    app.log.info({ email: admin.user.email }, 'admin account ready (ADMIN_EMAIL)');
  }
}

/** Stops the server on SIGINT or SIGTERM, forcing an exit if requests do not finish in time. */
export function stopOnSignals(server: RunningServer): void {
  let isStopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (isStopping) return;
    isStopping = true;
    server.app.log.info({ signal }, 'shutting down: finishing requests in flight');
    setTimeout(() => {
      server.app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
    server.stop().then(
      () => {
        server.app.log.info('stopped');
        process.exit(0);
      },
      (error: unknown) => {
        server.app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

/** Prints why the server could not start and exits non-zero. */
export function exitOnStartFailure(error: unknown): never {
  const isExpected =
    error instanceof Error && ['ConfigError', 'DataDirLockedError'].includes(error.name);
  process.stderr.write(
    isExpected
      ? `${(error as Error).message}\n`
      : `Failed to start: ${error instanceof Error ? error.stack : String(error)}\n`,
  );
  process.exit(1);
}
