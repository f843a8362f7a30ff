import { z } from 'zod';
import { FeaturesSchema, optionalText, requiredAmount, requiredText } from '#lib/form-fields.ts';
import { ADMIN_LISTING_STATUSES } from '#lib/admin-listings.ts';
import { t, type AnyMessageKey as MessageKey } from '#lib/i18n.all.ts';
import {
  ADDRESS_MAX_LENGTH,
  AREA_SQM_MAX,
  CONTACT_MAX_LENGTH,
  DESCRIPTION_MAX_LENGTH,
  LOCATION_MAX_LENGTH,
  DASHBOARD_PAGE_SIZE,
  MANAGE_TABLE_PAGE_SIZE,
  NAME_MAX_LENGTH,
  ROOM_COUNT_MAX,
  SEARCH_TEXT_MAX_LENGTH,
  TITLE_MAX_LENGTH,
} from '#lib/limits.ts';
import { ASSET_TYPES, capitalizeType, MODERATION_STATES, PROPERTY_TYPES } from '#lib/listing.ts';

import { AssetViewSchema, assetKindFields } from '#modules/assets/assets.schema.ts';
import { PropertyViewSchema } from '#modules/properties/properties.schema.ts';
import { listAnswerSchema, listQuerySchema } from '#lib/list-query.ts';
import {
  exactPointViewFields,
  listingPlaceFields,
  pointInputFields,
  requirePlace,
  requiredPlaceFields,
} from '#modules/places/places.schema.ts';
import { listerInputFields } from '#lib/listing-schemas.ts';

/** An update may also approve (the manage table's Approve): publish, nothing else changes. */
const ADMIN_UPDATE_STATUSES = [...ADMIN_LISTING_STATUSES, 'Approved'] as const;
export type AdminUpdateStatus = (typeof ADMIN_UPDATE_STATUSES)[number];

/** A form field's single text; blank is absent (a select left on 'All', an empty input). */
function firstText(value: unknown): unknown {
  const text = Array.isArray(value) ? value[0] : value;
  if (typeof text === 'string' && text.trim() === '') return undefined;
  return text;
}

/** A choice in any case ('house', 'RENT') in its canonical form. */
function choice(value: unknown): unknown {
  const text = firstText(value);
  return typeof text === 'string' ? capitalizeType(text) : text;
}

/** A required count of rooms: a whole number from 0 to ROOM_COUNT_MAX, from text or a number. */
function requiredCount(label: MessageKey) {
  const required = () => t('validation.required', { field: t(label) });
  return z.preprocess(
    firstText,
    z
      .union([z.string(), z.number()], { error: required })
      .pipe(z.coerce.number({ error: () => t('validation.count') }))
      .pipe(
        z
          .number({ error: () => t('validation.count') })
          .int({ error: () => t('validation.count') })
          .min(0, { error: () => t('validation.count') })
          .max(ROOM_COUNT_MAX, { error: () => t('validation.count') }),
      ),
  );
}

/** A required area in square metres: '120', '120sqm' and '120 m²' all read as 120. */
const RequiredAreaSchema = z.preprocess(
  (value) => {
    const text = firstText(value);
    if (typeof text !== 'string') return text;
    const match = /^\s*(\d+)\s*(sqm|m2|m²|sq\.?\s*m)?\s*$/i.exec(text);
    return match ? Number(match[1]) : text;
  },
  z
    .number({
      error: (issue) =>
        issue.input === undefined
          ? t('validation.required', { field: t('listing.area') })
          : t('validation.area'),
    })
    .int({ error: () => t('validation.area') })
    .min(1, { error: () => t('validation.area') })
    .max(AREA_SQM_MAX, { error: () => t('validation.area') }),
);

const AdminStatusSchema = z.preprocess(
  choice,
  z.enum(ADMIN_LISTING_STATUSES, { error: () => t('manage.statusChoice') }).default('Rent'),
);
const AdminUpdateStatusSchema = z.preprocess(
  choice,
  z.enum(ADMIN_UPDATE_STATUSES, { error: () => t('manage.statusChoice') }).optional(),
);

/** The fields every admin property has (spec §5: all required but address and features). */
const propertyFields = {
  title: requiredText('supply.fieldTitle', TITLE_MAX_LENGTH),
  location: optionalText(LOCATION_MAX_LENGTH),
  ...listingPlaceFields,
  ...pointInputFields,
  address: optionalText(ADDRESS_MAX_LENGTH),
  area: RequiredAreaSchema,
  bedrooms: requiredCount('listing.bedrooms'),
  bathrooms: requiredCount('listing.bathrooms'),
  toilets: requiredCount('listing.toilets'),
  price: requiredAmount('listing.price'),
  owner: requiredText('listing.owner', NAME_MAX_LENGTH),
  contact: requiredText('listing.contact', CONTACT_MAX_LENGTH),
  ...listerInputFields,
  description: requiredText('listing.description', DESCRIPTION_MAX_LENGTH),
  features: FeaturesSchema,
};

const PropertyTypeSchema = z.enum(PROPERTY_TYPES, { error: () => t('manage.propertyType') });

