import type { Config } from '#config/env.ts';
import { openDatabase, type DatabaseHandle } from './client.ts';
import { lockDataDir } from './data-dir-lock.ts';

/**
 * The database the configuration names: PostgreSQL at DATABASE_URL, else PGlite in DATA_DIR,
 * claimed for this process until `close`. Used by the server and every command-line script.
 */
export async function openConfiguredDatabase(config: Config): Promise<DatabaseHandle> {
  if (config.databaseUrl) return openDatabase({ engine: 'postgres', url: config.databaseUrl });
  const releaseLock = lockDataDir(config.dataDir);
  try {
    const handle = await openDatabase({
      engine: 'pglite',
      dataDir: config.dataDir,
      cacheMb: config.databaseCacheMb,
    });
    return {
      ...handle,
      async close() {
        await handle.close();
        releaseLock();
      },
    };
  } catch (error) {
    releaseLock();
    throw error;
  }
}
