import { z } from 'zod';
import {
  FeaturesSchema,
  OptionalListingTypeSchema,
  OptionalAreaSchema,
  OptionalCountSchema,
  RequestPricePeriodSchema,
  optionalText,
  requiredAmount,
  requiredText,
} from '#lib/form-fields.ts';
import { t } from '#lib/i18n.all.ts';
import {
  CONTACT_MAX_LENGTH,
  DEFAULT_PAGE_SIZE,
  DESCRIPTION_MAX_LENGTH,
  LOCATION_MAX_LENGTH,
  NAME_MAX_LENGTH,
  SEARCH_TEXT_MAX_LENGTH,
  TITLE_MAX_LENGTH,
} from '#lib/limits.ts';
import { LISTING_TYPES, REQUEST_STATUSES } from '#lib/listing.ts';

import { PhotoViewSchema } from '#modules/media/media.schema.ts';
import {
  exactPointViewFields,
  placeInputFields,
  placeViewFields,
  pointInputFields,
  pointViewFields,
  priceViewFields,
  requirePlace,
  requiredPlaceFields,
} from '#modules/places/places.schema.ts';
import { listAnswerSchema, listQuerySchema } from '#lib/list-query.ts';

/** A buyer's wanted-ad as the form sends it: title, budget and location are required. */
const RequestFieldsSchema = z.object({
  title: requiredText('request.fieldTitle', TITLE_MAX_LENGTH),
  price: requiredAmount('request.fieldPrice'),
  location: optionalText(LOCATION_MAX_LENGTH),
  ...placeInputFields,
  ...pointInputFields,
  /** Blank in the form: the budget is for buying. */
  pricePeriod: RequestPricePeriodSchema,
  requesterName: optionalText(NAME_MAX_LENGTH),
  contact: optionalText(CONTACT_MAX_LENGTH),
  description: optionalText(DESCRIPTION_MAX_LENGTH),
  bedrooms: OptionalCountSchema,
  bathrooms: OptionalCountSchema,
  toilets: OptionalCountSchema,
  area: OptionalAreaSchema,
  type: OptionalListingTypeSchema,
  features: FeaturesSchema,
});

export const RequestInputSchema = RequestFieldsSchema.check(requirePlace('request.fieldLocation'));

/** The request form's fields: the place is its district and sector (see SupplyFormSchema). */
export const RequestFormSchema = RequestFieldsSchema.safeExtend(requiredPlaceFields);

export type RequestInput = z.infer<typeof RequestInputSchema>;

/** An edit by the requester: any field of the form, and Open or Closed. */
export const RequestUpdateSchema = RequestFieldsSchema.partial().extend({
  status: z.enum(REQUEST_STATUSES, { error: () => t('request.statusInvalid') }).optional(),
});

export type RequestUpdate = z.infer<typeof RequestUpdateSchema>;

export const RequestListQuerySchema = listQuerySchema(DEFAULT_PAGE_SIZE, {
  type: OptionalListingTypeSchema,
  location: optionalText(SEARCH_TEXT_MAX_LENGTH),
  /** Only the signed-in user's own requests, open and closed. */
  mine: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((value) => value === 'true' || value === '1'),
});

export type RequestListQuery = z.infer<typeof RequestListQuerySchema>;

/** A wanted-ad as the API and the pages show it. */
const RequestViewSchema = z.object({
  _id: z.uuid(),
  title: z.string(),
  price: z.number().int(),
  location: z.string().meta({ description: 'The place as one readable line' }),
  ...placeViewFields,
  ...pointViewFields,
  /** The point the requester set: for them and the admins only. */
  exactLatitude: exactPointViewFields.exactLatitude.optional(),
  exactLongitude: exactPointViewFields.exactLongitude.optional(),
  ...priceViewFields,
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

export const RequestListAnswerSchema = listAnswerSchema(RequestViewSchema);
