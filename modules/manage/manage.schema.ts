import { z } from 'zod';
import { FeaturesSchema, optionalText, requiredAmount, requiredText } from '#lib/form-fields.ts';
import { t, type MessageKey } from '#lib/i18n.ts';
import { ASSET_TYPES, capitalizeType, MODERATION_STATES, PROPERTY_TYPES } from '#lib/listing.ts';
import { AssetViewSchema } from '#modules/assets/assets.schema.ts';
import { PropertyViewSchema } from '#modules/listings/listings.schema.ts';
import { assetKindFields } from '#modules/supplies/supplies.schema.ts';

/**
 * The admin form's Status choices (spec: Property status choices). Rent and Sale publish with
 * that offer, Available publishes keeping the offer, Pending saves unpublished
 * (docs/decisions/007-admin-listing-status.md).
 */
export const ADMIN_LISTING_STATUSES = ['Available', 'Rent', 'Sale', 'Pending'] as const;
export type AdminListingStatus = (typeof ADMIN_LISTING_STATUSES)[number];
/** An update may also approve (the manage table's Approve): publish, nothing else changes. */
export const ADMIN_UPDATE_STATUSES = [...ADMIN_LISTING_STATUSES, 'Approved'] as const;
export type AdminUpdateStatus = (typeof ADMIN_UPDATE_STATUSES)[number];

/** Location filter choices of the manage tables (spec §9). */
export const LOCATION_FILTERS = ['Kigali', 'Karongi', 'Musanze'] as const;
/** Properties on one page of the dashboard (spec §9). */
export const DASHBOARD_PAGE_SIZE = 6;

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

/** A required count of rooms: a whole number from 0 to 1000, read from text or a number. */
function requiredCount(label: MessageKey) {
  const required = t('validation.required', { field: t(label) });
  return z.preprocess(
    firstText,
    z
      .union([z.string(), z.number()], { error: required })
      .pipe(z.coerce.number({ error: t('validation.count') }))
      .pipe(
        z
          .number({ error: t('validation.count') })
          .int(t('validation.count'))
          .min(0, t('validation.count'))
          .max(1000, t('validation.count')),
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
    .int(t('validation.area'))
    .min(1, t('validation.area'))
    .max(10_000_000, t('validation.area')),
);

const AdminStatusSchema = z.preprocess(
  choice,
  z.enum(ADMIN_LISTING_STATUSES, t('manage.statusChoice')).default('Rent'),
);
const AdminUpdateStatusSchema = z.preprocess(
  choice,
  z.enum(ADMIN_UPDATE_STATUSES, t('manage.statusChoice')).optional(),
);

/** The fields every admin property has (spec §5: all required but address and features). */
const propertyFields = {
  title: requiredText('supply.fieldTitle', 200),
  location: requiredText('listing.location', 200),
  address: optionalText(300),
  area: RequiredAreaSchema,
  bedrooms: requiredCount('listing.bedrooms'),
  bathrooms: requiredCount('listing.bathrooms'),
  toilets: requiredCount('listing.toilets'),
  price: requiredAmount('listing.price'),
  owner: requiredText('listing.owner', 100),
  contact: requiredText('listing.contact', 100),
  description: requiredText('listing.description', 5000),
  features: FeaturesSchema,
};

const PropertyTypeSchema = z.enum(PROPERTY_TYPES, t('manage.propertyType'));

/** The admin property form (create, and the page's edit which sends every field). */
export const AdminPropertyInputSchema = z.object({
  ...propertyFields,
  type: z.preprocess(choice, PropertyTypeSchema.default('House')),
  status: AdminStatusSchema,
});
export type AdminPropertyInput = z.infer<typeof AdminPropertyInputSchema>;

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
  name: requiredText('manage.fieldName', 200),
  location: requiredText('listing.location', 200),
  price: requiredAmount('listing.price'),
  owner: requiredText('listing.owner', 100),
  contact: requiredText('listing.contact', 100),
  description: optionalText(5000),
  features: FeaturesSchema,
};

const AssetTypeSchema = z.enum(ASSET_TYPES, t('manage.assetType'));

/** The admin asset form: the common fields, then those of its kind. */
export const AdminAssetInputSchema = z.object({
  ...assetFields,
  ...assetKindFields,
  type: z.preprocess(choice, AssetTypeSchema.default('Land')),
  status: AdminStatusSchema,
});
export type AdminAssetInput = z.infer<typeof AdminAssetInputSchema>;

export const AdminAssetUpdateSchema = z
  .object(assetFields)
  .partial()
  .extend({
    ...assetKindFields,
    type: z.preprocess(choice, AssetTypeSchema.optional()),
    status: AdminUpdateStatusSchema,
  });
export type AdminAssetUpdate = z.infer<typeof AdminAssetUpdateSchema>;

const pageFields = {
  location: z.preprocess(firstText, z.string().trim().max(100).optional()),
  status: z.preprocess(choice, z.enum(MODERATION_STATES, t('manage.moderationChoice')).optional()),
  page: z.coerce.number().int().min(1).max(500).default(1),
  pageSize: z.coerce.number().int().min(1).max(48).default(10),
};

/** The manage table's filters: blank ('All') means no filter. */
export const AdminPropertyQuerySchema = z.object({
  ...pageFields,
  type: z.preprocess(choice, PropertyTypeSchema.optional()),
});
export type AdminPropertyQuery = z.infer<typeof AdminPropertyQuerySchema>;

export const AdminAssetQuerySchema = z.object({
  ...pageFields,
  type: z.preprocess(choice, AssetTypeSchema.optional()),
});
export type AdminAssetQuery = z.infer<typeof AdminAssetQuerySchema>;

/** A property as admins see it: the public view, its moderation and last change. */
export const AdminPropertyViewSchema = PropertyViewSchema.extend({
  moderation: z.enum(MODERATION_STATES),
  updatedAt: z.iso.datetime(),
});
export type AdminPropertyView = z.infer<typeof AdminPropertyViewSchema>;

export const AdminAssetViewSchema = AssetViewSchema.extend({
  moderation: z.enum(MODERATION_STATES),
  updatedAt: z.iso.datetime(),
});
export type AdminAssetView = z.infer<typeof AdminAssetViewSchema>;

/** What the edit form's Status select shows: Pending while unpublished, else the offer. */
export function adminStatusOf(listing: {
  moderation: AdminPropertyView['moderation'];
  status: AdminPropertyView['status'];
}): AdminListingStatus {
  return listing.moderation === 'Approved' ? listing.status : 'Pending';
}

const listAnswer = <Item extends z.ZodType>(item: Item) =>
  z.object({
    data: z.array(item),
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
    isTotalCapped: z.boolean(),
  });

export const AdminPropertyListAnswerSchema = listAnswer(AdminPropertyViewSchema);
export const AdminAssetListAnswerSchema = listAnswer(AdminAssetViewSchema);
export const AdminPropertyAnswerSchema = z.object({
  message: z.string(),
  data: AdminPropertyViewSchema,
});
export const AdminAssetAnswerSchema = z.object({ message: z.string(), data: AdminAssetViewSchema });
