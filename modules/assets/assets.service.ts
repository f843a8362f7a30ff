import type { Database } from '#db/client.ts';
import { assets } from '#db/schema.ts';
import type { Actor } from '#lib/account.ts';
import type { Clock } from '#lib/clock.ts';
import { formatTimeAgo } from '#lib/format.ts';
import { t } from '#lib/i18n.admin.ts';
import type { ListQuery } from '#lib/listing-schemas.ts';
import {
  toListerColumns,
  type AssetType,
  type Availability,
  type Lister,
  type PricePeriod,
} from '#lib/listing.ts';
import { placeLine, toPlaceView } from '#lib/places.ts';
import { toPhotoView } from '#lib/photos.ts';
import { cacheListingDetails, cacheWordsBegun } from '#modules/catalogue/catalogue-cache.ts';
import type { CatalogueEvents } from '#modules/catalogue/catalogue.events.ts';
import { createCatalogueQueries } from '#modules/catalogue/catalogue.queries.ts';
import { ownerVerifiedIn } from '#modules/catalogue/catalogue.sql.ts';
import {
  ASSET_KIND_FIELDS,
  type AssetKindField,
  type AssetKindValues,
  type AssetView,
} from './assets.schema.ts';

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
type AssetFieldsInput = {
  name?: string;
  description?: string;
  price?: number;
  location?: string;
  district?: string;
  sector?: string;
  cell?: string;
  pricePeriod?: PricePeriod;
  upi?: string;
  owner?: string;
  contact?: string;
  listedBy?: Lister;
  commission?: number | null;
  viewingFee?: number | null;
  features?: string[];
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
    ...toListerColumns(input, before),
    name: input.name,
    description: input.description,
    price: input.price,
    location: input.location,
    district: input.district,
    sector: input.sector,
    cell: input.cell,
    pricePeriod: input.pricePeriod,
    upi: input.upi,
    ownerName: input.owner,
    contact: input.contact,
    features: input.features,
    ...kindColumns,
  };
}

/** Columns a public view needs: everything but the search document and moderation facts. */
const viewColumns = {
  id: assets.id,
  ownerId: assets.ownerId,
  type: assets.type,
  name: assets.name,
  description: assets.description,
  price: assets.price,
  offer: assets.offer,
  availability: assets.availability,
  location: assets.location,
  district: assets.district,
  sector: assets.sector,
  cell: assets.cell,
  pricePeriod: assets.pricePeriod,
  upi: assets.upi,
  ownerName: assets.ownerName,
  contact: assets.contact,
  listedBy: assets.listedBy,
  commission: assets.commission,
  viewingFee: assets.viewingFee,
  features: assets.features,
  photos: assets.photos,
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
  createdAt: assets.createdAt,
  ownerVerified: ownerVerifiedIn(assets),
};

/** Rows read outside the catalogue queries (supplies, admin) do not know `ownerVerified`. */
type AssetViewRow = Pick<AssetRow, Exclude<keyof typeof viewColumns, 'ownerVerified'>> & {
  ownerVerified?: boolean;
};

/** An asset row as the public sees it (the admin view adds its moderation). */
export function toAssetView(row: AssetViewRow, now: Date): AssetView {
  const photos = row.photos.map(toPhotoView);
  return {
    _id: row.id,
    name: row.name,
    description: row.description,
    price: row.price,
    status: row.offer,
    availability: row.availability,
    type: row.type,
    location: placeLine(row) || null,
    ...toPlaceView(row),
    pricePeriod: row.pricePeriod,
    upi: row.upi,
    owner: row.ownerName,
    ownerId: row.ownerId,
    contact: row.contact,
    listedBy: row.listedBy,
    commission: row.commission,
    viewingFee: row.viewingFee,
    features: row.features,
    image: photos[0]?.src ?? null,
    photos,
    ...readAssetKindFields(row),
    createdAt: row.createdAt.toISOString(),
    timeAgo: formatTimeAgo(row.createdAt, now),
    ownerVerified: row.ownerVerified ?? false,
  };
}

export type AssetsService = ReturnType<typeof createAssetsService>;

export function createAssetsService({
  db,
  clock,
  catalogueEvents,
  cacheSeconds,
  isKeepingTypedWords,
}: {
  db: Database;
  clock: Clock;
  /** Told after an asset's availability changes. */
  catalogueEvents: CatalogueEvents;
  /** How long a published asset's details and similar listings are reused (0: read each time). */
  cacheSeconds: number;
  /** Whether searches keep the words each typed word begins (cacheWordsBegun). */
  isKeepingTypedWords: boolean;
}) {
  const catalogue = createCatalogueQueries<AssetViewRow, AssetView>({
    db,
    clock,
    table: assets,
    columns: viewColumns,
    toView: toAssetView,
    notFoundMessage: () => t('api.assetNotFound'),
    keepWordsBegun: isKeepingTypedWords ? cacheWordsBegun(catalogueEvents) : undefined,
  });
  const details = cacheListingDetails(catalogue, { seconds: cacheSeconds, catalogueEvents });
  return {
    /** One published asset, or NotFound. */
    getPublishedAsset: details.getPublished,
    /** A page of published assets, optionally of one type, one offer or one owner. */
    listPublishedAssets: (
      query: Partial<ListQuery> & { type?: AssetType; ownerId?: string },
      countCap?: number,
    ) => catalogue.listPublished(query, countCap),
    /** How many published assets each district holds for a list's filters. */
    countAssetsByDistrict: (query: Partial<ListQuery> & { type?: AssetType }) =>
      catalogue.countByDistrict(query),
    /** Published assets matching what a visitor typed, best first (see searchPublished). */
    searchPublishedAssets: catalogue.searchPublished,
    /** Published assets like this one (type, offer, district, near its price). */
    listSimilarAssets: details.listSimilar,
    /** Each type, offer and district with published assets (the landing pages). */
    listAssetPlaces: catalogue.listPublishedPlaces,
    /** Ids and change dates of published assets, newest first, for the sitemap. */
    listPublishedAssetIds: catalogue.listPublishedIds,
    /** The owner of an asset, published or not; undefined when there is none. */
    getAssetOwnerId: catalogue.getOwnerId,
    /** Marks an asset available, sold or rented (its owner or an admin). */
    async setAssetAvailability(
      id: string,
      availability: Availability,
      actor: Actor,
    ): Promise<void> {
      await catalogue.setAvailability(id, availability, actor, (before, after, tx) =>
        catalogueEvents.listingWritten({ kind: 'asset', before, after }, tx),
      );
      catalogueEvents.changed();
    },
  };
}
