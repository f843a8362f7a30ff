import path from 'node:path';
import { z } from 'zod';

const booleanFromString = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'])
  .transform((value) => ['true', '1', 'yes', 'on'].includes(value));

const optionalUrl = z.url().optional();

/** The address of XYZ raster tiles: http(s), with the {z}, {x} and {y} a map fills in. */
const tilesUrl = z
  .string()
  .refine(
    (url) => {
      try {
        return /^https?:$/.test(new URL(url.replaceAll(/\{[a-z]+\}/g, '0')).protocol);
      } catch {
        return false;
      }
    },
    { error: 'an http(s) address' },
  )
  .refine((url) => ['{z}', '{x}', '{y}'].every((part) => url.includes(part)), {
    error: 'must hold {z}, {x} and {y}',
  });

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalUrl,
  DATABASE_CACHE_MB: z.coerce.number().int().min(16).max(1024).default(128),
  PUBLIC_URL: optionalUrl,
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(8).optional(),
  SMTP_URL: optionalUrl,
  SEED_DEMO: booleanFromString.default(true),
  UPLOAD_MAX_MB: z.coerce.number().positive().max(100).default(10),
  FORM_POSTS_PER_MINUTE: z.coerce.number().int().min(1).max(100000).default(20),
  SEARCH_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(10),
  AUTH_ATTEMPTS_PER_15_MINUTES: z.coerce.number().int().min(1).max(100000).default(10),
  LOGIN_FAILURES_PER_ADDRESS_PER_15_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(100000)
    .default(100),
  SIGNUPS_PER_ADDRESS_PER_HOUR: z.coerce.number().int().min(1).max(100000).default(30),
  REPORT_MIN_ACCOUNT_DAYS: z.coerce.number().int().min(0).max(365).default(7),
  ADMIN_2FA: z.enum(['optional', 'required']).default('optional'),
  BACKGROUND_JOBS: booleanFromString.default(true),
  MATCH_DIGEST_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
  REDIS_PREFIX: z
    .string()
    .regex(/^[\w.:-]{1,100}$/, 'letters, digits and . : _ - only')
    .default('inzu:'),
  S3_ENDPOINT: optionalUrl,
  S3_BUCKET: z.string().min(3).max(63).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_PUBLIC_URL: optionalUrl,
  PAGE_CACHE_SECONDS: z.coerce.number().int().min(0).max(60).default(5),
  METRICS_TOKEN: z.string().min(16).optional(),
  LOAD_SHEDDING_DELAY_MS: z.coerce.number().int().min(0).max(60000).default(1000),
  MAP_TILES_URL: tilesUrl.default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  MAP_TILES_ATTRIBUTION: z.string().max(300).optional(),
  MAP_PMTILES_PATH: z.string().min(1).optional(),
  PAYMENTS: z.enum(['live', 'simulator', 'off']).optional(),
  PAYMENTS_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(60).default(15),
  MOMO_BASE_URL: optionalUrl,
  MOMO_SUBSCRIPTION_KEY: z.string().min(1).optional(),
  MOMO_API_USER: z.string().min(1).optional(),
  MOMO_API_KEY: z.string().min(1).optional(),
  MOMO_TARGET_ENVIRONMENT: z.string().min(1).default('mtnrwanda'),
  MOMO_CALLBACK_URL: optionalUrl,
  MOMO_CURRENCY: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .default('RWF'),
  MOMO_DISBURSEMENT_SUBSCRIPTION_KEY: z.string().min(1).optional(),
  MOMO_DISBURSEMENT_API_USER: z.string().min(1).optional(),
  MOMO_DISBURSEMENT_API_KEY: z.string().min(1).optional(),
  AIRTEL_BASE_URL: optionalUrl,
  AIRTEL_CLIENT_ID: z.string().min(1).optional(),
  AIRTEL_CLIENT_SECRET: z.string().min(1).optional(),
  AIRTEL_COUNTRY: z
    .string()
    .regex(/^[A-Z]{2}$/)
    .default('RW'),
  AIRTEL_CURRENCY: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .default('RWF'),
  SMS_PROVIDER: z.enum(['africastalking', 'simulator', 'off']).optional(),
  AT_USERNAME: z.string().min(1).optional(),
  AT_API_KEY: z.string().min(1).optional(),
  AT_SENDER_ID: z.string().min(1).max(11).optional(),
  AT_BASE_URL: optionalUrl,
  PUSH_ALLOW_PRIVATE_ENDPOINTS: booleanFromString.default(false),
});

