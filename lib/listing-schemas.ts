import { z } from 'zod';
import { t } from './i18n.all.ts';
import {
  AVAILABILITIES,
  LISTERS,
  OFFERS,
  PRICE_PERIODS,
  capitalizeType,
  parseAssetType,
  parsePropertyType,
} from './listing.ts';
import {
  DEFAULT_PAGE_SIZE,
  NEAR_RADIUS_DEFAULT_KM,
  NEAR_RADIUS_MAX_KM,
  NEAR_RADIUS_MIN_KM,
  PRICE_MAX,
  ROOM_COUNT_MAX,
} from './limits.ts';
import { parseNear } from './landmarks.ts';
import { findAnySector, findDistrict } from './places.ts';
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

/** `distance` orders by distance from `near` (without it, the newest first). */
const LIST_SORTS = ['newest', 'price_asc', 'price_desc', 'distance'] as const;

/** Rent or Sale in any case; empty means both. */
const OfferFilterSchema = z
  .string()
  .transform((raw) => (raw.trim() === '' ? undefined : capitalizeType(raw)))
  .pipe(z.enum(OFFERS, { error: () => t('validation.offer') }).optional())
  .optional();

/** A form's single text (a repeated field's first); blank is not given. */
function singleText(value: unknown): unknown {
  const text = Array.isArray(value) ? value[0] : value;
  return typeof text === 'string' && text.trim() === '' ? undefined : text;
}

/** Who is listing, in any case; blank (or left out) is not given. */
const ListedBySchema = z.preprocess(
  (value) => {
    const text = singleText(value);
    return typeof text === 'string' ? text.trim().toLowerCase() : text;
  },
  z.enum(LISTERS, { error: () => t('validation.listedBy') }).optional(),
);

/**
 * A fee in whole francs ('50,000' and '50 000' read as 50000). Left out, it is not given (an
 * edit keeps it); blank or null, there is none.
 */
const FeeSchema = z.preprocess(
  (value) => {
    const text = Array.isArray(value) ? value[0] : value;
    if (typeof text !== 'string') return text;
    const digits = text.replace(/[\s,]/g, '');
    if (digits === '') return null;
    return /^\d+$/.test(digits) ? Number(digits) : text;
  },
  z
    .number({ error: () => t('validation.amount') })
    .int({ error: () => t('validation.amount') })
    .min(0, { error: () => t('validation.amount') })
    .max(PRICE_MAX, { error: () => t('validation.amount') })
    .nullable()
    .optional(),
);

/**
 * Who puts a listing up (owner, agent or commissioner; a new listing without it is the
 * owner's) and the fees an agent or a commissioner asks, in every listing form and payload.
 */
export const listerInputFields = {
  listedBy: ListedBySchema.meta({
    description: 'owner, agent or commissioner (a broker); a new listing without it: owner',
  }),
  commission: FeeSchema.meta({
    description: "The agent's or commissioner's commission in RWF; null or blank for none",
  }),
  viewingFee: FeeSchema.meta({
    description: 'A fee asked before a viewing, in RWF; null or blank for none',
  }),
};

/** Who lists a listing and what they charge, as every listing view shows it. */
export const listerViewFields = {
  listedBy: z.enum(LISTERS).meta({ description: 'owner, agent or commissioner (a broker)' }),
  commission: z.number().int().nullable().meta({ description: 'Commission in RWF, if any' }),
  viewingFee: z.number().int().nullable().meta({ description: 'Viewing fee in RWF, if any' }),
};

const amountFilter = (description: string) =>
  z.coerce
    .number({ error: () => t('validation.amount') })
    .int({ error: () => t('validation.amount') })
    .min(0, { error: () => t('validation.amount') })
    .max(PRICE_MAX, { error: () => t('validation.amount') })
    .optional()
    .meta({ description });

const roomsFilter = (description: string) =>
  z.coerce
    .number({ error: () => t('validation.count') })
    .int({ error: () => t('validation.count') })
    .min(0, { error: () => t('validation.count') })
    .max(ROOM_COUNT_MAX, { error: () => t('validation.count') })
    .optional()
    .meta({ description });

