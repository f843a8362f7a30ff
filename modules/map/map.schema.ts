import { z } from 'zod';
import { t } from '#lib/i18n.all.ts';
import { OptionalListingTypeSchema } from '#lib/form-fields.ts';
import { LIVE_SEARCH_MAX_LENGTH, MAP_POINTS_MAX } from '#lib/limits.ts';
import { listingFilterFields } from '#lib/listing-schemas.ts';
import { LISTING_KINDS } from '#lib/listing.ts';
import { MapPointSchema } from '#modules/catalogue/catalogue.schema.ts';

/**
 * What the map shows: the list filters of the type lists and /search (the same names in the
 * pages' addresses), a catalogue or one type, and a search's words.
 */
export const MapPointsQuerySchema = z.object({
  q: z
    .string()
    .max(LIVE_SEARCH_MAX_LENGTH)
    .optional()
    .default('')
    .meta({ description: 'Words to find, as GET /api/search finds them (each a prefix)' }),
  kind: z
    .enum(LISTING_KINDS, { error: () => t('validation.kind') })
    .optional()
    .meta({ description: 'property or asset; both when left out (a `type` decides it)' }),
  type: OptionalListingTypeSchema.meta({
    description: 'One type (House … Other): its catalogue only',
  }),
  ...listingFilterFields,
});

export type MapPointsQuery = z.infer<typeof MapPointsQuerySchema>;

export const MapPointsAnswerSchema = z.object({
  points: z.array(MapPointSchema),
  isCapped: z.boolean().meta({
    description: `True when more listings of a kind matched than the ${MAP_POINTS_MAX} answered`,
  }),
  limit: z.number().int().meta({ description: 'The most points answered per kind' }),
});

export type MapPointsAnswer = z.infer<typeof MapPointsAnswerSchema>;
