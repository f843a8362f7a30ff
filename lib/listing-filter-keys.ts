import type { listingFilterFields } from './listing-schemas.ts';

/**
 * The filters a visitor sets, in the order pages and saved searches list them. Apart from their
 * schemas (lib/listing-schemas.ts), so that a page's JavaScript can list them without zod.
 */
export const LISTING_FILTER_KEYS = [
  'offer',
  'district',
  'sector',
  'minPrice',
  'maxPrice',
  'pricePeriod',
  'bedrooms',
  'bathrooms',
  'near',
  'radiusKm',
  'listedBy',
] as const satisfies readonly (keyof typeof listingFilterFields)[];
