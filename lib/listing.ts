/** Listing vocabulary shared by the database, the services and the pages. */

export const PROPERTY_TYPES = ['House', 'Hotel', 'Apartment'] as const;
export const ASSET_TYPES = ['Land', 'Car', 'Motorcycle', 'Clothes', 'Other'] as const;
export const OFFERS = ['Rent', 'Sale'] as const;
export const MODERATION_STATES = ['Pending', 'Approved', 'Rejected'] as const;
export const AVAILABILITIES = ['Available', 'Sold', 'Rented'] as const;
/** Who sends an information request: the form's Buying, Selling and Other. */
export const INQUIRY_ROLES = ['buyer', 'seller', 'guest'] as const;
type InquiryRole = (typeof INQUIRY_ROLES)[number];

/**
 * The text key of an inquiry's "I'm interested in" choice for a listing's offer: Buying and
 * Selling on a sale, Renting and Letting on a rental, Other on both. The stored value stays
 * buyer, seller or guest; the form, the conversation and the owner's notice all read it here.
 */
export function inquiryRoleKey(role: InquiryRole, offer: Offer) {
  if (role === 'guest') return 'inquiry.role.guest' as const;
  return offer === 'Rent'
    ? (`inquiry.roleRent.${role}` as const)
    : (`inquiry.role.${role}` as const);
}

/** The two sides of an inquiry's conversation: who asked, and who listed. */
export const INQUIRY_SIDES = ['visitor', 'owner'] as const;
export type InquirySide = (typeof INQUIRY_SIDES)[number];
/** What a rent is paid for; a sale price has no period. */
export const PRICE_PERIODS = ['night', 'day', 'week', 'month', 'year'] as const;
export type PricePeriod = (typeof PRICE_PERIODS)[number];

/** The period a rent of this type is usually asked for: hotels by the night, cars by the day. */
export function defaultPricePeriod(type: ListingType): PricePeriod {
  const periods: Record<ListingType, PricePeriod> = {
    House: 'month',
    Apartment: 'month',
    Hotel: 'night',
    Land: 'year',
    Car: 'day',
    Motorcycle: 'day',
    Clothes: 'day',
    Other: 'month',
  };
  return periods[type];
}

/**
 * Rwanda's land parcel identifier (UPI): province, district, sector and cell codes, then the
 * parcel's number, as in 1/02/03/04/1234.
 */
export const UPI_PATTERN = /^[1-5]\/\d{2}\/\d{2}\/\d{2}\/\d{1,6}$/;

/** Who puts a listing up: its owner, an agent, or a commissioner (a broker paid per deal). */
export const LISTERS = ['owner', 'agent', 'commissioner'] as const;
export type Lister = (typeof LISTERS)[number];

/** What a listing says of who lists it and what they charge (fees in whole francs). */
type ListerValues = {
  listedBy?: Lister;
  commission?: number | null;
  viewingFee?: number | null;
};

/**
 * The lister columns to write: fees are an agent's or a commissioner's, so a listing by its
 * owner keeps none (whatever a form left in its always-present fee inputs). A value left out
 * (undefined) keeps the stored one; `before` is the stored row when editing.
 */
export function toListerColumns(input: ListerValues, before?: { listedBy: Lister }) {
  const listedBy = input.listedBy ?? before?.listedBy ?? 'owner';
  const isOwner = listedBy === 'owner';
  return {
    listedBy: input.listedBy,
    commission: isOwner ? null : input.commission,
    viewingFee: isOwner ? null : input.viewingFee,
  };
}

