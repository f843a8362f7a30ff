/**
 * The whole data model on one page. Column names are snake_case in SQL (drizzle `casing`),
 * camelCase here. Listing status is stored as three separate facts: the offer (Rent or Sale),
 * the moderation state and the availability.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  type AnyPgColumn,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  PHONE_CODE_PURPOSES,
  USER_ROLES,
  USER_STATUSES,
  type PendingSignup,
} from '#lib/account.ts';
import { LOCALES } from '#lib/i18n.ts';
import { NOTIFICATION_AUDIENCES, NOTIFICATION_KINDS } from '#lib/notifications.ts';
import { PHOTO_HASH_BANDS } from '#lib/photo-hash.ts';
import { TICKET_AUTHORS, TICKET_KINDS, TICKET_STATUSES } from '#lib/support.ts';
import {
  FEE_STATES,
  MOBILE_NETWORKS,
  PAYMENT_EVENTS,
  PAYMENT_PRODUCTS,
  PAYMENT_STATUSES,
  REFUND_STATUSES,
} from '#lib/payments.ts';
import { SMS_KINDS, SMS_NOTICE_KINDS, SMS_STATUSES } from '#lib/sms.ts';
import { PUSH_NOTICE_KINDS } from '#lib/push.ts';
import {
  ASSET_TYPES,
  ALERT_FREQUENCIES,
  AVAILABILITIES,
  INQUIRY_ROLES,
  INQUIRY_SIDES,
  LISTERS,
  LISTING_TYPES,
  LOCATION_PRECISIONS,
  MODERATION_STATES,
  OFFERS,
  PRICE_PERIODS,
  PROPERTY_TYPES,
  REPORT_OUTCOMES,
  REPORT_NOT_COUNTED_REASONS,
  REPORT_REASONS,
  REPORT_STATUSES,
  REQUEST_STATUSES,
  type Photo,
} from '#lib/listing.ts';

const tsvector = customType<{ data: string }>({
  dataType: () => 'tsvector',
});

const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();

function inList(column: string, values: readonly string[]): string {
  return `${column} in (${values.map((value) => `'${value}'`).join(', ')})`;
}

function oneOf(column: string, values: readonly string[]) {
  return sql.raw(inList(column, values));
}

/**
 * Where a listing or a request is: the official district and sector names (lib/places.ts), an
 * optional cell, beside the line its owner typed (`location`).
 */
const place = () => ({
  district: text(),
  sector: text(),
  cell: text(),
});

/**
 * Where a listing or a request is on the map (WGS84 degrees). The exact point its owner set is
 * kept for them and the admins; the public sees `public_*`: the exact point, a point moved once
 * within 300 m of it (lib/geo.ts `approximatePoint`, stored so that it never moves and many views
 * reveal nothing by averaging), or the sector's centre when no point was set.
 */
const located = () => ({
  latitude: doublePrecision(),
  longitude: doublePrecision(),
  locationPrecision: text({ enum: LOCATION_PRECISIONS }),
  publicLatitude: doublePrecision(),
  publicLongitude: doublePrecision(),
});

/** The checks of `located()`, for the table named. */
function locatedChecks(name: string) {
  return [
    check(
      `${name}_point_check`,
      sql.raw(
        `(latitude is null) = (longitude is null)` +
          ` and (public_latitude is null) = (public_longitude is null)` +
          ` and (public_latitude is null) = (location_precision is null)` +
          ` and (latitude is not null) = (location_precision is not null and location_precision <> 'sector')` +
          ` and (location_precision is null or ${inList('location_precision', LOCATION_PRECISIONS)})`,
      ),
    ),
  ];
}

/** The words of a row's place, for its search document and headline. */
const placeWords = (location: string) =>
  `coalesce(${location}, '') || ' ' || coalesce(cell, '') || ' ' || coalesce(sector, '') || ' ' || coalesce(district, '')`;

/**
 * Published rows of a listings table: approved, not deleted, not hidden by reports or an admin,
 * not expired. What the public lists' indexes cover (`isPublishedSql` in
 * modules/catalogue/catalogue.sql.ts says the same).
 */
const published = sql`moderation = 'Approved' and deleted_at is null and hidden_at is null and expired_at is null`;

/**
 * Who puts a listing up and what they charge, and its life after publishing: confirmed (at
 * approval, then by its owner), warned before it expires, expired, taken off offer, hidden.
 */
const trust = () => ({
  listedBy: text({ enum: LISTERS }).notNull().default('owner'),
  /** The commission the lister asks on a deal, in whole francs. */
  commission: bigint({ mode: 'number' }),
  /** A fee asked before a viewing, in whole francs. */
  viewingFee: bigint({ mode: 'number' }),
  /** When it was published or its owner last said it is still available: it expires from then. */
  confirmedAt: timestamp({ withTimezone: true }),
  /** When its owner was told it will expire (for the current `confirmedAt`). */
  expiryWarnedAt: timestamp({ withTimezone: true }),
  /** When it left the public lists for want of a confirmation, or after being sold or rented. */
  expiredAt: timestamp({ withTimezone: true }),
  /** When it was last marked Sold, Rented or Available again. */
  availabilityChangedAt: timestamp({ withTimezone: true }),
  /** When reports or an admin took it off the public pages, until an admin decides. */
  hiddenAt: timestamp({ withTimezone: true }),
  /** Its listing fee: due (its supply waits for it before review), paid or waived; null, none. */
  feeState: text({ enum: FEE_STATES }),
  /** Until when a paid boost puts it first in its lists, marked Featured. */
  featuredUntil: timestamp({ withTimezone: true }),
});

/** The indexes and checks of `trust()`, for the table named. */
function trustIndexes(
  name: string,
  table: {
    confirmedAt: AnyPgColumn;
    availabilityChangedAt: AnyPgColumn;
    featuredUntil: AnyPgColumn;
    publicLatitude: AnyPgColumn;
    publicLongitude: AnyPgColumn;
    type: AnyPgColumn;
    createdAt: AnyPgColumn;
    id: AnyPgColumn;
  },
) {
  return [
    // The few listings a boost features: a list reads them first, filtered like the rest.
    index(`${name}_published_featured_idx`)
      .on(table.featuredUntil)
      .where(sql`${published} and featured_until is not null`),
    index(`${name}_published_confirmed_idx`).on(table.confirmedAt).where(published),
    // "Near" reads the public points inside a box around the centre before measuring each.
    index(`${name}_published_point_idx`)
      .on(table.publicLatitude, table.publicLongitude)
      .where(sql`${published} and public_latitude is not null`),
    // A list of one type near a place, the nearest first, reads everything it sorts by from
    // here (the type, the point, the date and the id), without visiting a row, then fetches
    // only the page's rows: 175 ms became 7 ms for houses within 2 km of the Convention Centre
    // at 100,000 listings (PostgreSQL).
    index(`${name}_published_type_point_idx`)
      .on(table.type, table.publicLatitude, table.publicLongitude, table.createdAt, table.id)
      .where(sql`${published} and public_latitude is not null`),
    ...locatedChecks(name),
    index(`${name}_published_off_offer_idx`)
      .on(table.availabilityChangedAt)
      .where(sql`${published} and availability <> 'Available'`),
    check(`${name}_listed_by_check`, oneOf('listed_by', LISTERS)),
    check(
      `${name}_fee_state_check`,
      sql.raw(`fee_state is null or ${inList('fee_state', FEE_STATES)}`),
    ),
    check(
      `${name}_fees_check`,
      sql`(commission is null or commission >= 0) and (viewing_fee is null or viewing_fee >= 0)`,
    ),
  ];
}

