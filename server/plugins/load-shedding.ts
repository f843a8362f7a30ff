import underPressure from '@fastify/under-pressure';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { t } from '#lib/i18n.all.ts';
import { ServiceUnavailableError } from './errors.ts';

export type LoadSheddingOptions = {
  /**
   * The mean event-loop delay (ms) over one sample above which requests are refused
   * (LOAD_SHEDDING_DELAY_MS). Its default, 1 s, means every request already waits a second
   * before its own code starts: queueing more only makes every answer later. The benchmark's
   * loads stay far below it. 0 turns shedding off.
   */
  maxEventLoopDelayMs: number;
  /** How often the delay is measured (ms); the refusal lasts at least until the next sample. */
  sampleIntervalMs?: number;
};

/** An overloaded process needs a moment to work through what it holds. */
const OVERLOAD_RETRY_AFTER_SECONDS = 10;

const DEFAULT_SAMPLE_INTERVAL_MS = 1_000;

/**
 * Never refused: liveness (an orchestrator must not restart a process for being busy),
 * readiness (it reports dependencies; the refusals themselves tell a balancer about load) and
 * metrics (an overload is when they are needed most).
 */
const EXEMPT_ROUTES = new Set(['/healthz', '/readyz', '/metrics']);

/**
 * Load shedding: when the event loop falls behind, new requests get 503 `{ message }` with
 * Retry-After at once, before any work (authentication, database), instead of queueing until
 * everything times out. Event-loop utilisation is not used: a busy server near 100% is
 * healthy as long as it keeps up, which the delay measures.
 */
async function loadSheddingPlugin(app: FastifyInstance, options: LoadSheddingOptions) {
  await app.register(underPressure, {
    maxEventLoopDelay: options.maxEventLoopDelayMs,
    sampleInterval: options.sampleIntervalMs ?? DEFAULT_SAMPLE_INTERVAL_MS,
    // Thrown rather than sent: the request then stops here and goes to the one error handler.
    pressureHandler: async (request) => {
      if (EXEMPT_ROUTES.has(request.routeOptions.url ?? '')) return;
      throw new ServiceUnavailableError(t('api.overloaded'), OVERLOAD_RETRY_AFTER_SECONDS);
    },
  });
}

export default fp(loadSheddingPlugin, { name: 'load-shedding' });
