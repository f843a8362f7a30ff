import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { RouterContextProvider } from 'react-router';
import { loadConfig } from '#config/env.ts';
import type { DatabaseHandle } from '#db/client.ts';
import { sessions } from '#db/schema.ts';
import { createUser } from '#seed/factories.ts';
import { createTestDatabase } from '#db/testing.ts';
import type { Clock } from '#lib/clock.ts';
import { OSM_TILES_URL, toMapTiles } from '#lib/map.ts';
import { SESSION_COOKIE } from '#modules/accounts/accounts.cookie.ts';
import {
  hashToken,
  newToken,
  SESSION_TTL_MS,
  type Viewer,
} from '#modules/accounts/accounts.service.ts';
import { buildApp, type AppOptions } from './app.ts';
import { createPageContext, type RequestContext } from './load-context.ts';

/**
 * Load shedding off (LOAD_SHEDDING_DELAY_MS): `app.inject` chains requests through promises
 * alone, so the timers that measure the event loop's delay may not run for seconds, which the
 * shedding takes for a stalled loop. Its own test (plugins/load-shedding.test.ts) turns it on.
 */
export const WITHOUT_LOAD_SHEDDING = { LOAD_SHEDDING_DELAY_MS: '0' } as const;

export type TestApp = {
  app: FastifyInstance;
  database: DatabaseHandle;
  dataDir: string;
  close(): Promise<void>;
};

/** The API on a fresh database and data folder, driven through `app.inject` (no port). */
export async function createTestApp(
  options: {
    clock?: Clock;
    formPostsPerMinute?: number;
    authAttemptsPer15Minutes?: number;
    loginFailuresPerAddress?: number;
    signupsPerAddressPerHour?: number;
    adminTwoStep?: 'optional' | 'required';
    publicUrl?: string;
    /** Serve pages too (a hand-made build, say); without it, the API alone. */
    pages?: AppOptions['pages'];
    /** A logger to read what the server logs; without it, nothing is logged. */
    logger?: AppOptions['logger'];
    /** More variables: S3_* (test/s3-server.ts answers them), METRICS_TOKEN ... */
    env?: Record<string, string>;
    /** How often load shedding measures the event loop (it is off unless `env` sets its delay). */
    loadShedding?: AppOptions['loadShedding'];
  } = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marketplace-app-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    FORM_POSTS_PER_MINUTE: String(options.formPostsPerMinute ?? 100_000),
    AUTH_ATTEMPTS_PER_15_MINUTES: String(options.authAttemptsPer15Minutes ?? 100_000),
    LOGIN_FAILURES_PER_ADDRESS_PER_15_MINUTES: String(options.loginFailuresPerAddress ?? 100_000),
    SIGNUPS_PER_ADDRESS_PER_HOUR: String(options.signupsPerAddressPerHour ?? 100_000),
    ADMIN_2FA: options.adminTwoStep,
    // Tests change the catalogue between searches; the cache has its own test.
    SEARCH_CACHE_SECONDS: '0',
    // Tests run due jobs themselves (runDueJobs), at the moment they choose.
    BACKGROUND_JOBS: 'off',
    // Nothing is sold unless a test starts a provider simulator and sets PAYMENTS itself.
    PAYMENTS: 'off',
    PUBLIC_URL: options.publicUrl,
    ...WITHOUT_LOAD_SHEDDING,
    ...options.env,
  });
  let app: FastifyInstance;
  try {
    app = await buildApp({
      config,
      database,
      clock: options.clock,
      logger: options.logger ?? false,
      pages: options.pages,
      loadShedding: options.loadShedding,
    });
    await app.ready();
  } catch (error) {
    // Tests of a refused start-up (a missing bucket, say) leave nothing behind.
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
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

/**
 * Counts the catalogue changes a test app's services signal from now on (`count`), until
 * `stop()`: how service tests see that a change was announced, or that a refused one was not.
 */
export function countCatalogueChanges(test: TestApp): { readonly count: number; stop(): void } {
  let count = 0;
  const stop = test.app.services.catalogueEvents.onChange(() => {
    count += 1;
  });
  return {
    get count() {
      return count;
    },
    stop,
  };
}

/** Headers of a same-site browser request carrying a session cookie (`app.inject`'s host). */
export function browserHeaders(token: string): Record<string, string> {
  return { cookie: `${SESSION_COOKIE}=${token}`, origin: 'http://localhost:80' };
}

/**
 * A user with a live session, made directly in the database (no password hashing): for tests
 * about what a signed-in user may do rather than about signing in.
 */
export async function createSignedInUser(
  database: DatabaseHandle,
  overrides: Parameters<typeof createUser>[1] = {},
) {
  const user = await createUser(database.db, overrides);
  const token = await createSession(database, user.id);
  return { user, token, bearer: { authorization: `Bearer ${token}` } };
}

/** A new live session for an existing user; answers its token. */
export async function createSession(database: DatabaseHandle, userId: string): Promise<string> {
  const token = newToken();
  await database.db.insert(sessions).values({
    userId,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + SESSION_TTL_MS),
  });
  return token;
}

/**
 * The context a page loader or action receives, for calling route modules directly: the test
 * app's services and logger, and the given viewer.
 */
export function createTestPageContext(
  test: TestApp,
  viewer: Viewer | null,
  overrides: Partial<RequestContext> = {},
): RouterContextProvider {
  return createPageContext({
    services: test.app.services,
    requestId: 'test-request',
    logger: test.app.log,
    formRateLimit: { isExceeded: false },
    viewer,
    clientAddress: '127.0.0.1',
    siteUrl: 'http://localhost:3000',
    publicOrigin: null,
    isSecureRequest: false,
    catalogueFiles: null,
    mapTiles: toMapTiles({ kind: 'xyz', url: OSM_TILES_URL }, undefined),
    ...overrides,
  });
}