/** The UPI's shape (lib/listing.ts UPI_PATTERN) in SQL. */
const upiCheck = sql.raw(`upi is null or upi ~ '^[1-5]/[0-9]{2}/[0-9]{2}/[0-9]{2}/[0-9]{1,6}$'`);

/** A rent has a period (per night ... per year); a sale price has none. */
const pricePeriodCheck = sql.raw(
  `(offer = 'Rent') = (price_period is not null) and (price_period is null or ${inList('price_period', PRICE_PERIODS)})`,
);

export const users = pgTable(
  'users',
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    /** Null for an account registered with a phone number alone (`users_contact_check`). */
    email: text(),
    /**
     * The account's mobile number in E.164 (+2507…), only once its owner typed the code sent to
     * it by SMS: a number waiting for its code is in `phone_codes`, never here. Signs in like
     * the e-mail, and receives the SMS notices chosen.
     */
    phone: text(),
    /** When the number was proved by its code. */
    phoneProvedAt: timestamp({ withTimezone: true }),
    role: text({ enum: USER_ROLES }).notNull(),
    status: text({ enum: USER_STATUSES }).notNull().default('Active'),
    passwordHash: text(),
    /** The language the user chose (or signed up in): their e-mails are written in it. */
    locale: text({ enum: LOCALES }),
    /** When an admin checked the seller's identity, and who (never the ID document's number). */
    verifiedAt: timestamp({ withTimezone: true }),
    verifiedBy: uuid().references((): AnyPgColumn => users.id),
    /**
     * When the account's owner followed a link e-mailed to its address, proving it theirs (not
     * an admin's check of the seller: `verifiedAt`). A new address is unproved until its link is
     * followed; a registration alone proves nothing.
     */
    emailProvedAt: timestamp({ withTimezone: true }),
    /** The shared secret of two-step sign-in (base32), set when the user starts turning it on. */
    totpSecret: text(),
    /** When two-step sign-in was turned on (its first code checked); null while it is off. */
    totpEnabledAt: timestamp({ withTimezone: true }),
    /** The 30-second step of the last code accepted: a code is good once (RFC 6238, 5.2). */
    totpLastStep: bigint({ mode: 'number' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** A deleted account keeps its row (its listings and the audit log point at it), anonymised. */
    deletedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    uniqueIndex('users_email_key').on(sql`lower(${table.email})`),
    uniqueIndex('users_phone_key').on(table.phone),
    check('users_contact_check', sql`${table.email} is not null or ${table.phone} is not null`),
    index('users_role_created_idx').on(table.role, table.createdAt),
    check('users_role_check', oneOf('role', USER_ROLES)),
    check('users_status_check', oneOf('status', USER_STATUSES)),
    check('users_locale_check', oneOf('locale', LOCALES)),
  ],
);

/**
 * Signed-in sessions. The token itself is only ever in the client's cookie or Authorization
 * header; the database keeps its SHA-256, so a leaked table cannot be replayed.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull(),
    /** The browser or app that signed in, shown in the user's list of sessions. */
    userAgent: text(),
    createdAt: createdAt(),
    /** When the session was last used (updated at most every few minutes). */
    lastSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('sessions_token_hash_key').on(table.tokenHash),
    index('sessions_user_idx').on(table.userId),
  ],
);

/** Single-use codes that sign in without the authenticator; only their hashes are kept. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text().notNull(),
    createdAt: createdAt(),
    usedAt: timestamp({ withTimezone: true }),
  },
  (table) => [primaryKey({ columns: [table.userId, table.codeHash] })],
);

/** Single-use, expiring password reset links; like sessions, only the token's hash is kept. */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    uniqueIndex('password_resets_token_hash_key').on(table.tokenHash),
    index('password_resets_user_idx').on(table.userId),
  ],
);

/**
 * Which kinds of notice a user chose to hear of by SMS, where they chose otherwise than the
 * default (SMS_CHOICE_DEFAULTS): a row per kind they set.
 */
export const smsChoices = pgTable(
  'sms_choices',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text({ enum: SMS_NOTICE_KINDS }).notNull(),
    isOn: boolean().notNull(),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.kind] }),
    check('sms_choices_kind_check', oneOf('kind', SMS_NOTICE_KINDS)),
  ],
);

/**
 * A code sent by SMS to prove a phone number, and what proving it does (`purpose`): finish a
 * registration (its account is made only then, from `pending`), add the number to an account,
 * sign in without a password, or reset a password. The browser holds the token; the database its
 * SHA-256, and the code's, salted with the token. A code takes 5 tries and lasts 5 minutes; a
 * new one replaces it, at most once a minute.
 */
export const phoneCodes = pgTable(
  'phone_codes',
  {
    id: uuid().primaryKey().defaultRandom(),
    purpose: text({ enum: PHONE_CODE_PURPOSES }).notNull(),
    phone: text().notNull(),
    /** The account it is for; null for a registration, whose account does not exist yet. */
    userId: uuid().references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull(),
    codeHash: text().notNull(),
    /** Wrong codes typed for this code: at 5 it is dead. */
    tries: integer().notNull().default(0),
    /** A registration's name, role, password hash, language and e-mail until its code. */
    pending: jsonb().$type<PendingSignup>(),
    createdAt: createdAt(),
    sentAt: timestamp({ withTimezone: true }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    uniqueIndex('phone_codes_token_hash_key').on(table.tokenHash),
    index('phone_codes_phone_sent_idx').on(table.phone, table.sentAt),
    index('phone_codes_user_idx').on(table.userId),
    check('phone_codes_purpose_check', oneOf('purpose', PHONE_CODE_PURPOSES)),
  ],
);

/**
 * Every e-mail the platform sends, kept whether or not SMTP is configured: without SMTP this is
 * where the messages wait (and admins read them); with SMTP it records what left and when.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: uuid().primaryKey().defaultRandom(),
    recipient: text().notNull(),
    subject: text().notNull(),
    body: text().notNull(),
    createdAt: createdAt(),
    sentAt: timestamp({ withTimezone: true }),
    failure: text(),
    /** The one-click unsubscribe address (List-Unsubscribe); none for account e-mails. */
    unsubscribeUrl: text(),
  },
  (table) => [index('outbox_created_idx').on(table.createdAt.desc().nullsFirst())],
);

