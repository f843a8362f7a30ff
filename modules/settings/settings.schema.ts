import { withoutLocale } from '#lib/i18n.ts';
import { isValidPhoneNumber } from 'libphonenumber-js/min';
import { z } from 'zod';
import { CheckboxSchema, requiredText } from '#lib/form-fields.ts';
import { t } from '#lib/i18n.all.ts';
import {
  EMAIL_MAX_LENGTH,
  FAQ_ANSWER_MAX_LENGTH,
  FAQ_QUESTION_MAX_LENGTH,
  FOOTER_TEXT_MAX_LENGTH,
  PAGE_TEXT_MAX_LENGTH,
  PHONE_MAX_LENGTH,
  URL_MAX_LENGTH,
} from '#lib/limits.ts';
import type { Lister, ListingKind } from '#lib/listing.ts';
import { PAYMENT_MAX_RWF, type BoostDays } from '#lib/payments.ts';
import { DEFAULT_PUBLIC_SETTINGS, type PublicSettings } from '#lib/site.ts';

/** Control characters (NUL above all); tabs and newlines pass. */
const isPrintable = (value: string) =>
  ![...value].some((char) => {
    const code = char.charCodeAt(0);
    return (code < 32 && char !== '\t' && char !== '\n' && char !== '\r') || code === 127;
  });

/** A text the admin may leave empty: trimmed, bounded, printable; absent means empty. */
function optionalSettingText(max: number) {
  return z
    .string({ error: () => t('settings.invalidText') })
    .trim()
    .max(max, { error: () => t('validation.tooLong', { max }) })
    .refine(isPrintable, { error: () => t('validation.controlCharacters') })
    .default('');
}

/**
 * A page text the admin writes (About us, Terms & condition): plain text whose blank lines part
 * its paragraphs. Empty restores the default text; absent (a client from before these texts
 * existed) keeps the saved one, which the service sees as undefined.
 */
/** A page's text; empty, the page shows its default text in the visitor's language. */
function pageText() {
  return z
    .string({ error: () => t('settings.invalidText') })
    .overwrite((value) => value.replace(/\r\n?/g, '\n'))
    .trim()
    .max(PAGE_TEXT_MAX_LENGTH, {
      error: () => t('validation.tooLong', { max: PAGE_TEXT_MAX_LENGTH }),
    })
    .refine(isPrintable, { error: () => t('validation.controlCharacters') })
    .optional();
}

const OptionalEmailSchema = z
  .string({ error: () => t('validation.email') })
  .trim()
  .toLowerCase()
  .max(EMAIL_MAX_LENGTH, { error: () => t('validation.tooLong', { max: EMAIL_MAX_LENGTH }) })
  .refine((value) => value === '' || z.email().safeParse(value).success, {
    error: () => t('validation.email'),
  })
  .default('');

