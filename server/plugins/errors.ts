import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { DomainError, TooManyRequestsError, type FieldIssue } from '#lib/errors.ts';
import { t } from '#lib/i18n.admin.ts';

type ErrorAnswer = { message: string; issues?: FieldIssue[] };

function fieldName(instancePath: string, context: string | undefined): string {
  const path = instancePath.replace(/^\//, '').replaceAll('/', '.');
  return path || context || 'body';
}

/**
 * One place maps every failure to `{ message, issues? }` with its status code. Bad input is a
 * 4xx that names the field; only unexpected failures are a 500, and those never carry internals.
 */
async function errorsPlugin(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    let status = 500;
    let answer: ErrorAnswer = { message: t('api.serverError') };

    if (hasZodFastifySchemaValidationErrors(error)) {
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

    if (status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ status, message: answer.message }, 'request refused');
    return reply.status(status).send(answer);
  });

  app.setNotFoundHandler((request, reply) => {
    return reply.status(404).send({ message: t('api.notFound') });
  });
}

export default fp(errorsPlugin, { name: 'errors' });