/**
 * Every SMS the platform sends, written in the transaction of what it tells, whether or not a
 * provider is configured: without one it waits here (and in the log); with one, each row records
 * what the provider said and, from its delivery report, whether it reached the phone.
 */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** E.164. */
    recipient: text().notNull(),
    body: text().notNull(),
    kind: text({ enum: SMS_KINDS }).notNull(),
    /** Whose it is, for their daily cap; null for a number not (yet) on an account. */
    userId: uuid().references(() => users.id, { onDelete: 'set null' }),
    /** How many parts the operator bills for it (GSM-7: 160 a part, UCS-2: 70). */
    parts: integer().notNull(),
    status: text({ enum: SMS_STATUSES }).notNull().default('queued'),
    /** The provider's id of the message, which its delivery report names. */
    providerMessageId: text(),
    /** What the provider charged, as it wrote it ('RWF 10.0000'). */
    cost: text(),
    /** The provider's word for a refusal or a failed delivery, or ours for an uncertain send. */
    failure: text(),
    createdAt: createdAt(),
    /** When the provider was asked: a send that began and never ended is not asked again. */
    attemptedAt: timestamp({ withTimezone: true }),
    sentAt: timestamp({ withTimezone: true }),
    /** When the delivery report came (delivered or failed). */
    reportedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    index('sms_outbox_created_idx').on(table.createdAt.desc(), table.id),
    index('sms_outbox_user_idx').on(table.userId, table.createdAt.desc()),
    // The admins' search by number, and a number's SMS on the demo's phone page.
    index('sms_outbox_recipient_idx').on(table.recipient, table.createdAt.desc()),
    uniqueIndex('sms_outbox_provider_message_idx').on(table.providerMessageId),
    check('sms_outbox_kind_check', oneOf('kind', SMS_KINDS)),
    check('sms_outbox_status_check', oneOf('status', SMS_STATUSES)),
    check('sms_outbox_parts_check', sql`parts > 0`),
  ],
);

/** Numbers that replied STOP: no SMS but an account's codes goes to them until they reply START. */
export const smsOptOuts = pgTable('sms_opt_outs', {
  /** E.164. */
  phone: text().primaryKey(),
  createdAt: createdAt(),
});

/**
 * The short links of SMS (`/s/Ab3dE9x`): each stands for one page of this site in one language,
 * which keeps its code.
 */
export const shortLinks = pgTable('short_links', {
  code: text().primaryKey(),
  /** A path of this site with its language (`/rw/inquiries/…`): never another site. */
  path: text().notNull().unique(),
  createdAt: createdAt(),
});

/**
 * The kinds of e-mail an address asked not to receive (from its account page or an unsubscribe
 * link), kept by address so that it holds for visitors without an account too.
 */
export const emailOptOuts = pgTable(
  'email_opt_outs',
  {
    /** Lower case. */
    email: text().notNull(),
    kind: text({ enum: NOTIFICATION_KINDS }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.email, table.kind] }),
    check('email_opt_outs_kind_check', oneOf('kind', NOTIFICATION_KINDS)),
  ],
);

/**
 * An opaque id for each address the platform writes to: an unsubscribe link carries the id and
 * its signature, never the address it stops mail to.
 */
export const mailAddresses = pgTable(
  'mail_addresses',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** Lower case. */
    email: text().notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('mail_addresses_email_key').on(table.email)],
);

/**
 * The site's VAPID key pair (web push): made once, by the first process that needs it, and kept
 * here so that every process and every restart signs alike (a new pair would orphan every
 * subscription). One row, `id` 1.
 */
export const pushKeys = pgTable(
  'push_keys',
  {
    id: integer().primaryKey().default(1),
    /** The uncompressed P-256 point, base64url: what browsers subscribe with. */
    publicKey: text().notNull(),
    privateKey: text().notNull(),
    createdAt: createdAt(),
  },
  () => [check('push_keys_one_row_check', sql`id = 1`)],
);

/**
 * A browser (an installed app) that receives the user's push notices: the push service's
 * address for it and the keys its messages are encrypted with (RFC 8291). A browser belongs to
 * the last account that registered it.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text().notNull(),
    /** The browser's P-256 public key, base64url. */
    p256dh: text().notNull(),
    /** The browser's 16-byte authentication secret, base64url. */
    auth: text().notNull(),
    /** Which browser it is, for the user's eyes ('Chrome on Android'). */
    userAgentLabel: text(),
    createdAt: createdAt(),
    lastSuccessAt: timestamp({ withTimezone: true }),
    /** Failed sends since the last success. */
    failureCount: integer().notNull().default(0),
  },
  (table) => [
    uniqueIndex('push_subscriptions_endpoint_key').on(table.endpoint),
    index('push_subscriptions_user_idx').on(table.userId),
  ],
);

/**
 * Which kinds of notice a user chose to receive by push, where they chose otherwise than the
 * default (PUSH_CHOICE_DEFAULTS): a row per kind they set, for all their browsers.
 */
export const pushChoices = pgTable(
  'push_choices',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text({ enum: PUSH_NOTICE_KINDS }).notNull(),
    isOn: boolean().notNull(),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.kind] }),
    check('push_choices_kind_check', oneOf('kind', PUSH_NOTICE_KINDS)),
  ],
);

/**
 * A push message waiting for its job, written in the transaction of the notice it carries. Its
 * job claims it (`sending`) before asking the push service, so a crash mid-send never sends it
 * twice; it is deleted once sent or given up.
 */
export const pushDeliveries = pgTable(
  'push_deliveries',
  {
    id: uuid().primaryKey().defaultRandom(),
    subscriptionId: uuid()
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: 'cascade' }),
    /** The PushPayload (lib/push.ts) as JSON, in its recipient's language. */
    payload: text().notNull(),
    status: text({ enum: ['queued', 'sending'] })
      .notNull()
      .default('queued'),
    createdAt: createdAt(),
  },
  (table) => [
    index('push_deliveries_created_idx').on(table.createdAt),
    index('push_deliveries_subscription_idx').on(table.subscriptionId),
    check('push_deliveries_status_check', sql`status in ('queued', 'sending')`),
  ],
);

/** Secrets the server signs links with, made once and shared by every process. */
export const signingKeys = pgTable('signing_keys', {
  name: text().primaryKey(),
  secret: text().notNull(),
  createdAt: createdAt(),
});

