import { z } from 'zod';
import { PhotoViewSchema } from '#modules/media/media.schema.ts';
import { t } from '#lib/i18n.all.ts';
import { AVAILABILITIES, PRICE_PERIODS } from '#lib/listing.ts';

export const FavouriteInputSchema = z.object({
  listingId: z.uuid({ error: () => t('api.invalidId') }),
});

export const FavouriteParamsSchema = z.object({
  listingId: z.uuid({ error: () => t('api.invalidId') }),
});

/** A saved listing as /favourites shows it. */
const FavouriteViewSchema = z.object({
  listingId: z.uuid(),
  kind: z.enum(['property', 'asset']),
  title: z.string(),
  price: z.number().int(),
  pricePeriod: z.enum(PRICE_PERIODS).nullable(),
  location: z.string().nullable(),
  availability: z.enum(AVAILABILITIES),
  path: z.string(),
  photo: PhotoViewSchema.nullable(),
});
export type FavouriteView = z.infer<typeof FavouriteViewSchema>;

export const FavouritesAnswerSchema = z.object({ data: z.array(FavouriteViewSchema) });
