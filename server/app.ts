import type { CatalogueFiles } from '#lib/i18n.ts';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import middie from '@fastify/middie';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Connect } from 'vite';
import { z } from 'zod';
import type { Config } from '#config/env.ts';
import type { DatabaseHandle } from '#db/client.ts';
import type { FormRateLimit } from '#lib/api-schemas.ts';
import { systemClock, type Clock } from '#lib/clock.ts';
import { NotFoundError } from '#lib/errors.ts';
import { t, tCount } from '#lib/i18n.admin.ts';
import { MAX_PHOTOS } from '#lib/limits.ts';
import { accountsAdminApi } from '#modules/accounts/accounts.admin.api.ts';
import { createRedisLimiters } from '#modules/accounts/accounts.limiter.redis.ts';
import { accountsApi } from '#modules/accounts/accounts.api.ts';
import { accountSecurityApi } from '#modules/accounts/accounts.security.api.ts';
import { emailProofApi } from '#modules/accounts/accounts.email-proof.api.ts';
import { auditApi } from '#modules/audit/audit.api.ts';
import type { Cluster } from '#modules/cluster/cluster.service.ts';
import { assetsApi } from '#modules/assets/assets.api.ts';
import { dashboardApi } from '#modules/dashboard/dashboard.api.ts';
import { inboxApi } from '#modules/inbox/inbox.api.ts';
import { inquiriesApi } from '#modules/inquiries/inquiries.api.ts';
import { listingsApi } from '#modules/listings/listings.api.ts';
import { listingReportsApi } from '#modules/listing-reports/listing-reports.api.ts';
import { createSmtpTransport, type MailTransport } from '#modules/mail/mail.service.ts';
import { favouritesApi } from '#modules/favourites/favourites.api.ts';
import { manageApi } from '#modules/manage/manage.api.ts';
import { expiryApi } from '#modules/expiry/expiry.api.ts';
import { matchingApi } from '#modules/matching/matching.api.ts';
import { mediaApi } from '#modules/media/media.api.ts';
import { createPhotoStorage } from '#modules/media/media.storage.ts';
import { newsletterApi } from '#modules/newsletter/newsletter.api.ts';
import { placesApi } from '#modules/places/places.api.ts';
import { privacyApi } from '#modules/privacy/privacy.api.ts';
import { savedSearchesApi } from '#modules/saved-searches/saved-searches.api.ts';
import { emailChoicesApi } from '#modules/email-choices/email-choices.api.ts';
import { notificationsApi } from '#modules/notifications/notifications.api.ts';
import { requestsApi } from '#modules/requests/requests.api.ts';
import { reportsApi } from '#modules/reports/reports.api.ts';
import { settingsApi } from '#modules/settings/settings.api.ts';
import { suppliesApi } from '#modules/supplies/supplies.api.ts';
import { searchApi } from '#modules/search/search.api.ts';
import accessPlugin from './plugins/access.ts';
import localePlugin from './plugins/locale.ts';
import errorsPlugin from './plugins/errors.ts';
import healthPlugin, { type ReadinessCheck } from './plugins/health.ts';
import storableTextPlugin from './plugins/storable-text.ts';
import loadSheddingPlugin, { type LoadSheddingOptions } from './plugins/load-shedding.ts';
import metricsPlugin from './plugins/metrics.ts';
import maintenancePlugin from './plugins/maintenance.ts';
import { pagesPlugin, type PagesOptions } from './plugins/pages.ts';
import { createOwnerLookups } from './owner-lookups.ts';
import { createServices, type Services } from './services.ts';