/** Houses, hotels and apartments, whether created by an admin or supplied by a seller. */
export const properties = pgTable(
  'properties',
  {
    id: uuid().primaryKey().defaultRandom(),
    ownerId: uuid()
      .notNull()
      .references(() => users.id),
    type: text({ enum: PROPERTY_TYPES }).notNull(),
    title: text().notNull(),
    description: text().notNull().default(''),
    price: bigint({ mode: 'number' }).notNull(),
    offer: text({ enum: OFFERS }).notNull(),
    /** What a rent is for (per night ... per year); null for a sale price. */
    pricePeriod: text({ enum: PRICE_PERIODS }),
    moderation: text({ enum: MODERATION_STATES }).notNull().default('Pending'),
    availability: text({ enum: AVAILABILITIES }).notNull().default('Available'),
    /** Why an admin rejected a supply, shown to its supplier. */
    rejectionReason: text(),
    /** What the owner typed: a street or landmark, or (before places were picked) the place. */
    location: text().notNull(),
    ...place(),
    ...located(),
    address: text(),
    /** The land parcel's UPI, when the owner gives it. */
    upi: text(),
    ownerName: text().notNull(),
    contact: text().notNull(),
    bedrooms: integer().notNull().default(1),
    bathrooms: integer().notNull().default(1),
    toilets: integer().notNull().default(1),
    areaSqm: integer(),
    features: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    photos: jsonb().$type<Photo[]>().notNull().default([]),
    ...trust(),
    /**
     * Its words are also kept in `search_words`, each catalogue's apart, by triggers on this
     * table and on assets (SQL only, migrations 0018 and 0019, read by `readWordsBegun`), as
     * an index keeps its keys.
     */
    search: tsvector()
      .notNull()
      .generatedAlwaysAs(
        sql.raw(
          `listing_search_document(title, type, ${placeWords('location')}, features, description)`,
        ),
      ),
    /** The words that make a match strong (title, type, place): they rank first. */
    headline: tsvector()
      .notNull()
      .generatedAlwaysAs(
        sql.raw(
          `to_tsvector('simple', fold_accents(title || ' ' || type || ' ' || ${placeWords('location')}))`,
        ),
      ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    index('properties_search_idx').using('gin', table.search),
    // A search reads headline matches first, newest first: a rare word's are found here rather
    // than by walking every published listing.
    index('properties_published_headline_idx').using('gin', table.headline).where(published),
    index('properties_published_created_idx')
      .on(table.createdAt.desc().nullsFirst(), table.id)
      .where(published),
    index('properties_published_type_created_idx')
      .on(table.type, table.createdAt.desc().nullsFirst(), table.id)
      .where(published),
    index('properties_published_type_offer_created_idx')
      .on(table.type, table.offer, table.createdAt.desc().nullsFirst(), table.id)
      .where(published),
    index('properties_published_type_price_idx')
      .on(table.type, table.offer, table.pricePeriod, table.price, table.id)
      .where(published),
    // Every combination of the list filters, counted from the index alone (PostgreSQL skips the
    // leading columns a query leaves free). A page by price is read in the index's order: the id
    // breaks ties in price, so the first rows are the page and no tie group is read and sorted.
    index('properties_published_filters_idx')
      .on(
        table.type,
        table.offer,
        table.district,
        table.pricePeriod,
        table.price,
        table.id,
        table.bedrooms,
        table.bathrooms,
      )
      .where(published),
    index('properties_published_district_created_idx')
      .on(table.district, table.type, table.offer, table.createdAt.desc().nullsFirst(), table.id)
      .where(published),
    index('properties_published_upi_idx')
      .on(table.upi)
      .where(sql`upi is not null and ${published}`),
    ...trustIndexes('properties', table),
    index('properties_owner_idx').on(table.ownerId, table.createdAt.desc().nullsFirst()),
    index('properties_moderation_created_idx').on(
      table.moderation,
      table.createdAt.desc().nullsFirst(),
    ),
    check('properties_type_check', oneOf('type', PROPERTY_TYPES)),
    check('properties_offer_check', oneOf('offer', OFFERS)),
    check('properties_moderation_check', oneOf('moderation', MODERATION_STATES)),
    check('properties_availability_check', oneOf('availability', AVAILABILITIES)),
    check('properties_price_check', sql`price >= 0`),
    check('properties_price_period_check', pricePeriodCheck),
    check('properties_upi_check', upiCheck),
    check(
      'properties_rooms_check',
      sql`bedrooms >= 0 and bathrooms >= 0 and toilets >= 0 and (area_sqm is null or area_sqm > 0)`,
    ),
  ],
);

/** Land, vehicles, clothes and other items, with the fields that belong to each kind. */
export const assets = pgTable(
  'assets',
  {
    id: uuid().primaryKey().defaultRandom(),
    ownerId: uuid()
      .notNull()
      .references(() => users.id),
    type: text({ enum: ASSET_TYPES }).notNull(),
    name: text().notNull(),
    description: text().notNull().default(''),
    price: bigint({ mode: 'number' }).notNull(),
    offer: text({ enum: OFFERS }).notNull(),
    pricePeriod: text({ enum: PRICE_PERIODS }),
    moderation: text({ enum: MODERATION_STATES }).notNull().default('Pending'),
    availability: text({ enum: AVAILABILITIES }).notNull().default('Available'),
    rejectionReason: text(),
    location: text(),
    ...place(),
    ...located(),
    /** A plot's UPI (land only). */
    upi: text(),
    ownerName: text(),
    contact: text(),
    features: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    photos: jsonb().$type<Photo[]>().notNull().default([]),
    transmission: text(),
    fuel: text(),
    isCertified: boolean(),
    isInspected: boolean(),
    warranty: text(),
    rentalPrice: bigint({ mode: 'number' }),
    rentDuration: text(),
    size: text(),
    condition: text(),
    sizeCloth: text(),
    ...trust(),
    search: tsvector()
      .notNull()
      .generatedAlwaysAs(
        sql.raw(
          `listing_search_document(name, type, ${placeWords('location')}, features, description)`,
        ),
      ),
    headline: tsvector()
      .notNull()
      .generatedAlwaysAs(
        sql.raw(
          `to_tsvector('simple', fold_accents(name || ' ' || type || ' ' || ${placeWords('location')}))`,
        ),
      ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    index('assets_search_idx').using('gin', table.search),
    index('assets_published_headline_idx').using('gin', table.headline).where(published),
    index('assets_published_created_idx')
      .on(table.createdAt.desc().nullsFirst(), table.id)
      .where(published),
    index('assets_published_type_created_idx')
      .on(table.type, table.createdAt.desc().nullsFirst(), table.id)
      .where(published),
    index('assets_published_type_offer_created_idx')
      .on(table.type, table.offer, table.createdAt.desc().nullsFirst(), table.id)
      .where(published),
    index('assets_published_type_price_idx')
      .on(table.type, table.offer, table.pricePeriod, table.price, table.id)
      .where(published),
    index('assets_published_filters_idx')
      .on(table.type, table.offer, table.district, table.pricePeriod, table.price, table.id)
      .where(published),
    index('assets_published_district_created_idx')
      .on(table.district, table.type, table.offer, table.createdAt.desc().nullsFirst(), table.id)
      .where(published),
    index('assets_published_upi_idx')
      .on(table.upi)
      .where(sql`upi is not null and ${published}`),
    ...trustIndexes('assets', table),
    index('assets_owner_idx').on(table.ownerId, table.createdAt.desc().nullsFirst()),
    index('assets_moderation_created_idx').on(
      table.moderation,
      table.createdAt.desc().nullsFirst(),
    ),
    check('assets_type_check', oneOf('type', ASSET_TYPES)),
    check('assets_offer_check', oneOf('offer', OFFERS)),
    check('assets_moderation_check', oneOf('moderation', MODERATION_STATES)),
    check('assets_availability_check', oneOf('availability', AVAILABILITIES)),
    check('assets_price_check', sql`price >= 0 and (rental_price is null or rental_price >= 0)`),
    check('assets_price_period_check', pricePeriodCheck),
    check('assets_upi_check', upiCheck),
  ],
);

/** Buyers' wanted-ads ("property requests"): what they look for, where, and for how much. */
export const propertyRequests = pgTable(
  'property_requests',
  {
    id: uuid().primaryKey().defaultRandom(),
    requesterId: uuid()
      .notNull()
      .references(() => users.id),
    title: text().notNull(),
    /** The budget, in whole francs. */
    price: bigint({ mode: 'number' }).notNull(),
    /** What a budget for renting is for (per night ... per year); null for buying. */
    pricePeriod: text({ enum: PRICE_PERIODS }),
    location: text().notNull(),
    ...place(),
    ...located(),
    requesterName: text().notNull(),
    contact: text(),
    description: text().notNull().default(''),
    type: text({ enum: LISTING_TYPES }),
    bedrooms: integer(),
    bathrooms: integer(),
    toilets: integer(),
    areaSqm: integer(),
    features: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    photos: jsonb().$type<Photo[]>().notNull().default([]),
    status: text({ enum: REQUEST_STATUSES }).notNull().default('Open'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    index('property_requests_open_created_idx')
      .on(table.createdAt.desc().nullsFirst(), table.id)
      .where(sql`status = 'Open' and deleted_at is null`),
    index('property_requests_open_type_price_idx')
      .on(table.type, table.price)
      .where(sql`status = 'Open' and deleted_at is null`),
    index('property_requests_open_type_created_idx')
      .on(table.type, table.createdAt.desc().nullsFirst(), table.id)
      .where(sql`status = 'Open' and deleted_at is null`),
    index('property_requests_open_district_idx')
      .on(table.district, table.type)
      .where(sql`status = 'Open' and deleted_at is null`),
    index('property_requests_requester_idx').on(
      table.requesterId,
      table.createdAt.desc().nullsFirst(),
    ),
    ...locatedChecks('property_requests'),
    check('property_requests_type_check', sql`type is null or ${oneOf('type', LISTING_TYPES)}`),
    check('property_requests_status_check', oneOf('status', REQUEST_STATUSES)),
    check('property_requests_price_check', sql`price >= 0`),
    check(
      'property_requests_price_period_check',
      sql.raw(`price_period is null or ${inList('price_period', PRICE_PERIODS)}`),
    ),
    check(
      'property_requests_rooms_check',
      sql`coalesce(bedrooms, 0) >= 0 and coalesce(bathrooms, 0) >= 0 and coalesce(toilets, 0) >= 0 and (area_sqm is null or area_sqm > 0)`,
    ),
  ],
);

/**
 * A buyer's request and a published listing that fits it, found once (the pair is unique) and
 * told to the requester once: `notifiedAt` is set by the job that sends the digest.
 */
export const requestMatches = pgTable(
  'request_matches',
  {
    requestId: uuid()
      .notNull()
      .references(() => propertyRequests.id, { onDelete: 'cascade' }),
    /** A property's or an asset's id (the two tables share no ids). */
    listingId: uuid().notNull(),
    listingKind: text({ enum: ['property', 'asset'] }).notNull(),
    requesterId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    notifiedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.requestId, table.listingId] }),
    index('request_matches_listing_idx').on(table.listingId),
    index('request_matches_unnotified_idx')
      .on(table.requesterId, table.createdAt)
      .where(sql`notified_at is null`),
    index('request_matches_created_idx').on(table.createdAt.desc().nullsFirst()),
  ],
);

