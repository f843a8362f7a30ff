import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorAnswers } from '#lib/api-schemas.ts';
import { toListingFilters } from '#lib/listing.ts';
import { SearchAnswerSchema, SearchQuerySchema } from './search.schema.ts';
import type { SearchService } from './search.service.ts';

export const searchApi: FastifyPluginAsyncZod<{ search: SearchService }> = async (
  app,
  { search },
) => {
  app.get(
    '/search',
    {
      config: { access: 'public' },
      schema: {
        tags: ['search'],
        summary: 'Live search over published properties and assets',
        description:
          'Each word is matched as a prefix ("kicu" finds Kicukiro, and a district or sector ' +
          'name finds the listings placed there). A number next to bed or bath ("3 bed") is ' +
          'the bedrooms or bathrooms filter; a word naming a type (house, inzu, maison, car, ' +
          'imodoka, voiture …) or an offer (for rent, ikodeshwa, à louer, for sale, igurishwa, ' +
          'à vendre …), in English, Kinyarwanda or French, is the type or offer filter, unless ' +
          'that filter is given otherwise; words that only join the others (in, the, à, mu …) ' +
          'are not searched. The filters are those of the type lists. At most ' +
          'six of each, best first unless sorted; an empty q answers the newest listings. ' +
          'Totals stop counting at 200 ("200+").',
        querystring: SearchQuerySchema,
        response: { 200: SearchAnswerSchema, ...errorAnswers },
      },
    },
    async (request) => {
      const { q, ...filters } = request.query;
      return search.searchCatalogue(q, toListingFilters(filters));
    },
  );
};
