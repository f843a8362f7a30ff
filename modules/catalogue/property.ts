import { properties } from '#db/schema.ts';
import type { Lister } from '#lib/listing.ts';
import { placeLine } from '#lib/places.ts';
import type { PropertyView } from '#modules/properties/properties.schema.ts';
import type { ListingKindAdapter } from './catalogue.kinds.ts';
import {
  sharedViewColumns,
  toSharedColumns,
  toSharedView,
  type SharedFieldsInput,
} from './catalogue.fields.ts';

/**
 * The property kind of the catalogue: which columns its pages read, how a row becomes the API's
 * view (the spec's `title`, `area`) and how a form's fields become columns. A property field or
 * rule is written here once; the catalogue's queries, writes and forms take it from here.
 */

type PropertyRow = typeof properties.$inferSelect;

/** Columns a public view needs: everything but the search document. */
const viewColumns = {
  ...sharedViewColumns(properties),
  type: properties.type,
  title: properties.title,
  address: properties.address,
  bedrooms: properties.bedrooms,
  bathrooms: properties.bathrooms,
  toilets: properties.toilets,
  areaSqm: properties.areaSqm,
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
  return {
    ...toSharedView(row, now),
    title: row.title,
    owner: row.ownerName,
    contact: row.contact,
    type: row.type,
    location: placeLine(row),
    address: row.address,
    bedrooms: row.bedrooms,
    bathrooms: row.bathrooms,
    toilets: row.toilets,
    area: row.areaSqm,
  };
}

/** A property's facts as the supply and admin forms name them (`area`); any may be left out. */
type PropertyFieldsInput = SharedFieldsInput & {
  title?: string;
  address?: string;
  bedrooms?: number;
  bathrooms?: number;
  toilets?: number;
  area?: number;
};

/**
 * The property columns a form's fields fill; a field left out is undefined, so an update keeps
 * it. `before` is the stored row when editing (an owner's listing keeps no fees).
 */
export function toPropertyColumns(input: PropertyFieldsInput, before?: { listedBy: Lister }) {
  return {
    ...toSharedColumns(input, before),
    title: input.title,
    address: input.address,
    bedrooms: input.bedrooms,
    bathrooms: input.bathrooms,
    toilets: input.toilets,
    areaSqm: input.area,
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
