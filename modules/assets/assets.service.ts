import { createCatalogueQueries } from '#db/catalogue-queries.ts';
import type { Database } from '#db/client.ts';
import { assets } from '#db/schema.ts';
import type { Clock } from '#lib/clock.ts';
import { formatTimeAgo } from '#lib/format.ts';
import { t } from '#lib/i18n.ts';
import type { ListQuery } from '#lib/listing-schemas.ts';
import type { AssetType } from '#lib/listing.ts';
import { toPhotoView } from '#lib/photos.ts';
import type { AssetView } from './assets.schema.ts';

type AssetRow = typeof assets.$inferSelect;

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
  ownerName: assets.ownerName,
  contact: assets.contact,
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
};

type AssetViewRow = Pick<AssetRow, keyof typeof viewColumns>;

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
    location: row.location,
    owner: row.ownerName,
    ownerId: row.ownerId,
    contact: row.contact,
    features: row.features,
    image: photos[0]?.src ?? null,
    photos,
    transmission: row.transmission,
    fuel: row.fuel,
    certified: row.isCertified,
    inspected: row.isInspected,
    warranty: row.warranty,
    rentalPrice: row.rentalPrice,
    rentDuration: row.rentDuration,
    size: row.size,
    condition: row.condition,
    sizeCloth: row.sizeCloth,
    createdAt: row.createdAt.toISOString(),
    timeAgo: formatTimeAgo(row.createdAt, now),
  };
}

export type AssetsService = ReturnType<typeof createAssetsService>;

export function createAssetsService({ db, clock }: { db: Database; clock: Clock }) {
  const catalogue = createCatalogueQueries<AssetViewRow, AssetView>({
    db,
    clock,
    table: assets,
    columns: viewColumns,
    toView: toAssetView,
    notFoundMessage: t('api.assetNotFound'),
  });
  return {
    /** One published asset, or NotFound. */
    getPublishedAsset: catalogue.getPublished,
    /** A page of published assets, optionally of one type, one offer or one owner. */
    listPublishedAssets: (
      query: Partial<ListQuery> & { type?: AssetType; ownerId?: string },
      countCap?: number,
    ) => catalogue.listPublished(query, countCap),
    /** Published assets matching what a visitor typed, best first (see searchPublished). */
    searchPublishedAssets: catalogue.searchPublished,
    /** Ids and change dates of published assets, newest first, for the sitemap. */
    listPublishedAssetIds: catalogue.listPublishedIds,
    /** The owner of an asset, published or not; undefined when there is none. */
    getAssetOwnerId: catalogue.getOwnerId,
    /** Marks an asset available, sold or rented. */
    setAssetAvailability: catalogue.setAvailability,
  };
}
