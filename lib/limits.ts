/**
 * The bounds of what users type and of what one page holds. The zod schemas enforce them and the
 * pages repeat them as `maxLength` attributes and page links, so a form hints the same limit its
 * server checks. Plain numbers with no import at all: a page importing one pulls nothing else
 * into the browser bundle (zod above all).
 */

// --- Listings, supplies and requests ---

/** A listing's or a wanted-ad's title, an asset's name, a notification's title. */
export const TITLE_MAX_LENGTH = 200;
/** A listing's or a wanted-ad's description. */
export const DESCRIPTION_MAX_LENGTH = 5000;
/** Where a listing or a wanted-ad is (a place name, not a street address). */
export const LOCATION_MAX_LENGTH = 200;
/** A district, sector or cell name (the longest official one has 20 characters). */
export const PLACE_NAME_MAX_LENGTH = 60;
/** How far a "near" search reaches, in km: its bounds and what it reaches when not given. */
export const NEAR_RADIUS_MIN_KM = 0.5;
export const NEAR_RADIUS_MAX_KM = 50;
export const NEAR_RADIUS_DEFAULT_KM = 5;
/**
 * The most points of one kind the map draws for one query: more would not be read on a phone's
 * screen, and the map says so and asks to zoom in or narrow the filters.
 */
export const MAP_POINTS_MAX = 500;
/** How far a listing may be from a buyer's request, when both have a point, to fit it (km). */
export const MATCH_RADIUS_KM = 3;
/** A map address pasted into a form (Google's long place links run to several hundred). */
export const MAP_LINK_MAX_LENGTH = 2000;
/** A UPI such as 1/02/03/04/123456, with room for spaces typed around it. */
export const UPI_MAX_LENGTH = 30;
/** A saved search's name. */
export const SAVED_SEARCH_NAME_MAX_LENGTH = 80;
/** Saved searches one user may keep. */
export const MAX_SAVED_SEARCHES = 20;
/** A property's street address. */
export const ADDRESS_MAX_LENGTH = 300;
/** A person's name: an account's, a listing owner's, a requester's, a contact form sender's. */
export const NAME_MAX_LENGTH = 100;
/** How to reach a listing's owner (a phone number or a short note). */
export const CONTACT_MAX_LENGTH = 100;
/** Most asset kind fields: transmission, fuel, rent duration, land size, condition. */
export const ASSET_DETAIL_MAX_LENGTH = 50;
/** A vehicle's warranty. */
export const WARRANTY_MAX_LENGTH = 100;
/** A clothing size ('M', 'EU 42'). */
export const CLOTHES_SIZE_MAX_LENGTH = 20;
/** Features of one listing, and the length of each. */
export const MAX_FEATURES = 30;
export const FEATURE_MAX_LENGTH = 80;
/** Rooms of one kind (bedrooms, bathrooms, toilets). */
export const ROOM_COUNT_MAX = 1000;
/** An area in square metres (1,000 hectares). */
export const AREA_SQM_MAX = 10_000_000;
/** A price in francs. */
export const PRICE_MAX = 1e13;
/** Why an admin rejected a supply. */
export const REASON_MAX_LENGTH = 500;
/** How many photos one listing, supply or request may carry; the first is the cover. */
export const MAX_PHOTOS = 8;
/** What a visitor writes when reporting a listing (required for the reason 'other'). */
export const REPORT_DETAILS_MAX_LENGTH = 1000;
/** An admin's note on a decision about a reported listing. */
export const REPORT_NOTE_MAX_LENGTH = 500;

// --- Accounts and messages ---

export const EMAIL_MAX_LENGTH = 254;
export const PASSWORD_MIN_LENGTH = 8;
/** argon2 accepts any length; a bound keeps one request from costing seconds of CPU. */
export const PASSWORD_MAX_LENGTH = 256;
/** An admin's personal message to one user. */
export const PERSONAL_MESSAGE_MAX_LENGTH = 5000;
/** A Quick Contact message, an admin's correction of it and the reply to it. */
export const CONTACT_MESSAGE_MAX_LENGTH = 5000;
/** A Request Information message from a listing page. */
export const INQUIRY_MESSAGE_MAX_LENGTH = 2000;
/** A broadcast notification's message. */
export const NOTIFICATION_MESSAGE_MAX_LENGTH = 2000;

// --- Site settings ---

export const FAQ_QUESTION_MAX_LENGTH = 500;
export const FAQ_ANSWER_MAX_LENGTH = 5000;
export const FOOTER_TEXT_MAX_LENGTH = 300;
/** The About us and Terms pages' texts. */
export const PAGE_TEXT_MAX_LENGTH = 20_000;
export const URL_MAX_LENGTH = 2000;
export const PHONE_MAX_LENGTH = 40;

// --- Searching and paging ---

/** A list filter's text: part of a name or e-mail, a location. */
export const SEARCH_TEXT_MAX_LENGTH = 100;
/** What a visitor types in the live search box. */
export const LIVE_SEARCH_MAX_LENGTH = 200;
/** An audit log filter's kind of item ('property', 'user' ...). */
export const AUDIT_TARGET_TYPE_MAX_LENGTH = 40;

/** The last page any list answers, and the most items one page may ask for. */
export const MAX_PAGE = 500;
export const MAX_PAGE_SIZE = 48;
/** Catalogue lists, supplies and wanted-ads. */
export const DEFAULT_PAGE_SIZE = 12;
/** Cards in each home grid, with or without a search. */
export const HOME_GRID_SIZE = 6;
/** Properties on one page of the admin dashboard (spec §9). */
export const DASHBOARD_PAGE_SIZE = 6;
/** Rows of each of the admin's manage tables (properties, assets). */
export const MANAGE_TABLE_PAGE_SIZE = 10;
/** Contact messages on one page of the admin inbox. */
export const INBOX_PAGE_SIZE = 10;
/** Conversations per page at /inquiries and in the admin panel. */
export const INQUIRY_LIST_PAGE_SIZE = 10;
/** Broadcasts on one page of the admin's notification list. */
export const NOTIFICATION_LIST_PAGE_SIZE = 10;
/** Accounts on one page of the admin's user list. */
export const USER_LIST_PAGE_SIZE = 20;
/** Entries on one page of the audit log. */
export const AUDIT_LOG_PAGE_SIZE = 20;
/** Listing reports on one page of the admin's list. */
export const LISTING_REPORTS_PAGE_SIZE = 40;
