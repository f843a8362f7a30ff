import { and, eq, ne, sql } from 'drizzle-orm';
import type { Transaction } from '#db/client.ts';
import { InvalidError } from '#lib/errors.ts';
import { t } from '#lib/i18n.all.ts';
import { approximatePoint } from '#lib/geo.ts';
import { placeCentre } from '#lib/place-centres.ts';
import { derivePlace } from '#lib/place-text.ts';
import { CELLS } from '#lib/places.cells.ts';
import { DISTRICT_OUTLINES } from '#lib/places.outlines.ts';
import { OUTLINES_CREDIT } from '#lib/map.ts';
import { DISTRICTS, findDistrict, findSector, placeKey, PROVINCES } from '#lib/places.ts';
import {
  defaultPricePeriod,
  type ListingType,
  type LocationPrecision,
  type Offer,
  type PricePeriod,
  LISTING_KINDS,
} from '#lib/listing.ts';
import { isPublishedIn } from '#modules/catalogue/catalogue.sql.ts';
import { isPublished, type ListingWrite } from '#modules/catalogue/catalogue.events.ts';
import { LISTING_TABLES, TITLE_COLUMNS } from '#modules/catalogue/catalogue.kinds.ts';
import type { NotificationsService } from '#modules/notifications/notifications.service.ts';
import type { DistrictOutlinesAnswerSchema, PlacesAnswerSchema } from './places.schema.ts';
import type { z } from 'zod';

/** The place and price columns of a listing or a request, as stored. */
type PlaceColumns = {
  location?: string | null;
  district?: string | null;
  sector?: string | null;
  cell?: string | null;
} & PointColumns;

/** Where a listing or a request is on the map, as stored (db/schema.ts `located`). */
type PointColumns = {
  latitude?: number | null;
  longitude?: number | null;
  locationPrecision?: LocationPrecision | null;
  publicLatitude?: number | null;
  publicLongitude?: number | null;
};

/** A uniform number in [0, 1) no one can predict: the shift of a private point must not be undone. */
function unpredictableUnit(): number {
  return crypto.getRandomValues(new Uint32Array(1))[0]! / 2 ** 32;
}

/**
 * The point columns to write for `values` over the row `before` once its place is `place`
 * (resolvePlace's answer). A point given is public as it is (`exact`) or moved once within
 * 300 m (`approximate`, the default), and the moved point is kept while the point stays; with
 * no point the public sees the sector's centre, else the district's. Nothing about the point
 * or the place given keeps the stored columns.
 */
function resolvePoint(
  values: PointColumns,
  place: PlaceColumns,
  before?: PointColumns & PlaceColumns,
): PointColumns {
  const isPointGiven = values.latitude !== undefined || values.longitude !== undefined;
  const isPlaceGiven = place.district !== undefined || place.sector !== undefined;
  if (before && !isPointGiven && !isPlaceGiven && values.locationPrecision === undefined) {
    return {};
  }
  if (isPointGiven && (values.latitude == null) !== (values.longitude == null)) {
    throw InvalidError.field(
      values.latitude == null ? 'latitude' : 'longitude',
      t('place.pointPair'),
    );
  }
  const latitude = isPointGiven ? values.latitude : before?.latitude;
  const longitude = isPointGiven ? values.longitude : before?.longitude;
  if (latitude != null && longitude != null) {
    const kept = before?.locationPrecision === 'exact' ? 'exact' : 'approximate';
    const precision =
      values.locationPrecision === 'exact' ? 'exact' : (values.locationPrecision ?? kept);
    if (precision === 'exact') {
      return {
        latitude,
        longitude,
        locationPrecision: 'exact',
        publicLatitude: latitude,
        publicLongitude: longitude,
      };
    }
    const isKept =
      before?.locationPrecision === 'approximate' &&
      before.latitude === latitude &&
      before.longitude === longitude &&
      before.publicLatitude != null &&
      before.publicLongitude != null;
    const shown = isKept
      ? { latitude: before.publicLatitude!, longitude: before.publicLongitude! }
      : approximatePoint({ latitude, longitude }, unpredictableUnit);
    return {
      latitude,
      longitude,
      locationPrecision: 'approximate',
      publicLatitude: shown.latitude,
      publicLongitude: shown.longitude,
    };
  }
  const district = place.district !== undefined ? place.district : before?.district;
  const sector = place.sector !== undefined ? place.sector : before?.sector;
  const centre = district ? placeCentre(district, sector ?? null) : undefined;
  return {
    latitude: null,
    longitude: null,
    locationPrecision: centre ? 'sector' : null,
    publicLatitude: centre?.latitude ?? null,
    publicLongitude: centre?.longitude ?? null,
  };
}

