import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ErrorAnswerSchema,
  errorAnswers,
  restrictedErrorAnswers,
  type FormRateLimit,
} from '#lib/api-schemas.ts';
import { formatDate } from '#lib/format.ts';
import { t } from '#lib/i18n.all.ts';
import { IdParamsSchema } from '#lib/listing-schemas.ts';
import { RenewAnswerSchema, StillAvailableTokenSchema } from './expiry.schema.ts';
import type { ExpiryService } from './expiry.service.ts';

/** The answer to a renewal: "Listed until 21 Nov 2026." and the moment. */
function renewed(until: Date) {
  return {
    message: t('expiry.listedUntil', { date: formatDate(until) }),
    listedUntil: until.toISOString(),
  };
}

export const expiryApi: FastifyPluginAsyncZod<{
  expiry: ExpiryService;
  formRateLimit: FormRateLimit;
}> = async (app, { expiry, formRateLimit }) => {
  app.post(
    '/listings/:id/renew',
    {
      config: { access: { owner: 'listing' } },
      schema: {
        tags: ['listings'],
        summary: 'Renew a published listing (its owner or an admin)',
        description:
          'It stays listed for the lifetime of Platform Settings from now; an expired listing ' +
          'comes back on the lists. 409 when it is not published (pending, rejected or hidden).',
        params: IdParamsSchema,
        response: {
          200: RenewAnswerSchema,
          ...restrictedErrorAnswers,
          409: ErrorAnswerSchema,
        },
      },
    },
    async (request) => renewed(await expiry.renew(request.params.id, request.viewer!)),
  );

  app.post(
    '/listings/renew',
    {
      config: { access: 'public', rateLimit: formRateLimit },
      schema: {
        tags: ['listings'],
        summary: 'Renew a listing with the token of its "still available" e-mail link',
        description:
          'No sign-in: the signed token names the listing and the confirmation it was sent ' +
          'for. A token renewed since answers the date the listing is already listed until. ' +
          '400 for a token that is not one or has expired.',
        body: StillAvailableTokenSchema,
        response: { 200: RenewAnswerSchema, ...errorAnswers },
      },
    },
    async (request) => renewed(await expiry.renewWithToken(request.body.token)),
  );
};
