import { z } from 'zod';
import {
  OptionalPricePeriodSchema,
  OptionalUpiSchema,
  optionalText,
  requiredText,
} from '#lib/form-fields.ts';
import { LOCALES } from '#lib/i18n.ts';
import { t, type AnyMessageKey } from '#lib/i18n.all.ts';
import { parseMapLink, RWANDA_BOUNDS, type Point } from '#lib/geo.ts';
import { MAP_LINK_MAX_LENGTH, PLACE_NAME_MAX_LENGTH } from '#lib/limits.ts';
import { LOCATION_PRECISIONS, PRICE_PERIODS } from '#lib/listing.ts';
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

/** A latitude or a longitude: a number inside Rwanda; blank removes the point, left out keeps it. */
function coordinate(axis: 'latitude' | 'longitude') {
  const [low, high] =
    axis === 'latitude'
      ? [RWANDA_BOUNDS.south, RWANDA_BOUNDS.north]
      : [RWANDA_BOUNDS.west, RWANDA_BOUNDS.east];
  return z.preprocess(
    (value) => {
      const text = Array.isArray(value) ? value[0] : value;
      if (typeof text !== 'string') return text;
      // A decimal comma, as French and Kinyarwanda write it, reads as a point.
      const trimmed = text.trim().replace(',', '.');
      return trimmed === '' ? null : Number(trimmed);
    },
    z
      .number({ error: () => t('place.coordinate') })
      .min(low, { error: () => t('place.outsideRwanda') })
      .max(high, { error: () => t('place.outsideRwanda') })
      .nullable()
      .optional()
      .meta({ description: `WGS84 ${axis} in degrees, inside Rwanda; null removes the point` }),
  );
}

/**
 * Where exactly a listing or request is, as a form or a client sends it: a point (`latitude`,
 * `longitude`, or a Google Maps or OpenStreetMap link in `mapLink`, which wins when given) and
 * whether the public sees it (`exact`) or only a circle of 300 m around it (`approximate`, the
 * default). Both numbers or neither: the service names the missing one.
 */
export const pointInputFields = {
  latitude: coordinate('latitude'),
  longitude: coordinate('longitude'),
  locationPrecision: z
    .preprocess(
      (value) => {
        const text = Array.isArray(value) ? value[0] : value;
        return typeof text === 'string' && text.trim() === '' ? undefined : text;
      },
      z.enum(['exact', 'approximate'], { error: () => t('place.precision') }).optional(),
    )
    .meta({
      description: 'exact: the public sees the point; approximate (default): a 300 m circle',
    }),
  mapLink: optionalText(MAP_LINK_MAX_LENGTH)
    .transform((text, context): Point | undefined => {
      if (text === undefined) return undefined;
      const parsed = parseMapLink(text);
      if ('point' in parsed) return parsed.point;
      context.addIssue({ code: 'custom', message: t(MAP_LINK_ERRORS[parsed.error]) });
      return z.NEVER;
    })
    .optional()
    .meta({
      description:
        'A Google Maps or OpenStreetMap address of the place (long form: short maps.app.goo.gl links cannot be read)',
    }),
};

/**
 * The point columns a form's point fields fill: the link's point when one was pasted, else the
 * two numbers (left out: kept; blank: removed).
 */
export function toPointColumns(input: {
  latitude?: number | null;
  longitude?: number | null;
  locationPrecision?: 'exact' | 'approximate';
  mapLink?: Point;
}) {
  const point = input.mapLink ?? { latitude: input.latitude, longitude: input.longitude };
  return {
    latitude: point.latitude,
    longitude: point.longitude,
    locationPrecision: input.locationPrecision,
  };
}

const MAP_LINK_ERRORS = {
  shortLink: 'place.mapLinkShort',
  noPoint: 'place.mapLinkNoPoint',
  outsideRwanda: 'place.outsideRwanda',
} as const satisfies Record<string, AnyMessageKey>;

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

