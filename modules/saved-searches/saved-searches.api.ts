import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MessageAnswerSchema, restrictedErrorAnswers } from '#lib/api-schemas.ts';
import { t } from '#lib/i18n.all.ts';
import {
  SavedSearchAnswerSchema,
  SavedSearchesAnswerSchema,
  SavedSearchInputSchema,
  SavedSearchParamsSchema,
  SavedSearchUpdateSchema,
} from './saved-searches.schema.ts';
import type { SavedSearchesService } from './saved-searches.service.ts';

export const savedSearchesApi: FastifyPluginAsyncZod<{
  savedSearches: SavedSearchesService;
}> = async (app, { savedSearches }) => {
  app.get(
    '/saved-searches',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['saved searches'],
        summary: 'My saved searches, the latest first',
        response: { 200: SavedSearchesAnswerSchema, ...restrictedErrorAnswers },
      },
    },
    async (request) => ({ data: await savedSearches.list(request.viewer!) }),
  );

  app.post(
    '/saved-searches',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['saved searches'],
        summary: 'Save filters under a name, to hear of each new listing that fits',
        description:
          'The filters have the names and rules of the list filters (type, offer, minPrice, ' +
          'maxPrice, pricePeriod, bedrooms, bathrooms, district, sector, listedBy, and q for ' +
          'words); all optional. frequency: instant (the default) or daily. At most 20 per ' +
          'user (409).',
        body: SavedSearchInputSchema,
        response: { 201: SavedSearchAnswerSchema, ...restrictedErrorAnswers },
      },
    },
    async (request, reply) => {
      const saved = await savedSearches.create(request.body, request.viewer!);
      return reply.status(201).send({ message: t('savedSearch.saved'), data: saved });
    },
  );

  app.patch(
    '/saved-searches/:id',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['saved searches'],
        summary: 'Rename a saved search, or change how often its alerts come',
        params: SavedSearchParamsSchema,
        body: SavedSearchUpdateSchema,
        response: { 200: SavedSearchAnswerSchema, ...restrictedErrorAnswers },
      },
    },
    async (request) => ({
      message: t('savedSearch.updated'),
      data: await savedSearches.update(request.params.id, request.body, request.viewer!),
    }),
  );

  app.delete(
    '/saved-searches/:id',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['saved searches'],
        summary: 'Delete a saved search',
        params: SavedSearchParamsSchema,
        response: { 200: MessageAnswerSchema, ...restrictedErrorAnswers },
      },
    },
    async (request) => {
      await savedSearches.remove(request.params.id, request.viewer!);
      return { message: t('savedSearch.deleted') };
    },
  );
};
