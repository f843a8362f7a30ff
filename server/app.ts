import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from '#config/env.ts';
import type { DatabaseHandle } from '#db/client.ts';
import type { FormRateLimit } from '#lib/api-schemas.ts';
import { systemClock, type Clock } from '#lib/clock.ts';
import type { MailTransport } from '#modules/mail/mail.service.ts';
import { mapTilesFile } from '#modules/map/map.api.ts';
import { mediaApi } from '#modules/media/media.api.ts';
import { createPhotoStorage } from '#modules/media/media.storage.ts';
import { demoPhoneRoutes } from '#modules/payments/payments.demo-phone.ts';
import {
  DEMO_PHONE_BASE_PATH,
  startPaymentProviders,
} from '#modules/payments/payments.providers.ts';
import { createSigner } from '#modules/signing/signing.service.ts';
import { startSmsProvider } from '#modules/sms/sms.providers.ts';
import { smsCallbackToken } from '#modules/sms/sms.service.ts';
import { DEMO_SMS_PHONE_PATH, demoSmsPhoneRoutes } from '#modules/sms/sms.demo-phone.ts';
import { registerApiRoutes } from './api-routes.ts';
import { createOwnerLookups } from './owner-lookups.ts';
import { registerPages, type ServedPages } from './page-serving.ts';
import { registerPlatform } from './platform.ts';
import type { LoadSheddingOptions } from './plugins/load-shedding.ts';
import { connectCluster, startServices } from './service-startup.ts';

export type AppOptions = {
  config: Config;
  database: DatabaseHandle;
  clock?: Clock;
  /** How pages are rendered; without it the app serves the API alone (as in API tests). */
  pages?: ServedPages;
  logger?: FastifyServerOptions['logger'];
  /** Overrides SMTP_URL (tests capture mail this way). */
  mailTransport?: MailTransport;
  /** How often load shedding measures the event loop (its delay is LOAD_SHEDDING_DELAY_MS). */
  loadShedding?: Pick<LoadSheddingOptions, 'sampleIntervalMs'>;
};

/**
 * Assembles the whole server: API, media, static files and pages. Tests use it without a port.
 * The order is the order requests meet things in: the platform's hooks and plugins come before
 * any route, so that they apply to every route registered after them.
 */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = createFastify(config, options.logger);
  const storage = await createPhotoStorage(config);
  const clock = options.clock ?? systemClock;
  const cluster = await connectCluster(app, config);
  const payments = await startPaymentProviders(config.payments, { siteUrl: config.siteUrl });
  app.addHook('onClose', () => payments.close());
  if (payments.demo) {
    app.log.warn(
      'payments: the embedded simulator takes payments (PAYMENTS=simulator): no money moves, and anyone may approve a prompt at /payments-simulator/phone. Set PAYMENTS=off or the MOMO_*/AIRTEL_* variables in production',
    );
  }
  const smsToken = await smsCallbackToken(createSigner({ db: database.db }));
  const sms = await startSmsProvider(config.sms, {
    callbackUrl: (kind) => `${config.siteUrl}/api/sms/${kind}/${smsToken}`,
  });
  app.addHook('onClose', () => sms.close());
  if (config.sms.mode === 'africastalking') {
    // What to register in Africa's Talking's dashboard (SMS > callbacks).
    app.log.info(
      {
        deliveryReports: `${config.siteUrl}/api/sms/delivery-reports/${smsToken}`,
        incomingMessages: `${config.siteUrl}/api/sms/replies/${smsToken}`,
      },
      "sms: Africa's Talking's callback addresses",
    );
  }
  if (sms.demo) {
    app.log.warn(
      `sms: the embedded simulator takes every SMS (SMS_PROVIDER=simulator): none leaves, and anyone may read a number's SMS at ${DEMO_SMS_PHONE_PATH}. Set SMS_PROVIDER=off or the AT_* variables in production`,
    );
  }
  const services = await startServices(app, {
    config,
    database,
    clock,
    storage,
    cluster,
    mailTransport: options.mailTransport,
    paymentProviders: payments.providers,
    demoPhonePath: payments.demo ? `${DEMO_PHONE_BASE_PATH}/phone` : null,
    smsProvider: sms.provider,
  });
  const ownerLookups = createOwnerLookups(services);
  const formRateLimit: FormRateLimit = { max: config.formPostsPerMinute, timeWindow: 60_000 };

  await registerPlatform(app, {
    config,
    database,
    services,
    cluster,
    ownerLookups,
    loadShedding: options.loadShedding,
  });
  await registerApiRoutes(app, { config, services, ownerLookups, formRateLimit });
  await app.register(mediaApi, { storage });
  if (config.mapTiles.kind === 'pmtiles') {
    await app.register(mapTilesFile, { file: config.mapTiles.path });
  }
  if (payments.demo) await app.register(demoPhoneRoutes, { simulator: payments.demo });
  if (sms.demo) await app.register(demoSmsPhoneRoutes, { simulator: sms.demo });
  if (options.pages) {
    await registerPages(app, options.pages, { config, services, formRateLimit, clock });
  }
  return app;
}

/** Fastify with the site's request ids, proxies, body limit and zod validation. */
function createFastify(
  config: Config,
  logger: FastifyServerOptions['logger'] | undefined,
): FastifyInstance {
  const app = Fastify({
    logger: logger ?? { level: config.logLevel },
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
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  return app;
}
