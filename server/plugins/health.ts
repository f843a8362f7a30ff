import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { t } from '#lib/i18n.all.ts';

/** A dependency the server needs to answer requests (the database, Redis): throws when it does not answer. */
export type ReadinessCheck = { name: string; check(): Promise<void> };

type CheckOutcome = 'ok' | 'failed' | 'timed out';

/** How long a client should wait before trying again when a dependency does not answer. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

/**
 * An orchestrator probes readiness every few seconds with a timeout of its own (Kubernetes: 1 s
 * by default): a dependency slower than this is as good as down for the requests waiting on it.
 */
const DEFAULT_READINESS_TIMEOUT_MS = 1_000;

/** Runs one check, failing it when it throws or takes longer than `timeoutMs`. */
export async function runCheck(
  check: ReadinessCheck,
  timeoutMs: number,
): Promise<{ outcome: CheckOutcome; error?: unknown }> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timed out'>((resolve) => {
    timer = setTimeout(() => resolve('timed out'), timeoutMs);
  });
  try {
    const outcome = await Promise.race([check.check().then(() => 'ok' as const), timeout]);
    return { outcome };
  } catch (error) {
    return { outcome: 'failed', error };
  } finally {
    clearTimeout(timer);
  }
}

type HealthOptions = {
  readinessChecks: ReadinessCheck[];
  /** How long each check may take before it counts as failed (default 1 s). */
  readinessTimeoutMs?: number;
};

const OutcomeSchema = z.enum(['ok', 'failed', 'timed out']);

/**
 * GET /healthz (liveness): answers 200 as long as the process can answer at all, touching no
 * dependency, so an orchestrator never restarts a healthy process because the database is down.
 * GET /readyz (readiness): 200 when every dependency answers within the timeout, else 503 with
 * Retry-After and the outcome of each check, so a load balancer sends traffic elsewhere.
 * Both are outside /api and declare no access: they are public, and carry nothing private.
 */
async function healthPlugin(app: FastifyInstance, options: HealthOptions) {
  const timeoutMs = options.readinessTimeoutMs ?? DEFAULT_READINESS_TIMEOUT_MS;
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    '/healthz',
    { schema: { hide: true, response: { 200: z.object({ status: z.literal('ok') }) } } },
    async () => ({ status: 'ok' as const }),
  );

  typed.get(
    '/readyz',
    {
      schema: {
        hide: true,
        response: {
          200: z.object({
            status: z.literal('ok'),
            checks: z.record(z.string(), z.literal('ok')),
          }),
          503: z.object({
            status: z.literal('unavailable'),
            checks: z.record(z.string(), OutcomeSchema),
            message: z.string(),
          }),
        },
      },
    },
    async (request, reply) => {
      const results = await Promise.all(
        options.readinessChecks.map(async (check) => ({
          name: check.name,
          ...(await runCheck(check, timeoutMs)),
        })),
      );
      const checks = Object.fromEntries(results.map(({ name, outcome }) => [name, outcome]));
      const failures = results.filter((result) => result.outcome !== 'ok');
      if (failures.length === 0) {
        return { status: 'ok' as const, checks: checks as Record<string, 'ok'> };
      }
      for (const { name, outcome, error } of failures) {
        request.log.warn({ check: name, outcome, err: error }, 'not ready: a dependency failed');
      }
      return reply
        .status(503)
        .header('retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS))
        .send({ status: 'unavailable' as const, checks, message: t('api.unavailable') });
    },
  );
}

export default fp(healthPlugin, { name: 'health' });
