import { z } from 'zod';
import { LIVE_SEARCH_MAX_LENGTH } from '#lib/limits.ts';
import { AssetViewSchema } from '#modules/assets/assets.schema.ts';
import { PropertyViewSchema } from '#modules/listings/listings.schema.ts';

export const SearchQuerySchema = z.object({
  q: z.string().max(LIVE_SEARCH_MAX_LENGTH).optional().default(''),
});

const TotalSchema = z.object({
  count: z.number().int(),
  isCapped: z.boolean().meta({ description: 'True when more match than were counted ("N+")' }),
});

export const SearchAnswerSchema = z.object({
  properties: z.array(PropertyViewSchema),
  assets: z.array(AssetViewSchema),
  totals: z.object({ properties: TotalSchema, assets: TotalSchema }),
});

export type SearchAnswer = z.infer<typeof SearchAnswerSchema>;