/**
 * A visitor's report that a published listing is a scam, gone, wrong, a duplicate or offensive.
 * One open report per reporter (a user, or an address for visitors) and listing.
 */
export const listingReports = pgTable(
  'listing_reports',
  {
    id: uuid().primaryKey().defaultRandom(),
    listingId: uuid().notNull(),
    listingKind: text({ enum: ['property', 'asset'] }).notNull(),
    reason: text({ enum: REPORT_REASONS }).notNull(),
    details: text().notNull().default(''),
    /** The signed-in reporter, told the outcome; null for a visitor. */
    reporterId: uuid().references(() => users.id, { onDelete: 'set null' }),
    /** `user:<id>` or `address:<hash of the address>`: who counts as one reporter. */
    reporterKey: text().notNull(),
    /**
     * A hash of the client address (an IPv6 address's /64 network), never the address: among
     * reporters an admin has not verified, one report per address counts toward hiding. Null for
     * reports made before it was kept.
     */
    addressHash: text(),
    /** Whether an admin had verified the reporter when they reported: counted at any address. */
    isReporterVerified: boolean().notNull().default(false),
    /**
     * Why the report does not count toward hiding the listing (lib/listing.ts), decided when it
     * was made; null when it counts, as every report made before the rule did.
     */
    notCountedReason: text({ enum: REPORT_NOT_COUNTED_REASONS }),
    status: text({ enum: REPORT_STATUSES }).notNull().default('open'),
    outcome: text({ enum: REPORT_OUTCOMES }),
    closedAt: timestamp({ withTimezone: true }),
    closedBy: uuid().references(() => users.id),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('listing_reports_open_reporter_key')
      .on(table.listingId, table.reporterKey)
      .where(sql`status = 'open'`),
    index('listing_reports_status_created_idx').on(
      table.status,
      table.createdAt.desc().nullsFirst(),
      table.id,
    ),
    index('listing_reports_listing_idx').on(table.listingId),
    check('listing_reports_reason_check', oneOf('reason', REPORT_REASONS)),
    check('listing_reports_status_check', oneOf('status', REPORT_STATUSES)),
    check(
      'listing_reports_outcome_check',
      sql`outcome is null or ${oneOf('outcome', REPORT_OUTCOMES)}`,
    ),
    check('listing_reports_closed_check', sql`(status = 'closed') = (closed_at is not null)`),
    check(
      'listing_reports_not_counted_reason_check',
      sql`not_counted_reason is null or ${oneOf('not_counted_reason', REPORT_NOT_COUNTED_REASONS)}`,
    ),
  ],
);

