import { formatTimeAgo } from '#lib/format.ts';
import { toListerColumns, type Lister, type PricePeriod } from '#lib/listing.ts';
import type { Point } from '#lib/geo.ts';
import { toPlaceView } from '#lib/places.ts';
import { toPointColumns } from '#modules/places/places.schema.ts';
import { toPhotoView } from '#lib/photos.ts';
import type { ListingRow, ListingTable } from './catalogue.kinds.ts';
import { ownerVerifiedIn } from './catalogue.sql.ts';

/**
 * The facts every listing has, whatever its kind: its price and offer, its place, who lists it and
 * how to reach them, its features and photos. Each kind's adapter (property.ts, asset.ts) adds
 * its own headline and fields to these, so a fact both kinds have is written here once: its
 * column read, its view field, its form field.
 */

/** The columns of the facts every listing has that a public view reads (the adapters add theirs). */
export function sharedViewColumns<Table extends ListingTable>(table: Table) {
  return {
    id: table.id,
    ownerId: table.ownerId,
    description: table.description,
    price: table.price,
    offer: table.offer,
    availability: table.availability,
    location: table.location,
    district: table.district,
    sector: table.sector,
    cell: table.cell,
    publicLatitude: table.publicLatitude,
    publicLongitude: table.publicLongitude,
    locationPrecision: table.locationPrecision,
    pricePeriod: table.pricePeriod,
    upi: table.upi,
    ownerName: table.ownerName,
    contact: table.contact,
    listedBy: table.listedBy,
    commission: table.commission,
    viewingFee: table.viewingFee,
    features: table.features,
    photos: table.photos,
    createdAt: table.createdAt,
    ownerVerified: ownerVerifiedIn(table),
  };
}

type SharedColumn = Exclude<keyof ReturnType<typeof sharedViewColumns>, 'ownerVerified'>;

/** A row as a public view reads it; rows read outside the catalogue queries lack `ownerVerified`. */
export type SharedViewRow = Pick<ListingRow, SharedColumn> & { ownerVerified?: boolean };

/**
 * The view fields of the facts every listing has, under the API's names (`status`). The owner's
 * name and contact are the adapters': a property must have them, an asset may not.
 */
export function toSharedView(row: SharedViewRow, now: Date) {
  const photos = row.photos.map(toPhotoView);
  return {
    _id: row.id,
    description: row.description,
    price: row.price,
    status: row.offer,
    availability: row.availability,
    ...toPlaceView(row),
    // The public point only: an owner's exact pin, when private, never leaves the server.
    latitude: row.publicLatitude,
    longitude: row.publicLongitude,
    locationPrecision: row.locationPrecision,
    pricePeriod: row.pricePeriod,
    upi: row.upi,
    ownerId: row.ownerId,
    listedBy: row.listedBy,
    commission: row.commission,
    viewingFee: row.viewingFee,
    features: row.features,
    image: photos[0]?.src ?? null,
    photos,
    createdAt: row.createdAt.toISOString(),
    timeAgo: formatTimeAgo(row.createdAt, now),
    ownerVerified: row.ownerVerified ?? false,
  };
}

/** The facts every listing has as the supply and admin forms name them; any may be left out. */
export type SharedFieldsInput = {
  description?: string;
  price?: number;
  location?: string;
  district?: string;
  sector?: string;
  cell?: string;
  latitude?: number | null;
  longitude?: number | null;
  locationPrecision?: 'exact' | 'approximate';
  mapLink?: Point;
  pricePeriod?: PricePeriod;
  upi?: string;
  owner?: string;
  contact?: string;
  listedBy?: Lister;
  commission?: number | null;
  viewingFee?: number | null;
  features?: string[];
};

/**
 * The columns those fields fill; a field left out is undefined, so an update keeps it. `before`
 * is the stored row when editing (an owner's listing keeps no fees).
 */
export function toSharedColumns(input: SharedFieldsInput, before?: { listedBy: Lister }) {
  return {
    ...toListerColumns(input, before),
    description: input.description,
    price: input.price,
    location: input.location,
    district: input.district,
    sector: input.sector,
    cell: input.cell,
    ...toPointColumns(input),
    pricePeriod: input.pricePeriod,
    upi: input.upi,
    ownerName: input.owner,
    contact: input.contact,
    features: input.features,
  };
}
