import { properties } from '#db/schema.ts';
import { formatTimeAgo } from '#lib/format.ts';
import { toListerColumns, type Lister, type PricePeriod } from '#lib/listing.ts';
import { placeLine, toPlaceView } from '#lib/places.ts';
import { toPhotoView } from '#lib/photos.ts';
import type { PropertyView } from '#modules/properties/properties.schema.ts';
import type { ListingKindAdapter } from './catalogue.kinds.ts';
import { ownerVerifiedIn } from './catalogue.sql.ts';

/**
 * The property kind of the catalogue: which columns its pages read, how a row becomes the API's
 * view (the spec's `title`, `area`) and how a form's fields become columns. A property field or
 * rule is written here once; the catalogue's queries, writes and forms take it from here.
 */

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
export type PropertyViewRow = Pick<
  PropertyRow,
  Exclude<keyof typeof viewColumns, 'ownerVerified'>
> & {
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

/** What the catalogue's generic queries need to know of properties. */
export const propertyKind = {
  kind: 'property',
  table: properties,
  viewColumns,
  toView: toPropertyView,
  notFoundMessage: 'api.propertyNotFound',
} as const satisfies ListingKindAdapter<PropertyViewRow, PropertyView>;
