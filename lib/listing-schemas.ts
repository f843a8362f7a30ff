import { z } from 'zod';
import { t } from './i18n.admin.ts';
import {
  AVAILABILITIES,
  OFFERS,
  capitalizeType,
  parseAssetType,
  parsePropertyType,
} from './listing.ts';
import { DEFAULT_PAGE_SIZE } from './limits.ts';
import { listQuerySchema } from './list-query.ts';

/** A listing id in a URL: a UUID, or a 400 that names the `id` field. */
export const IdParamsSchema = z.object({
  id: z.uuid({ error: () => t('api.invalidId') }),
});

/** Whether an id can name a row at all (anything else is simply not found). */
export const isUuid = (value: string) => z.uuid().safeParse(value).success;

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

const LIST_SORTS = ['newest', 'price-asc', 'price-desc'] as const;

/** Paging, the Rent/Sale filter and the sort order of a type list. */
export const ListQuerySchema = listQuerySchema(DEFAULT_PAGE_SIZE, {
  status: z
    .string()
    .transform((raw) => (raw.trim() === '' ? undefined : capitalizeType(raw)))
    .pipe(z.enum(OFFERS).optional())
    .optional()
    .meta({ description: 'Rent or Sale, in any case; empty means both' }),
  sort: z.enum(LIST_SORTS).default('newest'),
});

export type ListQuery = z.infer<typeof ListQuerySchema>;

/** An owner marking a listing available again, sold or rented. */
export const AvailabilityInputSchema = z.object({
  availability: z.enum(AVAILABILITIES, { error: () => t('api.unknownAvailability') }),
});

export const AvailabilityAnswerSchema = z.object({
  message: z.string(),
  availability: z.enum(AVAILABILITIES),
});
