import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorAnswers, restrictedErrorAnswers } from '#lib/api-schemas.ts';
import { t } from '#lib/i18n.all.ts';
import {
  AssetTypeParamsSchema,
  AvailabilityAnswerSchema,
  AvailabilityInputSchema,
  IdParamsSchema,
  ListQuerySchema,
} from '#lib/listing-schemas.ts';
import { AssetViewSchema } from './assets.schema.ts';
import type { CatalogueService } from '#modules/catalogue/catalogue.service.ts';

export const assetsApi: FastifyPluginAsyncZod<{
  catalogue: CatalogueService;
}> = async (app, { catalogue }) => {
  app.get(
    '/property-asset/type/:type',
    {
      config: { access: 'public' },
      schema: {
        tags: ['assets'],
        summary: 'Published assets of one kind',
        description:
          'The answer is the list itself; paging facts travel in the X-Total-Count, ' +
          'X-Total-Capped, X-Page and X-Page-Size headers.',
        params: AssetTypeParamsSchema,
        querystring: ListQuerySchema,
        response: { 200: z.array(AssetViewSchema), ...errorAnswers },
      },
    },
    async (request, reply) => {
      const page = await catalogue.asset.listPublished({
        ...request.query,
        type: request.params.type,
      });
      reply.headers({
        'x-total-count': page.total,
        'x-total-capped': String(page.isTotalCapped),
        'x-page': page.page,
        'x-page-size': page.pageSize,
      });
      return page.items;
    },
  );

  app.get(
    '/property-asset/:id',
    {
      config: { access: 'public' },
      schema: {
        tags: ['assets'],
        summary: 'One published asset',
        params: IdParamsSchema,
        response: { 200: AssetViewSchema, ...errorAnswers },
      },
    },
    async (request) => catalogue.asset.getPublished(request.params.id),
  );

  app.put(
    '/property-asset/:id/availability',
    {
      config: { access: { owner: 'asset' } },
      schema: {
        tags: ['assets'],
        summary: 'Mark an asset available, sold or rented (its owner or an admin)',
        params: IdParamsSchema,
        body: AvailabilityInputSchema,
        response: { 200: AvailabilityAnswerSchema, ...restrictedErrorAnswers },
      },
    },
    async (request) => {
      const { availability } = request.body;
      await catalogue.asset.setAvailability(request.params.id, availability, request.viewer!);
      return {
        message: t('api.availabilityUpdated', {
          availability: t(`listing.availability.${availability}`),
        }),
        availability,
      };
    },
  );
};