/**
 * The perceptual hash of each photo of a listing, to find the same photo in another owner's
 * listing. Each band of the hash (lib/photo-hash.ts) is indexed: two photos close enough to be
 * the same share at least one band.
 */
export const photoHashes = pgTable(
  'photo_hashes',
  {
    listingId: uuid().notNull(),
    listingKind: text({ enum: ['property', 'asset'] }).notNull(),
    ownerId: uuid()
      .notNull()
      .references(() => users.id),
    photoKey: text().notNull(),
    hash: bigint({ mode: 'bigint' }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.listingId, table.photoKey] }),
    ...PHOTO_HASH_BANDS.map(({ shift, mask }, band) =>
      index(`photo_hashes_band${band}_idx`).on(
        sql`((${table.hash} >> ${sql.raw(String(shift))}) & ${sql.raw(String(mask))})`,
      ),
    ),
  ],
);

/** A listing whose photo looks like one of another owner's listing: shown to admins side by side. */
export const photoMatches = pgTable(
  'photo_matches',
  {
    listingId: uuid().notNull(),
    listingKind: text({ enum: ['property', 'asset'] }).notNull(),
    photoKey: text().notNull(),
    matchedListingId: uuid().notNull(),
    matchedListingKind: text({ enum: ['property', 'asset'] }).notNull(),
    matchedPhotoKey: text().notNull(),
    /** How many of the 64 bits differ (0: the same picture). */
    distance: integer().notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.listingId, table.matchedListingId] }),
    index('photo_matches_matched_idx').on(table.matchedListingId),
  ],
);

/** Listings a user saved (the heart), to find again and to hear when their price drops. */
export const favourites = pgTable(
  'favourites',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    listingId: uuid().notNull(),
    listingKind: text({ enum: ['property', 'asset'] }).notNull(),
    /** The price the saver last knew: at saving, or in the last price-drop alert. */
    knownPrice: bigint({ mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.listingId] }),
    index('favourites_listing_idx').on(table.listingId),
    index('favourites_user_created_idx').on(table.userId, table.createdAt.desc().nullsFirst()),
  ],
);

/**
 * A signed-in user's saved filters (the list filters' names and rules, lib/listing-schemas.ts):
 * each new published listing they fit is told to the user, at once or in a daily digest.
 */
export const savedSearches = pgTable(
  'saved_searches',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    filters: jsonb().$type<Record<string, string | number>>().notNull().default({}),
    frequency: text({ enum: ALERT_FREQUENCIES }).notNull().default('instant'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('saved_searches_user_created_idx').on(table.userId, table.createdAt.desc().nullsFirst()),
    check('saved_searches_frequency_check', oneOf('frequency', ALERT_FREQUENCIES)),
  ],
);

/**
 * A listing that fits a saved search, found once (the pair is unique) and told once:
 * `notifiedAt` is set by the job that sends the alert.
 */
export const savedSearchHits = pgTable(
  'saved_search_hits',
  {
    savedSearchId: uuid()
      .notNull()
      .references(() => savedSearches.id, { onDelete: 'cascade' }),
    listingId: uuid().notNull(),
    listingKind: text({ enum: ['property', 'asset'] }).notNull(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    notifiedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.savedSearchId, table.listingId] }),
    index('saved_search_hits_unnotified_idx')
      .on(table.userId, table.createdAt)
      .where(sql`notified_at is null`),
  ],
);

/** Messages sent from the public contact form; read by admins in the inbox. */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid().primaryKey().defaultRandom(),
    username: text().notNull(),
    email: text().notNull(),
    message: text().notNull(),
    /** The language of the page it was sent from: the reply e-mail is framed in it. */
    locale: text({ enum: LOCALES }).notNull().default('en'),
    /** The admin's answer, e-mailed to the sender and kept with the message. */
    reply: text(),
    repliedAt: timestamp({ withTimezone: true }),
    repliedBy: uuid().references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    index('contact_messages_created_idx').on(table.createdAt.desc().nullsFirst()),
    check('contact_messages_locale_check', oneOf('locale', LOCALES)),
  ],
);

/**
 * "Request Information" submissions about one property or one asset, each the start of a
 * conversation between the visitor and the listing's owner (the message here is the first).
 */
export const inquiries = pgTable(
  'inquiries',
  {
    id: uuid().primaryKey().defaultRandom(),
    propertyId: uuid().references(() => properties.id),
    assetId: uuid().references(() => assets.id),
    /** Who listed it when the inquiry came: the owner side of the conversation. */
    ownerId: uuid()
      .notNull()
      .references(() => users.id),
    /** The visitor, when signed in: they read the conversation under "Sent". */
    senderId: uuid().references(() => users.id),
    name: text().notNull(),
    email: text().notNull(),
    phone: text().notNull(),
    role: text({ enum: INQUIRY_ROLES }).notNull(),
    message: text().notNull(),
    isAgreedToEmails: boolean().notNull().default(false),
    /** The language of the page the visitor asked from: their e-mails are written in it. */
    locale: text({ enum: LOCALES }).notNull().default('en'),
    /** When the owner marked the conversation handled; a new visitor message reopens it. */
    handledAt: timestamp({ withTimezone: true }),
    /** When each side last opened the conversation: newer messages from the other are unread. */
    ownerReadAt: timestamp({ withTimezone: true }),
    senderReadAt: timestamp({ withTimezone: true }),
    /** The newest message's time: conversations are listed by it. */
    lastMessageAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Which side wrote the newest message. */
    lastMessageFrom: text({ enum: INQUIRY_SIDES }).notNull().default('visitor'),
    createdAt: createdAt(),
    deletedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    index('inquiries_property_idx').on(table.propertyId, table.createdAt.desc().nullsFirst()),
    check('inquiries_locale_check', oneOf('locale', LOCALES)),
    index('inquiries_asset_idx').on(table.assetId, table.createdAt.desc().nullsFirst()),
    index('inquiries_owner_last_idx')
      .on(table.ownerId, table.lastMessageAt.desc().nullsFirst(), table.id)
      .where(sql`deleted_at is null`),
    index('inquiries_sender_last_idx')
      .on(table.senderId, table.lastMessageAt.desc().nullsFirst(), table.id)
      .where(sql`deleted_at is null and sender_id is not null`),
    index('inquiries_last_idx')
      .on(table.lastMessageAt.desc().nullsFirst(), table.id)
      .where(sql`deleted_at is null`),
    // A guest's inquiries, found by address when an account proves it.
    index('inquiries_guest_email_idx')
      .on(sql`lower(${table.email})`)
      .where(sql`sender_id is null`),
    check('inquiries_role_check', oneOf('role', INQUIRY_ROLES)),
    check('inquiries_listing_check', sql`num_nonnulls(property_id, asset_id) = 1`),
    check('inquiries_last_message_from_check', oneOf('last_message_from', INQUIRY_SIDES)),
  ],
);

