import { z } from 'zod';
import { OptionalListingTypeSchema } from '#lib/form-fields.ts';
import { LIVE_SEARCH_MAX_LENGTH } from '#lib/limits.ts';
import { listingFilterFields } from '#lib/listing-schemas.ts';
import { LISTING_TYPES, OFFERS } from '#lib/listing.ts';
import { AssetViewSchema } from '#modules/assets/assets.schema.ts';
import { PropertyViewSchema } from '#modules/properties/properties.schema.ts';

/** What a visitor typed, the type they chose and every list filter (lib/listing-schemas.ts). */
export const SearchQuerySchema = z.object({
  q: z.string().max(LIVE_SEARCH_MAX_LENGTH).optional().default(''),
  type: OptionalListingTypeSchema.meta({
    description: 'One type (House … Other); properties or assets only then',
  }),
  ...listingFilterFields,
});

const TotalSchema = z.object({
  count: z.number().int(),
  isCapped: z.boolean().meta({ description: 'True when more match than were counted ("N+")' }),
});

export const SearchAnswerSchema = z.object({
  properties: z.array(PropertyViewSchema),
  assets: z.array(AssetViewSchema),
  totals: z.object({ properties: TotalSchema, assets: TotalSchema }),
  featuredIds: z.array(z.uuid()).meta({
    description: 'The listings a boost puts first in the grids (marked Featured)',
  }),
  understood: z
    .object({
      q: z.string().meta({ description: 'The words searched for, once the filter words are out' }),
      type: z.enum(LISTING_TYPES).optional(),
      offer: z.enum(OFFERS).optional(),
      bedrooms: z.number().int().optional(),
      bathrooms: z.number().int().optional(),
    })
    .meta({
      description:
        'What the text was read as: the filters its words name ("inzu", "à louer", "3 bed") and the words left',
    }),
});

export type SearchAnswer = z.infer<typeof SearchAnswerSchema>;