/** An http(s) address or a path on this site (`/terms`); never `javascript:` or `//host`. */
function isSafeLink(value: string): boolean {
  if (/^\/(?!\/)[^\s\\]*$/.test(value)) return true;
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

const OptionalUrlSchema = z
  .string({ error: () => t('settings.invalidUrl') })
  .trim()
  .max(URL_MAX_LENGTH, { error: () => t('validation.tooLong', { max: URL_MAX_LENGTH }) })
  .refine((value) => value === '' || isSafeLink(value), { error: () => t('settings.invalidUrl') })
  .default('');

const OptionalPhoneSchema = z
  .string({ error: () => t('validation.phone') })
  .trim()
  .max(PHONE_MAX_LENGTH, { error: () => t('validation.tooLong', { max: PHONE_MAX_LENGTH }) })
  .refine((value) => value === '' || isValidPhoneNumber(value, 'RW'), {
    error: () => t('validation.phone'),
  })
  .default('');

/** How long visitors' inquiries are kept after their last message (Law No 058/2021). */
const INQUIRY_RETENTION_MONTHS = { default: 24, min: 1, max: 120 } as const;

/** Whole months from 1 to 120; absent (a client that does not know it), the saved value. */
const InquiryRetentionMonthsSchema = z.coerce
  .number({ error: () => t('settings.retentionInvalid') })
  .int({ error: () => t('settings.retentionInvalid') })
  .min(INQUIRY_RETENTION_MONTHS.min, { error: () => t('settings.retentionInvalid') })
  .max(INQUIRY_RETENTION_MONTHS.max, { error: () => t('settings.retentionInvalid') })
  .optional();

/** How long a published listing stays listed without its owner confirming it (days). */
const LISTING_LIFETIME_DAYS = { default: 60, min: 7, max: 365 } as const;
/** How many days before it expires its owner is told (fewer than the lifetime). */
const EXPIRY_WARNING_DAYS = { default: 7, min: 1, max: 30 } as const;
/** How many days a listing marked Sold or Rented stays listed (0: until the next sweep). */
const SOLD_LISTING_DAYS = { default: 14, min: 0, max: 90 } as const;

/** Whole days within `bounds`; absent (a client that does not know it), the saved value. */
function daysSchema(bounds: { default: number; min: number; max: number }) {
  const error = () => t('settings.daysInvalid', { min: bounds.min, max: bounds.max });
  return z.coerce
    .number({ error })
    .int({ error })
    .min(bounds.min, { error })
    .max(bounds.max, { error })
    .optional();
}

/**
 * Platform settings (spec §3). A save replaces the whole group: an absent text is empty and an
 * absent maintenanceMode is off (as an unticked checkbox sends nothing). The About and Terms
 * page texts and the numbers of days and months are the exception: absent, they keep their saved
 * value (the specification's settings form knows none of them).
 */
export const PlatformSettingsSchema = z
  .object({
    contactEmail: OptionalEmailSchema,
    logoURL: OptionalUrlSchema,
    footerText: optionalSettingText(FOOTER_TEXT_MAX_LENGTH),
    termsURL: OptionalUrlSchema,
    privacyURL: OptionalUrlSchema,
    maintenanceMode: CheckboxSchema,
    aboutText: pageText(),
    termsText: pageText(),
    inquiryRetentionMonths: InquiryRetentionMonthsSchema,
    listingLifetimeDays: daysSchema(LISTING_LIFETIME_DAYS),
    expiryWarningDays: daysSchema(EXPIRY_WARNING_DAYS),
    soldListingDays: daysSchema(SOLD_LISTING_DAYS),
  })
  .refine(
    ({ expiryWarningDays, listingLifetimeDays }) =>
      expiryWarningDays === undefined ||
      listingLifetimeDays === undefined ||
      expiryWarningDays < listingLifetimeDays,
    { path: ['expiryWarningDays'], error: () => t('settings.warningTooLong') },
  );

/** What a save sends: the page texts may be left out. */
export type PlatformSettingsInput = z.infer<typeof PlatformSettingsSchema>;
/** The saved platform settings: every field has a value. */
export type PlatformSettings = Required<PlatformSettingsInput>;

/** Support info (spec §3), replaced whole by a save like the platform settings. */
export const SupportInfoSchema = z.object({
  contactEmail: OptionalEmailSchema,
  supportPhone: OptionalPhoneSchema,
  userGuideURL: OptionalUrlSchema,
  termsURL: OptionalUrlSchema,
});

export type SupportInfo = z.infer<typeof SupportInfoSchema>;

/** A price in whole francs, 0 (free) to PAYMENT_MAX_RWF. */
const PriceSchema = z.coerce
  .number({ error: () => t('settings.priceInvalid', { max: PAYMENT_MAX_RWF }) })
  .int({ error: () => t('settings.priceInvalid', { max: PAYMENT_MAX_RWF }) })
  .min(0, { error: () => t('settings.priceInvalid', { max: PAYMENT_MAX_RWF }) })
  .max(PAYMENT_MAX_RWF, { error: () => t('settings.priceInvalid', { max: PAYMENT_MAX_RWF }) });

/** How many featured listings a page of a list shows at most. */
const FEATURED_PER_PAGE = { default: 3, min: 0, max: 12 } as const;

/**
 * What the marketplace charges, in whole francs (0: free): the listing fee a supply pays before
 * its review, by kind and by who lists it, and the boosts. Replaced whole by a save.
 */
export const PricesSchema = z.object({
  listingFeePropertyOwner: PriceSchema,
  listingFeePropertyAgent: PriceSchema,
  listingFeePropertyCommissioner: PriceSchema,
  listingFeeAssetOwner: PriceSchema,
  listingFeeAssetAgent: PriceSchema,
  listingFeeAssetCommissioner: PriceSchema,
  boost7DaysPrice: PriceSchema,
  boost30DaysPrice: PriceSchema,
  featuredPerPage: z.coerce
    .number({ error: () => t('settings.featuredPerPageInvalid', FEATURED_PER_PAGE) })
    .int({ error: () => t('settings.featuredPerPageInvalid', FEATURED_PER_PAGE) })
    .min(FEATURED_PER_PAGE.min, {
      error: () => t('settings.featuredPerPageInvalid', FEATURED_PER_PAGE),
    })
    .max(FEATURED_PER_PAGE.max, {
      error: () => t('settings.featuredPerPageInvalid', FEATURED_PER_PAGE),
    }),
});

export type Prices = z.infer<typeof PricesSchema>;

/** Listing free, boosts at a price: until an admin sets prices, selling goes on as before. */
export const DEFAULT_PRICES: Prices = {
  listingFeePropertyOwner: 0,
  listingFeePropertyAgent: 0,
  listingFeePropertyCommissioner: 0,
  listingFeeAssetOwner: 0,
  listingFeeAssetAgent: 0,
  listingFeeAssetCommissioner: 0,
  boost7DaysPrice: 5000,
  boost30DaysPrice: 15000,
  featuredPerPage: FEATURED_PER_PAGE.default,
};

/** The listing fee of a listing of `kind` put up by `lister`. */
export function listingFeeOf(prices: Prices, kind: ListingKind, lister: Lister): number {
  const field = `listingFee${kind === 'property' ? 'Property' : 'Asset'}${
    lister === 'owner' ? 'Owner' : lister === 'agent' ? 'Agent' : 'Commissioner'
  }` as const;
  return prices[field];
}

/** The price of a boost of `days` days. */
export function boostPriceOf(prices: Prices, days: BoostDays): number {
  return days === 7 ? prices.boost7DaysPrice : prices.boost30DaysPrice;
}

/**
 * What SMS notices may cost a day (issue 37): a person is sent at most `noticesPerUserPerDay`
 * (the rest stay in the site and their e-mail), and the platform `noticesPerDay` in all, so that
 * a bug or an attack cannot run up the bill. 0 sends no SMS notices. Codes that prove a number
 * are not counted: they have their own limits (accounts.phone-codes.ts).
 */
const SMS_NOTICES_PER_USER_PER_DAY = { default: 5, min: 0, max: 50 } as const;
const SMS_NOTICES_PER_DAY = { default: 2000, min: 0, max: 1_000_000 } as const;

/** A whole number within `bounds`; an empty field is refused, not read as 0 (no SMS at all). */
function smsLimitSchema(bounds: { min: number; max: number }) {
  const error = () => t('settings.smsLimitInvalid', { min: bounds.min, max: bounds.max });
  return z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z.coerce.number({ error }).int({ error }).min(bounds.min, { error }).max(bounds.max, { error }),
  );
}

