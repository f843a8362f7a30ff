import { z } from 'zod';
import { t } from './i18n.ts';
import { OFFERS, capitalizeType, parseAssetType, parsePropertyType } from './listing.ts';
import { PageQuerySchema } from './pagination.ts';

/** A listing id in a URL: a UUID, or a 400 that names the `id` field. */
export const IdParamsSchema = z.object({
  id: z.uuid({ error: t('api.invalidId') }),
});

export const PropertyTypeParamsSchema = z.object({
  type: z
    .string()
    .transform((raw, context) => {
      const type = parsePropertyType(raw);
      if (!type) {
        context.addIssue({ code: 'custom', message: t('api.unknownPropertyType') });
        return z.NEVER;
      }
      return type;
    })
    .meta({ description: 'House, Hotel or Apartment, in any case', example: 'house' }),
});

export const AssetTypeParamsSchema = z.object({
  type: z
    .string()
    .transform((raw, context) => {
      const type = parseAssetType(raw);
      if (!type) {
        context.addIssue({ code: 'custom', message: t('api.unknownAssetType') });
        return z.NEVER;
      }
      return type;
    })
    .meta({ description: 'Land, Car, Motorcycle, Clothes or Other, in any case', example: 'car' }),
});

export const LIST_SORTS = ['newest', 'price-asc', 'price-desc'] as const;
export type ListSort = (typeof LIST_SORTS)[number];

/** Paging, the Rent/Sale filter and the sort order of a type list. */
export const ListQuerySchema = PageQuerySchema.extend({
  status: z
    .string()
    .transform((raw) => capitalizeType(raw))
    .pipe(z.enum(OFFERS))
    .optional(),
  sort: z.enum(LIST_SORTS).default('newest'),
});

export type ListQuery = z.infer<typeof ListQuerySchema>;
