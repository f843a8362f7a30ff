import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MessageAnswerSchema, restrictedErrorAnswers } from '#lib/api-schemas.ts';
import { t } from '#lib/i18n.all.ts';
import {
  FavouriteInputSchema,
  FavouriteParamsSchema,
  FavouritesAnswerSchema,
} from './favourites.schema.ts';
import type { FavouritesService } from './favourites.service.ts';

export const favouritesApi: FastifyPluginAsyncZod<{ favourites: FavouritesService }> = async (
  app,
  { favourites },
) => {
  app.get(
    '/favourites',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['favourites'],
        summary: 'My saved listings still published, the latest saved first',
        response: { 200: FavouritesAnswerSchema, ...restrictedErrorAnswers },
      },
    },
    async (request) => ({ data: await favourites.list(request.viewer!) }),
  );

  app.post(
    '/favourites',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['favourites'],
        summary: 'Save a published listing (saving it again keeps one)',
        description: 'Its price drops, sale or rental are then told in-app and by e-mail.',
        body: FavouriteInputSchema,
        response: { 201: MessageAnswerSchema, ...restrictedErrorAnswers },
      },
    },
    async (request, reply) => {
      await favourites.save(request.body.listingId, request.viewer!);
      return reply.status(201).send({ message: t('favourites.saved') });
    },
  );

  app.delete(
    '/favourites/:listingId',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['favourites'],
        summary: 'Forget a saved listing',
        params: FavouriteParamsSchema,
        response: { 200: MessageAnswerSchema, ...restrictedErrorAnswers },
      },
    },
    async (request) => {
      await favourites.remove(request.params.listingId, request.viewer!);
      return { message: t('favourites.removed') };
    },
  );
};
