import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { restrictedErrorAnswers } from '#lib/api-schemas.ts';
import { NotFoundError } from '#lib/errors.ts';
import { t } from '#lib/i18n.all.ts';
import { IdParamsSchema } from '#lib/listing-schemas.ts';
import { MatchingListingsAnswerSchema, MatchingRequestsAnswerSchema } from './matching.schema.ts';
import type { MatchingService } from './matching.service.ts';

export const matchingApi: FastifyPluginAsyncZod<{
  matching: MatchingService;
  listingOwnerOf: (id: string) => Promise<string | undefined>;
}> = async (app, { matching, listingOwnerOf }) => {
  app.get(
    '/request-property/:id/matches',
    {
      config: { access: { owner: 'request' } },
      schema: {
        tags: ['requests'],
        summary: 'Published listings that fit a request (its requester or an admin)',
        description:
          'Best first: the closest price to the budget, then the newest; up to 12. A listing ' +
          'fits when it is of the request’s type, costs at most 10% above the budget, has the ' +
          'rooms asked for and names the request’s place.',
        params: IdParamsSchema,
        response: { 200: MatchingListingsAnswerSchema, ...restrictedErrorAnswers },
      },
    },
    async (request) => ({
      data: await matching.listMatchesForRequest(request.params.id, request.viewer!),
    }),
  );

  app.get(
    '/listings/:id/matching-requests',
    {
      config: { access: { owner: 'listing' } },
      schema: {
        tags: ['listings'],
        summary: 'Open buyers’ requests a listing fits (its owner or an admin)',
        params: IdParamsSchema,
        response: { 200: MatchingRequestsAnswerSchema, ...restrictedErrorAnswers },
      },
    },
    async (request) => {
      const ownerId = await listingOwnerOf(request.params.id);
      if (!ownerId) throw new NotFoundError(t('api.listingNotFound'));
      return matching.listRequestsForListing(request.params.id, ownerId, request.viewer!);
    },
  );
};
