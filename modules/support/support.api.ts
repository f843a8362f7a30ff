import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ErrorAnswerSchema,
  errorAnswers,
  MessageAnswerSchema,
  restrictedErrorAnswers,
  type FormRateLimit,
} from '#lib/api-schemas.ts';
import { t } from '#lib/i18n.all.ts';
import { IdParamsSchema } from '#lib/listing-schemas.ts';
import {
  AccountAccessInputSchema,
  PaymentDisputeApiInputSchema,
  PublicTicketSchema,
  TicketDetailSchema,
  TicketLinkQuerySchema,
  TicketLinkReplyApiSchema,
  TicketListAnswerSchema,
  TicketListQuerySchema,
  TicketNoteSchema,
  TicketReplySchema,
  TicketUpdateSchema,
} from './support.schema.ts';
import type { SupportService } from './support.service.ts';

/** What a refused request may also answer: a conflict (a ticket nobody can be answered on). */
const conflictAnswer = { 409: ErrorAnswerSchema } as const;

export const supportApi: FastifyPluginAsyncZod<{
  support: SupportService;
  formRateLimit: FormRateLimit;
}> = async (app, { support, formRateLimit }) => {
  app.get(
    '/admin/support',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'The support queue: tickets by status, kind, assignee or text, latest first',
        querystring: TicketListQuerySchema,
        response: { 200: TicketListAnswerSchema, ...restrictedErrorAnswers },
      },
    },
    async (request) => {
      const { items, ...page } = await support.listTickets(request.query, request.viewer!);
      return { data: items, ...page };
    },
  );

  app.get(
    '/admin/support/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'A support ticket with its whole thread, internal notes included',
        params: IdParamsSchema,
        response: { 200: TicketDetailSchema, ...restrictedErrorAnswers },
      },
    },
    async (request) => support.getTicket(request.params.id, request.viewer!),
  );

  app.post(
    '/admin/support/:id/replies',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: "Answer a ticket's requester: e-mailed in their language; the ticket waits",
        params: IdParamsSchema,
        body: TicketReplySchema,
        response: { 201: MessageAnswerSchema, ...restrictedErrorAnswers, ...conflictAnswer },
      },
    },
    async (request, reply) => {
      await support.replyToTicket(request.params.id, request.body, request.viewer!);
      return reply.status(201).send({ message: t('support.replySent') });
    },
  );

  app.post(
    '/admin/support/:id/notes',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Add an internal note to a ticket (never sent, never shown to the requester)',
        params: IdParamsSchema,
        body: TicketNoteSchema,
        response: { 201: MessageAnswerSchema, ...restrictedErrorAnswers },
      },
    },
    async (request, reply) => {
      await support.addNote(request.params.id, request.body, request.viewer!);
      return reply.status(201).send({ message: t('support.noteAdded') });
    },
  );

  app.put(
    '/admin/support/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: "Change a ticket's status (open, waiting, closed) or assignee (null: nobody)",
        params: IdParamsSchema,
        body: TicketUpdateSchema,
        response: { 200: MessageAnswerSchema, ...restrictedErrorAnswers },
      },
    },
    async (request) => {
      await support.updateTicket(request.params.id, request.body, request.viewer!);
      return { message: t('support.updated') };
    },
  );

  app.post(
    '/support/account-access',
    {
      config: { access: 'public', rateLimit: formRateLimit },
      schema: {
        tags: ['support'],
        summary:
          'Ask for help with an account one cannot get into (the same answer for any address)',
        body: AccountAccessInputSchema,
        response: { 201: MessageAnswerSchema, ...errorAnswers },
      },
    },
    async (request, reply) => {
      await support.requestAccountAccess(request.body);
      return reply.status(201).send({ message: t('support.accountAccess.sent') });
    },
  );

  app.post(
    '/support/payment-disputes',
    {
      config: { access: 'signed-in', rateLimit: formRateLimit },
      schema: {
        tags: ['support'],
        summary: 'The payer says a payment went through but nothing happened: a ticket opens',
        body: PaymentDisputeApiInputSchema,
        response: {
          201: z.object({ message: z.string(), number: z.number().int() }),
          ...restrictedErrorAnswers,
          ...conflictAnswer,
        },
      },
    },
    async (request, reply) => {
      const { paymentId, ...input } = request.body;
      const { number } = await support.disputePayment(paymentId, input, request.viewer!);
      return reply.status(201).send({ message: t('support.dispute.sent', { number }), number });
    },
  );

  app.get(
    '/support/ticket',
    {
      config: { access: 'public' },
      schema: {
        tags: ['support'],
        summary:
          'A ticket as the link of a reply e-mail opens it: the messages and replies, no notes',
        querystring: TicketLinkQuerySchema,
        response: { 200: PublicTicketSchema, ...errorAnswers },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return support.openTicketByLink(request.query.token);
    },
  );

  app.post(
    '/support/ticket/replies',
    {
      config: { access: 'public', rateLimit: formRateLimit },
      schema: {
        tags: ['support'],
        summary: 'The requester answers a ticket through the link of a reply e-mail',
        body: TicketLinkReplyApiSchema,
        response: { 201: MessageAnswerSchema, ...errorAnswers },
      },
    },
    async (request, reply) => {
      const { token, ...input } = request.body;
      await support.replyByLink(token, input);
      return reply.status(201).send({ message: t('support.ticket.sent') });
    },
  );
};
