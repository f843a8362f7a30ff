import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { restrictedErrorAnswers } from '#lib/api-schemas.ts';
import { AuditListAnswerSchema, AuditListQuerySchema } from './audit.schema.ts';
import type { AuditService } from './audit.service.ts';

export const auditApi: FastifyPluginAsyncZod<{ audit: AuditService }> = async (app, { audit }) => {
  app.get(
    '/audit-log',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'What admins did, newest first: who, what, when, before and after',
        querystring: AuditListQuerySchema,
        response: { 200: AuditListAnswerSchema, ...restrictedErrorAnswers },
      },
    },
    async (request) => {
      const { items, ...page } = await audit.listEntries(request.query);
      return { data: items, ...page };
    },
  );
};
