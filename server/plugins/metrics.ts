import { createHash, timingSafeEqual } from 'node:crypto';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import pg from 'pg';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import { z } from 'zod';
import type { DatabaseHandle } from '#db/client.ts';
import { ForbiddenError, UnauthorizedError } from '#lib/errors.ts';
import { t } from '#lib/i18n.all.ts';
import { readSessionCookie } from '#modules/accounts/accounts.cookie.ts';
import type { AccountsService } from '#modules/accounts/accounts.service.ts';
import type { JobQueue } from '#modules/jobs/jobs.service.ts';

type MetricsOptions = {
  /** METRICS_TOKEN: a scraper sends it as `Authorization: Bearer <token>`. */
  token: string | undefined;
  accounts: Pick<AccountsService, 'getViewer'>;
  database: DatabaseHandle;
  jobs: Pick<JobQueue, 'stats'>;
};

const PREFIX = 'marketplace_';

/** The route label of a request no route matched (a 404): one value, whatever the URL was. */
const UNMATCHED_ROUTE = 'unmatched';

/** From a cached page (a few ms) to a slow upload (seconds). */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

function sha256(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

/** Compares in constant time; hashing first makes the lengths equal, as timingSafeEqual needs. */
function isSameToken(given: string, expected: string): boolean {
  return timingSafeEqual(sha256(given), sha256(expected));
}

function bearerToken(request: FastifyRequest): string | undefined {
  return request.headers.authorization?.match(/^Bearer\s+(\S+)$/i)?.[1];
}

/** The pg.Pool behind a PostgreSQL handle; PGlite has none (one embedded connection). */
function poolOf(database: DatabaseHandle): pg.Pool | undefined {
  const client: unknown = Reflect.get(database.db, '$client');
  return client instanceof pg.Pool ? client : undefined;
}

/**
 * GET /metrics in Prometheus's text format, from a registry of this app's own (tests build many
 * apps in one process; the global registry would mix them): requests and latency by route
 * pattern (never the raw URL, so the label values stay few), the database pool, the event
 * loop's delay, memory and the background job queues. Only for a scraper holding METRICS_TOKEN
 * or a signed-in admin: the figures tell an attacker how the site is doing.
 */
async function metricsPlugin(app: FastifyInstance, options: MetricsOptions) {
  const registry = new Registry();
  const registers = [registry];
  const name = (suffix: string) => `${PREFIX}${suffix}`;

  const requests = new Counter({
    name: name('http_requests_total'),
    help: 'HTTP requests answered, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'] as const,
    registers,
  });
  const latency = new Histogram({
    name: name('http_request_duration_seconds'),
    help: 'Time to answer an HTTP request, by method and route pattern.',
    labelNames: ['method', 'route'] as const,
    buckets: LATENCY_BUCKETS,
    registers,
  });
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? UNMATCHED_ROUTE;
    requests.inc({ method: request.method, route, status: String(reply.statusCode) });
    latency.observe({ method: request.method, route }, reply.elapsedTime / 1000);
  });

  new Gauge({
    name: name('database_info'),
    help: 'The database engine in use (always 1).',
    labelNames: ['engine'] as const,
    registers,
    collect() {
      this.set({ engine: options.database.engine }, 1);
    },
  });
  const pool = poolOf(options.database);
  if (pool) {
    const poolGauge = (suffix: string, help: string, read: (pool: pg.Pool) => number) =>
      new Gauge({
        name: name(`database_pool_${suffix}`),
        help,
        registers,
        collect() {
          this.set(read(pool));
        },
      });
    poolGauge('connections', 'Connections the pool holds, busy or idle.', (p) => p.totalCount);
    poolGauge('idle_connections', 'Connections the pool holds unused.', (p) => p.idleCount);
    poolGauge('waiting_clients', 'Queries waiting for a free connection.', (p) => p.waitingCount);
  }

  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  app.addHook('onClose', async () => loopDelay.disable());
  new Gauge({
    name: name('event_loop_delay_seconds'),
    help: 'Event-loop delay since the previous scrape: mean, median, 99th percentile and max.',
    labelNames: ['stat'] as const,
    registers,
    collect() {
      // An idle stretch with no sample leaves the histogram empty (its mean NaN): report 0.
      const seconds = (nanoseconds: number) =>
        Number.isFinite(nanoseconds) ? nanoseconds / 1e9 : 0;
      this.set({ stat: 'mean' }, seconds(loopDelay.mean));
      this.set({ stat: 'p50' }, seconds(loopDelay.percentile(50)));
      this.set({ stat: 'p99' }, seconds(loopDelay.percentile(99)));
      this.set({ stat: 'max' }, seconds(loopDelay.max));
      loopDelay.reset();
    },
  });
  new Gauge({
    name: name('process_memory_bytes'),
    help: 'Memory of the process: resident set and used JavaScript heap.',
    labelNames: ['kind'] as const,
    registers,
    collect() {
      const usage = process.memoryUsage();
      this.set({ kind: 'rss' }, usage.rss);
      this.set({ kind: 'heap_used' }, usage.heapUsed);
    },
  });

  const jobGauge = (suffix: string, help: string) =>
    new Gauge({ name: name(`jobs_${suffix}`), help, labelNames: ['queue'] as const, registers });
  const jobsWaiting = jobGauge('waiting', 'Background jobs waiting to run (new or to retry).');
  const jobsActive = jobGauge('active', 'Background jobs running.');
  const jobsFailed = jobGauge('failed', 'Background jobs failed for good, not yet archived.');
  const jobsUp = new Gauge({
    name: name('jobs_stats_up'),
    help: 'Whether the job counts could be read at the last scrape (1) or not (0).',
    registers,
  });

  /** Job counts need a query: read once per scrape, not once per gauge. */
  async function readJobStats(request: FastifyRequest): Promise<void> {
    for (const gauge of [jobsWaiting, jobsActive, jobsFailed]) gauge.reset();
    try {
      for (const { queue, waiting, active, failed } of await options.jobs.stats()) {
        jobsWaiting.set({ queue }, waiting);
        jobsActive.set({ queue }, active);
        jobsFailed.set({ queue }, failed);
      }
      jobsUp.set(1);
    } catch (error) {
      // The other figures matter most while the database is down: answer them anyway.
      request.log.warn({ err: error }, 'metrics: job counts unavailable');
      jobsUp.set(0);
    }
  }

  async function assertAllowed(request: FastifyRequest): Promise<void> {
    const bearer = bearerToken(request);
    if (bearer && options.token && isSameToken(bearer, options.token)) return;
    const sessionToken = bearer ?? readSessionCookie(request.headers.cookie);
    const viewer = sessionToken ? await options.accounts.getViewer(sessionToken) : null;
    if (!viewer) throw new UnauthorizedError(t('auth.signInRequired'));
    if (viewer.role !== 'admin') throw new ForbiddenError(t('auth.adminOnly'));
  }

  const refusal = z.object({ message: z.string() });
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/metrics',
      { schema: { hide: true, response: { 200: z.string(), 401: refusal, 403: refusal } } },
      async (request, reply) => {
        await assertAllowed(request);
        await readJobStats(request);
        const text = await registry.metrics();
        return reply.header('cache-control', 'no-store').type(registry.contentType).send(text);
      },
    );
}

export default fp(metricsPlugin, { name: 'metrics' });
