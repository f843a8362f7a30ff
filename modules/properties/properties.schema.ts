import { z } from 'zod';
import { AVAILABILITIES, OFFERS, PROPERTY_TYPES } from '#lib/listing.ts';
import { PhotoViewSchema } from '#modules/media/media.schema.ts';
import {
  placeViewFields,
  pointViewFields,
  priceViewFields,
} from '#modules/places/places.schema.ts';
import { listAnswerSchema } from '#lib/list-query.ts';
import { listerViewFields } from '#lib/listing-schemas.ts';

/** A published property as the API and the pages show it. `status` is the offer: Rent or Sale. */
export const PropertyViewSchema = z.object({
  _id: z.uuid(),
  title: z.string(),
  description: z.string(),
  price: z.number().int(),
  status: z.enum(OFFERS),
  availability: z.enum(AVAILABILITIES),
  type: z.enum(PROPERTY_TYPES),
  location: z.string().meta({ description: 'The place as one readable line' }),
  ...placeViewFields,
  ...pointViewFields,
  ...priceViewFields,
  upi: z.string().nullable().meta({ description: "The plot's UPI (land parcel identifier)" }),
  address: z.string().nullable(),
  owner: z.string(),
  ownerId: z.uuid(),
  contact: z.string(),
  ...listerViewFields,
  bedrooms: z.number().int(),
  bathrooms: z.number().int(),
  toilets: z.number().int(),
  area: z.number().int().nullable().meta({ description: 'Floor area in square metres' }),
  features: z.array(z.string()),
  image: z.string().nullable().meta({ description: 'Cover photo URL (640 px WebP)' }),
  photos: z.array(PhotoViewSchema),
  createdAt: z.iso.datetime(),
  timeAgo: z.string(),
  /** Whether an admin checked the owner's identity: a "Verified seller" badge. */
  ownerVerified: z.boolean(),
});

export type PropertyView = z.infer<typeof PropertyViewSchema>;

export const PropertyAnswerSchema = z.object({ property: PropertyViewSchema });

export const PropertyListAnswerSchema = listAnswerSchema(PropertyViewSchema, 'properties').extend({
  featured: z.array(PropertyViewSchema).meta({
    description:
      'The listings a boost features that match the same filters, shown first (marked Featured)',
  }),
});
