import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ErrorAnswerSchema,
  MessageAnswerSchema,
  restrictedErrorAnswers,
} from '#lib/api-schemas.ts';
import { t, tCount } from '#lib/i18n.all.ts';
import { EMAIL_PROOF_TTL_DAYS, type EmailProof } from './accounts.email-proof.ts';
import { EmailProofStateSchema, EmailProofTokenSchema } from './accounts.schema.ts';

/** 409 asking for a link to a proved address, 429 asking again within 5 minutes. */
const proofErrorAnswers = {
  ...restrictedErrorAnswers,
  409: ErrorAnswerSchema,
  429: ErrorAnswerSchema,
} as const;

/** The signed-in user proves their e-mail address (under /api/me). */
export const emailProofApi: FastifyPluginAsyncZod<{ emailProof: EmailProof }> = async (
  app,
  { emailProof },
) => {
  app.get(
    '/me/email-proof',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['accounts'],
        summary: 'Whether my e-mail address is proved, and since when',
        response: {
          200: z.object({ data: EmailProofStateSchema }),
          ...restrictedErrorAnswers,
        },
      },
    },
    async (request) => ({ data: await emailProof.getEmailProof(request.viewer!.id) }),
  );

  app.post(
    '/me/email-proof',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['accounts'],
        summary: 'E-mail me the link that proves my address',
        description:
          `The link works for ${EMAIL_PROOF_TTL_DAYS} days, for this account signed in, and ` +
          'for the address it was sent to. One is sent at registration; one more every 5 ' +
          'minutes at most (429 meanwhile); 409 once the address is proved.',
        response: { 200: MessageAnswerSchema, ...proofErrorAnswers },
      },
    },
    async (request) => {
      const { email } = await emailProof.requestProofLink(request.viewer!.id);
      return { message: t('emailProof.sent', { email, days: EMAIL_PROOF_TTL_DAYS }) };
    },
  );

  app.post(
    '/me/email-proof/confirm',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['accounts'],
        summary: 'Prove my e-mail address with the token of the link sent to it',
        description:
          'Marks the address proved, and brings the inquiries sent from it without an account ' +
          '(in any case of the address) into the account, under "Sent": `joined` counts them. ' +
          'Following the link again changes nothing. 400 naming `token` for a link that is not ' +
          'one, has expired or was sent to a former address; 403 for a link sent for another ' +
          'account.',
        body: EmailProofTokenSchema,
        response: {
          200: z.object({ message: z.string(), joined: z.number() }),
          ...proofErrorAnswers,
        },
      },
    },
    async (request) => {
      const { joined } = await emailProof.proveEmail(request.body.token, request.viewer!.id);
      const message = joined > 0 ? tCount('emailProof.joined', joined) : t('emailProof.proved');
      return { message, joined };
    },
  );
};