/** The SMS notices' daily limits, replaced whole by a save. */
export const SmsLimitsSchema = z.object({
  noticesPerUserPerDay: smsLimitSchema(SMS_NOTICES_PER_USER_PER_DAY),
  noticesPerDay: smsLimitSchema(SMS_NOTICES_PER_DAY),
});

export type SmsLimits = z.infer<typeof SmsLimitsSchema>;

export const DEFAULT_SMS_LIMITS: SmsLimits = {
  noticesPerUserPerDay: SMS_NOTICES_PER_USER_PER_DAY.default,
  noticesPerDay: SMS_NOTICES_PER_DAY.default,
};

// The defaults of both groups come from the public defaults (lib/site.ts).
const { supportEmail, supportPhone, userGuideURL, ...platformDefaults } = DEFAULT_PUBLIC_SETTINGS;

/** What the site shows before an admin saves anything: the footer's contact details. */
export const DEFAULT_PLATFORM_SETTINGS: PlatformSettings = {
  ...platformDefaults,
  aboutText: '',
  termsText: '',
  inquiryRetentionMonths: INQUIRY_RETENTION_MONTHS.default,
  listingLifetimeDays: LISTING_LIFETIME_DAYS.default,
  expiryWarningDays: EXPIRY_WARNING_DAYS.default,
  soldListingDays: SOLD_LISTING_DAYS.default,
};

export const DEFAULT_SUPPORT_INFO: SupportInfo = {
  contactEmail: supportEmail,
  supportPhone,
  userGuideURL,
  termsURL: '',
};

/**
 * The public settings from the two groups; the support terms stand in for missing platform ones.
 * The page texts stay out: every page receives these, only /about and /terms need those.
 */
export function toPublicSettings(platform: PlatformSettings, support: SupportInfo): PublicSettings {
  const { aboutText: _aboutText, termsText: _termsText, ...shown } = platform;
  return {
    ...shown,
    termsURL: platform.termsURL || support.termsURL,
    supportEmail: support.contactEmail,
    supportPhone: support.supportPhone,
    userGuideURL: support.userGuideURL,
  };
}

export const FaqInputSchema = z.object({
  question: requiredText('settings.faqQuestion', FAQ_QUESTION_MAX_LENGTH),
  answer: requiredText('settings.faqAnswer', FAQ_ANSWER_MAX_LENGTH),
});

export type FaqInput = z.infer<typeof FaqInputSchema>;

export const FaqSchema = z.object({
  _id: z.uuid(),
  question: z.string(),
  answer: z.string(),
  createdAt: z.iso.datetime(),
});

export type Faq = z.infer<typeof FaqSchema>;

export const FaqIdParamsSchema = z.object({ id: z.string() });

/**
 * What stays reachable in maintenance mode for everyone: what an admin needs to sign in (and
 * out, or to reset a forgotten password), and to turn two-step sign-in on when ADMIN_2FA holds
 * their powers until then. Built assets, /media and /healthz are not routes with an access and
 * never reach the check.
 */
const OPEN_DURING_MAINTENANCE = new Set([
  '/login',
  '/logout',
  '/forgot-password',
  '/reset-password',
  '/account/security',
  '/api/login',
  '/api/login/two-step',
  '/api/logout',
  '/api/me',
  '/api/me/two-step',
  '/api/me/two-step/setup',
  '/api/me/two-step/enable',
]);

/** Whether a path (pathname, or a page's `.data` request) stays open in maintenance mode. */
export function isOpenDuringMaintenance(pathname: string): boolean {
  const path = withoutLocale(pathname.replace(/\.data$/, '').replace(/\/+$/, '') || '/');
  return OPEN_DURING_MAINTENANCE.has(path);
}

/** How long a visitor is told to wait before trying again during maintenance (Retry-After). */
export const MAINTENANCE_RETRY_AFTER_SECONDS = 300;
