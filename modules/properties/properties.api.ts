import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorAnswers, restrictedErrorAnswers } from '#lib/api-schemas.ts';
import { t } from '#lib/i18n.all.ts';
import {
  AvailabilityAnswerSchema,
  AvailabilityInputSchema,
  IdParamsSchema,
  ListQuerySchema,
  PropertyTypeParamsSchema,
} from '#lib/listing-schemas.ts';
import { PropertyAnswerSchema, PropertyListAnswerSchema } from './properties.schema.ts';
import type { CatalogueService } from '#modules/catalogue/catalogue.service.ts';

export const propertiesApi: FastifyPluginAsyncZod<{
  catalogue: CatalogueService;
}> = async (app, { catalogue }) => {
  app.get(
    '/get-property/:id',
    {
      config: { access: 'public' },
      schema: {
        tags: ['properties'],
        summary: 'One published property',
        params: IdParamsSchema,
        response: { 200: PropertyAnswerSchema, ...errorAnswers },
      },
    },
    async (request) => ({ property: await catalogue.property.getPublished(request.params.id) }),
  );

  app.get(
    '/get-properties/type/:type',
    {
      config: { access: 'public' },
      schema: {
        tags: ['properties'],
        summary: 'Published properties of one type, newest first unless sorted',
        params: PropertyTypeParamsSchema,
        querystring: ListQuerySchema,
        response: { 200: PropertyListAnswerSchema, ...errorAnswers },
      },
    },
    async (request) => {
      const {
        items,
        featured = [],
        ...page
      } = await catalogue.property.listPublished({
        ...request.query,
        type: request.params.type,
      });
      return { properties: items, featured, ...page };
    },
  );

  app.put(
    '/property/:id/availability',
    {
      config: { access: { owner: 'property' } },
      schema: {
        tags: ['properties'],
        summary: 'Mark a property available, sold or rented (its owner or an admin)',
        params: IdParamsSchema,
        body: AvailabilityInputSchema,
        response: { 200: AvailabilityAnswerSchema, ...restrictedErrorAnswers },
      },
    },
    async (request) => {
      const { availability } = request.body;
      await catalogue.property.setAvailability(request.params.id, availability, request.viewer!);
      return {
        message: t('api.availabilityUpdated', {
          availability: t(`listing.availability.${availability}`),
        }),
        availability,
      };
    },
  );
};
