import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PlacesAnswerSchema } from './places.schema.ts';
import { listPlaces } from './places.service.ts';

export const placesApi: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/places',
    {
      config: { access: 'public' },
      schema: {
        tags: ['places'],
        summary: "Rwanda's provinces, districts and sectors, with their official names",
        description:
          'The names a listing or request may give as `district` and `sector` (in any case).',
        response: { 200: PlacesAnswerSchema },
      },
    },
    async (_request, reply) => {
      // The divisions change with a release, not between requests.
      reply.header('cache-control', 'public, max-age=86400');
      return listPlaces();
    },
  );
};
