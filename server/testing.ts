import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '#config/env.ts';
import type { DatabaseHandle } from '#db/client.ts';
import { createTestDatabase } from '#db/testing.ts';
import type { Clock } from '#lib/clock.ts';
import { buildApp } from './app.ts';

export type TestApp = {
  app: FastifyInstance;
  database: DatabaseHandle;
  dataDir: string;
  close(): Promise<void>;
};

/** The API on a fresh database and data folder, driven through `app.inject` (no port). */
export async function createTestApp(
  options: { clock?: Clock; formPostsPerMinute?: number } = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marketplace-app-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    FORM_POSTS_PER_MINUTE: String(options.formPostsPerMinute ?? 100_000),
    // Tests change the catalogue between searches; the cache has its own test.
    SEARCH_CACHE_SECONDS: '0',
  });
  const app = await buildApp({
    config,
    database,
    clock: options.clock,
    logger: false,
  });
  await app.ready();
  return {
    app,
    database,
    dataDir,
    async close() {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
