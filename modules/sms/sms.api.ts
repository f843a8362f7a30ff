import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MessageAnswerSchema, restrictedErrorAnswers } from '#lib/api-schemas.ts';
import { NotFoundError } from '#lib/errors.ts';
import { readDeliveryReport, readInboundSms } from './sms.africastalking.ts';
import type { SmsService } from './sms.service.ts';

const TokenParamsSchema = z.object({
  token: z.string().max(200).meta({ description: 'The callback token the admin page gives' }),
});

/** A callback's form fields: Africa's Talking posts `application/x-www-form-urlencoded`. */
const FormFieldsSchema = z.record(z.string(), z.string().max(2000));

/**
 * The SMS provider's callbacks: its delivery reports and the replies people send us. Their
 * addresses carry a token signed with the platform's key (SmsService.callbackToken), so no one
 * else can mark a message delivered or turn someone's SMS off; an unknown token is a 404, as if
 * the address did not exist.
 */
export const smsApi: FastifyPluginAsyncZod<{ sms: SmsService }> = async (app, { sms }) => {
  // Only these routes take form posts: the rest of the API speaks JSON.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16_384 },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );

  const checkToken = async (token: string) => {
    if (!(await sms.isCallbackToken(token))) throw new NotFoundError('Not found');
  };

  app.post(
    '/sms/delivery-reports/:token',
    {
      config: { access: 'public' },
      schema: {
        tags: ['sms'],
        summary: "Africa's Talking reports whether an SMS reached the phone",
        description:
          'Form fields `id`, `status`, `phoneNumber`, `failureReason`: changes only an SMS this ' +
          'platform sent, with that id, to that number.',
        params: TokenParamsSchema,
        body: FormFieldsSchema,
        response: { 200: MessageAnswerSchema, ...restrictedErrorAnswers },
      },
    },
    async (request) => {
      await checkToken(request.params.token);
      const report = readDeliveryReport(request.body);
      if (report) await sms.recordDeliveryReport(report);
      // Answered alike whether it was ours or not: the provider only needs to stop resending.
      return { message: 'ok' };
    },
  );

  app.post(
    '/sms/replies/:token',
    {
      config: { access: 'public' },
      schema: {
        tags: ['sms'],
        summary: "Africa's Talking passes on an SMS someone sent us (STOP, HAGARIKA, START)",
        description:
          'Form fields `from`, `to`, `text`, `id`, `date`: STOP or HAGARIKA turns SMS notices ' +
          'off for the sender, START or TANGIRA back on.',
        params: TokenParamsSchema,
        body: FormFieldsSchema,
        response: { 200: MessageAnswerSchema, ...restrictedErrorAnswers },
      },
    },
    async (request) => {
      await checkToken(request.params.token);
      const reply = readInboundSms(request.body);
      if (reply) await sms.receiveReply(reply);
      return { message: 'ok' };
    },
  );
};
