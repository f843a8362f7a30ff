import { z } from 'zod';
import {
  OptionalPricePeriodSchema,
  OptionalUpiSchema,
  optionalText,
  requiredText,
} from '#lib/form-fields.ts';
import { t, type AnyMessageKey } from '#lib/i18n.all.ts';
import { PLACE_NAME_MAX_LENGTH } from '#lib/limits.ts';
import { PRICE_PERIODS } from '#lib/listing.ts';
import { PROVINCES } from '#lib/places.ts';

/**
 * Where a listing or a request is, as a form or a client sends it: a district and its sector
 * (official names in any case), an optional cell. Whether the sector is the district's is the
 * service's check (modules/places/places.service.ts), since it needs both fields.
 */
export const placeInputFields = {
  district: optionalText(PLACE_NAME_MAX_LENGTH),
  sector: optionalText(PLACE_NAME_MAX_LENGTH),
  cell: optionalText(PLACE_NAME_MAX_LENGTH),
};

/** A listing's place, what its rent is for (per night ... per year) and its plot's UPI. */
export const listingPlaceFields = {
  ...placeInputFields,
  pricePeriod: OptionalPricePeriodSchema,
  upi: OptionalUpiSchema,
};

/** The forms ask for the district and the sector; the API may leave them to the location text. */
export const requiredPlaceFields = {
  district: requiredText('place.fieldDistrict', PLACE_NAME_MAX_LENGTH),
  sector: requiredText('place.fieldSector', PLACE_NAME_MAX_LENGTH),
};

/** The place fields of every listing and request the API shows. */
export const placeViewFields = {
  district: z
    .string()
    .nullable()
    .meta({ description: 'Official district name', example: 'Kicukiro' }),
  sector: z.string().nullable().meta({ description: 'Official sector name', example: 'Gikondo' }),
  cell: z.string().nullable(),
  street: z.string().nullable().meta({
    description: 'The street or landmark line as typed; `location` reads the whole place',
  }),
};

/** What a listing's price is for, and its UPI, as views show them. */
export const priceViewFields = {
  pricePeriod: z
    .enum(PRICE_PERIODS)
    .nullable()
    .meta({ description: 'What a rent is for; null for a sale price', example: 'month' }),
};

export const PlacesAnswerSchema = z.object({
  provinces: z.array(
    z.object({
      name: z.enum(PROVINCES),
      districts: z.array(z.object({ name: z.string(), sectors: z.array(z.string()) })),
    }),
  ),
});

/**
 * A new listing or request says where it is: by its district, or by a location text (the
 * specification's payloads). Checked even when other fields fail, so that one answer names
 * every missing field; `label` names the location field as its form does.
 */
export function requirePlace(label: AnyMessageKey) {
  return z.refine(
    (value: unknown) => {
      const { location, district } = (value ?? {}) as { location?: unknown; district?: unknown };
      const isGiven = (field: unknown) => typeof field === 'string' && field.trim() !== '';
      return isGiven(location) || isGiven(district);
    },
    {
      path: ['location'],
      error: () => t('validation.required', { field: t(label) }),
      when: () => true,
    },
  );
}
