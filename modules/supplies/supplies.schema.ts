import { z } from 'zod';
import { PhotoMatchViewSchema } from '#modules/photo-matches/photo-matches.schema.ts';
import {
  FeaturesSchema,
  ListingTypeSchema,
  OptionalOfferSchema,
  OptionalAreaSchema,
  OptionalCountSchema,
  optionalText,
  requiredAmount,
  requiredText,
} from '#lib/form-fields.ts';
import {
  CONTACT_MAX_LENGTH,
  DEFAULT_PAGE_SIZE,
  DESCRIPTION_MAX_LENGTH,
  LOCATION_MAX_LENGTH,
  NAME_MAX_LENGTH,
  REASON_MAX_LENGTH,
  TITLE_MAX_LENGTH,
} from '#lib/limits.ts';
import { AVAILABILITIES, LISTING_TYPES, MODERATION_STATES, OFFERS } from '#lib/listing.ts';
import { FEE_STATES } from '#lib/payments.ts';

import { assetKindFields, assetKindViewFields } from '#modules/assets/assets.schema.ts';
import { PhotoViewSchema } from '#modules/media/media.schema.ts';
import {
  listingPlaceFields,
  exactPointViewFields,
  placeViewFields,
  pointInputFields,
  pointViewFields,
  priceViewFields,
  requirePlace,
  requiredPlaceFields,
} from '#modules/places/places.schema.ts';
import { listAnswerSchema, listQuerySchema } from '#lib/list-query.ts';
import { listerInputFields, listerViewFields } from '#lib/listing-schemas.ts';

/**
 * A seller's supply as the form sends it (only the fields they filled in). Title, type, price
 * and location make a listing; the rest is optional and depends on the type.
 */
const SupplyFieldsSchema = z.object({
  title: requiredText('supply.fieldTitle', TITLE_MAX_LENGTH),
  type: ListingTypeSchema,
  price: requiredAmount('supply.fieldPrice'),
  status: OptionalOfferSchema.transform((offer) => offer ?? 'Rent'),
  location: optionalText(LOCATION_MAX_LENGTH),
  ...listingPlaceFields,
  ...pointInputFields,
  owner: optionalText(NAME_MAX_LENGTH),
  contact: optionalText(CONTACT_MAX_LENGTH),
  ...listerInputFields,
  description: optionalText(DESCRIPTION_MAX_LENGTH),
  bedrooms: OptionalCountSchema,
  bathrooms: OptionalCountSchema,
  toilets: OptionalCountSchema,
  area: OptionalAreaSchema,
  features: FeaturesSchema,
  ...assetKindFields,
});

export const SupplyInputSchema = SupplyFieldsSchema.check(requirePlace('supply.fieldLocation'));

/**
 * The supply form's fields: the place is its district and sector, each named when missing; the
 * street line stays optional, unlike the API's `location`, which may stand for the place.
 */
export const SupplyFormSchema = SupplyFieldsSchema.safeExtend(requiredPlaceFields);

export type SupplyInput = z.infer<typeof SupplyInputSchema>;

/** An edit by the supplier: any field of the form; a field left out keeps its value. */
export const SupplyUpdateSchema = SupplyFieldsSchema.partial().extend({
  status: OptionalOfferSchema,
});

export type SupplyUpdate = z.infer<typeof SupplyUpdateSchema>;

/** An admin's rejection: the reason the supplier will read. */
export const SupplyRejectInputSchema = z.object({
  reason: requiredText('adminReview.reason', REASON_MAX_LENGTH),
});

export const SupplyListQuerySchema = listQuerySchema(DEFAULT_PAGE_SIZE, {
  moderation: z.enum(MODERATION_STATES).optional(),
});

export type SupplyListQuery = z.infer<typeof SupplyListQuerySchema>;

/**
 * A supply as its supplier and admins see it, whatever its kind: property fields (rooms,
 * area) are null for assets, and asset kind fields null for properties.
 */
const SupplyViewSchema = z.object({
  _id: z.uuid(),
  kind: z.enum(['property', 'asset']),
  title: z.string(),
  description: z.string(),
  image: z.string().nullable(),
  photos: z.array(PhotoViewSchema),
  price: z.number().int(),
  location: z.string().nullable(),
  ...placeViewFields,
  ...pointViewFields,
  ...exactPointViewFields,
  ...priceViewFields,
  upi: z.string().nullable(),
  address: z.string().nullable(),
  owner: z.string().nullable(),
  ownerId: z.uuid(),
  contact: z.string().nullable(),
  ...listerViewFields,
  status: z.enum(OFFERS),
  moderation: z.enum(MODERATION_STATES),
  /** Why an admin rejected the supply; null unless it is Rejected. */
  rejectionReason: z.string().nullable(),
  /**
   * Its listing fee: `due` while the supply waits for the payment before review, `paid`,
   * `waived` by an admin; null when no fee was asked.
   */
  feeState: z.enum(FEE_STATES).nullable(),
  /** When it left the public lists (unconfirmed, or sold a while ago); null while listed. */
  expiredAt: z.iso.datetime().nullable(),
  availability: z.enum(AVAILABILITIES),
  type: z.enum(LISTING_TYPES),
  bedrooms: z.number().int().nullable(),
  bathrooms: z.number().int().nullable(),
  toilets: z.number().int().nullable(),
  area: z.number().int().nullable(),
  features: z.array(z.string()),
  ...assetKindViewFields,
  createdAt: z.iso.datetime(),
  timeAgo: z.string(),
  /**
   * Admins only, on one supply: its photos that look like photos of another owner's listing,
   * each pair side by side.
   */
  photoMatches: z.array(PhotoMatchViewSchema).optional(),
  /** Admins only, in the list: whether any of its photos matches another owner's listing. */
  hasPhotoMatches: z.boolean().optional(),
});

export type SupplyView = z.infer<typeof SupplyViewSchema>;

export const SupplyAnswerSchema = z.object({ data: SupplyViewSchema });

export const SupplyListAnswerSchema = listAnswerSchema(SupplyViewSchema);
