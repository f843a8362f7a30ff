import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { restrictedErrorAnswers } from '#lib/api-schemas.ts';
import { EmailChoicesAnswerSchema, EmailChoicesInputSchema } from './email-choices.schema.ts';
import type { EmailChoicesService } from './email-choices.service.ts';

export const emailChoicesApi: FastifyPluginAsyncZod<{
  emailChoices: EmailChoicesService;
}> = async (app, { emailChoices }) => {
  app.get(
    '/my-email-preferences',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['notifications'],
        summary: 'Which kinds of e-mail reach the signed-in user',
        response: { 200: EmailChoicesAnswerSchema, ...restrictedErrorAnswers },
      },
    },
    async (request) => ({ data: await emailChoices.getChoices(request.viewer!.email) }),
  );

  app.put(
    '/my-email-preferences',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['notifications'],
        summary: 'Turn kinds of e-mail on or off for the signed-in user',
        description:
          'Send only the kinds to change (notice, inquiry, match, favourite, listing, newsletter).',
        body: EmailChoicesInputSchema,
        response: { 200: EmailChoicesAnswerSchema, ...restrictedErrorAnswers },
      },
    },
    async (request) => ({
      data: await emailChoices.setChoices(request.viewer!.email, request.body),
    }),
  );
};
