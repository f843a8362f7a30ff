import { z } from 'zod';
import { OptionalListingTypeSchema, requiredText } from '#lib/form-fields.ts';
import { t } from '#lib/i18n.all.ts';
import { LIVE_SEARCH_MAX_LENGTH, SAVED_SEARCH_NAME_MAX_LENGTH } from '#lib/limits.ts';
import { listingFilterFields } from '#lib/listing-schemas.ts';
import { ALERT_FREQUENCIES, LISTERS, LISTING_TYPES, OFFERS, PRICE_PERIODS } from '#lib/listing.ts';

const { status: _status, sort: _sort, ...filterFields } = listingFilterFields;

/**
 * What a saved search keeps: the list filters (the same names and rules as the type lists and
 * GET /api/search), the type, and optionally the words searched for. All optional.
 */
export const SavedSearchFiltersSchema = z.object({
  q: z.string().trim().max(LIVE_SEARCH_MAX_LENGTH).optional(),
  type: OptionalListingTypeSchema,
  ...filterFields,
});

export type SavedSearchFilters = z.infer<typeof SavedSearchFiltersSchema>;

const FrequencySchema = z.enum(ALERT_FREQUENCIES, { error: () => t('savedSearch.frequency') });

export const SavedSearchInputSchema = z.object({
  name: requiredText('savedSearch.name', SAVED_SEARCH_NAME_MAX_LENGTH),
  filters: SavedSearchFiltersSchema.default({}),
  frequency: FrequencySchema.default('instant'),
});

export type SavedSearchInput = z.infer<typeof SavedSearchInputSchema>;

/** A rename, or a change of how often its alerts come. */
export const SavedSearchUpdateSchema = z.object({
  name: requiredText('savedSearch.name', SAVED_SEARCH_NAME_MAX_LENGTH).optional(),
  frequency: FrequencySchema.optional(),
});

export const SavedSearchParamsSchema = z.object({
  id: z.uuid({ error: () => t('api.invalidId') }),
});

const SavedSearchViewSchema = z.object({
  _id: z.uuid(),
  name: z.string(),
  filters: z.object({
    q: z.string().optional(),
    type: z.enum(LISTING_TYPES).optional(),
    offer: z.enum(OFFERS).optional(),
    minPrice: z.number().int().optional(),
    maxPrice: z.number().int().optional(),
    pricePeriod: z.enum(PRICE_PERIODS).optional(),
    bedrooms: z.number().int().optional(),
    bathrooms: z.number().int().optional(),
    district: z.string().optional(),
    sector: z.string().optional(),
    listedBy: z.enum(LISTERS).optional(),
    near: z.string().optional(),
    radiusKm: z.number().optional(),
  }),
  frequency: z.enum(ALERT_FREQUENCIES),
  /** The results page of these filters on this site. */
  path: z.string(),
  createdAt: z.iso.datetime(),
});

export type SavedSearchView = z.infer<typeof SavedSearchViewSchema>;

export const SavedSearchAnswerSchema = z.object({
  message: z.string(),
  data: SavedSearchViewSchema,
});

export const SavedSearchesAnswerSchema = z.object({ data: z.array(SavedSearchViewSchema) });