/** Why a visitor reports a published listing. */
export const REPORT_REASONS = [
  'scam',
  'unavailable',
  'wrong',
  'duplicate',
  'offensive',
  'other',
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_STATUSES = ['open', 'closed'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];
/** What an admin decided on a report: nothing wrong, the listing hidden, or its owner blocked. */
export const REPORT_OUTCOMES = ['dismissed', 'hidden', 'blocked'] as const;
export type ReportOutcome = (typeof REPORT_OUTCOMES)[number];
/**
 * Why a report does not count toward hiding its listing, in the order they are checked: sent by
 * a visitor, by an account younger than REPORT_MIN_ACCOUNT_DAYS, by a reporter whose earlier
 * report of the listing an admin dismissed, or from the address of another counted report.
 */
export const REPORT_NOT_COUNTED_REASONS = [
  'visitor',
  'newAccount',
  'dismissedBefore',
  'sameAddress',
] as const;
export type ReportNotCountedReason = (typeof REPORT_NOT_COUNTED_REASONS)[number];

/** How often a saved search's new listings are told: as they come, or once a day. */
export const ALERT_FREQUENCIES = ['instant', 'daily'] as const;
export type AlertFrequency = (typeof ALERT_FREQUENCIES)[number];

/** Every kind a listing (or a wanted-ad) can be: the property types, then the asset kinds. */
export const LISTING_TYPES = [...PROPERTY_TYPES, ...ASSET_TYPES] as const;
/** A buyer's wanted-ad is open until they close it. */
export const REQUEST_STATUSES = ['Open', 'Closed'] as const;

export type PropertyType = (typeof PROPERTY_TYPES)[number];
export type AssetType = (typeof ASSET_TYPES)[number];
export type Offer = (typeof OFFERS)[number];
export type ModerationState = (typeof MODERATION_STATES)[number];
export type Availability = (typeof AVAILABILITIES)[number];
export type ListingType = (typeof LISTING_TYPES)[number];
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

/** Both kinds of listing, properties first (the order every list of both follows). */
export const LISTING_KINDS = ['property', 'asset'] as const;

/**
 * How precisely the public sees where a listing or request is: its owner's exact pin, a point
 * within 300 m of it (the owner keeps the place private), or its sector's centre (no pin).
 */
export const LOCATION_PRECISIONS = ['exact', 'approximate', 'sector'] as const;

export type LocationPrecision = (typeof LOCATION_PRECISIONS)[number];
/** The two kinds of listing: properties (houses, land, hotels…) and assets (cars, clothes…). */
export type ListingKind = (typeof LISTING_KINDS)[number];
/** Each kind's types. */
export type ListingTypes = { property: PropertyType; asset: AssetType };

/** Whether a type is one of the property types (the rest are assets). */
export function isPropertyType(type: ListingType): type is PropertyType {
  return (PROPERTY_TYPES as readonly string[]).includes(type);
}

/** The kind a type belongs to (House: property, Car: asset). */
export function kindOfType(type: ListingType): ListingKind {
  return isPropertyType(type) ? 'property' : 'asset';
}

/**
 * A stored photo: its content-hash key, intrinsic size, a tiny blurred preview and its
 * perceptual hash (64 bits as 16 hex digits; photos stored before it was computed lack it).
 */
export type Photo = {
  key: string;
  width: number;
  height: number;
  placeholder: string;
  hash?: string;
};

/** 'house', 'HOUSE' and 'House' all become 'House'. */
export function capitalizeType(raw: string): string {
  const trimmed = raw.trim();
  if (trimmed === '') return '';
  return trimmed.charAt(0).toUpperCase() + trimmed.slice(1).toLowerCase();
}

function parseType<T extends string>(raw: string, allowed: readonly T[]): T | undefined {
  const candidate = capitalizeType(raw);
  return allowed.find((type) => type === candidate);
}

/** The canonical property type for a URL segment in any case, or undefined. */
export function parsePropertyType(raw: string): PropertyType | undefined {
  return parseType(raw, PROPERTY_TYPES);
}

/** The canonical asset type for a URL segment in any case, or undefined. */
export function parseAssetType(raw: string): AssetType | undefined {
  return parseType(raw, ASSET_TYPES);
}

/** The query's filters, with the older `status` name folded into `offer`. */
export function toListingFilters<Query extends { offer?: Offer; status?: Offer }>(
  query: Query,
): Omit<Query, 'status'> {
  const { status, ...rest } = query;
  return { ...rest, offer: query.offer ?? status };
}
