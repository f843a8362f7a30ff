import { z } from 'zod';
import { ASSET_TYPES, AVAILABILITIES, OFFERS } from '#lib/listing.ts';
import { PhotoViewSchema } from '#modules/media/media.schema.ts';

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
  location: z.string().nullable(),
  owner: z.string().nullable(),
  ownerId: z.uuid(),
  contact: z.string().nullable(),
  features: z.array(z.string()),
  image: z.string().nullable().meta({ description: 'Cover photo URL (640 px WebP)' }),
  photos: z.array(PhotoViewSchema),
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

export type AssetView = z.infer<typeof AssetViewSchema>;
