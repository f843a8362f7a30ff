import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorAnswers,
  MessageAnswerSchema,
  restrictedErrorAnswers,
  type FormRateLimit,
} from '#lib/api-schemas.ts';
import { t } from '#lib/i18n.all.ts';
import { IdParamsSchema } from '#lib/listing-schemas.ts';
import {
  ContactMessageInputSchema,
  MessageEditSchema,
  MessageListAnswerSchema,
  MessageListQuerySchema,
  MessageReplySchema,
} from './inbox.schema.ts';
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

  app.get(
    '/messages',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'The inbox of contact messages, newest first, with any reply sent',
        querystring: MessageListQuerySchema,
        response: { 200: MessageListAnswerSchema, ...restrictedErrorAnswers },
      },
    },
    async (request) => {
      const { items, ...page } = await inbox.listMessages(request.query, request.viewer!);
      return { data: items, ...page };
    },
  );

  app.put(
    '/message/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: "Correct a contact message's text",
        params: IdParamsSchema,
        body: MessageEditSchema,
        response: { 200: MessageAnswerSchema, ...restrictedErrorAnswers },
      },
    },
    async (request) => {
      await inbox.updateMessage(request.params.id, request.body, request.viewer!);
      return { message: t('inbox.updated') };
    },
  );

  app.delete(
    '/message/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Remove a contact message from the inbox',
        params: IdParamsSchema,
        response: { 200: MessageAnswerSchema, ...restrictedErrorAnswers },
      },
    },
    async (request) => {
      await inbox.deleteMessage(request.params.id, request.viewer!);
      return { message: t('inbox.deleted') };
    },
  );

  app.post(
    '/message/reply/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Answer a contact message: e-mailed to the sender and kept with the message',
        params: IdParamsSchema,
        body: MessageReplySchema,
        response: { 200: MessageAnswerSchema, ...restrictedErrorAnswers },
      },
    },
    async (request) => {
      await inbox.replyToMessage(request.params.id, request.body, request.viewer!);
      return { message: t('inbox.replySent') };
    },
  );
};
