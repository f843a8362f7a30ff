import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorAnswers, MessageAnswerSchema, type FormRateLimit } from '#lib/api-schemas.ts';
import { t } from '#lib/i18n.ts';
import { ContactMessageInputSchema } from './inbox.schema.ts';
import type { InboxService } from './inbox.service.ts';

export const inboxApi: FastifyPluginAsyncZod<{
  inbox: InboxService;
  formRateLimit: FormRateLimit;
}> = async (app, { inbox, formRateLimit }) => {
  app.post(
    '/create-message',
    {
      config: { access: 'public', rateLimit: formRateLimit },
      schema: {
        tags: ['contact'],
        summary: 'Send a message from the contact form to the admin inbox',
        body: ContactMessageInputSchema,
        response: { 201: MessageAnswerSchema, ...errorAnswers },
      },
    },
    async (request, reply) => {
      await inbox.createContactMessage(request.body);
      return reply.status(201).send({ message: t('api.messageSent') });
    },
  );
};