/**
 * What a visitor can narrow the listings by, the same names in the pages' URLs, the type lists,
 * the home search and GET /api/search. Every filter is optional; a bad value is a 400 naming it.
 */
export const listingFilterFields = {
  offer: OfferFilterSchema.meta({ description: 'Rent or Sale, in any case; empty means both' }),
  /** The specification's name for the offer filter, still accepted. */
  status: OfferFilterSchema.meta({ description: 'The same as `offer` (older clients)' }),
  minPrice: amountFilter('Lowest price in RWF'),
  maxPrice: amountFilter('Highest price in RWF'),
  pricePeriod: z
    .enum(PRICE_PERIODS, { error: () => t('validation.pricePeriod') })
    .optional()
    .meta({
      description:
        "Rents of this period only (a sale price has none). Without it, prices are compared with rents of the type's usual period.",
    }),
  bedrooms: roomsFilter('At least this many bedrooms (properties only)'),
  bathrooms: roomsFilter('At least this many bathrooms (properties only)'),
  district: z
    .string()
    .transform((raw, context) => {
      if (raw.trim() === '') return undefined;
      const district = findDistrict(raw);
      if (!district) context.addIssue({ code: 'custom', message: t('place.unknownDistrict') });
      return district;
    })
    .optional()
    .meta({ description: 'A district of Rwanda, in any case', example: 'Kicukiro' }),
  sector: z
    .string()
    .transform((raw, context) => {
      if (raw.trim() === '') return undefined;
      const sector = findAnySector(raw);
      if (!sector) context.addIssue({ code: 'custom', message: t('place.unknownSector') });
      return sector;
    })
    .optional()
    .meta({ description: 'A sector, in any case (with `district` when its name is shared)' }),
  near: z
    .string()
    .transform((raw, context) => {
      const near = raw.trim();
      if (near === '') return undefined;
      if (!parseNear(near)) context.addIssue({ code: 'custom', message: t('validation.near') });
      return near;
    })
    .optional()
    .meta({
      description:
        'Only listings around this place: "latitude,longitude" in Rwanda or a landmark id from GET /api/landmarks',
      example: '-1.9536,30.0927',
    }),
  radiusKm: z.coerce
    .number({ error: () => t('validation.radius') })
    .min(NEAR_RADIUS_MIN_KM, { error: () => t('validation.radius') })
    .max(NEAR_RADIUS_MAX_KM, { error: () => t('validation.radius') })
    .optional()
    .meta({ description: `How far from \`near\`, in km (default ${NEAR_RADIUS_DEFAULT_KM})` }),
  listedBy: z
    .preprocess(
      (raw) => (typeof raw === 'string' ? raw.trim().toLowerCase() || undefined : raw),
      z.enum(LISTERS, { error: () => t('validation.listedBy') }).optional(),
    )
    .meta({ description: 'Only listings by their owner (owner), by agents or by commissioners' }),
  sort: z
    .preprocess(
      // The hyphenated names of earlier versions still sort.
      (raw) => (typeof raw === 'string' ? raw.replace('-', '_') : raw),
      z.enum(LIST_SORTS, { error: () => t('validation.sort') }),
    )
    .default('newest'),
};

/** Paging and the filters of a type list (its type is in the path). */
export const ListQuerySchema = listQuerySchema(DEFAULT_PAGE_SIZE, listingFilterFields);

/** The filters a service applies: `offer` settled from `offer` or `status`. */
export type ListingFilters = Omit<z.infer<typeof ListQuerySchema>, 'page' | 'pageSize' | 'status'>;

export type ListQuery = z.infer<typeof ListQuerySchema>;

/** An owner marking a listing available again, sold or rented. */
export const AvailabilityInputSchema = z.object({
  availability: z.enum(AVAILABILITIES, { error: () => t('api.unknownAvailability') }),
});

export const AvailabilityAnswerSchema = z.object({
  message: z.string(),
  availability: z.enum(AVAILABILITIES),
});