type ListingColumns = PlaceColumns & {
  type?: ListingType | null;
  offer?: Offer;
  pricePeriod?: PricePeriod | null;
  upi?: string | null;
};

/** The types a UPI may be given for: land, and houses on their own plot. */
const UPI_TYPES: readonly ListingType[] = ['Land', 'House'];

/** Every province with its districts and their sectors, as GET /api/places answers. */
export function listPlaces(): z.infer<typeof PlacesAnswerSchema> {
  return {
    provinces: PROVINCES.map((province) => ({
      name: province,
      districts: DISTRICTS.filter((district) => district.province === province).map((district) => ({
        name: district.name,
        sectors: [...district.sectors],
      })),
    })),
  };
}

type DistrictOutlines = z.infer<typeof DistrictOutlinesAnswerSchema>;
let districtOutlines: DistrictOutlines | undefined;

/**
 * The districts' outlines as GeoJSON, as GET /api/places/outlines answers them: made once, since
 * they change only with a release. Only the map view fetches them; no page's JavaScript carries
 * them (56 KB).
 */
export function listDistrictOutlines(): DistrictOutlines {
  districtOutlines ??= {
    type: 'FeatureCollection',
    // Who made them, as their licence (CC BY 4.0) asks every map to say.
    attribution: OUTLINES_CREDIT.text,
    features: DISTRICT_OUTLINES.map((district) => ({
      type: 'Feature',
      properties: { name: district.name },
      geometry: {
        type: 'Polygon',
        coordinates: district.rings.map((ring) => {
          const positions = ring.map(([latitude, longitude]): [number, number] => [
            longitude,
            latitude,
          ]);
          const [first, last] = [positions[0], positions.at(-1)];
          const isClosed = first && last && first[0] === last[0] && first[1] === last[1];
          return isClosed || !first ? positions : [...positions, first];
        }),
      },
    })),
  };
  return districtOutlines;
}

/** The cell's official spelling when the sector has it; otherwise the text as given. */
function officialCell(district: string, sector: string | null, cell: string): string {
  const key = placeKey(cell);
  const cells = sector ? (CELLS[district]?.[sector] ?? []) : [];
  return cells.find((name) => placeKey(name) === key) ?? cell;
}

/**
 * The place columns to write for `values` (what a form or a client sent) over the row `before`
 * (none for a new one). A district given must be Rwanda's and its sector the district's (a 400
 * naming the field otherwise); without one the location text names the place where it can.
 * Nothing given about the place keeps the stored one.
 */
function resolvePlace(values: PlaceColumns, before?: PlaceColumns): PlaceColumns {
  const { district: givenDistrict, sector: givenSector, cell } = values;
  const location = values.location?.trim() ? values.location : undefined;
  if (givenDistrict) {
    const district = findDistrict(givenDistrict);
    if (!district) throw InvalidError.field('district', t('place.unknownDistrict'));
    const sector = givenSector ? findSector(district, givenSector) : undefined;
    if (givenSector && !sector) {
      throw InvalidError.field('sector', t('place.sectorOutside', { district }));
    }
    return {
      location: values.location ?? (before ? undefined : ''),
      district,
      sector: sector ?? null,
      cell: cell ? officialCell(district, sector ?? null, cell) : null,
    };
  }
  if (givenSector || cell) {
    const district = before?.district;
    if (!district) throw InvalidError.field('district', t('place.districtFirst'));
    return resolvePlace({ ...values, district }, before);
  }
  if (location === undefined) {
    if (!before)
      throw InvalidError.field(
        'location',
        t('validation.required', { field: t('place.location') }),
      );
    return {};
  }
  const derived = derivePlace(location);
  if (!derived.district) return { location };
  return { location, district: derived.district, sector: derived.sector ?? null, cell: null };
}

