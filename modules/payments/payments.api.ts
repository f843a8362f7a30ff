import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MessageAnswerSchema, restrictedErrorAnswers } from '#lib/api-schemas.ts';
import { currentLocale } from '#lib/i18n.ts';
import { t } from '#lib/i18n.all.ts';
import { IdParamsSchema } from '#lib/listing-schemas.ts';
import { MOBILE_NETWORKS } from '#lib/payments.ts';
import {
  PaymentIdParamsSchema,
  PaymentOffersSchema,
  PaymentViewSchema,
  StartPaymentSchema,
} from './payments.schema.ts';
import type { PaymentsService } from './payments.service.ts';

const PaymentAnswerSchema = z.object({ data: PaymentViewSchema });
/** A purchase started: the payment waiting for the payer, or null when it was free. */
const StartedAnswerSchema = z.object({ message: z.string(), data: PaymentViewSchema.nullable() });

export const paymentsApi: FastifyPluginAsyncZod<{ payments: PaymentsService }> = async (
  app,
  { payments },
) => {
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
};
