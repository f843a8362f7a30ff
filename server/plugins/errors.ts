import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '#db/unavailable.ts';
import { DomainError, TooManyRequestsError, type FieldIssue } from '#lib/errors.ts';
import { t } from '#lib/i18n.all.ts';
import { runCheck, UNAVAILABLE_RETRY_AFTER_SECONDS, type ReadinessCheck } from './health.ts';

type ErrorAnswer = { message: string; issues?: FieldIssue[] };

function fieldName(instancePath: string, context: string | undefined): string {
  const path = instancePath.replace(/^\//, '').replaceAll('/', '.');
  return path || context || 'body';
}

/** How long a failed page may wait to learn whether the database is the cause. */
const DATABASE_PROBE_TIMEOUT_MS = 1_000;

/**
 * The server cannot answer now but may shortly (overloaded, a dependency down): 503 with its
 * message and Retry-After. Thrown by the server's own plugins, not by services.
 */
export class ServiceUnavailableError extends Error {
  readonly statusCode = 503;
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
    this.name = 'ServiceUnavailableError';
  }
}

type ErrorsOptions = {
  /** Asked when a page failed (500) for a cause not seen here, to tell an outage from a bug. */
  databaseCheck?: ReadinessCheck;
};

/**
 * One place maps every failure to `{ message, issues? }` with its status code. Bad input is a
 * 4xx that names the field; only unexpected failures are a 500, and those never carry internals.
 * A database that cannot be reached is a 503 with Retry-After, never a 500: the request may
 * succeed once it is back, and the pool reconnects by itself.
 */
async function errorsPlugin(app: FastifyInstance, options: ErrorsOptions = {}) {
  const { databaseCheck } = options;

  app.setErrorHandler((error: FastifyError, request, reply) => {
    let status = 500;
    let answer: ErrorAnswer = { message: t('api.serverError') };

    if (error instanceof ServiceUnavailableError) {
      status = 503;
      answer = { message: error.message };
      reply.header('retry-after', String(error.retryAfterSeconds));
    } else if (isDatabaseUnavailable(error)) {
      status = 503;
      answer = { message: t('api.unavailable') };
      reply.header('retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS));
    } else if (hasZodFastifySchemaValidationErrors(error)) {
      status = 400;
      const issues = error.validation.map((issue) => ({
        field: fieldName(issue.instancePath, error.validationContext),
        message: issue.message ?? t('api.invalidInput'),
      }));
      const first = issues[0];
      answer = {
        message: first ? `${first.field}: ${first.message}` : t('api.invalidInput'),
        issues,
      };
    } else if (error instanceof DomainError) {
      status = error.status;
      answer = { message: error.message };
      if (error.status === 400 && 'issues' in error) answer.issues = error.issues as FieldIssue[];
      if (error instanceof TooManyRequestsError) {
        reply.header('retry-after', String(error.retryAfterSeconds));
      }
    } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      status = error.statusCode;
      answer = {
        message:
          error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
          error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
            ? 'body: must be valid JSON'
            : error.message,
      };
    }

    if (error instanceof ServiceUnavailableError) request.log.debug(answer, 'request shed');
    else if (status === 503)
      request.log.warn({ err: error }, 'request failed: database unavailable');
    else if (status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ status, message: answer.message }, 'request refused');
    return reply.status(status).send(answer);
  });

  app.setNotFoundHandler((request, reply) => {
    return reply.status(404).send({ message: t('api.notFound') });
  });

  if (!databaseCheck) return;
  // A page's loader error never reaches the handler above: React Router renders it into the
  // error page and answers 500 itself. Whether the database is the cause is asked here, only
  // for such answers, so that a page during an outage is a 503 with Retry-After too.
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode !== 500) return payload;
    const { outcome } = await runCheck(databaseCheck, DATABASE_PROBE_TIMEOUT_MS);
    if (outcome === 'ok') return payload;
    request.log.warn({ outcome }, 'page failed while the database is unavailable');
    reply.status(503).header('retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS));
    return payload;
  });
}

export default fp(errorsPlugin, { name: 'errors' });