const AdminPropertyFieldsSchema = z.object({
  ...propertyFields,
  type: z.preprocess(choice, PropertyTypeSchema.default('House')),
  status: AdminStatusSchema,
});

/** A new property through the API: the place is its district, or the location text. */
export const AdminPropertyInputSchema = AdminPropertyFieldsSchema.check(
  requirePlace('listing.location'),
);
export type AdminPropertyInput = z.infer<typeof AdminPropertyInputSchema>;

/**
 * The admin property form (create, and the page's edit which sends every field): the place is
 * its district and sector, the street line optional.
 */
export const AdminPropertyFormSchema = AdminPropertyFieldsSchema.safeExtend(requiredPlaceFields);

/** An edit through the API: the fields sent replace, the rest is kept ({status} alone too). */
export const AdminPropertyUpdateSchema = z
  .object(propertyFields)
  .partial()
  .extend({
    type: z.preprocess(choice, PropertyTypeSchema.optional()),
    status: AdminUpdateStatusSchema,
  });
export type AdminPropertyUpdate = z.infer<typeof AdminPropertyUpdateSchema>;

const assetFields = {
  name: requiredText('manage.fieldName', TITLE_MAX_LENGTH),
  location: optionalText(LOCATION_MAX_LENGTH),
  ...listingPlaceFields,
  ...pointInputFields,
  price: requiredAmount('listing.price'),
  owner: requiredText('listing.owner', NAME_MAX_LENGTH),
  contact: requiredText('listing.contact', CONTACT_MAX_LENGTH),
  ...listerInputFields,
  description: optionalText(DESCRIPTION_MAX_LENGTH),
  features: FeaturesSchema,
};

const AssetTypeSchema = z.enum(ASSET_TYPES, { error: () => t('manage.assetType') });

const AdminAssetFieldsSchema = z.object({
  ...assetFields,
  ...assetKindFields,
  type: z.preprocess(choice, AssetTypeSchema.default('Land')),
  status: AdminStatusSchema,
});

/** A new asset through the API: the common fields, then those of its kind. */
export const AdminAssetInputSchema = AdminAssetFieldsSchema.check(requirePlace('listing.location'));
export type AdminAssetInput = z.infer<typeof AdminAssetInputSchema>;

/** The admin asset form: the place is its district and sector, the street line optional. */
export const AdminAssetFormSchema = AdminAssetFieldsSchema.safeExtend(requiredPlaceFields);

export const AdminAssetUpdateSchema = z
  .object(assetFields)
  .partial()
  .extend({
    ...assetKindFields,
    type: z.preprocess(choice, AssetTypeSchema.optional()),
    status: AdminUpdateStatusSchema,
  });
export type AdminAssetUpdate = z.infer<typeof AdminAssetUpdateSchema>;

const tableFilters = {
  location: z.preprocess(firstText, z.string().trim().max(SEARCH_TEXT_MAX_LENGTH).optional()),
  status: z.preprocess(
    choice,
    z.enum(MODERATION_STATES, { error: () => t('manage.moderationChoice') }).optional(),
  ),
};

/** The manage table's filters: blank ('All') means no filter. */
export const AdminPropertyQuerySchema = listQuerySchema(MANAGE_TABLE_PAGE_SIZE, {
  ...tableFilters,
  type: z.preprocess(choice, PropertyTypeSchema.optional()),
});
export type AdminPropertyQuery = z.infer<typeof AdminPropertyQuerySchema>;

export const AdminAssetQuerySchema = listQuerySchema(MANAGE_TABLE_PAGE_SIZE, {
  ...tableFilters,
  type: z.preprocess(choice, AssetTypeSchema.optional()),
});

/** A page of the dashboard's property cards. */
export const DashboardQuerySchema = listQuerySchema(DASHBOARD_PAGE_SIZE, {});
export type AdminAssetQuery = z.infer<typeof AdminAssetQuerySchema>;

/** A property as admins see it: the public view, its moderation and last change. */
// The admin's rows are read without their owner; the users page says who is verified.
const AdminPropertyViewSchema = PropertyViewSchema.omit({ ownerVerified: true }).extend({
  moderation: z.enum(MODERATION_STATES),
  ...exactPointViewFields,
  updatedAt: z.iso.datetime(),
});
export type AdminPropertyView = z.infer<typeof AdminPropertyViewSchema>;

const AdminAssetViewSchema = AssetViewSchema.omit({ ownerVerified: true }).extend({
  moderation: z.enum(MODERATION_STATES),
  ...exactPointViewFields,
  updatedAt: z.iso.datetime(),
});
export type AdminAssetView = z.infer<typeof AdminAssetViewSchema>;

export const AdminPropertyListAnswerSchema = listAnswerSchema(AdminPropertyViewSchema);
export const AdminAssetListAnswerSchema = listAnswerSchema(AdminAssetViewSchema);
export const AdminPropertyAnswerSchema = z.object({
  message: z.string(),
  data: AdminPropertyViewSchema,
});
export const AdminAssetAnswerSchema = z.object({ message: z.string(), data: AdminAssetViewSchema });
