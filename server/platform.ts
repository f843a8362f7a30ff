import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { Config } from '#config/env.ts';
import type { DatabaseHandle } from '#db/client.ts';
import { t, tCount } from '#lib/i18n.all.ts';
import type { Cluster } from '#server/cluster.ts';
import accessPlugin from './plugins/access.ts';
import errorsPlugin from './plugins/errors.ts';
import healthPlugin, { type ReadinessCheck } from './plugins/health.ts';
import loadSheddingPlugin, { type LoadSheddingOptions } from './plugins/load-shedding.ts';
import localePlugin from './plugins/locale.ts';
import maintenancePlugin from './plugins/maintenance.ts';
import metricsPlugin from './plugins/metrics.ts';
import storableTextPlugin from './plugins/storable-text.ts';
import type { OwnerLookups } from './owner-lookups.ts';
import type { Services } from './services.ts';

export type PlatformOptions = {
  config: Config;
  database: DatabaseHandle;
  services: Services;
  cluster: Cluster | undefined;
  ownerLookups: OwnerLookups;
  /** How often load shedding measures the event loop (its delay is LOAD_SHEDDING_DELAY_MS). */
  loadShedding: Pick<LoadSheddingOptions, 'sampleIntervalMs'> | undefined;
};

/**
 * What every request goes through, API and pages alike: request ids, language, error answers,
 * metrics, load shedding, health, access, maintenance, security headers, compression, the form
 * post limit and the API description. Registered on the app itself, before any route, so their
 * hooks apply to every route and the API description sees every route registered after it.
 */
export async function registerPlatform(
  app: FastifyInstance,
  { config, database, services, cluster, ownerLookups, loadShedding }: PlatformOptions,
): Promise<void> {
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await app.register(localePlugin);
  const databaseCheck: ReadinessCheck = {
    name: 'database',
    check: async () => {
      await database.db.execute('select 1');
    },
  };
  await app.register(errorsPlugin, { databaseCheck });
  await app.register(storableTextPlugin);
  await app.register(metricsPlugin, {
    token: config.metricsToken,
    accounts: services.accounts,
    database,
    jobs: services.jobs,
  });
  await app.register(loadSheddingPlugin, {
    ...loadShedding,
    maxEventLoopDelayMs: config.loadSheddingDelayMs,
  });
  await app.register(healthPlugin, {
    readinessChecks: cluster
      ? [databaseCheck, { name: 'redis', check: () => cluster.ping() }]
      : [databaseCheck],
  });
  await app.register(accessPlugin, {
    accounts: services.accounts,
    ownerLookups,
    publicUrl: config.publicUrl,
  });
  await app.register(maintenancePlugin, { settings: services.settings });
  await app.register(helmet, {
    contentSecurityPolicy: { directives: { defaultSrc: [`'none'`], frameAncestors: [`'none'`] } },
    crossOriginEmbedderPolicy: false,
    // Not helmet's `no-referrer`: with it, browsers send `Origin: null` on a same-site form
    // post, and the cross-site check then refuses every form submitted without JavaScript.
    // This policy still sends other sites nothing but the origin.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    hsts: config.publicUrl?.startsWith('https:') ?? false,
  });
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    // A page of 100 KB takes about 1 ms to compress: in one call on this thread that costs less
    // than a zlib stream in the thread pool (its set-up, its memory, the hand-offs), measured on
    // two cores. Larger answers (an export, a CSV) still stream.
    syncThreshold: 256 * 1024,
  });
  await app.register(rateLimit, {
    global: false,
    // With Redis every process counts the same posts. Should Redis fail, posts go through
    // uncounted (logged by the cluster) rather than refusing every visitor's contact form.
    ...(cluster && {
      redis: cluster.redis,
      nameSpace: `${cluster.keyPrefix}form-posts:`,
      skipOnError: true,
    }),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      message: tCount('api.tooManyRequests', Math.ceil(context.ttl / 1000)),
    }),
  });
  await app.register(swagger, {
    openapi: {
      info: {
        title: t('brand.tagline'),
        description: 'Public JSON API. Errors answer `{ message, issues? }`.',
        version: '1.0.0',
      },
    },
    transform: jsonSchemaTransform,
  });
}