/**
 * The price period to write: none for a sale; for a rent the one given, else the one kept from
 * `before` while the type stays, else the type's usual one (hotels by the night).
 */
function resolvePricePeriod(values: ListingColumns, before?: ListingColumns): PricePeriod | null {
  const offer = values.offer ?? before?.offer;
  const type = values.type ?? before?.type;
  if (offer !== 'Rent' || !type) return null;
  const isSameType = !values.type || values.type === before?.type;
  return (
    values.pricePeriod ?? (isSameType ? before?.pricePeriod : undefined) ?? defaultPricePeriod(type)
  );
}

/**
 * A listing's values as written: its place resolved (resolvePlace), its price period settled
 * (resolvePricePeriod) and its UPI refused where the type has none. `before` is the stored row
 * when editing.
 */
export function withPlaceAndPeriod<Values extends ListingColumns>(
  values: Values,
): Values & { location: string };
export function withPlaceAndPeriod<Values extends ListingColumns>(
  values: Values,
  before: ListingColumns,
): Values;
export function withPlaceAndPeriod<Values extends ListingColumns>(
  values: Values,
  before?: ListingColumns,
): Values {
  const type = values.type ?? before?.type;
  if (values.upi && type && !UPI_TYPES.includes(type)) {
    throw InvalidError.field('upi', t('place.upiTypes'));
  }
  const place = resolvePlace(values, before);
  return {
    ...values,
    ...place,
    ...resolvePoint(values, place, before),
    pricePeriod: resolvePricePeriod(values, before),
  };
}

/** A buyer's request as written: its place resolved as a listing's is (resolvePlace). */
export function withPlace<Values extends PlaceColumns>(
  values: Values,
): Values & { location: string };
export function withPlace<Values extends PlaceColumns>(
  values: Values,
  before: PlaceColumns,
): Values;
export function withPlace<Values extends PlaceColumns>(
  values: Values,
  before?: PlaceColumns,
): Values {
  const place = resolvePlace(values, before);
  return { ...values, ...place, ...resolvePoint(values, place, before) };
}

/**
 * Tells the admins when a listing is published with a UPI another published listing already has:
 * one plot sold or let twice is a sign of a mistake or a fraud.
 */
export function createSharedUpiAlerts({ notifications }: { notifications: NotificationsService }) {
  /** Notifies the admins, in the publishing `tx`, of a listing just published with a shared UPI. */
  async function tellAdminsOfSharedUpi(change: ListingWrite, tx: Transaction): Promise<void> {
    if (!isPublished(change.after) || isPublished(change.before)) return;
    const table = LISTING_TABLES[change.kind];
    const [row] = await tx
      .select({ upi: table.upi, title: sql<string>`${TITLE_COLUMNS[change.kind]}` })
      .from(table)
      .where(eq(table.id, change.after.id));
    if (!row?.upi) return;
    // Both tables, properties first: a plot may be listed once as a house and once as land.
    const others: { title: string }[] = [];
    for (const kind of LISTING_KINDS) {
      const other = LISTING_TABLES[kind];
      others.push(
        ...(await tx
          .select({ title: sql<string>`${TITLE_COLUMNS[kind]}` })
          .from(other)
          .where(and(eq(other.upi, row.upi), isPublishedIn(other), ne(other.id, change.after.id)))),
      );
    }
    if (others.length === 0) return;
    await notifications.notifyAdmins(
      () => ({
        kind: 'listing',
        title: t('place.upiSharedTitle', { upi: row.upi! }),
        message: t('place.upiSharedMessage', {
          title: row.title,
          others: others.map((other) => other.title).join(', '),
        }),
        link: `/${change.kind}/${change.after.id}`,
      }),
      tx,
    );
  }

  return { tellAdminsOfSharedUpi };
}

export type SharedUpiAlerts = ReturnType<typeof createSharedUpiAlerts>;
