import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { restrictedErrorAnswers } from '#lib/api-schemas.ts';
import { SmsChoicesAnswerSchema, SmsChoicesInputSchema } from './sms.schema.ts';
import type { SmsService } from './sms.service.ts';

/** Which kinds of notice reach the signed-in user by SMS (beside the e-mail choices). */
export const smsChoicesApi: FastifyPluginAsyncZod<{
  sms: SmsService;
  /** The account's proved number, or null. */
  phoneOf: (userId: string) => Promise<string | null>;
}> = async (app, { sms, phoneOf }) => {
  app.get(
    '/my-sms-preferences',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['notifications'],
        summary: 'Which kinds of notice reach the signed-in user by SMS',
        description:
          'Only an account with a proved phone number is sent SMS (`phone`); at most 5 notices a ' +
          'day per person. The codes that prove a number are not a choice.',
        response: { 200: SmsChoicesAnswerSchema, ...restrictedErrorAnswers },
      },
    },
    async (request) => ({
      data: await sms.getChoices(request.viewer!.id),
      phone: await phoneOf(request.viewer!.id),
    }),
  );

  app.put(
    '/my-sms-preferences',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['notifications'],
        summary: 'Turn kinds of SMS notice on or off for the signed-in user',
        description: 'Send only the kinds to change (inquiry, match, listing, search, payment).',
        body: SmsChoicesInputSchema,
        response: { 200: SmsChoicesAnswerSchema, ...restrictedErrorAnswers },
      },
    },
    async (request) => ({
      data: await sms.setChoices(request.viewer!.id, request.body),
      phone: await phoneOf(request.viewer!.id),
    }),
  );
};
