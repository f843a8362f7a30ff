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
  InquiryInputSchema,
  InquiryListAnswerSchema,
  InquiryListQuerySchema,
  InquiryMessageAnswerSchema,
  InquiryMessageInputSchema,
  InquiryUpdateSchema,
  InquiryViewSchema,
} from './inquiries.schema.ts';
import type { InquiriesService } from './inquiries.service.ts';

const PARTIES_ONLY =
  'Only the listing’s owner, the visitor who asked (when signed in) and admins; anyone else ' +
  'gets 404, as if the conversation did not exist.';

export const inquiriesApi: FastifyPluginAsyncZod<{
  inquiries: InquiriesService;
  formRateLimit: FormRateLimit;
}> = async (app, { inquiries, formRateLimit }) => {
  app.post(
    '/request-inform',
    {
      config: { access: 'public', rateLimit: formRateLimit },
      schema: {
        tags: ['inquiries'],
        summary: 'Ask for information about a published property or asset',
        description:
          'The lister is told in-app and by e-mail (for an admin’s listing: every admin, and ' +
          'the support address); the visitor gets a confirmation e-mail. Signed in, the ' +
          'visitor finds the conversation under "Sent".',
        body: InquiryInputSchema,
        response: { 201: MessageAnswerSchema, ...errorAnswers },
      },
    },
    async (request, reply) => {
      await inquiries.createInquiry(request.body, request.viewer);
      return reply.status(201).send({ message: t('api.inquirySent') });
    },
  );

  app.get(
    '/inquiries',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['inquiries'],
        summary: 'Conversations about my listings (received) or that I started (sent)',
        description:
          'Latest activity first, each with its whole thread. Admins see every listing’s ' +
          'conversations under received, and may narrow them with ownerId.',
        querystring: InquiryListQuerySchema,
        response: { 200: InquiryListAnswerSchema, ...restrictedErrorAnswers },
      },
    },
    async (request) => {
      const { items, ...page } = await inquiries.listInquiries(request.query, request.viewer!);
      return { data: items, ...page };
    },
  );

  app.get(
    '/inquiries/:id',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['inquiries'],
        summary: 'Open one conversation, with its whole thread',
        description: `${PARTIES_ONLY} Opening it marks it read for the caller's side.`,
        params: IdParamsSchema,
        response: { 200: InquiryViewSchema, ...restrictedErrorAnswers },
      },
    },
    async (request) => inquiries.openInquiry(request.params.id, request.viewer!),
  );

  app.post(
    '/inquiries/:id/messages',
    {
      config: { access: 'signed-in', rateLimit: formRateLimit },
      schema: {
        tags: ['inquiries'],
        summary: 'Write in a conversation (the owner answers, or the visitor writes back)',
        description: `${PARTIES_ONLY} The other side is told in-app and by e-mail.`,
        params: IdParamsSchema,
        body: InquiryMessageInputSchema,
        response: { 201: InquiryMessageAnswerSchema, ...restrictedErrorAnswers },
      },
    },
    async (request, reply) => {
      const data = await inquiries.postMessage(request.params.id, request.body, request.viewer!);
      return reply.status(201).send({ message: t('inquiries.messageSent'), data });
    },
  );

  app.put(
    '/inquiries/:id',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['inquiries'],
        summary: 'Mark a conversation handled, or open again (the owner, or an admin)',
        description: `${PARTIES_ONLY} The visitor gets 403.`,
        params: IdParamsSchema,
        body: InquiryUpdateSchema,
        response: { 200: InquiryViewSchema, ...restrictedErrorAnswers },
      },
    },
    async (request) =>
      inquiries.setHandled(request.params.id, request.body.handled, request.viewer!),
  );

  app.delete(
    '/inquiries/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Delete a conversation (audited)',
        params: IdParamsSchema,
        response: { 200: MessageAnswerSchema, ...restrictedErrorAnswers },
      },
    },
    async (request) => {
      await inquiries.deleteInquiry(request.params.id, request.viewer!);
      return { message: t('inquiries.deleted') };
    },
  );
};