/** Every variable the configuration reads, for a process that must start from none of them. */
export const CONFIG_VARIABLES = Object.keys(EnvSchema.shape);

const S3_VARIABLES = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'];
const MOMO_VARIABLES = ['MOMO_BASE_URL', 'MOMO_SUBSCRIPTION_KEY', 'MOMO_API_USER', 'MOMO_API_KEY'];
const AIRTEL_VARIABLES = ['AIRTEL_BASE_URL', 'AIRTEL_CLIENT_ID', 'AIRTEL_CLIENT_SECRET'];
const AT_VARIABLES = ['AT_USERNAME', 'AT_API_KEY'];
/**
 * Africa's Talking's API, and its sandbox: the username `sandbox` with the sandbox app's API key,
 * whose SMS reach only Africa's Talking's web simulator.
 */
const AFRICAS_TALKING_LIVE_URL = 'https://api.africastalking.com';
const AFRICAS_TALKING_SANDBOX_URL = 'https://api.sandbox.africastalking.com';

/**
 * Where SMS goes: Africa's Talking as configured, the simulator the product embeds (the demo:
 * its messages are read on the simulator's own page), or nowhere (`off`: SMS waits in the
 * sms_outbox table and the log).
 */
export type SmsConfig =
  | { mode: 'off' }
  | { mode: 'simulator' }
  | {
      mode: 'africastalking';
      baseUrl: string;
      username: string;
      apiKey: string;
      senderId: string | undefined;
    };

/** MTN MoMo's Collections (and Disbursements, for refunds) as configured. */
type MomoConfig = {
  baseUrl: string;
  subscriptionKey: string;
  apiUser: string;
  apiKey: string;
  targetEnvironment: string;
  callbackUrl: string | undefined;
  currency: string;
  disbursementSubscriptionKey: string | undefined;
  disbursementApiUser: string | undefined;
  disbursementApiKey: string | undefined;
};

/** Airtel Money's Collections as configured. */
type AirtelConfig = {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  country: string;
  currency: string;
};

/**
 * How payments are taken: by the real providers configured (`live`), by the simulator the
 * product embeds (the demo: prompts are confirmed on its phone page), or not at all (`off`:
 * nothing is sold, listing stays free).
 */
export type PaymentsConfig = (
  | { mode: 'off' }
  | { mode: 'simulator' }
  | { mode: 'live'; momo: MomoConfig | undefined; airtel: AirtelConfig | undefined }
) & {
  /** How long one call to a provider may take before its outcome counts as unknown. */
  timeoutMs: number;
};

/**
 * The map's background: XYZ raster tiles from an address (OpenStreetMap's by default), or a
 * PMTiles archive of raster tiles this server serves itself (no third party); and the credit
 * an operator gives their tiles (OpenStreetMap's when unset).
 */
type MapTilesConfig = (
  | { kind: 'xyz'; url: string }
  | { kind: 'pmtiles'; /** The archive on this machine. */ path: string }
) & { attribution: string | undefined };

