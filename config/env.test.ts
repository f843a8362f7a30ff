import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env.ts';

function problemsOf(env: NodeJS.ProcessEnv): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).problems;
  }
  throw new Error('expected loadConfig to throw');
}

describe('loadConfig', () => {
  it('applies the defaults to an empty environment', () => {
    expect(loadConfig({})).toEqual({
      env: 'production',
      port: 3000,
      host: '0.0.0.0',
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      databaseCacheMb: 128,
      publicUrl: undefined,
      siteUrl: 'http://localhost:3000',
      adminEmail: undefined,
      adminPassword: undefined,
      smtpUrl: undefined,
      isSeedDemo: true,
      uploadMaxBytes: 10 * 1024 * 1024,
      logLevel: 'info',
      trustedProxies: 0,
      formPostsPerMinute: 20,
      searchCacheSeconds: 10,
      authAttemptsPer15Minutes: 10,
      loginFailuresPerAddressPer15Minutes: 100,
      signupsPerAddressPerHour: 30,
      reportMinAccountDays: 7,
      adminTwoStep: 'optional',
      isRunningJobs: true,
      matchDigestSeconds: 30,
      redisUrl: undefined,
      redisPrefix: 'inzu:',
      s3: undefined,
      pageCacheSeconds: 5,
      metricsToken: undefined,
      loadSheddingDelayMs: 1000,
      payments: { mode: 'simulator', timeoutMs: 15_000 },
      mapTiles: {
        kind: 'xyz',
        url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
        attribution: undefined,
      },
      sms: { mode: 'simulator' },
      isAllowingPrivatePushEndpoints: false,
    });
  });

  it('treats blank variables as unset', () => {
    const config = loadConfig({ PORT: '', DATABASE_URL: '', SEED_DEMO: '' });
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.isSeedDemo).toBe(true);
  });

  it('reads every variable', () => {
    const config = loadConfig({
      NODE_ENV: 'development',
      PORT: '8080',
      HOST: '127.0.0.1',
      DATA_DIR: '/var/lib/inzu',
      DATABASE_URL: 'postgres://inzu@db:5432/inzu',
      DATABASE_CACHE_MB: '256',
      PUBLIC_URL: 'https://inzu.rw/',
      ADMIN_EMAIL: 'admin@inzu.rw',
      ADMIN_PASSWORD: 'correct-horse',
      SMTP_URL: 'smtp://mail.inzu.rw:587',
      SEED_DEMO: 'false',
      UPLOAD_MAX_MB: '2.5',
      LOG_LEVEL: 'warn',
      AUTH_ATTEMPTS_PER_15_MINUTES: '25',
      LOGIN_FAILURES_PER_ADDRESS_PER_15_MINUTES: '250',
      SIGNUPS_PER_ADDRESS_PER_HOUR: '60',
      REPORT_MIN_ACCOUNT_DAYS: '14',
      ADMIN_2FA: 'required',
      BACKGROUND_JOBS: 'off',
      MATCH_DIGEST_SECONDS: '5',
      REDIS_URL: 'redis://cache:6379/2',
      REDIS_PREFIX: 'staging:',
      S3_ENDPOINT: 'http://objects:9000',
      S3_BUCKET: 'inzu-photos',
      S3_ACCESS_KEY_ID: 'key-id',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_PUBLIC_URL: 'https://cdn.inzu.rw/photos/',
      PAGE_CACHE_SECONDS: '0',
      METRICS_TOKEN: 'a-long-enough-metrics-token',
      LOAD_SHEDDING_DELAY_MS: '0',
      PAYMENTS_TIMEOUT_SECONDS: '20',
      MOMO_BASE_URL: 'https://proxy.momoapi.mtn.com/',
      MOMO_SUBSCRIPTION_KEY: 'momo-key',
      MOMO_API_USER: 'momo-user',
      MOMO_API_KEY: 'momo-secret',
      MOMO_TARGET_ENVIRONMENT: 'mtnrwanda',
      MOMO_CALLBACK_URL: 'https://inzu.rw/api/payments/callback/mtn',
      MOMO_CURRENCY: 'RWF',
      MOMO_DISBURSEMENT_SUBSCRIPTION_KEY: 'momo-disbursement-key',
      MOMO_DISBURSEMENT_API_USER: 'momo-disbursement-user',
      MOMO_DISBURSEMENT_API_KEY: 'momo-disbursement-secret',
      AIRTEL_BASE_URL: 'https://openapi.airtel.africa',
      AIRTEL_CLIENT_ID: 'airtel-id',
      AIRTEL_CLIENT_SECRET: 'airtel-secret',
      AIRTEL_COUNTRY: 'RW',
      AIRTEL_CURRENCY: 'RWF',
      MAP_TILES_ATTRIBUTION: '© Kigali City Maps',
      MAP_PMTILES_PATH: '/srv/maps/kigali.pmtiles',
      PUSH_ALLOW_PRIVATE_ENDPOINTS: 'on',
    });
    expect(config).toEqual({
      env: 'development',
      port: 8080,
      host: '127.0.0.1',
      dataDir: '/var/lib/inzu',
      databaseUrl: 'postgres://inzu@db:5432/inzu',
      databaseCacheMb: 256,
      publicUrl: 'https://inzu.rw',
      siteUrl: 'https://inzu.rw',
      adminEmail: 'admin@inzu.rw',
      adminPassword: 'correct-horse',
      smtpUrl: 'smtp://mail.inzu.rw:587',
      isSeedDemo: false,
      uploadMaxBytes: Math.round(2.5 * 1024 * 1024),
      logLevel: 'warn',
      trustedProxies: 0,
      formPostsPerMinute: 20,
      searchCacheSeconds: 10,
      authAttemptsPer15Minutes: 25,
      loginFailuresPerAddressPer15Minutes: 250,
      signupsPerAddressPerHour: 60,
      reportMinAccountDays: 14,
      adminTwoStep: 'required',
      isRunningJobs: false,
      matchDigestSeconds: 5,
      redisUrl: 'redis://cache:6379/2',
      redisPrefix: 'staging:',
      s3: {
        endpoint: 'http://objects:9000',
        bucket: 'inzu-photos',
        accessKeyId: 'key-id',
        secretAccessKey: 'secret',
        region: 'us-east-1',
        publicUrl: 'https://cdn.inzu.rw/photos',
      },
      pageCacheSeconds: 0,
      metricsToken: 'a-long-enough-metrics-token',
      loadSheddingDelayMs: 0,
      payments: {
        mode: 'live',
        timeoutMs: 20_000,
        momo: {
          baseUrl: 'https://proxy.momoapi.mtn.com',
          subscriptionKey: 'momo-key',
          apiUser: 'momo-user',
          apiKey: 'momo-secret',
          targetEnvironment: 'mtnrwanda',
          callbackUrl: 'https://inzu.rw/api/payments/callback/mtn',
          currency: 'RWF',
          disbursementSubscriptionKey: 'momo-disbursement-key',
          disbursementApiUser: 'momo-disbursement-user',
          disbursementApiKey: 'momo-disbursement-secret',
        },
        airtel: {
          baseUrl: 'https://openapi.airtel.africa',
          clientId: 'airtel-id',
          clientSecret: 'airtel-secret',
          country: 'RW',
          currency: 'RWF',
        },
      },
      mapTiles: {
        kind: 'pmtiles',
        path: '/srv/maps/kigali.pmtiles',
        attribution: '© Kigali City Maps',
      },
      sms: { mode: 'off' },
      isAllowingPrivatePushEndpoints: true,
    });
  });

  it.each([
    ['false', false],
    ['0', false],
    ['no', false],
    ['off', false],
    ['true', true],
    ['1', true],
    ['yes', true],
    ['on', true],
  ])('reads SEED_DEMO=%s as %s', (value, expected) => {
    expect(loadConfig({ SEED_DEMO: value }).isSeedDemo).toBe(expected);
  });

  it('reports every bad variable at once', () => {
    const problems = problemsOf({ PORT: 'abc', UPLOAD_MAX_MB: '-1' });
    expect(problems).toHaveLength(2);
    expect(problems.some((problem) => problem.startsWith('PORT: '))).toBe(true);
    expect(problems.some((problem) => problem.startsWith('UPLOAD_MAX_MB: '))).toBe(true);
  });

  it('names every bad variable in the error message', () => {
    const problems = problemsOf({
      PORT: '70000',
      LOG_LEVEL: 'loud',
      SEED_DEMO: 'maybe',
      PUBLIC_URL: 'inzu',
      NODE_ENV: 'staging',
    });
    const fields = problems.map((problem) => problem.split(':')[0]).sort();
    expect(fields).toEqual(['LOG_LEVEL', 'NODE_ENV', 'PORT', 'PUBLIC_URL', 'SEED_DEMO']);
    expect(() => loadConfig({ PORT: 'abc', UPLOAD_MAX_MB: '-1' })).toThrow(
      /^Invalid configuration:\n {2}- PORT: .+\n {2}- UPLOAD_MAX_MB: .+$/,
    );
  });

  it('refuses ADMIN_EMAIL without ADMIN_PASSWORD, and the other way round', () => {
    expect(problemsOf({ ADMIN_EMAIL: 'admin@inzu.rw' })).toEqual([
      'ADMIN_EMAIL and ADMIN_PASSWORD: set both or neither',
    ]);
    expect(problemsOf({ ADMIN_PASSWORD: 'correct-horse' })).toEqual([
      'ADMIN_EMAIL and ADMIN_PASSWORD: set both or neither',
    ]);
  });

  it('reports the admin pair together with other bad variables', () => {
    const problems = problemsOf({ ADMIN_EMAIL: 'admin@inzu.rw', PORT: 'abc' });
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(/^PORT: /);
    expect(problems[1]).toBe('ADMIN_EMAIL and ADMIN_PASSWORD: set both or neither');
  });

  it('refuses an invalid admin email and a short admin password', () => {
    const problems = problemsOf({ ADMIN_EMAIL: 'not-an-email', ADMIN_PASSWORD: 'short' });
    expect(problems.map((problem) => problem.split(':')[0]).sort()).toEqual([
      'ADMIN_EMAIL',
      'ADMIN_PASSWORD',
    ]);
  });

  it('refuses part of the S3 settings, a REDIS_URL of another scheme and a short metrics token', () => {
    expect(problemsOf({ S3_ENDPOINT: 'http://objects:9000', S3_BUCKET: 'photos' })).toEqual([
      'S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set all or none',
    ]);
    expect(problemsOf({ REDIS_URL: 'http://cache:6379' })[0]).toMatch(/^REDIS_URL: /);
    expect(problemsOf({ METRICS_TOKEN: 'short' })[0]).toMatch(/^METRICS_TOKEN: /);
    expect(problemsOf({ REDIS_PREFIX: 'a prefix with spaces' })[0]).toMatch(/^REDIS_PREFIX: /);
  });

  it('turns payments off without providers or the demo, and refuses half a provider', () => {
    expect(loadConfig({ SEED_DEMO: 'false' }).payments).toEqual({ mode: 'off', timeoutMs: 15_000 });
    expect(loadConfig({ PAYMENTS: 'off' }).payments.mode).toBe('off');
    expect(problemsOf({ MOMO_BASE_URL: 'https://sandbox.momodeveloper.mtn.com' })).toEqual([
      'MOMO_BASE_URL, MOMO_SUBSCRIPTION_KEY, MOMO_API_USER, MOMO_API_KEY: set all or none',
    ]);
    expect(problemsOf({ PAYMENTS: 'live' })).toEqual([
      'PAYMENTS=live: set the MOMO_* or AIRTEL_* variables',
    ]);
  });

  it("sends SMS through Africa's Talking when its variables are set, its sandbox for `sandbox`", () => {
    expect(loadConfig({ SEED_DEMO: 'false' }).sms).toEqual({ mode: 'off' });
    expect(loadConfig({ SEED_DEMO: 'true' }).sms).toEqual({ mode: 'simulator' });
    expect(
      loadConfig({ AT_USERNAME: 'inzu', AT_API_KEY: 'key', AT_SENDER_ID: 'INZU' }).sms,
    ).toEqual({
      mode: 'africastalking',
      baseUrl: 'https://api.africastalking.com',
      username: 'inzu',
      apiKey: 'key',
      senderId: 'INZU',
    });
    expect(loadConfig({ AT_USERNAME: 'sandbox', AT_API_KEY: 'key' }).sms).toMatchObject({
      baseUrl: 'https://api.sandbox.africastalking.com',
    });
    expect(problemsOf({ AT_USERNAME: 'inzu' })).toEqual([
      'AT_USERNAME, AT_API_KEY: set all or none',
    ]);
    expect(problemsOf({ SMS_PROVIDER: 'africastalking' })).toEqual([
      'SMS_PROVIDER=africastalking: set AT_USERNAME and AT_API_KEY',
    ]);
    expect(problemsOf({ AT_SENDER_ID: 'A sender id too long' })[0]).toMatch(/^AT_SENDER_ID: /);
  });

  it('bounds the upload size and the port', () => {
    expect(problemsOf({ UPLOAD_MAX_MB: '0' })[0]).toMatch(/^UPLOAD_MAX_MB: /);
    expect(problemsOf({ UPLOAD_MAX_MB: '101' })[0]).toMatch(/^UPLOAD_MAX_MB: /);
    expect(problemsOf({ DATABASE_CACHE_MB: '8' })[0]).toMatch(/^DATABASE_CACHE_MB: /);
    expect(problemsOf({ DATABASE_CACHE_MB: '64.5' })[0]).toMatch(/^DATABASE_CACHE_MB: /);
    expect(problemsOf({ PORT: '3000.5' })[0]).toMatch(/^PORT: /);
    expect(problemsOf({ PORT: '-1' })[0]).toMatch(/^PORT: /);
  });

  it('bounds the load-shedding delay', () => {
    expect(problemsOf({ LOAD_SHEDDING_DELAY_MS: '-1' })[0]).toMatch(/^LOAD_SHEDDING_DELAY_MS: /);
    expect(problemsOf({ LOAD_SHEDDING_DELAY_MS: '250.5' })[0]).toMatch(/^LOAD_SHEDDING_DELAY_MS: /);
    expect(problemsOf({ LOAD_SHEDDING_DELAY_MS: 'soon' })[0]).toMatch(/^LOAD_SHEDDING_DELAY_MS: /);
    expect(loadConfig({ LOAD_SHEDDING_DELAY_MS: '250' }).loadSheddingDelayMs).toBe(250);
  });

  it('bounds the age an account needs for its reports to count, 0 turning the rule off', () => {
    expect(problemsOf({ REPORT_MIN_ACCOUNT_DAYS: '-1' })[0]).toMatch(/^REPORT_MIN_ACCOUNT_DAYS: /);
    expect(problemsOf({ REPORT_MIN_ACCOUNT_DAYS: '1.5' })[0]).toMatch(/^REPORT_MIN_ACCOUNT_DAYS: /);
    expect(problemsOf({ REPORT_MIN_ACCOUNT_DAYS: '366' })[0]).toMatch(/^REPORT_MIN_ACCOUNT_DAYS: /);
    expect(loadConfig({ REPORT_MIN_ACCOUNT_DAYS: '0' }).reportMinAccountDays).toBe(0);
  });

  it('takes XYZ tiles from an http(s) address holding {z}, {x} and {y}', () => {
    const url = 'https://{s}.tiles.example.rw/kigali/{z}/{x}/{y}.png';
    expect(loadConfig({ MAP_TILES_URL: url }).mapTiles).toEqual({
      kind: 'xyz',
      url,
      attribution: undefined,
    });
    expect(problemsOf({ MAP_TILES_URL: 'https://tiles.example.rw/{z}/{x}.png' })[0]).toMatch(
      /^MAP_TILES_URL: /,
    );
    expect(problemsOf({ MAP_TILES_URL: 'ftp://tiles.example.rw/{z}/{x}/{y}.png' })[0]).toMatch(
      /^MAP_TILES_URL: /,
    );
    expect(problemsOf({ MAP_TILES_URL: 'tiles' })[0]).toMatch(/^MAP_TILES_URL: /);
  });
});
