import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MessageAnswerSchema, restrictedErrorAnswers } from '#lib/api-schemas.ts';
import { currentLocale } from '#lib/i18n.ts';
import { t } from '#lib/i18n.all.ts';
import { IdParamsSchema } from '#lib/listing-schemas.ts';
import { listAnswerSchema } from '#lib/list-query.ts';
import { MOBILE_NETWORKS } from '#lib/payments.ts';
import {
  PaymentIdParamsSchema,
  PaymentOffersSchema,
  PaymentViewSchema,
  StartPaymentSchema,
} from './payments.schema.ts';
import type { PaymentsService } from './payments.service.ts';
import type { PaymentsAdminService } from './payments.admin.service.ts';
import {
  AdminPaymentViewSchema,
  MismatchViewSchema,
  PaymentDetailSchema,
  PaymentListQuerySchema,
  PaymentTotalsSchema,
  RefundInputSchema,
  RefundViewSchema,
} from './payments.admin.schema.ts';

const PaymentAnswerSchema = z.object({ data: PaymentViewSchema });
/** A purchase started: the payment waiting for the payer, or null when it was free. */
const StartedAnswerSchema = z.object({ message: z.string(), data: PaymentViewSchema.nullable() });

export const paymentsApi: FastifyPluginAsyncZod<{
  payments: PaymentsService;
  paymentsAdmin: PaymentsAdminService;
}> = async (app, { payments, paymentsAdmin }) => {
  app.get(
    '/payments/offers/:id',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['payments'],
        summary: 'What the owner of listing :id may buy for it now (its fee, boosts), in RWF',
        params: IdParamsSchema,
        response: { 200: z.object({ data: PaymentOffersSchema }), ...restrictedErrorAnswers },
      },
    },
    async (request) => ({
      data: await payments.getOffers(request.params.id, request.viewer!),
    }),
  );

  app.post(
    '/payments',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['payments'],
        summary:
          'Pay a listing fee or a boost by mobile money: the prompt goes to the phone; the same idempotencyKey never charges twice',
        body: StartPaymentSchema,
        response: { 201: StartedAnswerSchema, 200: StartedAnswerSchema, ...restrictedErrorAnswers },
      },
    },
    async (request, reply) => {
      const data = await payments.startPayment(request.body, request.viewer!, currentLocale());
      if (!data) return reply.status(200).send({ message: t('payments.granted'), data });
      return reply.status(201).send({ message: t('payments.state.pending'), data });
    },
  );

  app.get(
    '/payments/:id',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['payments'],
        summary: 'One of your payments (an admin: any), with its state',
        params: PaymentIdParamsSchema,
        response: { 200: PaymentAnswerSchema, ...restrictedErrorAnswers },
      },
    },
    async (request) => ({ data: await payments.getPayment(request.params.id, request.viewer!) }),
  );

  // MTN calls back with PUT or POST ("allow PUT & POST on your callback listener").
  app.route({
    method: ['POST', 'PUT'],
    url: '/payments/callback/:network',
    config: { access: 'public' },
    schema: {
      tags: ['payments'],
      summary:
        'A provider tells of a payment (MTN MoMo, Airtel Money): only a hint, the status is then read from the provider',
      params: z.object({ network: z.enum(MOBILE_NETWORKS) }),
      body: z.unknown(),
      response: { 200: MessageAnswerSchema, ...restrictedErrorAnswers },
    },
    handler: async (request) => {
      await payments.receiveCallback(request.params.network, request.body);
      return { message: 'ok' };
    },
  });

  app.post(
    '/admin/listings/:id/fee-waiver',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['payments'],
        summary: 'Let a supply go to review without its listing fee (audited)',
        params: IdParamsSchema,
        response: { 200: MessageAnswerSchema, ...restrictedErrorAnswers },
      },
    },
    async (request) => {
      await payments.waiveListingFee(request.params.id, request.viewer!);
      return { message: t('payments.waived') };
    },
  );

  app.get(
    '/admin/payments',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['payments'],
        summary:
          'Payments, newest first: by words (phone, receipt number, reference, listing, payer), status, network, product and days, with the totals of all kept (from the ledger)',
        querystring: PaymentListQuerySchema,
        response: {
          200: listAnswerSchema(AdminPaymentViewSchema).extend({ totals: PaymentTotalsSchema }),
          ...restrictedErrorAnswers,
        },
      },
    },
    async (request) => {
      const { items, ...page } = await paymentsAdmin.listPayments(request.query, request.viewer!);
      return { data: items, ...page };
    },
  );

  app.get(
    '/admin/payments.csv',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['payments'],
        summary: 'The payments the same filters keep, as CSV (formula-safe)',
        querystring: PaymentListQuerySchema,
        response: {
          200: z
            .string()
            .meta({ description: 'text/csv, a header line then one line per payment' }),
          ...restrictedErrorAnswers,
        },
      },
    },
    async (request, reply) => {
      const csv = await paymentsAdmin.paymentsCsv(request.query, request.viewer!);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="inzu-payments.csv"')
        .send(csv);
    },
  );

  app.get(
    '/admin/payments/mismatches',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['payments'],
        summary: 'Payments whose status here and at the provider disagree (daily reconciliation)',
        response: {
          200: z.object({ data: z.array(MismatchViewSchema) }),
          ...restrictedErrorAnswers,
        },
      },
    },
    async (request) => ({ data: await paymentsAdmin.listMismatches(request.viewer!) }),
  );

  app.post(
    '/admin/payments/mismatches/:id/resolve',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['payments'],
        summary: 'Mark a reconciliation finding looked into',
        params: PaymentIdParamsSchema,
        response: { 200: MessageAnswerSchema, ...restrictedErrorAnswers },
      },
    },
    async (request) => {
      await paymentsAdmin.resolveMismatch(request.params.id, request.viewer!);
      return { message: t('payments.admin.mismatchResolved') };
    },
  );

  app.get(
    '/admin/payments/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['payments'],
        summary: 'One payment with its refunds and history',
        params: PaymentIdParamsSchema,
        response: { 200: z.object({ data: PaymentDetailSchema }), ...restrictedErrorAnswers },
      },
    },
    async (request) => ({
      data: await paymentsAdmin.getPaymentDetail(request.params.id, request.viewer!),
    }),
  );

  app.post(
    '/admin/payments/:id/refunds',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['payments'],
        summary:
          'Refund all or part of a successful payment by the provider (reason required; audited); what it bought ends if isEndingPurchase',
        params: PaymentIdParamsSchema,
        body: RefundInputSchema,
        response: {
          201: z.object({ message: z.string(), data: RefundViewSchema }),
          ...restrictedErrorAnswers,
        },
      },
    },
    async (request, reply) => {
      const data = await paymentsAdmin.refundPayment(
        request.params.id,
        request.body,
        request.viewer!,
      );
      return reply.status(201).send({ message: t(`payments.admin.refund.${data.status}`), data });
    },
  );
};
