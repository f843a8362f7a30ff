import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { restrictedErrorAnswers } from '#lib/api-schemas.ts';
import { SmsListAnswerSchema, SmsListQuerySchema } from './sms.admin.schema.ts';
import type { SmsAdminService } from './sms.admin.service.ts';

export const smsAdminApi: FastifyPluginAsyncZod<{ smsAdmin: SmsAdminService }> = async (
  app,
  { smsAdmin },
) => {
  app.get(
    '/admin/sms-messages',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['sms'],
        summary:
          'SMS written to the outbox, newest first, by status, kind and number, with their delivery reports; the codes of account SMS are never given',
        querystring: SmsListQuerySchema,
        response: { 200: SmsListAnswerSchema, ...restrictedErrorAnswers },
      },
    },
    async (request) => {
      const { items, ...page } = await smsAdmin.listMessages(request.query, request.viewer!);
      return { data: items, ...page };
    },
  );
};
