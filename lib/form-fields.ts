import { isValidPhoneNumber } from 'libphonenumber-js/min';
import { z } from 'zod';
import { t, type AnyMessageKey as MessageKey } from './i18n.all.ts';
import {
  AREA_SQM_MAX,
  EMAIL_MAX_LENGTH,
  FEATURE_MAX_LENGTH,
  MAX_FEATURES,
  PRICE_MAX,
  ROOM_COUNT_MAX,
} from './limits.ts';
import { capitalizeType, LISTING_TYPES, OFFERS, PRICE_PERIODS, UPI_PATTERN } from './listing.ts';

/** Control characters (NUL above all: PostgreSQL text cannot hold it); tabs and newlines pass. */
const isPrintable = (value: string) =>
  ![...value].some((char) => {
    const code = char.charCodeAt(0);
    return (code < 32 && char !== '\t' && char !== '\n' && char !== '\r') || code === 127;
  });

/** A required text field: trimmed, not blank, bounded, no control characters. */
export function requiredText(label: MessageKey, max: number) {
  return z
    .string({ error: () => t('validation.required', { field: t(label) }) })
    .trim()
    .min(1, { error: () => t('validation.required', { field: t(label) }) })
    .max(max, { error: () => t('validation.tooLong', { max }) })
    .refine(isPrintable, { error: () => t('validation.controlCharacters') });
}

export const EmailSchema = z
  .string({ error: () => t('validation.email') })
  .trim()
  .toLowerCase()
  .pipe(
    z
      .email({ error: () => t('validation.email') })
      .max(EMAIL_MAX_LENGTH, { error: () => t('validation.tooLong', { max: EMAIL_MAX_LENGTH }) }),
  );

/** A phone number valid in Rwanda (07xxxxxxxx) or in international form (+250...). */
export const PhoneSchema = z
  .string({ error: () => t('validation.phone') })
  .trim()
  .refine((value) => isValidPhoneNumber(value, 'RW'), { error: () => t('validation.phone') });

/** An HTML checkbox: 'on', 'true' or true when ticked; absent when not. */
export const CheckboxSchema = z
  .union([z.boolean(), z.enum(['on', 'true', 'false', ''])])
  .optional()
  .transform((value) => value === true || value === 'on' || value === 'true');

/** What a form field holds before parsing: text, or several texts for a repeated field. */
type Raw = string | string[] | undefined;

/** The field's single text: an empty or absent field is undefined (forms send blanks). */
function single(value: unknown): unknown {
  const text = Array.isArray(value) ? value[0] : value;
  if (typeof text === 'string' && text.trim() === '') return undefined;
  return text;
}

/** An optional text field: trimmed, bounded, undefined when blank. */
export function optionalText(max: number) {
  return z.preprocess(
    single,
    z
      .string()
      .trim()
      .max(max, { error: () => t('validation.tooLong', { max }) })
      .refine(isPrintable, { error: () => t('validation.controlCharacters') })
      .optional(),
  );
}

/** A required amount of Rwandan francs: digits, with spaces or commas as separators allowed. */
export function requiredAmount(label: MessageKey) {
  return z.preprocess(
    (value) => {
      const text = single(value);
      return typeof text === 'string' ? text.replace(/[\s,]/g, '') : text;
    },
    z
      .union([z.string(), z.number()], {
        error: () => t('validation.required', { field: t(label) }),
      })
      .pipe(z.coerce.number({ error: () => t('validation.amount') }))
      .pipe(
        z
          .number({ error: () => t('validation.amount') })
          .int({ error: () => t('validation.amount') })
          .min(0, { error: () => t('validation.amount') })
          .max(PRICE_MAX, { error: () => t('validation.amount') }),
      ),
  );
}

/** An optional amount of francs (a rental price, say). */
export function optionalAmount() {
  return z.preprocess(
    (value) => {
      const text = single(value);
      return typeof text === 'string' ? text.replace(/[\s,]/g, '') : text;
    },
    z.coerce
      .number({ error: () => t('validation.amount') })
      .int({ error: () => t('validation.amount') })
      .min(0, { error: () => t('validation.amount') })
      .max(PRICE_MAX, { error: () => t('validation.amount') })
      .optional(),
  );
}

/** An optional count of rooms: a whole number from 0 to 1000. */
export const OptionalCountSchema = z.preprocess(
  single,
  z.coerce
    .number({ error: () => t('validation.count') })
    .int({ error: () => t('validation.count') })
    .min(0, { error: () => t('validation.count') })
    .max(ROOM_COUNT_MAX, { error: () => t('validation.count') })
    .optional(),
);

