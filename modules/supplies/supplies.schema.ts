import { z } from 'zod';
import {
  FeaturesSchema,
  ListingTypeSchema,
  OptionalOfferSchema,
  OptionalAreaSchema,
  optionalAmount,
  OptionalCountSchema,
  optionalText,
  OptionalYesNoSchema,
  requiredAmount,
  requiredText,
} from '#lib/form-fields.ts';
import { AVAILABILITIES, LISTING_TYPES, MODERATION_STATES, OFFERS } from '#lib/listing.ts';
import { PhotoViewSchema } from '#modules/media/media.schema.ts';

/** The kind fields of assets (lib/listing.ts ASSET_KIND_FIELDS says which kind has which). */
export const assetKindFields = {
  transmission: optionalText(50),
  fuel: optionalText(50),
  certified: OptionalYesNoSchema,
  inspected: OptionalYesNoSchema,
  warranty: optionalText(100),
  rentalPrice: optionalAmount(),
  rentDuration: optionalText(50),
  size: optionalText(50),
  condition: optionalText(50),
  sizeCloth: optionalText(20),
};

/**
 * A seller's supply as the form sends it (only the fields they filled in). Title, type, price
 * and location make a listing; the rest is optional and depends on the type.
 */
export const SupplyInputSchema = z.object({
  title: requiredText('supply.fieldTitle', 200),
  type: ListingTypeSchema,
  price: requiredAmount('supply.fieldPrice'),
  status: OptionalOfferSchema.transform((offer) => offer ?? 'Rent'),
  location: requiredText('supply.fieldLocation', 200),
  owner: optionalText(100),
  contact: optionalText(100),
  description: optionalText(5000),
  bedrooms: OptionalCountSchema,
  bathrooms: OptionalCountSchema,
  toilets: OptionalCountSchema,
  area: OptionalAreaSchema,
  features: FeaturesSchema,
  ...assetKindFields,
});

export type SupplyInput = z.infer<typeof SupplyInputSchema>;

/** An edit by the supplier: any field of the form; a field left out keeps its value. */
export const SupplyUpdateSchema = SupplyInputSchema.partial().extend({
  status: OptionalOfferSchema,
});

export type SupplyUpdate = z.infer<typeof SupplyUpdateSchema>;

/** An admin's rejection: the reason the supplier will read. */
export const SupplyRejectInputSchema = z.object({
  reason: requiredText('adminReview.reason', 500),
});

export type SupplyRejectInput = z.infer<typeof SupplyRejectInputSchema>;

export const SupplyListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(500).default(1),
  pageSize: z.coerce.number().int().min(1).max(48).default(12),
  moderation: z.enum(MODERATION_STATES).optional(),
});

export type SupplyListQuery = z.infer<typeof SupplyListQuerySchema>;

/**
 * A supply as its supplier and admins see it, whatever its kind: property fields (rooms,
 * area) are null for assets, and asset kind fields null for properties.
 */
export const SupplyViewSchema = z.object({
  _id: z.uuid(),
  kind: z.enum(['property', 'asset']),
  title: z.string(),
  description: z.string(),
  image: z.string().nullable(),
  photos: z.array(PhotoViewSchema),
  price: z.number().int(),
  location: z.string().nullable(),
  address: z.string().nullable(),
  owner: z.string().nullable(),
  ownerId: z.uuid(),
  contact: z.string().nullable(),
  status: z.enum(OFFERS),
  moderation: z.enum(MODERATION_STATES),
  /** Why an admin rejected the supply; null unless it is Rejected. */
  rejectionReason: z.string().nullable(),
  availability: z.enum(AVAILABILITIES),
  type: z.enum(LISTING_TYPES),
  bedrooms: z.number().int().nullable(),
  bathrooms: z.number().int().nullable(),
  toilets: z.number().int().nullable(),
  area: z.number().int().nullable(),
  features: z.array(z.string()),
  transmission: z.string().nullable(),
  fuel: z.string().nullable(),
  certified: z.boolean().nullable(),
  inspected: z.boolean().nullable(),
  warranty: z.string().nullable(),
  rentalPrice: z.number().int().nullable(),
  rentDuration: z.string().nullable(),
  size: z.string().nullable(),
  condition: z.string().nullable(),
  sizeCloth: z.string().nullable(),
  createdAt: z.iso.datetime(),
  timeAgo: z.string(),
});

export type SupplyView = z.infer<typeof SupplyViewSchema>;

export const SupplyAnswerSchema = z.object({ data: SupplyViewSchema });

export const SupplyListAnswerSchema = z.object({
  data: z.array(SupplyViewSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  isTotalCapped: z.boolean(),
});
