import type { Database } from '#db/client.ts';
import { properties } from '#db/schema.ts';
import type { Actor } from '#lib/account.ts';
import type { Clock } from '#lib/clock.ts';
import { formatTimeAgo } from '#lib/format.ts';
import { t } from '#lib/i18n.admin.ts';
import type { ListQuery } from '#lib/listing-schemas.ts';
import {
  toListerColumns,
  type Availability,
  type Lister,
  type PricePeriod,
  type PropertyType,
} from '#lib/listing.ts';
import { placeLine, toPlaceView } from '#lib/places.ts';
import { toPhotoView } from '#lib/photos.ts';
import { cacheListingDetails, cacheWordsBegun } from '#modules/catalogue/catalogue-cache.ts';
import type { CatalogueEvents } from '#modules/catalogue/catalogue.events.ts';
import { createCatalogueQueries } from '#modules/catalogue/catalogue.queries.ts';
import { ownerVerifiedIn } from '#modules/catalogue/catalogue.sql.ts';
import type { PropertyView } from './listings.schema.ts';

type PropertyRow = typeof properties.$inferSelect;

/** Columns a public view needs: everything but the search document. */
const viewColumns = {
  id: properties.id,
  ownerId: properties.ownerId,
  type: properties.type,
  title: properties.title,
  description: properties.description,
  price: properties.price,
  offer: properties.offer,
  availability: properties.availability,
  location: properties.location,
  district: properties.district,
  sector: properties.sector,
  cell: properties.cell,
  pricePeriod: properties.pricePeriod,
  upi: properties.upi,
  address: properties.address,
  ownerName: properties.ownerName,
  contact: properties.contact,
  listedBy: properties.listedBy,
  commission: properties.commission,
  viewingFee: properties.viewingFee,
  bedrooms: properties.bedrooms,
  bathrooms: properties.bathrooms,
  toilets: properties.toilets,
  areaSqm: properties.areaSqm,
  features: properties.features,
  photos: properties.photos,
  createdAt: properties.createdAt,
  ownerVerified: ownerVerifiedIn(properties),
};

/** Rows read outside the catalogue queries (supplies, admin) do not know `ownerVerified`. */
type PropertyViewRow = Pick<PropertyRow, Exclude<keyof typeof viewColumns, 'ownerVerified'>> & {
  ownerVerified?: boolean;
};

/** A property row as the public sees it (the admin view adds its moderation). */
export function toPropertyView(row: PropertyViewRow, now: Date): PropertyView {
  const photos = row.photos.map(toPhotoView);
  return {
    _id: row.id,
    title: row.title,
    description: row.description,
    price: row.price,
    status: row.offer,
    availability: row.availability,
    type: row.type,
    location: placeLine(row),
    ...toPlaceView(row),
    pricePeriod: row.pricePeriod,
    upi: row.upi,
    address: row.address,
    owner: row.ownerName,
    ownerId: row.ownerId,
    contact: row.contact,
    listedBy: row.listedBy,
    commission: row.commission,
    viewingFee: row.viewingFee,
    bedrooms: row.bedrooms,
    bathrooms: row.bathrooms,
    toilets: row.toilets,
    area: row.areaSqm,
    features: row.features,
    image: photos[0]?.src ?? null,
    photos,
    createdAt: row.createdAt.toISOString(),
    timeAgo: formatTimeAgo(row.createdAt, now),
    ownerVerified: row.ownerVerified ?? false,
  };
}

/** A property's facts as the supply and admin forms name them (`owner`, `area`); any may be left out. */
type PropertyFieldsInput = {
  title?: string;
  description?: string;
  price?: number;
  location?: string;
  district?: string;
  sector?: string;
  cell?: string;
  pricePeriod?: PricePeriod;
  upi?: string;
  address?: string;
  owner?: string;
  contact?: string;
  listedBy?: Lister;
  commission?: number | null;
  viewingFee?: number | null;
  bedrooms?: number;
  bathrooms?: number;
  toilets?: number;
  area?: number;
  features?: string[];
};

/**
 * The property columns a form's fields fill; a field left out is undefined, so an update keeps
 * it. `before` is the stored row when editing (an owner's listing keeps no fees).
 */
export function toPropertyColumns(input: PropertyFieldsInput, before?: { listedBy: Lister }) {
  return {
    ...toListerColumns(input, before),
    title: input.title,
    description: input.description,
    price: input.price,
    location: input.location,
    district: input.district,
    sector: input.sector,
    cell: input.cell,
    pricePeriod: input.pricePeriod,
    upi: input.upi,
    address: input.address,
    ownerName: input.owner,
    contact: input.contact,
    bedrooms: input.bedrooms,
    bathrooms: input.bathrooms,
    toilets: input.toilets,
    areaSqm: input.area,
    features: input.features,
  };
}

export type ListingsService = ReturnType<typeof createListingsService>;

export function createListingsService({
  db,
  clock,
  catalogueEvents,
  cacheSeconds,
  isKeepingTypedWords,
}: {
  db: Database;
  clock: Clock;
  /** Told after a property's availability changes. */
  catalogueEvents: CatalogueEvents;
  /** How long a published property's details and similar listings are reused (0: read each time). */
  cacheSeconds: number;
  /** Whether searches keep the words each typed word begins (cacheWordsBegun). */
  isKeepingTypedWords: boolean;
}) {
  const catalogue = createCatalogueQueries<PropertyViewRow, PropertyView>({
    db,
    clock,
    table: properties,
    columns: viewColumns,
    toView: toPropertyView,
    notFoundMessage: () => t('api.propertyNotFound'),
    keepWordsBegun: isKeepingTypedWords ? cacheWordsBegun(catalogueEvents) : undefined,
  });
  const details = cacheListingDetails(catalogue, { seconds: cacheSeconds, catalogueEvents });
  return {
    /** One published property, or NotFound. */
    getPublishedProperty: details.getPublished,
    /** A page of published properties, optionally of one type, one offer or one owner. */
    listPublishedProperties: (
      query: Partial<ListQuery> & { type?: PropertyType; ownerId?: string },
      countCap?: number,
    ) => catalogue.listPublished(query, countCap),
    /** How many published properties each district holds for a list's filters. */
    countPropertiesByDistrict: (query: Partial<ListQuery> & { type?: PropertyType }) =>
      catalogue.countByDistrict(query),
    /** Published properties matching what a visitor typed, best first (see searchPublished). */
    searchPublishedProperties: catalogue.searchPublished,
    /** Published properties like this one (type, offer, district, near its price). */
    listSimilarProperties: details.listSimilar,
    /** Each type, offer and district with published properties (the landing pages). */
    listPropertyPlaces: catalogue.listPublishedPlaces,
    /** Ids and change dates of published properties, newest first, for the sitemap. */
    listPublishedPropertyIds: catalogue.listPublishedIds,
    /** The owner of a property, published or not; undefined when there is none. */
    getPropertyOwnerId: catalogue.getOwnerId,
    /** Marks a property available, sold or rented (its owner or an admin). */
    async setPropertyAvailability(
      id: string,
      availability: Availability,
      actor: Actor,
    ): Promise<void> {
      await catalogue.setAvailability(id, availability, actor, (before, after, tx) =>
        catalogueEvents.listingWritten({ kind: 'property', before, after }, tx),
      );
      catalogueEvents.changed();
    },
  };
}