export type AppOptions = {
  config: Config;
  database: DatabaseHandle;
  clock?: Clock;
  /** How pages are rendered; without it the app serves the API alone (as in API tests). */
  pages?: Pick<PagesOptions, 'build' | 'mode'> & {
    /** Built browser assets, served with long cache headers (production). */
    clientDir?: string;
    /** Where the built browser assets hold each language's texts, for pages to preload. */
    catalogueFiles?: CatalogueFiles;
    /** Vite's dev server (development). */
    devMiddleware?: Connect.Server;
    close?: () => Promise<void>;
  };
  logger?: FastifyServerOptions['logger'];
  /** Overrides SMTP_URL (tests capture mail this way). */
  mailTransport?: MailTransport;
  /** How often load shedding measures the event loop (its delay is LOAD_SHEDDING_DELAY_MS). */
  loadShedding?: Pick<LoadSheddingOptions, 'sampleIntervalMs'>;
};

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
    /** The Redis shared with the site's other processes; undefined without REDIS_URL. */
    cluster: Cluster | undefined;
  }
}

const ONE_YEAR = 365 * 24 * 3600;
/** How long a start waits for Redis before serving without it (limits then count per process). */
const REDIS_STARTUP_WAIT_MS = 3000;

/** Assembles the whole server: API, media, static files and pages. Tests use it without a port. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w.-]{1,64}$/.test(incoming)
        ? incoming
        : randomUUID();
    },
    // Only as many proxies as configured: otherwise anyone could pick their address (and so
    // their rate limit) with an X-Forwarded-For header.
    trustProxy: (_address, hop) => hop < config.trustedProxies,
    bodyLimit: config.uploadMaxBytes,
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const storage = await createPhotoStorage(config);
  const clock = options.clock ?? systemClock;
  // The Redis client is loaded only when there is a Redis to talk to.
  const cluster = config.redisUrl
    ? (await import('#modules/cluster/cluster.service.ts')).createCluster({
        url: config.redisUrl,
        keyPrefix: config.redisPrefix,
        logger: app.log,
      })
    : undefined;
  app.decorate('cluster', cluster);
  if (cluster) {
    app.addHook('onClose', () => cluster.close());
    if (!(await cluster.whenReady(REDIS_STARTUP_WAIT_MS))) {
      app.log.warn('Redis is not answering yet: limits count in this process until it does');
    }
  }
  const services = createServices({
    db: database.db,
    sqlRunner: database.sql,
    isRunningJobs: config.isRunningJobs,
    siteUrl: config.siteUrl,
    matchDigestSeconds: config.matchDigestSeconds,
    clock,
    storage,
    searchCacheSeconds: config.searchCacheSeconds,
    // The listing data of detail pages is the same for every visitor, like a kept page.
    listingCacheSeconds: config.pageCacheSeconds,
    authLimits: {
      loginFailuresPerAddressPer15Minutes: config.loginFailuresPerAddressPer15Minutes,
      signupsPerAddressPerHour: config.signupsPerAddressPerHour,
      resetAttemptsPer15Minutes: config.authAttemptsPer15Minutes,
    },
    limiters:
      cluster &&
      createRedisLimiters({
        redis: cluster.redis,
        keyPrefix: cluster.keyPrefix,
        clock,
        logger: app.log,
      }),
    adminTwoStep: config.adminTwoStep,
    reportMinAccountDays: config.reportMinAccountDays,
    uploadMaxBytes: config.uploadMaxBytes,
    mailTransport:
      options.mailTransport ?? (config.smtpUrl ? createSmtpTransport(config.smtpUrl) : undefined),
    logger: app.log,
  });
  app.decorate('services', services);
  // Another process's settings, catalogue or personal change empties this one's copies
  // (settings, search answers, cached pages, users' unread counts and saved ids) within
  // moments, as a change made here does.
  cluster?.relayChanges({
    settings: services.settings,
    catalogue: services.catalogueEvents,
    personal: services.personalEvents,
  });
  await services.jobs.start();
  // Stopped before the database closes (the caller closes it after the app).
  app.addHook('onClose', () => services.jobs.stop());

  const formRateLimit: FormRateLimit = {
    max: config.formPostsPerMinute,
    timeWindow: 60_000,
  };

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
    ...options.loadShedding,
    maxEventLoopDelayMs: config.loadSheddingDelayMs,
  });
  await app.register(healthPlugin, {
    readinessChecks: cluster
      ? [databaseCheck, { name: 'redis', check: () => cluster.ping() }]
      : [databaseCheck],
  });
  const ownerLookups = createOwnerLookups(services);
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

  await app.register(
    async (api) => {
      api.get(
        '/docs',
        {
          config: { access: 'public' },
          schema: { hide: true, response: { 200: z.looseObject({}) } },
        },
        async () => app.swagger(),
      );
      await api.register(searchApi, { search: services.search });
      await api.register(placesApi);
      await api.register(accountsApi, { accounts: services.accounts, siteUrl: config.siteUrl });
      await api.register(accountSecurityApi, { security: services.accountSecurity });
      await api.register(emailProofApi, { emailProof: services.emailProof });
      await api.register(privacyApi, { privacy: services.privacy, siteUrl: config.siteUrl });
      await api.register(accountsAdminApi, {
        accountsAdmin: services.accountsAdmin,
        notifications: services.notifications,
      });
      await api.register(dashboardApi, { dashboard: services.dashboard });
      await api.register(reportsApi, { reports: services.reports });
      await api.register(auditApi, { audit: services.audit });
      await api.register(settingsApi, { settings: services.settings });
      await api.register(listingsApi, { listings: services.listings });
      await api.register(assetsApi, { assets: services.assets });
      await api.register(inquiriesApi, { inquiries: services.inquiries, formRateLimit });
      await api.register(inboxApi, { inbox: services.inbox, formRateLimit });
      await api.register(newsletterApi, { newsletter: services.newsletter, formRateLimit });
      await api.register(multipart, { limits: { fileSize: config.uploadMaxBytes } });
      await api.register(suppliesApi, {
        supplies: services.supplies,
        uploadMaxBytes: config.uploadMaxBytes,
      });
      await api.register(requestsApi, {
        requests: services.requests,
        uploadMaxBytes: config.uploadMaxBytes,
      });
      await api.register(manageApi, {
        manage: services.manage,
        uploadMaxBytes: config.uploadMaxBytes,
      });
      await api.register(notificationsApi, { notifications: services.notifications });
      await api.register(favouritesApi, { favourites: services.favourites });
      await api.register(listingReportsApi, {
        listingReports: services.listingReports,
        formRateLimit,
      });
      await api.register(savedSearchesApi, { savedSearches: services.savedSearches });
      await api.register(expiryApi, { expiry: services.expiry, formRateLimit });
      await api.register(emailChoicesApi, { emailChoices: services.emailChoices });
      await api.register(matchingApi, {
        matching: services.matching,
        listingOwnerOf: ownerLookups.listing,
      });
      api.all('/*', { config: { access: 'public' }, schema: { hide: true } }, async () => {
        throw new NotFoundError(t('api.notFound'));
      });
    },
    { prefix: '/api' },
  );

  await app.register(mediaApi, { storage });

  if (options.pages) {
    const { clientDir, devMiddleware, close } = options.pages;
    if (devMiddleware) {
      await app.register(middie);
      app.use(devMiddleware);
    }
    if (close) app.addHook('onClose', close);
    if (clientDir) {
      await app.register(fastifyStatic, {
        root: clientDir,
        prefix: '/',
        wildcard: false,
        preCompressed: true,
        index: false,
        setHeaders: (reply, filePath) => {
          const isHashed = filePath.includes(`${path.sep}assets${path.sep}`);
          reply.header(
            'cache-control',
            isHashed ? `public, max-age=${ONE_YEAR}, immutable` : 'public, max-age=3600',
          );
        },
      });
    }
    await app.register(pagesPlugin, {
      build: options.pages.build,
      mode: options.pages.mode,
      catalogueFiles: options.pages.catalogueFiles ?? null,
      services,
      formRateLimit,
      siteUrl: config.siteUrl,
      publicUrl: config.publicUrl,
      maxBodyBytes: MAX_PHOTOS * config.uploadMaxBytes + 1024 * 1024,
      pageCacheSeconds: config.pageCacheSeconds,
      clock,
    });
  }

  return app;
}
