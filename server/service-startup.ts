import type { FastifyInstance } from 'fastify';
import type { Config } from '#config/env.ts';
import type { DatabaseHandle } from '#db/client.ts';
import type { Clock } from '#lib/clock.ts';
import { createRedisLimiters } from '#modules/accounts/accounts.limiter.redis.ts';
import type { Cluster } from '#server/cluster.ts';
import { createSmtpTransport, type MailTransport } from '#modules/mail/mail.service.ts';
import type { PhotoStorage } from '#modules/media/media.storage-contract.ts';
import type { PaymentProviders } from '#modules/payments/payments.service.ts';
import type { SmsProvider } from '#modules/sms/sms.provider.ts';
import { createServices, type Services } from './services.ts';

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
    /** The Redis shared with the site's other processes; undefined without REDIS_URL. */
    cluster: Cluster | undefined;
  }
}

/** How long a start waits for Redis before serving without it (limits then count per process). */
const REDIS_STARTUP_WAIT_MS = 3000;

/**
 * The Redis shared with the site's other processes (as `app.cluster`), closed with the app;
 * undefined without REDIS_URL. A Redis that does not answer in time does not stop the start.
 */
export async function connectCluster(
  app: FastifyInstance,
  config: Config,
): Promise<Cluster | undefined> {
  // The Redis client is loaded only when there is a Redis to talk to.
  const cluster = config.redisUrl
    ? (await import('#server/cluster.ts')).createCluster({
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
  return cluster;
}

export type ServiceStartupOptions = {
  config: Config;
  database: DatabaseHandle;
  clock: Clock;
  storage: PhotoStorage;
  cluster: Cluster | undefined;
  /** Overrides SMTP_URL (tests capture mail this way). */
  mailTransport: MailTransport | undefined;
  /** The mobile-money providers of PAYMENTS (payments.providers.ts). */
  paymentProviders: PaymentProviders;
  /** The embedded simulator's phone page (the demo), or null. */
  demoPhonePath: string | null;
  /** The SMS provider of SMS_PROVIDER (sms.providers.ts); undefined: SMS stays in the outbox. */
  smsProvider: SmsProvider | undefined;
};

/**
 * The services of the configured site (as `app.services`), told of the changes other processes
 * make, with the background jobs running until the app closes.
 */
export async function startServices(
  app: FastifyInstance,
  {
    config,
    database,
    clock,
    storage,
    cluster,
    mailTransport,
    paymentProviders,
    demoPhonePath,
    smsProvider,
  }: ServiceStartupOptions,
): Promise<Services> {
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
      mailTransport ?? (config.smtpUrl ? createSmtpTransport(config.smtpUrl) : undefined),
    paymentProviders,
    demoPhonePath,
    smsProvider,
    isAllowingPrivatePushEndpoints: config.isAllowingPrivatePushEndpoints,
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
  return services;
}