/** Where photos go when they are not kept on this machine's disk. */
export type S3Config = {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  /** A CDN or public bucket address: /media answers a redirect there instead of streaming. */
  publicUrl: string | undefined;
};

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /**
   * The memory the embedded database keeps table and index pages in (PostgreSQL's
   * shared_buffers), in MB; PostgreSQL's own setting applies with DATABASE_URL.
   */
  databaseCacheMb: number;
  publicUrl: string | undefined;
  /**
   * The address links in e-mails point to: PUBLIC_URL, else this machine. Never taken from a
   * request's Host header, which a client can set to anything.
   */
  siteUrl: string;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  smtpUrl: string | undefined;
  isSeedDemo: boolean;
  uploadMaxBytes: number;
  logLevel: string;
  /** How many reverse proxies sit in front: their X-Forwarded-* headers are believed. */
  trustedProxies: number;
  /** Public form posts (contact, newsletter, inquiries) allowed per client address and minute. */
  formPostsPerMinute: number;
  /** How long a live-search answer is reused for the same query; 0 turns the cache off. */
  searchCacheSeconds: number;
  /**
   * Reset e-mails allowed per client address and per account, and bad reset links per address,
   * in 15 minutes before answering 429.
   */
  authAttemptsPer15Minutes: number;
  /**
   * Failed sign-ins allowed per client address (all accounts together) in 15 minutes: a far
   * higher ceiling than one account's, for carriers that put many customers behind one address
   * (modules/accounts/accounts.limits.ts).
   */
  loginFailuresPerAddressPer15Minutes: number;
  /** Signups allowed per client address in an hour. */
  signupsPerAddressPerHour: number;
  /**
   * How old (in days) an account an admin has not verified must be for its reports to count
   * toward hiding a listing: throwaway accounts made for an attack are new.
   */
  reportMinAccountDays: number;
  /** ADMIN_2FA: `required` holds admins to two-step sign-in before the admin panel opens. */
  adminTwoStep: 'optional' | 'required';
  /**
   * Whether this process runs background jobs (mail, matching). Off, it only adds them: for
   * web-only processes beside a worker on PostgreSQL, and for tests that run jobs themselves.
   */
  isRunningJobs: boolean;
  /** How long new buyer-request matches gather before their requester is told, in one e-mail. */
  matchDigestSeconds: number;
  /**
   * REDIS_URL: rate limits, sign-in limits, caches and settings shared by every process. Unset,
   * each process keeps them in its own memory (right for one process).
   */
  redisUrl: string | undefined;
  /**
   * REDIS_PREFIX: put before every Redis key and channel, so several sites (staging beside
   * production) share one Redis without mixing counts or changes.
   */
  redisPrefix: string;
  /** S3_*: photos in S3-compatible object storage; unset, in DATA_DIR/uploads. */
  s3: S3Config | undefined;
  /**
   * How long a signed-out visitor's page is served again from the shared page cache; any
   * catalogue or settings change clears it at once. 0 turns it off.
   */
  pageCacheSeconds: number;
  /** A bearer token that may read /metrics (admins may read it signed in). */
  metricsToken: string | undefined;
  /** PAYMENTS, MOMO_*, AIRTEL_*. */
  payments: PaymentsConfig;
  /**
   * The mean event-loop delay (ms) above which new requests are refused with 503 (load
   * shedding); 0 turns it off.
   */
  loadSheddingDelayMs: number;
  /** MAP_TILES_URL, MAP_TILES_ATTRIBUTION, MAP_PMTILES_PATH (which wins when set). */
  mapTiles: MapTilesConfig;
  /** SMS_PROVIDER, AT_*. */
  sms: SmsConfig;
  /**
   * PUSH_ALLOW_PRIVATE_ENDPOINTS: browsers' push endpoints may be http, on any port and on
   * private or loopback addresses. Off (the default), the server posts push messages only to
   * public https hosts, so a signed-in user cannot make it reach inside its own network.
   */
  isAllowingPrivatePushEndpoints: boolean;
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parses the environment once, reporting every bad variable together. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const withoutBlanks = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = EnvSchema.safeParse(withoutBlanks);
  const problems = parsed.success
    ? []
    : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  if (Boolean(withoutBlanks.ADMIN_EMAIL) !== Boolean(withoutBlanks.ADMIN_PASSWORD)) {
    problems.push('ADMIN_EMAIL and ADMIN_PASSWORD: set both or neither');
  }
  for (const group of [S3_VARIABLES, MOMO_VARIABLES, AIRTEL_VARIABLES, AT_VARIABLES]) {
    const set = group.filter((name) => Boolean(withoutBlanks[name]));
    if (set.length > 0 && set.length < group.length) {
      problems.push(`${group.join(', ')}: set all or none`);
    }
  }
  const hasProvider = [MOMO_VARIABLES[0]!, AIRTEL_VARIABLES[0]!].some(
    (name) => withoutBlanks[name],
  );
  if (withoutBlanks.PAYMENTS === 'live' && !hasProvider) {
    problems.push('PAYMENTS=live: set the MOMO_* or AIRTEL_* variables');
  }
  if (withoutBlanks.SMS_PROVIDER === 'africastalking' && !withoutBlanks.AT_API_KEY) {
    problems.push('SMS_PROVIDER=africastalking: set AT_USERNAME and AT_API_KEY');
  }
  if (!parsed.success || problems.length > 0) throw new ConfigError(problems);
  const values = parsed.data;
  return {
    env: values.NODE_ENV,
    port: values.PORT,
    host: values.HOST,
    dataDir: path.resolve(values.DATA_DIR),
    databaseUrl: values.DATABASE_URL,
    databaseCacheMb: values.DATABASE_CACHE_MB,
    publicUrl: values.PUBLIC_URL?.replace(/\/+$/, ''),
    siteUrl: values.PUBLIC_URL?.replace(/\/+$/, '') ?? `http://localhost:${values.PORT}`,
    adminEmail: values.ADMIN_EMAIL,
    adminPassword: values.ADMIN_PASSWORD,
    smtpUrl: values.SMTP_URL,
    isSeedDemo: values.SEED_DEMO,
    uploadMaxBytes: Math.round(values.UPLOAD_MAX_MB * 1024 * 1024),
    logLevel: values.LOG_LEVEL,
    trustedProxies: values.TRUST_PROXY,
    formPostsPerMinute: values.FORM_POSTS_PER_MINUTE,
    searchCacheSeconds: values.SEARCH_CACHE_SECONDS,
    authAttemptsPer15Minutes: values.AUTH_ATTEMPTS_PER_15_MINUTES,
    loginFailuresPerAddressPer15Minutes: values.LOGIN_FAILURES_PER_ADDRESS_PER_15_MINUTES,
    signupsPerAddressPerHour: values.SIGNUPS_PER_ADDRESS_PER_HOUR,
    reportMinAccountDays: values.REPORT_MIN_ACCOUNT_DAYS,
    adminTwoStep: values.ADMIN_2FA,
    isRunningJobs: values.BACKGROUND_JOBS,
    matchDigestSeconds: values.MATCH_DIGEST_SECONDS,
    redisUrl: values.REDIS_URL,
    redisPrefix: values.REDIS_PREFIX,
    s3:
      values.S3_ENDPOINT &&
      values.S3_BUCKET &&
      values.S3_ACCESS_KEY_ID &&
      values.S3_SECRET_ACCESS_KEY
        ? {
            endpoint: values.S3_ENDPOINT,
            bucket: values.S3_BUCKET,
            accessKeyId: values.S3_ACCESS_KEY_ID,
            secretAccessKey: values.S3_SECRET_ACCESS_KEY,
            region: values.S3_REGION,
            publicUrl: values.S3_PUBLIC_URL?.replace(/\/+$/, ''),
          }
        : undefined,
    pageCacheSeconds: values.PAGE_CACHE_SECONDS,
    metricsToken: values.METRICS_TOKEN,
    loadSheddingDelayMs: values.LOAD_SHEDDING_DELAY_MS,
    payments: toPaymentsConfig(values, hasProvider),
    sms: toSmsConfig(values),
    isAllowingPrivatePushEndpoints: values.PUSH_ALLOW_PRIVATE_ENDPOINTS,
    mapTiles: values.MAP_PMTILES_PATH
      ? {
          kind: 'pmtiles',
          path: path.resolve(values.MAP_PMTILES_PATH),
          attribution: values.MAP_TILES_ATTRIBUTION,
        }
      : { kind: 'xyz', url: values.MAP_TILES_URL, attribution: values.MAP_TILES_ATTRIBUTION },
  };
}

