/**
 * Small row factories: tests build exactly the rows they need, and the demo seed builds its
 * catalogue with the same functions.
 */
import { randomUUID } from 'node:crypto';
import type { Database } from '#db/client.ts';
import { assets, properties, propertyRequests, users } from '#db/schema.ts';
import {
  defaultPricePeriod,
  type Availability,
  type ListingType,
  type LocationPrecision,
  type ModerationState,
  type Offer,
  type PricePeriod,
} from '#lib/listing.ts';
import { approximatePoint } from '#lib/geo.ts';
import { placeCentre } from '#lib/place-centres.ts';
import { derivePlace } from '#lib/place-text.ts';

type NewUser = typeof users.$inferInsert;
type NewProperty = typeof properties.$inferInsert;
type NewAsset = typeof assets.$inferInsert;

type User = typeof users.$inferSelect;

/** An account with an e-mail address (every account but one registered by phone alone). */
export async function createUser(
  db: Database,
  overrides: Partial<NewUser> & { email?: string } = {},
): Promise<User & { email: string }> {
  const [user] = await db
    .insert(users)
    .values({
      name: 'Aline Uwase',
      email: `user-${randomUUID()}@example.rw`,
      role: 'seller',
      ...overrides,
    })
    .returning();
  return { ...user!, email: user!.email! };
}

/** An account registered with a phone number alone, its number proved. */
export async function createPhoneUser(
  db: Database,
  overrides: Partial<NewUser> & { phone: string },
): Promise<User & { phone: string }> {
  const [user] = await db
    .insert(users)
    .values({
      name: 'Jean Habimana',
      email: null,
      role: 'seller',
      phoneProvedAt: new Date(),
      ...overrides,
    })
    .returning();
  return { ...user!, phone: user!.phone! };
}

type PointColumns = {
  district?: string | null;
  sector?: string | null;
  latitude?: number | null;
  longitude?: number | null;
  locationPrecision?: LocationPrecision | null;
  publicLatitude?: number | null;
  publicLongitude?: number | null;
};

/**
 * The public point the services would store: the point given, public as it is unless the
 * overrides say `approximate` (moved by a fixed amount, so tests know it), else the sector's
 * centre. Overrides that give the public point keep it.
 */
function pointed<Row extends PointColumns>(row: Row): Row {
  if (row.publicLatitude !== undefined) return row;
  if (row.latitude != null && row.longitude != null) {
    const exact = { latitude: row.latitude, longitude: row.longitude };
    const precision = row.locationPrecision ?? 'exact';
    const shown = precision === 'approximate' ? approximatePoint(exact, () => 0.5) : exact;
    return {
      ...row,
      locationPrecision: precision,
      publicLatitude: shown.latitude,
      publicLongitude: shown.longitude,
    };
  }
  const centre = row.district ? placeCentre(row.district, row.sector ?? null) : undefined;
  return {
    ...row,
    locationPrecision: centre ? 'sector' : null,
    publicLatitude: centre?.latitude ?? null,
    publicLongitude: centre?.longitude ?? null,
  };
}

/**
 * A row as the services would write it: its district and sector from its location text, its
 * public point (`pointed`), its rent's usual period, and (published) confirmed now, its
 * availability dated now when it is not Available, unless the overrides give them.
 */
function placedAndPriced<
  Row extends PointColumns & {
    type: ListingType;
    offer: Offer;
    location?: string | null;
    district?: string | null;
    pricePeriod?: PricePeriod | null;
    moderation?: ModerationState;
    availability?: Availability;
    confirmedAt?: Date | null;
    availabilityChangedAt?: Date | null;
  },
>(row: Row): Row {
  const now = new Date();
  return {
    ...pointed({
      ...(row.district === undefined ? derivePlace(row.location ?? '') : {}),
      ...row,
    }),
    pricePeriod:
      row.pricePeriod !== undefined || row.offer === 'Sale'
        ? (row.pricePeriod ?? null)
        : defaultPricePeriod(row.type),
    confirmedAt:
      row.confirmedAt !== undefined ? row.confirmedAt : row.moderation === 'Approved' ? now : null,
    availabilityChangedAt:
      row.availabilityChangedAt !== undefined
        ? row.availabilityChangedAt
        : (row.availability ?? 'Available') === 'Available'
          ? null
          : now,
  };
}

export function propertyValues(ownerId: string, overrides: Partial<NewProperty> = {}): NewProperty {
  return placedAndPriced({
    ownerId,
    type: 'House',
    title: 'Family house in Kicukiro',
    description: 'A bright four-bedroom house with a garden, close to schools and the main road.',
    price: 450_000,
    offer: 'Rent',
    moderation: 'Approved',
    location: 'Kicukiro, Kigali',
    ownerName: 'Aline Uwase',
    contact: '0788123456',
    bedrooms: 4,
    bathrooms: 2,
    toilets: 3,
    areaSqm: 220,
    features: ['Garden', 'Parking'],
    ...overrides,
  });
}

export async function createProperty(
  db: Database,
  ownerId: string,
  overrides: Partial<NewProperty> = {},
) {
  const [property] = await db
    .insert(properties)
    .values(propertyValues(ownerId, overrides))
    .returning();
  return property!;
}

/**
 * The factory's asset defaults describe a car: clearing every kind-specific field first means
 * a dress never inherits a gearbox.
 */
export const NO_KIND_FIELDS = {
  transmission: null,
  fuel: null,
  isCertified: null,
  isInspected: null,
  warranty: null,
  rentalPrice: null,
  rentDuration: null,
  size: null,
  condition: null,
  sizeCloth: null,
} as const satisfies Partial<NewAsset>;

export function assetValues(ownerId: string, overrides: Partial<NewAsset> = {}): NewAsset {
  return placedAndPriced({
    ownerId,
    type: 'Car',
    name: 'Toyota RAV4 2018',
    description: 'Well kept, one owner, full service history.',
    price: 18_500_000,
    offer: 'Sale',
    moderation: 'Approved',
    location: 'Remera, Gasabo',
    ownerName: 'Eric Mugisha',
    contact: '0722123456',
    transmission: 'Automatic',
    fuel: 'Petrol',
    isCertified: true,
    isInspected: true,
    warranty: '6 months',
    ...overrides,
  });
}

export async function createAsset(
  db: Database,
  ownerId: string,
  overrides: Partial<NewAsset> = {},
) {
  const [asset] = await db.insert(assets).values(assetValues(ownerId, overrides)).returning();
  return asset!;
}

/** A buyer's open wanted-ad for a house in Kicukiro. */
export async function createPropertyRequest(
  db: Database,
  requesterId: string,
  overrides: Partial<typeof propertyRequests.$inferInsert> = {},
) {
  const location = overrides.location ?? 'Kicukiro, Kigali';
  const [request] = await db
    .insert(propertyRequests)
    .values(
      pointed<typeof propertyRequests.$inferInsert>({
        requesterId,
        title: 'Three-bedroom house to rent',
        price: 400_000,
        location,
        // As the services write it: the place its location names, unless given.
        ...(overrides.district === undefined ? derivePlace(location) : {}),
        requesterName: 'Diane Mukamana',
        contact: '0788654321',
        description: 'Near a school, with parking for one car.',
        type: 'House',
        bedrooms: 3,
        features: ['Parking'],
        ...overrides,
      }),
    )
    .returning();
  return request!;
}
