/**
 * What the pages choose by a listing's kind (property or asset): its view, its types, its paths.
 * Each choice is a lookup keyed by kind, so a page asks `listingPath(kind, id)` instead of
 * branching on the kind, and a third kind would be a type error in each table, not a silent
 * fall-through to the other branch.
 */
import {
  ASSET_TYPES,
  isPropertyType,
  kindOfType,
  PROPERTY_TYPES,
  type ListingKind,
  type ListingType,
  type ListingTypes,
} from '#lib/listing.ts';

/** A type with its kind, typed together so that a catalogue of that kind takes the type. */
export type TypeWithKind<Kind extends ListingKind = ListingKind> = {
  [K in Kind]: { kind: K; type: ListingTypes[K] };
}[Kind];

/** A type and the kind it belongs to (House: property, Car: asset). */
export function withKind(type: ListingType): TypeWithKind {
  return isPropertyType(type) ? { kind: 'property', type } : { kind: 'asset', type };
}

/** Each kind's types, in the order the filters offer them. */
export const KIND_TYPES = {
  property: PROPERTY_TYPES,
  asset: ASSET_TYPES,
} as const satisfies { [K in ListingKind]: readonly ListingTypes[K][] };

const ROOMS = { property: true, asset: false } satisfies Record<ListingKind, boolean>;

/** Whether a kind's listings have rooms to show and filter by (properties do, assets do not). */
export function hasRooms(kind: ListingKind): boolean {
  return ROOMS[kind];
}

const DETAIL_PATHS = {
  property: (id) => `/property/${id}`,
  asset: (id) => `/asset/${id}`,
} satisfies Record<ListingKind, (id: string) => string>;

/** The public page of a published listing. */
export function listingPath(kind: ListingKind, id: string): string {
  return DETAIL_PATHS[kind](id);
}

const TYPE_LIST_PATHS = {
  property: (type) => `/get-properties/type/${type}`,
  asset: (type) => `/asset-property/${type}`,
} satisfies Record<ListingKind, (type: ListingType) => string>;

/** The list of every published listing of a type. */
export function typeListPath(type: ListingType): string {
  return TYPE_LIST_PATHS[kindOfType(type)](type);
}

const ADMIN_FORM_PATHS = {
  property: (id) => `/admin-panel/create-new-property/${id}`,
  asset: (id) => `/admin-panel/create-new-asset/${id}`,
} satisfies Record<ListingKind, (id: string) => string>;

/** Where an admin sees any listing, published, hidden or pending: its admin form. */
export function adminListingPath(kind: ListingKind, id: string): string {
  return ADMIN_FORM_PATHS[kind](id);
}
