import { z } from 'zod';
import { PRICE_PERIODS } from '#lib/listing.ts';
import { PhotoViewSchema } from '#modules/media/media.schema.ts';

/** A published listing that fits a buyer's request. */
const MatchingListingSchema = z.object({
  listingId: z.uuid(),
  kind: z.enum(['property', 'asset']),
  title: z.string(),
  price: z.number().int(),
  pricePeriod: z.enum(PRICE_PERIODS).nullable(),
  location: z.string().nullable(),
  /** Its page on this site. */
  path: z.string(),
  photo: PhotoViewSchema.nullable(),
  createdAt: z.iso.datetime(),
});
export type MatchingListing = z.infer<typeof MatchingListingSchema>;

/** An open buyer's request that a listing fits. */
const MatchingRequestSchema = z.object({
  requestId: z.uuid(),
  title: z.string(),
  price: z.number().int(),
  pricePeriod: z.enum(PRICE_PERIODS).nullable(),
  location: z.string(),
  path: z.string(),
  createdAt: z.iso.datetime(),
});
export type MatchingRequest = z.infer<typeof MatchingRequestSchema>;

export const MatchingListingsAnswerSchema = z.object({ data: z.array(MatchingListingSchema) });
export const MatchingRequestsAnswerSchema = z.object({
  data: z.array(MatchingRequestSchema),
  total: z.number().int(),
});