/**
 * Where a listing or request is on the map, as the public sees it: the owner's point, a point
 * within 300 m of it, or its sector's centre; null when it has no place at all.
 */
export const pointViewFields = {
  latitude: z.number().nullable().meta({ description: 'WGS84 latitude of the public point' }),
  longitude: z.number().nullable().meta({ description: 'WGS84 longitude of the public point' }),
  locationPrecision: z.enum(LOCATION_PRECISIONS).nullable().meta({
    description:
      "exact: the owner's point; approximate: within 300 m of it (show a circle); sector: the sector's centre",
  }),
  distanceKm: z.number().optional().meta({
    description: 'On a list with `near`: km from that place to the public point (none: no point)',
  }),
};

/** The point its owner set, in their own views and the admins' only (null: no point set). */
export const exactPointViewFields = {
  exactLatitude: z.number().nullable().meta({ description: 'WGS84 latitude the owner set' }),
  exactLongitude: z.number().nullable().meta({ description: 'WGS84 longitude the owner set' }),
};

/** The owner's own point, for their views and the admins'. */
export function toExactPointView(row: { latitude: number | null; longitude: number | null }) {
  return { exactLatitude: row.latitude, exactLongitude: row.longitude };
}

/** What a listing's price is for, and its UPI, as views show them. */
export const priceViewFields = {
  pricePeriod: z
    .enum(PRICE_PERIODS)
    .nullable()
    .meta({ description: 'What a rent is for; null for a sale price', example: 'month' }),
};

/** A [longitude, latitude] pair, as GeoJSON orders them. */
const PositionSchema = z.tuple([z.number(), z.number()]);

/**
 * The outlines of Rwanda's 30 districts as a GeoJSON FeatureCollection (RFC 7946: each ring
 * closed, [longitude, latitude]), with the attribution their licence asks for.
 */
export const DistrictOutlinesAnswerSchema = z.object({
  type: z.literal('FeatureCollection'),
  attribution: z.string().meta({ description: 'The source to credit wherever they are drawn' }),
  features: z.array(
    z.object({
      type: z.literal('Feature'),
      properties: z.object({ name: z.string().meta({ example: 'Kicukiro' }) }),
      geometry: z.object({
        type: z.literal('Polygon'),
        coordinates: z.array(z.array(PositionSchema)),
      }),
    }),
  ),
});

export const LandmarksAnswerSchema = z.object({
  landmarks: z.array(
    z.object({
      id: z.string().meta({ description: 'What `near` accepts', example: 'convention-centre' }),
      names: z.object({ en: z.string(), fr: z.string(), rw: z.string() }),
      latitude: z.number(),
      longitude: z.number(),
    }),
  ),
});

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

/** A coordinate of the static map's centre: a number inside Rwanda. */
function mapCoordinate(axis: 'latitude' | 'longitude') {
  const [low, high] =
    axis === 'latitude'
      ? [RWANDA_BOUNDS.south, RWANDA_BOUNDS.north]
      : [RWANDA_BOUNDS.west, RWANDA_BOUNDS.east];
  return z.coerce
    .number({ error: () => t('place.coordinate') })
    .min(low, { error: () => t('place.outsideRwanda') })
    .max(high, { error: () => t('place.outsideRwanda') })
    .meta({ description: `WGS84 ${axis} of the public point, inside Rwanda` });
}

/** GET /api/places/static-map.svg: the public point a listing page shows, and how. */
export const StaticMapQuerySchema = z.object({
  lat: mapCoordinate('latitude'),
  lng: mapCoordinate('longitude'),
  precision: z.enum(LOCATION_PRECISIONS, { error: () => t('staticMap.precision') }).meta({
    description:
      "exact: a pin; approximate: a circle of 300 m; sector: a dashed area around the sector's centre",
  }),
  lang: z
    .enum(LOCALES, { error: () => t('validation.locale') })
    .optional()
    .meta({ description: "The texts' language; else the Accept-Language header's" }),
});