/** An optional area in square metres; '120', '120sqm' and '120 m²' all read as 120. */
export const OptionalAreaSchema = z.preprocess(
  (value) => {
    const text = single(value);
    if (typeof text !== 'string') return text;
    const match = /^\s*(\d+)\s*(sqm|m2|m²|sq\.?\s*m)?\s*$/i.exec(text);
    return match ? Number(match[1]) : text;
  },
  z
    .number({ error: () => t('validation.area') })
    .int({ error: () => t('validation.area') })
    .min(1, { error: () => t('validation.area') })
    .max(AREA_SQM_MAX, { error: () => t('validation.area') })
    .optional(),
);

/**
 * The features list of a form: a repeated field (or one text). Blank ones are dropped after
 * trimming, as the spec adds a feature only when it is not empty; duplicates once.
 */
export const FeaturesSchema = z.preprocess(
  (value: Raw) => {
    const list = value === undefined ? [] : Array.isArray(value) ? value : [value];
    const trimmed = list.map((feature) => (typeof feature === 'string' ? feature.trim() : feature));
    return [...new Set(trimmed.filter((feature) => feature !== ''))];
  },
  z
    .array(
      z
        .string()
        .max(FEATURE_MAX_LENGTH)
        .refine(isPrintable, { error: () => t('validation.controlCharacters') }),
      {
        error: () => t('validation.features', { max: MAX_FEATURES, length: FEATURE_MAX_LENGTH }),
      },
    )
    .max(MAX_FEATURES, {
      error: () => t('validation.features', { max: MAX_FEATURES, length: FEATURE_MAX_LENGTH }),
    }),
);

/** A choice typed or picked in any case ('house', 'CAR'): its canonical form; blank is absent. */
function canonicalChoice(value: unknown): unknown {
  const text = single(value);
  return typeof text === 'string' ? capitalizeType(text.trim()) : text;
}

/** A listing type in any case, answered in its canonical form. */
export const ListingTypeSchema = z.preprocess(
  canonicalChoice,
  z.enum(LISTING_TYPES, { error: () => t('validation.listingType') }),
);

/** The same, where a blank means no type. */
export const OptionalListingTypeSchema = z.preprocess(
  canonicalChoice,
  z.enum(LISTING_TYPES, { error: () => t('validation.listingType') }).optional(),
);

/** Rent or Sale in any case; a blank (a select left on its placeholder) means not given. */
export const OptionalOfferSchema = z.preprocess(
  canonicalChoice,
  z.enum(OFFERS, { error: () => t('validation.offer') }).optional(),
);

/** An optional yes/no field: a checkbox ('on'), or true/false, yes/no. */
export const OptionalYesNoSchema = z.preprocess(
  (value) => {
    const text = single(value);
    if (typeof text === 'boolean' || text === undefined) return text;
    if (typeof text !== 'string') return text;
    const lower = text.trim().toLowerCase();
    if (['on', 'true', 'yes', '1'].includes(lower)) return true;
    if (['false', 'no', '0', 'off'].includes(lower)) return false;
    return text;
  },
  z.boolean({ error: () => t('validation.yesNo') }).optional(),
);

/** What a rent is for, in any case; blank means the type's usual period (or a sale). */
export const OptionalPricePeriodSchema = z.preprocess(
  (value) => {
    const text = single(value);
    return typeof text === 'string' ? text.trim().toLowerCase() : text;
  },
  z.enum(PRICE_PERIODS, { error: () => t('validation.pricePeriod') }).optional(),
);

/** A land parcel's UPI, shaped like 1/02/03/04/1234; blank means none given. */
export const OptionalUpiSchema = z.preprocess(
  single,
  z
    .string()
    .trim()
    .regex(UPI_PATTERN, { error: () => t('place.upiFormat') })
    .optional(),
);

/**
 * What a buyer's budget is for: a rent's period, or blank for buying (null, which an edit can
 * choose again); left out of an API edit, it is kept.
 */
export const RequestPricePeriodSchema = z.preprocess(
  (value) => {
    const text = Array.isArray(value) ? value[0] : value;
    return typeof text === 'string' ? text.trim().toLowerCase() || null : text;
  },
  z
    .enum(PRICE_PERIODS, { error: () => t('validation.pricePeriod') })
    .nullable()
    .optional(),
);
