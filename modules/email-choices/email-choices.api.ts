import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorAnswerSchema, restrictedErrorAnswers } from '#lib/api-schemas.ts';
import { ConflictError } from '#lib/errors.ts';
import { t } from '#lib/i18n.all.ts';
import { EmailChoicesAnswerSchema, EmailChoicesInputSchema } from './email-choices.schema.ts';
import type { EmailChoicesService } from './email-choices.service.ts';

/** The viewer's address; an account registered by phone alone has none to choose for (409). */
function addressOf(viewer: { email: string | null }): string {
  if (viewer.email === null) throw new ConflictError(t('emailProof.noAddress'));
  return viewer.email;
}

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
        response: {
          200: EmailChoicesAnswerSchema,
          ...restrictedErrorAnswers,
          409: ErrorAnswerSchema,
        },
      },
    },
    async (request) => ({ data: await emailChoices.getChoices(addressOf(request.viewer!)) }),
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
        response: {
          200: EmailChoicesAnswerSchema,
          ...restrictedErrorAnswers,
          409: ErrorAnswerSchema,
        },
      },
    },
    async (request) => ({
      data: await emailChoices.setChoices(addressOf(request.viewer!), request.body),
    }),
  );
};