/**
 * SMS_PROVIDER when set; else Africa's Talking when its variables are set; else, for the demo
 * (SEED_DEMO), the embedded simulator; else off. Africa's Talking's sandbox answers to the
 * username `sandbox`, at its own address.
 */
function toSmsConfig(values: z.output<typeof EnvSchema>): SmsConfig {
  const { AT_USERNAME: username, AT_API_KEY: apiKey } = values;
  const mode =
    values.SMS_PROVIDER ?? (apiKey ? 'africastalking' : values.SEED_DEMO ? 'simulator' : 'off');
  if (mode !== 'africastalking') return { mode };
  const defaultUrl =
    username === 'sandbox' ? AFRICAS_TALKING_SANDBOX_URL : AFRICAS_TALKING_LIVE_URL;
  return {
    mode,
    baseUrl: (values.AT_BASE_URL ?? defaultUrl).replace(/\/+$/, ''),
    username: username!,
    apiKey: apiKey!,
    senderId: values.AT_SENDER_ID,
  };
}

/**
 * PAYMENTS when set; else the real providers when their variables are set; else, for the demo
 * (SEED_DEMO), the embedded simulator; else off.
 */
function toPaymentsConfig(
  values: z.output<typeof EnvSchema>,
  hasProvider: boolean,
): PaymentsConfig {
  const mode = values.PAYMENTS ?? (hasProvider ? 'live' : values.SEED_DEMO ? 'simulator' : 'off');
  const timeoutMs = values.PAYMENTS_TIMEOUT_SECONDS * 1000;
  if (mode !== 'live') return { mode, timeoutMs };
  return {
    mode,
    timeoutMs,
    momo:
      values.MOMO_BASE_URL &&
      values.MOMO_SUBSCRIPTION_KEY &&
      values.MOMO_API_USER &&
      values.MOMO_API_KEY
        ? {
            baseUrl: values.MOMO_BASE_URL.replace(/\/+$/, ''),
            subscriptionKey: values.MOMO_SUBSCRIPTION_KEY,
            apiUser: values.MOMO_API_USER,
            apiKey: values.MOMO_API_KEY,
            targetEnvironment: values.MOMO_TARGET_ENVIRONMENT,
            callbackUrl: values.MOMO_CALLBACK_URL,
            currency: values.MOMO_CURRENCY,
            disbursementSubscriptionKey: values.MOMO_DISBURSEMENT_SUBSCRIPTION_KEY,
            disbursementApiUser: values.MOMO_DISBURSEMENT_API_USER,
            disbursementApiKey: values.MOMO_DISBURSEMENT_API_KEY,
          }
        : undefined,
    airtel:
      values.AIRTEL_BASE_URL && values.AIRTEL_CLIENT_ID && values.AIRTEL_CLIENT_SECRET
        ? {
            baseUrl: values.AIRTEL_BASE_URL.replace(/\/+$/, ''),
            clientId: values.AIRTEL_CLIENT_ID,
            clientSecret: values.AIRTEL_CLIENT_SECRET,
            country: values.AIRTEL_COUNTRY,
            currency: values.AIRTEL_CURRENCY,
          }
        : undefined,
  };
}