/** The replies in an inquiry's conversation, after its first message. */
export const inquiryMessages = pgTable(
  'inquiry_messages',
  {
    id: uuid().primaryKey().defaultRandom(),
    inquiryId: uuid()
      .notNull()
      .references(() => inquiries.id, { onDelete: 'cascade' }),
    from: text({ enum: INQUIRY_SIDES }).notNull(),
    /** The signed-in user who wrote it (the owner, an admin, or the signed-in visitor). */
    authorId: uuid().references(() => users.id),
    body: text().notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('inquiry_messages_inquiry_idx').on(table.inquiryId, table.createdAt),
    check('inquiry_messages_from_check', oneOf('"from"', INQUIRY_SIDES)),
  ],
);

export const newsletterSubscriptions = pgTable(
  'newsletter_subscriptions',
  {
    id: uuid().primaryKey().defaultRandom(),
    email: text().notNull(),
    /** The language of the page it was made on: the newsletter's e-mails are in it. */
    locale: text({ enum: LOCALES }).notNull().default('en'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('newsletter_subscriptions_email_key').on(sql`lower(${table.email})`),
    check('newsletter_subscriptions_locale_check', oneOf('locale', LOCALES)),
  ],
);

/**
 * What admins tell users: a broadcast to an audience (everyone, buyers or sellers), or a personal
 * message to one user (`userId`), which is also e-mailed. Users read them in their inbox.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid().primaryKey().defaultRandom(),
    title: text().notNull(),
    message: text().notNull(),
    audience: text({ enum: NOTIFICATION_AUDIENCES }).notNull().default('everyone'),
    /** Set for a personal message to one user; null for a broadcast. */
    userId: uuid().references(() => users.id, { onDelete: 'cascade' }),
    /** The admin who wrote it; null for what the platform tells on its own (a new inquiry). */
    senderId: uuid().references(() => users.id),
    kind: text({ enum: NOTIFICATION_KINDS }).notNull().default('notice'),
    /** The page it is about (a conversation, a listing), as a path on this site. */
    link: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    index('notifications_broadcast_created_idx')
      .on(table.audience, table.createdAt.desc().nullsFirst())
      .where(sql`user_id is null and deleted_at is null`),
    index('notifications_user_created_idx')
      .on(table.userId, table.createdAt.desc().nullsFirst())
      .where(sql`user_id is not null and deleted_at is null`),
    check('notifications_audience_check', oneOf('audience', NOTIFICATION_AUDIENCES)),
    check('notifications_kind_check', oneOf('kind', NOTIFICATION_KINDS)),
  ],
);

/** Which user has read which notification. */
export const notificationReads = pgTable(
  'notification_reads',
  {
    notificationId: uuid()
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.notificationId] })],
);

export const faqs = pgTable(
  'faqs',
  {
    id: uuid().primaryKey().defaultRandom(),
    question: text().notNull(),
    answer: text().notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('faqs_created_idx').on(table.createdAt)],
);

/**
 * The platform's editable settings, one row per group (`platform`, `support`), each value a JSON
 * object checked by the settings module's zod schema.
 */
export const siteSettings = pgTable('site_settings', {
  key: text().primaryKey(),
  value: jsonb().$type<Record<string, unknown>>().notNull(),
  updatedAt: updatedAt(),
  updatedBy: uuid().references(() => users.id),
});

/** Every admin action: who did what to which item, when, and the item before and after. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid().primaryKey().defaultRandom(),
    actorId: uuid()
      .notNull()
      .references(() => users.id),
    action: text().notNull(),
    targetType: text().notNull(),
    targetId: text(),
    before: jsonb().$type<Record<string, unknown>>(),
    after: jsonb().$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (table) => [
    index('audit_log_created_idx').on(table.createdAt.desc().nullsFirst(), table.id),
    index('audit_log_target_idx').on(table.targetType, table.targetId),
  ],
);

/**
 * A mobile-money payment: its id is the reference the provider is given (MTN's X-Reference-Id,
 * Airtel's transaction id), stored before the provider is called. One purchase is one row: the
 * payer's idempotency key is unique, and a listing has at most one payment waiting, and at most
 * one paid listing fee, whatever number of taps, retries or processes.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** The receipt's number, counted from 1. */
    number: integer().generatedAlwaysAsIdentity().notNull(),
    /** Who pays; null once their account is deleted (the payment stays in the books). */
    payerId: uuid().references(() => users.id, { onDelete: 'set null' }),
    /** The payer's key for this purchase: the same request sent again finds this row. */
    idempotencyKey: text().notNull(),
    product: text({ enum: PAYMENT_PRODUCTS }).notNull(),
    /** A boost's length in days; null for a listing fee. */
    boostDays: integer(),
    listingKind: text({ enum: ['property', 'asset'] }).notNull(),
    listingId: uuid().notNull(),
    /** The listing's headline when paid for, for receipts and the books. */
    listingTitle: text().notNull(),
    amount: bigint({ mode: 'number' }).notNull(),
    network: text({ enum: MOBILE_NETWORKS }).notNull(),
    /** E.164, the number the prompt went to (and a refund goes back to). */
    phone: text().notNull(),
    status: text({ enum: PAYMENT_STATUSES }).notNull().default('pending'),
    /** Why it failed, in the marketplace's words (PAYMENT_FAILURE_REASONS), and the provider's. */
    failureReason: text(),
    providerMessage: text(),
    /** The provider's own id of the settled payment. */
    providerTransactionId: text(),
    /** When the provider accepted the request (null: not known to have reached it). */
    requestedAt: timestamp({ withTimezone: true }),
    /** How many times its status was read, for the polling's growing delay. */
    checkCount: integer().notNull().default(0),
    checkedAt: timestamp({ withTimezone: true }),
    settledAt: timestamp({ withTimezone: true }),
    refundedAmount: bigint({ mode: 'number' }).notNull().default(0),
    /** The payer's language when they paid: their receipt's. */
    locale: text({ enum: LOCALES }).notNull().default('en'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('payments_number_idx').on(table.number),
    uniqueIndex('payments_payer_key_idx').on(table.payerId, table.idempotencyKey),
    uniqueIndex('payments_listing_waiting_idx')
      .on(table.listingId)
      .where(sql`status = 'pending'`),
    uniqueIndex('payments_listing_fee_paid_idx')
      .on(table.listingId)
      .where(sql`product = 'listingFee' and status = 'successful'`),
    index('payments_created_idx').on(table.createdAt.desc(), table.id),
    index('payments_payer_idx').on(table.payerId, table.createdAt.desc()),
    index('payments_phone_idx').on(table.phone),
    index('payments_pending_idx')
      .on(table.checkedAt)
      .where(sql`status = 'pending'`),
    check('payments_product_check', oneOf('product', PAYMENT_PRODUCTS)),
    check('payments_network_check', oneOf('network', MOBILE_NETWORKS)),
    check('payments_status_check', oneOf('status', PAYMENT_STATUSES)),
    check('payments_locale_check', oneOf('locale', LOCALES)),
    check('payments_kind_check', sql`listing_kind in ('property', 'asset')`),
    check(
      'payments_amount_check',
      sql`amount > 0 and refunded_amount >= 0 and refunded_amount <= amount`,
    ),
    check(
      'payments_boost_days_check',
      sql`(product = 'boost') = (boost_days is not null) and (boost_days is null or boost_days > 0)`,
    ),
  ],
);

