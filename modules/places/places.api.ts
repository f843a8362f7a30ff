import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorAnswers } from '#lib/api-schemas.ts';
import { withLocale } from '#lib/i18n.server.ts';
import { LANDMARKS } from '#lib/landmarks.ts';
import {
  DistrictOutlinesAnswerSchema,
  LandmarksAnswerSchema,
  PlacesAnswerSchema,
  StaticMapQuerySchema,
} from './places.schema.ts';
import { listDistrictOutlines, listPlaces } from './places.service.ts';
import { drawListingMap } from './static-map.ts';

/** The outlines change only with a release: a browser keeps them a week. */
const OUTLINES_CACHE_CONTROL = 'public, max-age=604800, stale-while-revalidate=86400';

/** A static map changes only with a release: kept a week, then checked again in the background. */
const STATIC_MAP_CACHE_CONTROL = 'public, max-age=604800, stale-while-revalidate=86400';

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

  app.get(
    '/landmarks',
    {
      config: { access: 'public' },
      schema: {
        tags: ['places'],
        summary: "Well-known Kigali places a list's `near` can name",
        description:
          'Each landmark with its id (what `near` takes instead of "latitude,longitude"), its ' +
          'name in English, French and Kinyarwanda, and its point.',
        response: { 200: LandmarksAnswerSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=86400');
      return {
        landmarks: LANDMARKS.map(({ id, names, point }) => ({ id, names, ...point })),
      };
    },
  );

  app.get(
    '/places/outlines',
    {
      config: { access: 'public' },
      schema: {
        tags: ['places'],
        summary: "The outlines of Rwanda's 30 districts, as GeoJSON",
        description:
          'A FeatureCollection of one Polygon per district ([longitude, latitude], simplified to ' +
          'about 250 m), for drawing on a map. Source: WASAC Ltd, Rwanda administrative ' +
          'boundaries, CC BY 4.0: credit `attribution` wherever they are drawn.',
        response: { 200: DistrictOutlinesAnswerSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', OUTLINES_CACHE_CONTROL);
      return listDistrictOutlines();
    },
  );

  app.get(
    '/places/static-map.svg',
    {
      config: { access: 'public' },
      schema: {
        tags: ['places'],
        summary: 'A small map of a public point, as an SVG image',
        description:
          "The ~2.5 km around the point (640 × 360): the districts' outlines and names, nearby " +
          'landmarks and sectors, and the point as a pin (`exact`), a 300 m circle ' +
          "(`approximate`) or a dashed area around its sector's centre (`sector`). Texts in " +
          '`lang`, else the Accept-Language language. Drawn here: no third-party request.',
        querystring: StaticMapQuerySchema,
        response: { 200: z.string().meta({ description: 'image/svg+xml' }), ...errorAnswers },
      },
    },
    async (request, reply) => {
      const { lat, lng, precision, lang } = request.query;
      const draw = () => drawListingMap({ latitude: lat, longitude: lng }, precision);
      const svg = lang ? withLocale(lang, draw) : draw();
      // The same address always draws the same picture, until a release changes the drawing.
      reply.header('cache-control', STATIC_MAP_CACHE_CONTROL);
      if (!lang) reply.header('vary', 'Accept-Language');
      return reply.type('image/svg+xml; charset=utf-8').send(svg);
    },
  );
};
