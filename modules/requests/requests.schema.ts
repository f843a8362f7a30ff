import { z } from 'zod';
import {
  FeaturesSchema,
  OptionalListingTypeSchema,
  OptionalAreaSchema,
  OptionalCountSchema,
  optionalText,
  requiredAmount,
  requiredText,
} from '#lib/form-fields.ts';
import { t } from '#lib/i18n.ts';
import { LISTING_TYPES, REQUEST_STATUSES } from '#lib/listing.ts';
import { PhotoViewSchema } from '#modules/media/media.schema.ts';

/** A buyer's wanted-ad as the form sends it: title, budget and location are required. */
export const RequestInputSchema = z.object({
  title: requiredText('request.fieldTitle', 200),
  price: requiredAmount('request.fieldPrice'),
  location: requiredText('request.fieldLocation', 200),
  requesterName: optionalText(100),
  contact: optionalText(100),
  description: optionalText(5000),
  bedrooms: OptionalCountSchema,
  bathrooms: OptionalCountSchema,
  toilets: OptionalCountSchema,
  area: OptionalAreaSchema,
  type: OptionalListingTypeSchema,
  features: FeaturesSchema,
});

export type RequestInput = z.infer<typeof RequestInputSchema>;

/** An edit by the requester: any field of the form, and Open or Closed. */
export const RequestUpdateSchema = RequestInputSchema.partial().extend({
  status: z.enum(REQUEST_STATUSES, t('request.statusInvalid')).optional(),
});

export type RequestUpdate = z.infer<typeof RequestUpdateSchema>;

export const RequestListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(500).default(1),
  pageSize: z.coerce.number().int().min(1).max(48).default(12),
  type: OptionalListingTypeSchema,
  location: optionalText(100),
  /** Only the signed-in user's own requests, open and closed. */
  mine: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((value) => value === 'true' || value === '1'),
});

export type RequestListQuery = z.infer<typeof RequestListQuerySchema>;

/** A wanted-ad as the API and the pages show it. */
export const RequestViewSchema = z.object({
  _id: z.uuid(),
  title: z.string(),
  price: z.number().int(),
  location: z.string(),
  description: z.string(),
  image: z.string().nullable(),
  photos: z.array(PhotoViewSchema),
  requesterName: z.string(),
  requesterId: z.uuid(),
  contact: z.string().nullable(),
  type: z.enum(LISTING_TYPES).nullable(),
  bedrooms: z.number().int().nullable(),
  bathrooms: z.number().int().nullable(),
  toilets: z.number().int().nullable(),
  area: z.number().int().nullable(),
  features: z.array(z.string()),
  status: z.enum(REQUEST_STATUSES),
  createdAt: z.iso.datetime(),
  timeAgo: z.string(),
});

export type RequestView = z.infer<typeof RequestViewSchema>;

export const RequestAnswerSchema = z.object({ data: RequestViewSchema });

export const RequestListAnswerSchema = z.object({
  data: z.array(RequestViewSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  isTotalCapped: z.boolean(),
});
