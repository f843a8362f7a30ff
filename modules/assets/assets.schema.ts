import { z } from 'zod';
import { optionalAmount, optionalText, OptionalYesNoSchema } from '#lib/form-fields.ts';
import {
  ASSET_DETAIL_MAX_LENGTH,
  CLOTHES_SIZE_MAX_LENGTH,
  WARRANTY_MAX_LENGTH,
} from '#lib/limits.ts';
import { ASSET_TYPES, AVAILABILITIES, OFFERS, type AssetType } from '#lib/listing.ts';
import { listerViewFields } from '#lib/listing-schemas.ts';
import { PhotoViewSchema } from '#modules/media/media.schema.ts';
import {
  placeViewFields,
  pointViewFields,
  priceViewFields,
} from '#modules/places/places.schema.ts';

/** The fields an asset of each kind has beyond the common ones (spec: Asset detail). */
export const ASSET_KIND_FIELDS = {
  Car: [
    'transmission',
    'fuel',
    'certified',
    'inspected',
    'warranty',
    'rentalPrice',
    'rentDuration',
  ],
  Motorcycle: [
    'transmission',
    'fuel',
    'certified',
    'inspected',
    'warranty',
    'rentalPrice',
    'rentDuration',
  ],
  Land: ['size'],
  Clothes: ['condition', 'sizeCloth'],
  Other: [],
} as const satisfies Record<AssetType, readonly string[]>;

export type AssetKindField = (typeof ASSET_KIND_FIELDS)[AssetType][number];

/** The kind fields as forms send them (supplies and the admin asset form); each optional. */
export const assetKindFields = {
  transmission: optionalText(ASSET_DETAIL_MAX_LENGTH),
  fuel: optionalText(ASSET_DETAIL_MAX_LENGTH),
  certified: OptionalYesNoSchema,
  inspected: OptionalYesNoSchema,
  warranty: optionalText(WARRANTY_MAX_LENGTH),
  rentalPrice: optionalAmount(),
  rentDuration: optionalText(ASSET_DETAIL_MAX_LENGTH),
  size: optionalText(ASSET_DETAIL_MAX_LENGTH),
  condition: optionalText(ASSET_DETAIL_MAX_LENGTH),
  sizeCloth: optionalText(CLOTHES_SIZE_MAX_LENGTH),
} satisfies Record<AssetKindField, z.ZodType>;

/** The kind fields as views show them: null where the asset's kind (or a property) has none. */
export const assetKindViewFields = {
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
} satisfies Record<AssetKindField, z.ZodType>;

/**
 * A published asset as the API and the pages show it. `status` is the offer (Rent or Sale);
 * the kind-specific fields are null where they do not apply.
 */
export const AssetViewSchema = z.object({
  _id: z.uuid(),
  name: z.string(),
  description: z.string(),
  price: z.number().int(),
  status: z.enum(OFFERS),
  availability: z.enum(AVAILABILITIES),
  type: z.enum(ASSET_TYPES),
  location: z.string().nullable().meta({ description: 'The place as one readable line' }),
  ...placeViewFields,
  ...pointViewFields,
  ...priceViewFields,
  upi: z.string().nullable().meta({ description: "A plot's UPI (land only)" }),
  owner: z.string().nullable(),
  ownerId: z.uuid(),
  contact: z.string().nullable(),
  ...listerViewFields,
  features: z.array(z.string()),
  image: z.string().nullable().meta({ description: 'Cover photo URL (640 px WebP)' }),
  photos: z.array(PhotoViewSchema),
  ...assetKindViewFields,
  createdAt: z.iso.datetime(),
  timeAgo: z.string(),
  /** Whether an admin checked the owner's identity: a "Verified seller" badge. */
  ownerVerified: z.boolean(),
});

export type AssetView = z.infer<typeof AssetViewSchema>;

/** The kind fields of an asset view (each null where its kind has none). */
export type AssetKindValues = Pick<AssetView, AssetKindField>;