/**
 * The books: every franc that came in (a charge, +) or went back (a refund, -), written in the
 * transaction that settled it. Revenue and every total are sums of these rows.
 */
export const paymentLedger = pgTable(
  'payment_ledger',
  {
    id: uuid().primaryKey().defaultRandom(),
    paymentId: uuid()
      .notNull()
      .references(() => payments.id),
    entry: text({ enum: ['charge', 'refund'] }).notNull(),
    /** Signed: positive for a charge, negative for a refund. */
    amount: bigint({ mode: 'number' }).notNull(),
    product: text({ enum: PAYMENT_PRODUCTS }).notNull(),
    network: text({ enum: MOBILE_NETWORKS }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('payment_ledger_created_idx').on(table.createdAt),
    index('payment_ledger_payment_idx').on(table.paymentId),
    check(
      'payment_ledger_sign_check',
      sql`(entry = 'charge' and amount > 0) or (entry = 'refund' and amount < 0)`,
    ),
  ],
);

/**
 * A payment's history, one row per change: created, sent, settled, a callback received, a
 * refund asked and settled, a grant. `actorId` is the admin or payer who acted; null, the system.
 */
export const paymentEvents = pgTable(
  'payment_events',
  {
    /** Counted up: a payment's history reads in the order it happened, however close in time. */
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    paymentId: uuid()
      .notNull()
      .references(() => payments.id),
    event: text({ enum: PAYMENT_EVENTS }).notNull(),
    fromStatus: text(),
    toStatus: text(),
    actorId: uuid().references(() => users.id, { onDelete: 'set null' }),
    detail: jsonb().$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (table) => [index('payment_events_payment_idx').on(table.paymentId, table.id)],
);

/**
 * A payment whose status here and at its provider disagree, found by the daily reconciliation
 * (paid there but expired here, say): listed for the admins until one marks it resolved.
 */
export const paymentMismatches = pgTable(
  'payment_mismatches',
  {
    id: uuid().primaryKey().defaultRandom(),
    paymentId: uuid()
      .notNull()
      .references(() => payments.id),
    ourStatus: text({ enum: PAYMENT_STATUSES }).notNull(),
    /** What the provider answered: pending, successful, failed, or unknown (no such payment). */
    providerStatus: text({ enum: ['pending', 'successful', 'failed', 'unknown'] }).notNull(),
    foundAt: createdAt(),
    resolvedAt: timestamp({ withTimezone: true }),
    resolvedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    uniqueIndex('payment_mismatches_open_idx')
      .on(table.paymentId)
      .where(sql`resolved_at is null`),
    index('payment_mismatches_found_idx').on(table.foundAt.desc()),
  ],
);

/** The owners told that their listing's boost ends soon: once per listing and boost end. */
export const boostReminders = pgTable(
  'boost_reminders',
  {
    listingId: uuid().notNull(),
    featuredUntil: timestamp({ withTimezone: true }).notNull(),
    sentAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.listingId, table.featuredUntil] })],
);

/** A refund of all or part of a successful payment; its id is the provider's reference. */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: uuid().primaryKey().defaultRandom(),
    paymentId: uuid()
      .notNull()
      .references(() => payments.id),
    amount: bigint({ mode: 'number' }).notNull(),
    reason: text().notNull(),
    status: text({ enum: REFUND_STATUSES }).notNull().default('pending'),
    /** Whether what the payment bought (a boost, a fee) ends with the refund. */
    isEndingPurchase: boolean().notNull(),
    failureReason: text(),
    providerMessage: text(),
    actorId: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    settledAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    index('payment_refunds_payment_idx').on(table.paymentId),
    check('payment_refunds_status_check', oneOf('status', REFUND_STATUSES)),
    check('payment_refunds_amount_check', sql`amount > 0`),
  ],
);

/**
 * A support ticket: a contact message, a reported listing awaiting a decision, a disputed
 * payment or a locked-out user. A source (the message, the listing, the payment) has one
 * ticket, which reopens when something new arrives about it.
 */
export const supportTickets = pgTable(
  'support_tickets',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** The number people quote: #42. */
    number: integer().generatedAlwaysAsIdentity().notNull(),
    kind: text({ enum: TICKET_KINDS }).notNull(),
    status: text({ enum: TICKET_STATUSES }).notNull().default('open'),
    subject: text().notNull(),
    /** The requester's account, when known (a payer, the account of a typed address). */
    requesterId: uuid().references(() => users.id, { onDelete: 'set null' }),
    /** Who to answer, by e-mail; null for a reported listing (its reporters hear the decision). */
    requesterName: text(),
    requesterEmail: text(),
    /** The requester's language: replies are e-mailed in it. */
    locale: text({ enum: LOCALES }).notNull().default('en'),
    /** The contact message, the reported listing or the payment; null for account access. */
    sourceId: text(),
    assigneeId: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** When its requester or an admin last wrote, or it last changed status: the queue's order. */
    lastActivityAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('support_tickets_number_idx').on(table.number),
    uniqueIndex('support_tickets_source_idx').on(table.kind, table.sourceId),
    index('support_tickets_queue_idx').on(
      table.status,
      table.lastActivityAt.desc(),
      table.id.desc(),
    ),
    index('support_tickets_activity_idx').on(table.lastActivityAt.desc(), table.id.desc()),
    check('support_tickets_kind_check', oneOf('kind', TICKET_KINDS)),
    check('support_tickets_status_check', oneOf('status', TICKET_STATUSES)),
    check('support_tickets_locale_check', oneOf('locale', LOCALES)),
  ],
);

/** A ticket's thread: what its requester wrote, admins' replies (e-mailed) and internal notes. */
export const supportMessages = pgTable(
  'support_messages',
  {
    /** Counted up: a thread reads in the order it was written, however close in time. */
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    ticketId: uuid()
      .notNull()
      .references(() => supportTickets.id, { onDelete: 'cascade' }),
    author: text({ enum: TICKET_AUTHORS }).notNull(),
    /** The admin who replied or noted; null for the requester. */
    adminId: uuid().references(() => users.id, { onDelete: 'set null' }),
    body: text().notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('support_messages_ticket_idx').on(table.ticketId, table.id),
    check('support_messages_author_check', oneOf('author', TICKET_AUTHORS)),
  ],
);

/** One-time data steps run after the SQL migrations (filling new columns from old text). */
export const dataSteps = pgTable('data_steps', {
  name: text().primaryKey(),
  doneAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
