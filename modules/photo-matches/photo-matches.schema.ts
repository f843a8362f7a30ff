import { z } from 'zod';
import { MODERATION_STATES } from '#lib/listing.ts';
import { PhotoViewSchema } from '#modules/media/media.schema.ts';

/**
 * One of this listing's photos that looks like a photo of another owner's listing (perceptual
 * hashes at most 3 bits apart), with what an admin needs to compare them side by side.
 */
export const PhotoMatchViewSchema = z.object({
  /** This listing's photo. */
  photo: PhotoViewSchema,
  /** How many of the 64 hash bits differ (0: the same picture). */
  distance: z.number().int(),
  matched: z.object({
    id: z.uuid(),
    kind: z.enum(['property', 'asset']),
    title: z.string(),
    ownerId: z.uuid(),
    ownerName: z.string(),
    moderation: z.enum(MODERATION_STATES),
    /** The other listing's photo. */
    photo: PhotoViewSchema,
  }),
});

export type PhotoMatchView = z.infer<typeof PhotoMatchViewSchema>;
