import { assets } from '#db/schema.ts';
import type { AssetType, Lister } from '#lib/listing.ts';
import { placeLine } from '#lib/places.ts';
import {
  ASSET_KIND_FIELDS,
  type AssetKindField,
  type AssetKindValues,
  type AssetView,
} from '#modules/assets/assets.schema.ts';
import type { ListingKindAdapter } from './catalogue.kinds.ts';
import {
  sharedViewColumns,
  toSharedColumns,
  toSharedView,
  type SharedFieldsInput,
} from './catalogue.fields.ts';

/**
 * The asset kind of the catalogue: which columns its pages read, how a row becomes the API's
 * view (the spec's `name`, the kind fields of cars, land and clothes) and how a form's fields
 * become columns. An asset field or rule is written here once.
 */

type AssetRow = typeof assets.$inferSelect;

/** Where each kind field lives in the assets table (the API keeps the spec's names). */
const KIND_FIELD_COLUMNS = {
  transmission: 'transmission',
  fuel: 'fuel',
  certified: 'isCertified',
  inspected: 'isInspected',
  warranty: 'warranty',
  rentalPrice: 'rentalPrice',
  rentDuration: 'rentDuration',
  size: 'size',
  condition: 'condition',
  sizeCloth: 'sizeCloth',
} as const satisfies Record<AssetKindField, keyof AssetRow>;

type KindColumn = (typeof KIND_FIELD_COLUMNS)[AssetKindField];
type KindColumns = Pick<AssetRow, KindColumn>;

const KIND_FIELD_ENTRIES = Object.entries(KIND_FIELD_COLUMNS) as [AssetKindField, KindColumn][];

/** The kind fields of a listing that has none (a property shown beside assets). */
export const NO_ASSET_KIND_FIELDS = Object.fromEntries(
  KIND_FIELD_ENTRIES.map(([field]) => [field, null]),
) as AssetKindValues;

/** The kind fields of an asset row under their API names. */
function readAssetKindFields(row: KindColumns): AssetKindValues {
  return Object.fromEntries(
    KIND_FIELD_ENTRIES.map(([field, column]) => [field, row[column]]),
  ) as AssetKindValues;
}

/** An asset's facts as the supply and admin forms name them; any may be left out. */
type AssetFieldsInput = SharedFieldsInput & {
  name?: string;
} & Partial<{ [Field in AssetKindField]: NonNullable<AssetKindValues[Field]> }>;

/**
 * The asset columns a form's fields fill, for an asset of `type`. A field left out is undefined,
 * which keeps the stored value on an update; the kind fields another kind has are emptied, so a
 * change of kind leaves no stale vehicle facts on a piece of land. `before` is the stored row when
 * editing (an owner's listing keeps no fees).
 */
export function toAssetColumns(
  type: AssetType,
  input: AssetFieldsInput,
  before?: { listedBy: Lister },
) {
  const kindFields = new Set<AssetKindField>(ASSET_KIND_FIELDS[type]);
  const kindColumns = Object.fromEntries(
    KIND_FIELD_ENTRIES.map(([field, column]) => [
      column,
      kindFields.has(field) ? input[field] : null,
    ]),
  ) as Partial<KindColumns>;
  return {
    ...toSharedColumns(input, before),
    name: input.name,
    ...kindColumns,
  };
}

/** Columns a public view needs: everything but the search document and moderation facts. */
const viewColumns = {
  ...sharedViewColumns(assets),
  type: assets.type,
  name: assets.name,
  transmission: assets.transmission,
  fuel: assets.fuel,
  isCertified: assets.isCertified,
  isInspected: assets.isInspected,
  warranty: assets.warranty,
  rentalPrice: assets.rentalPrice,
  rentDuration: assets.rentDuration,
  size: assets.size,
  condition: assets.condition,
  sizeCloth: assets.sizeCloth,
};

/** Rows read outside the catalogue queries (supplies, admin) do not know `ownerVerified`. */
export type AssetViewRow = Pick<AssetRow, Exclude<keyof typeof viewColumns, 'ownerVerified'>> & {
  ownerVerified?: boolean;
};

/** An asset row as the public sees it (the admin view adds its moderation). */
export function toAssetView(row: AssetViewRow, now: Date): AssetView {
  return {
    ...toSharedView(row, now),
    name: row.name,
    owner: row.ownerName,
    contact: row.contact,
    type: row.type,
    location: placeLine(row) || null,
    ...readAssetKindFields(row),
  };
}

/** What the catalogue's generic queries need to know of assets. */
export const assetKind = {
  kind: 'asset',
  table: assets,
  viewColumns,
  toView: toAssetView,
  notFoundMessage: 'api.assetNotFound',
} as const satisfies ListingKindAdapter<AssetViewRow, AssetView>;
