/**
 * A large synthetic catalogue for benchmarks: many thousands of listings built from word lists,
 * so prefix searches ('kic', 'nyam', 'gas') match broadly while one rare word ('zebrawood')
 * matches only a handful of rows. Photos reuse a few stored demo pictures.
 */
import { getTableColumns, sql } from 'drizzle-orm';
import { toSnakeCase } from 'drizzle-orm/casing';
import type { Database } from '#db/client.ts';
import { placeCentre } from '#lib/place-centres.ts';
import { assets, properties, users } from '#db/schema.ts';
import { createDemoImage, createRandom, type Random } from '#seed/demo-images.ts';
import { SCENE_BY_TYPE } from '#seed/demo.ts';
import { assetValues, NO_KIND_FIELDS, propertyValues } from '#seed/factories.ts';
import {
  ASSET_TYPES,
  PROPERTY_TYPES,
  type AssetType,
  type Offer,
  type Photo,
  type PropertyType,
} from '#lib/listing.ts';
import type { MediaService } from '#modules/media/media.service.ts';

type NewProperty = typeof properties.$inferInsert;
type NewAsset = typeof assets.$inferInsert;

/** The word only a few property descriptions contain, so a benchmark can search a rare term. */
export const RARE_WORD = 'zebrawood';
/** How many properties carry RARE_WORD (fewer when the catalogue is smaller). */
const RARE_WORD_ROWS = 5;

const SELLER_COUNT = 50;
const SELLER_EMAIL_DOMAIN = 'bulk.example.rw';
/** Rows per insert statement: about 1 MB of JSON. */
const BATCH_ROWS = 2000;
/** Batches per transaction: few commits, yet no single transaction holds the whole catalogue. */
const BATCHES_PER_TRANSACTION = 10;
const DAY_MS = 24 * 60 * 60 * 1000;
const CATALOGUE_AGE_DAYS = 365;

const SECTORS: ReadonlyArray<readonly [sector: string, district: string]> = [
  ['Kimihurura', 'Gasabo'],
  ['Kacyiru', 'Gasabo'],
  ['Remera', 'Gasabo'],
  ['Kibagabaga', 'Gasabo'],
  ['Nyarutarama', 'Gasabo'],
  ['Kinyinya', 'Gasabo'],
  ['Gisozi', 'Gasabo'],
  ['Kimironko', 'Gasabo'],
  ['Ndera', 'Gasabo'],
  ['Rusororo', 'Gasabo'],
  ['Jabana', 'Gasabo'],
  ['Niboye', 'Kicukiro'],
  ['Gikondo', 'Kicukiro'],
  ['Kagarama', 'Kicukiro'],
  ['Kanombe', 'Kicukiro'],
  ['Gahanga', 'Kicukiro'],
  ['Gatenga', 'Kicukiro'],
  ['Kicukiro', 'Kicukiro'],
  ['Masaka', 'Kicukiro'],
  ['Nyamirambo', 'Nyarugenge'],
  ['Kiyovu', 'Nyarugenge'],
  ['Nyarugenge', 'Nyarugenge'],
  ['Kimisagara', 'Nyarugenge'],
  ['Muhima', 'Nyarugenge'],
  ['Gitega', 'Nyarugenge'],
  ['Nyakabanda', 'Nyarugenge'],
];

const STREETS = ['KG', 'KK', 'KN'] as const;
const STREET_KINDS = ['St', 'Ave', 'Rd'] as const;

const LANDMARKS = [
  'the Kigali Convention Centre',
  'Kimironko market',
  'Amahoro Stadium',
  'Kigali Heights',
  'Nyabugogo bus terminal',
  'the airport',
  'the golf course',
  'Kigali City Tower',
  'the Remera bus park',
  'Kicukiro centre',
  'Sonatubes',
  'the Nyamirambo stadium',
  'Kimisagara market',
  'the Gikondo industrial park',
  'the University of Rwanda',
];

const ADJECTIVES = [
  'Spacious',
  'Modern',
  'Bright',
  'Cosy',
  'Affordable',
  'Elegant',
  'Quiet',
  'Renovated',
  'New',
  'Charming',
  'Furnished',
  'Luxury',
  'Executive',
  'Well kept',
];

const PROPERTY_FEATURES = [
  'Parking',
  'Garden',
  'Borehole',
  'Backup generator',
  'Fibre internet',
  'Security guard',
  'Swimming pool',
  'Furnished',
  'Balcony with city view',
  'Water tank',
  'Staff quarters',
  'Lift',
  'Gym',
  'Solar water heater',
  'Fenced compound',
  'CCTV',
  'Playground',
];

const HOTEL_FEATURES = ['Restaurant', 'Conference hall', 'Airport shuttle', 'Bar'];

const ASSET_FEATURES: Record<AssetType, readonly string[]> = {
  Land: ['Title deed', 'Road access', 'Water connection', 'Electricity nearby', 'City view'],
  Car: ['Air conditioning', 'Reverse camera', 'Bluetooth', 'Leather seats', 'Four-wheel drive'],
  Motorcycle: ['Two helmets', 'Disc brakes', 'Moto-taxi registration', 'Low running costs'],
  Clothes: ['Made in Rwanda', 'Custom sizes', 'Free adjustments', 'Bulk discounts'],
  Other: ['Free delivery in Kigali', 'Receipt available', 'Energy saving', 'Installation included'],
};

const PROPERTY_SENTENCES = [
  'The compound is fenced and guarded day and night.',
  'Water and electricity are on separate meters.',
  'Public transport stops are a five-minute walk away.',
  'Schools, shops and a health centre are nearby.',
  'The owner is flexible on the move-in date.',
  'Tiled floors, a fitted kitchen and plenty of natural light throughout.',
  'The access road is paved and lit at night.',
  'A reserve water tank keeps the taps running during cuts.',
  'Viewings can be arranged on weekdays and Saturday mornings.',
  'Title deed available and all property taxes paid.',
  'The neighbourhood is calm, green and family friendly.',
  'Internet providers already serve the building.',
];

const ASSET_SENTENCES = [
  'Viewing is possible any day after work.',
  'The price is slightly negotiable for a quick buyer.',
  'All documents are ready for transfer.',
  'Delivery anywhere in Kigali can be arranged.',
  'Call or send a message on WhatsApp for more photos.',
  'Kept with care and in very good condition.',
];

const CAR_MODELS = [
  'Toyota RAV4',
  'Toyota Corolla',
  'Toyota Land Cruiser Prado',
  'Toyota Hilux',
  'Toyota Vitz',
  'Suzuki Swift',
  'Hyundai Tucson',
  'Hyundai Santa Fe',
  'Kia Sportage',
  'Nissan X-Trail',
  'Volkswagen Polo',
  'Mitsubishi Pajero',
  'Mercedes-Benz C200',
  'Subaru Forester',
  'Honda CR-V',
];

const MOTORCYCLE_MODELS = [
  'TVS Apache RTR 160',
  'Bajaj Boxer 150',
  'Honda XL125',
  'Yamaha Crux',
  'TVS HLX 125',
  'Bajaj Pulsar 150',
  'Electric motorcycle',
];

const CLOTHES_ITEMS = [
  'Kitenge dress',
  "Men's suit",
  'Imishanana',
  'School uniform set',
  'Denim jacket',
  'Wedding gown',
  'African print shirt',
  'Football jersey',
  'Rain coat',
];

const OTHER_ITEMS = [
  'Sofa set',
  'Smart TV',
  'Double-door fridge',
  'Backup generator',
  'Dining table with six chairs',
  'Laptop',
  'Office desk',
  'Water tank 5,000 litres',
  'Solar panel kit',
  'Gas cooker',
  'Washing machine',
  'Mountain bicycle',
];

const FIRST_NAMES = [
  'Jean',
  'Aline',
  'Eric',
  'Diane',
  'Patrick',
  'Grace',
  'Olivier',
  'Claudine',
  'Emmanuel',
  'Josiane',
  'Innocent',
  'Vestine',
  'Fabrice',
  'Chantal',
  'Yves',
  'Solange',
];

const LAST_NAMES = [
  'Habimana',
  'Uwase',
  'Mugisha',
  'Mukamana',
  'Niyonzima',
  'Uwimana',
  'Nshimiyimana',
  'Ingabire',
  'Hakizimana',
  'Umutoni',
  'Bizimana',
  'Mukeshimana',
  'Ndayisaba',
  'Iradukunda',
];

/** The words the bulk catalogue is written with, so a benchmark can type searches that find rows. */
export const BULK_WORDS = {
  places: [...new Set(SECTORS.flat())],
  adjectives: ADJECTIVES,
  features: PROPERTY_FEATURES,
  items: [...CAR_MODELS, ...MOTORCYCLE_MODELS, ...CLOTHES_ITEMS, ...OTHER_ITEMS],
} as const;

type Seller = { id: string; name: string; phone: string };

function roundTo(value: number, step: number): number {
  return Math.round(value / step) * step;
}

function priceBetween(random: Random, min: number, max: number, step: number): number {
  // Squaring skews towards the cheaper end, as real listings are.
  return Math.max(min, roundTo(min + (max - min) * random.next() ** 2, step));
}

function pickSome(random: Random, values: readonly string[], min: number, max: number) {
  const wanted = Math.floor(random.between(min, max + 1));
  const chosen = new Set<string>();
  while (chosen.size < Math.min(wanted, values.length)) chosen.add(random.pick(values));
  return [...chosen];
}

function pickLocation(random: Random) {
  const [sector, district] = random.pick(SECTORS);
  return { sector, district, location: `${sector}, ${district}` };
}

function availabilityFor(random: Random, offer: Offer) {
  if (random.chance(0.88)) return 'Available' as const;
  return offer === 'Rent' ? ('Rented' as const) : ('Sold' as const);
}

/** One listing in BOOSTED_EVERY runs a boost: the lists read their featured listings too. */
const BOOSTED_EVERY = 200;

/** A week-long boost for every BOOSTED_EVERY-th listing (by index: the random draws stay as they were). */
function featuredUntilFor(index: number, now: number): Date | null {
  return index % BOOSTED_EVERY === 0 ? new Date(now + 7 * 86_400_000) : null;
}

/** One listing in PINNED_EVERY has a pin of its own; the others stand at their sector's centre. */
const PINNED_EVERY = 3;

/**
 * The pin of every PINNED_EVERY-th listing: within 1.5 km of its sector's centre, spread by its
 * index alone (the golden angle), so the random draws stay as they were; half of them private.
 */
function pinFor(index: number, district: string, sector: string) {
  const centre = placeCentre(district, sector);
  if (index % PINNED_EVERY !== 0 || !centre) return {};
  const angle = index * 2.399963;
  const km = 1.5 * Math.sqrt((index * 0.618034) % 1);
  const degrees = km / 111.2;
  return {
    latitude: Number((centre.latitude + degrees * Math.sin(angle)).toFixed(6)),
    longitude: Number((centre.longitude + degrees * Math.cos(angle)).toFixed(6)),
    locationPrecision: index % 2 === 0 ? ('exact' as const) : ('approximate' as const),
  };
}

function createdAtFor(random: Random, now: number): Date {
  return new Date(now - Math.floor(random.next() * CATALOGUE_AGE_DAYS * DAY_MS));
}

/** The rows (by index) that carry the rare word, spread over the whole range. */
function rareWordRows(total: number): Set<number> {
  const rows = Math.min(RARE_WORD_ROWS, total);
  return new Set(Array.from({ length: rows }, (_, k) => Math.floor(((k + 0.5) * total) / rows)));
}

function buildProperty(
  random: Random,
  index: number,
  context: {
    sellers: Seller[];
    photos: Map<string, Photo>;
    rareRows: Set<number>;
    now: number;
  },
): NewProperty {
  const type: PropertyType = random.pick(PROPERTY_TYPES);
  const offer: Offer = random.chance(0.55) ? 'Rent' : 'Sale';
  const { sector, district, location } = pickLocation(random);
  const adjective = random.pick(ADJECTIVES);
  const landmark = random.pick(LANDMARKS);
  const seller = context.sellers[index % context.sellers.length]!;
  const isHotel = type === 'Hotel';
  const bedrooms = isHotel
    ? Math.floor(random.between(6, 40))
    : Math.floor(random.between(1, type === 'House' ? 7 : 5));
  const bathrooms = isHotel ? bedrooms : Math.max(1, bedrooms - Math.floor(random.between(0, 2)));
  const noun = type.toLowerCase();
  const title = isHotel
    ? random.pick([
        `${bedrooms}-room hotel in ${sector}`,
        `${adjective} guest house in ${sector}`,
        `Boutique lodge near ${landmark}`,
        `${adjective} hotel in ${sector}, ${district}`,
      ])
    : random.pick([
        `${adjective} ${bedrooms}-bedroom ${noun} in ${sector}`,
        `${adjective} ${noun} for ${offer === 'Rent' ? 'rent' : 'sale'} in ${sector}`,
        `${adjective} ${noun} near ${landmark}`,
        `${bedrooms}-bedroom ${noun} in ${sector}, ${district}`,
      ]);
  const sentences = [
    `${adjective} ${noun} in ${sector}, ${district} district, close to ${landmark}.`,
    random.pick(PROPERTY_SENTENCES),
    random.pick(PROPERTY_SENTENCES),
  ];
  if (context.rareRows.has(index)) sentences.push(`The kitchen cabinets are made of ${RARE_WORD}.`);
  const price =
    offer === 'Rent'
      ? priceBetween(random, isHotel ? 1_500_000 : 150_000, 3_000_000, 10_000)
      : priceBetween(random, isHotel ? 150_000_000 : 25_000_000, 600_000_000, 500_000);
  const createdAt = createdAtFor(random, context.now);
  return propertyValues(seller.id, {
    type,
    title,
    description: [...new Set(sentences)].join(' '),
    price,
    offer,
    moderation: 'Approved',
    availability: availabilityFor(random, offer),
    location,
    address: random.chance(0.6)
      ? `${random.pick(STREETS)} ${Math.floor(random.between(1, 700))} ${random.pick(STREET_KINDS)}`
      : null,
    ownerName: seller.name,
    contact: seller.phone,
    bedrooms,
    bathrooms,
    toilets: bathrooms + Math.floor(random.between(0, 2)),
    areaSqm: isHotel
      ? bedrooms * Math.floor(random.between(50, 90))
      : bedrooms * Math.floor(random.between(25, 60)) + 20,
    features: pickSome(
      random,
      isHotel ? [...PROPERTY_FEATURES, ...HOTEL_FEATURES] : PROPERTY_FEATURES,
      2,
      5,
    ),
    photos: [context.photos.get(type)!],
    featuredUntil: featuredUntilFor(index, context.now),
    ...pinFor(index, district, sector),
    createdAt,
    updatedAt: createdAt,
  });
}

function buildAsset(
  random: Random,
  index: number,
  context: { sellers: Seller[]; photos: Map<string, Photo>; now: number },
): NewAsset {
  const type: AssetType = random.pick(ASSET_TYPES);
  const { sector, district, location } = pickLocation(random);
  const seller = context.sellers[(index * 7) % context.sellers.length]!;
  const rentChance = { Land: 0, Car: 0.15, Motorcycle: 0.2, Clothes: 0.15, Other: 0.2 }[type];
  const offer: Offer = random.chance(rentChance) ? 'Rent' : 'Sale';
  const createdAt = createdAtFor(random, context.now);
  const row: NewAsset = assetValues(seller.id, {
    ...NO_KIND_FIELDS,
    type,
    name: '',
    description: '',
    price: 0,
    offer,
    moderation: 'Approved',
    availability: availabilityFor(random, offer),
    location,
    ownerName: seller.name,
    contact: seller.phone,
    features: pickSome(random, ASSET_FEATURES[type], 1, 3),
    photos: [context.photos.get(type)!],
    featuredUntil: featuredUntilFor(index, context.now),
    ...pinFor(index, district, sector),
    createdAt,
    updatedAt: createdAt,
  });
  const closing = random.pick(ASSET_SENTENCES);
  switch (type) {
    case 'Land': {
      const width = roundTo(random.between(10, 40), 5);
      const length = roundTo(random.between(15, 60), 5);
      const area = width * length;
      row.name = random.pick([
        `Residential plot in ${sector}`,
        `Plot of ${area} sqm in ${sector}, ${district}`,
        `Commercial plot near ${random.pick(LANDMARKS)}`,
      ]);
      row.size = `${width} x ${length} m (${area.toLocaleString('en-US')} sqm)`;
      row.description = `A ${area} sqm plot in ${sector}, ${district}, with red, well drained soil. ${closing}`;
      row.price = priceBetween(random, 8_000_000, 120_000_000, 100_000);
      break;
    }
    case 'Car':
    case 'Motorcycle': {
      const isCar = type === 'Car';
      const year = Math.floor(random.between(isCar ? 2008 : 2016, 2025));
      const model = random.pick(isCar ? CAR_MODELS : MOTORCYCLE_MODELS);
      const isElectric = model.startsWith('Electric');
      row.name = `${model} ${year}`;
      row.description = `${model} from ${year}, kept in ${sector}, ${district} and serviced regularly. ${closing}`;
      row.transmission = isCar && random.chance(0.7) ? 'Automatic' : 'Manual';
      row.fuel = isElectric
        ? 'Electric'
        : isCar
          ? random.pick(['Petrol', 'Petrol', 'Diesel', 'Hybrid'])
          : 'Petrol';
      row.isCertified = random.chance(0.7);
      row.isInspected = random.chance(0.8);
      row.warranty = random.pick([null, '3 months', '6 months', '1 year']);
      if (offer === 'Rent') {
        row.rentDuration = isCar ? 'Per day' : 'Per week';
        row.price = isCar
          ? priceBetween(random, 30_000, 150_000, 5_000)
          : priceBetween(random, 20_000, 40_000, 1_000);
        row.rentalPrice = row.price;
      } else {
        row.price = isCar
          ? priceBetween(random, 6_000_000, 60_000_000, 100_000)
          : priceBetween(random, 900_000, 2_500_000, 10_000);
      }
      break;
    }
    case 'Clothes': {
      const item = random.pick(CLOTHES_ITEMS);
      row.name = `${item} in ${sector}`;
      row.description = `${item} from a ${district} seller, cleaned and ready to wear. ${closing}`;
      row.condition = random.pick(['New', 'Like new', 'Used - good']);
      row.sizeCloth = random.pick(['S', 'M', 'L', 'XL', 'S, M, L', '38-44', 'Ages 6-12']);
      row.price =
        offer === 'Rent'
          ? priceBetween(random, 10_000, 50_000, 1_000)
          : priceBetween(random, 5_000, 250_000, 1_000);
      if (offer === 'Rent') {
        row.rentalPrice = row.price;
        row.rentDuration = 'Per event';
      }
      break;
    }
    case 'Other': {
      const item = random.pick(OTHER_ITEMS);
      row.name = `${item} in ${sector}`;
      row.description = `${item} available in ${sector}, ${district}. ${closing}`;
      row.condition = random.pick(['New', 'Like new', 'Used - good', 'Used - fair']);
      row.price =
        offer === 'Rent'
          ? priceBetween(random, 10_000, 80_000, 1_000)
          : priceBetween(random, 30_000, 5_000_000, 5_000);
      if (offer === 'Rent') {
        row.rentalPrice = row.price;
        row.rentDuration = 'Per day';
      }
      break;
    }
  }
  return row;
}

async function ensureSellers(db: Database): Promise<Seller[]> {
  const random = createRandom(50_501);
  const planned = Array.from({ length: SELLER_COUNT }, (_, index) => ({
    name: `${random.pick(FIRST_NAMES)} ${random.pick(LAST_NAMES)}`,
    email: `seller-${index + 1}@${SELLER_EMAIL_DOMAIN}`,
    phone: `${random.pick(['078', '072', '073'])}${String(Math.floor(random.next() * 1e7)).padStart(7, '0')}`,
  }));
  await db
    .insert(users)
    .values(
      planned.map(({ name, email }) => ({
        name,
        email,
        role: 'seller' as const,
        status: 'Active' as const,
      })),
    )
    .onConflictDoNothing();
  const rows = await db.execute<{ id: string; email: string; name: string }>(
    sql`select id, email, name from users where email like ${`%@${SELLER_EMAIL_DOMAIN}`}`,
  );
  const byEmail = new Map(rows.rows.map((row) => [row.email, row]));
  return planned.map((seller) => {
    const row = byEmail.get(seller.email);
    if (!row) throw new Error(`Bulk seller ${seller.email} was not created`);
    return { id: row.id, name: row.name, phone: seller.phone };
  });
}

/** One stored photo per listing type: a demo listing's when there is one, else drawn now. */
async function collectPhotos(db: Database, media: MediaService): Promise<Map<string, Photo>> {
  const photos = new Map<string, Photo>();
  for (const table of ['properties', 'assets'] as const) {
    const rows = await db.execute<{ type: string; photo: Photo }>(sql`
      select distinct on (type) type, photos -> 0 as photo from ${sql.identifier(table)}
      where jsonb_array_length(photos) > 0
      order by type, created_at`);
    for (const row of rows.rows) photos.set(row.type, row.photo);
  }
  for (const type of [...PROPERTY_TYPES, ...ASSET_TYPES]) {
    if (photos.has(type)) continue;
    photos.set(
      type,
      await media.storePhoto(await createDemoImage({ scene: SCENE_BY_TYPE[type], seed: 1 })),
    );
  }
  return photos;
}

type ListingTable = typeof properties | typeof assets;

/**
 * Inserts rows as one JSON document per statement. Drizzle's multi-row insert spends longer
 * building 2000-row statements (one bound value per cell) than the database spends storing
 * them; jsonb_to_recordset parses the same rows in C, which roughly halves the seed time.
 */
export function createJsonInserter<Table extends ListingTable>(table: Table) {
  return async (db: Pick<Database, 'execute'>, rows: Array<Table['$inferInsert']>) => {
    // The columns any row gives (a pinned listing gives more than the others); the others take
    // their defaults, and a row without one of them reads it as null.
    const given = new Set(rows.flatMap((row) => Object.keys(row)));
    const columns = Object.entries(getTableColumns(table)).filter(
      ([key, column]) => !column.generated && given.has(key),
    );
    const target = sql.join(
      columns.map(([key]) => sql.identifier(toSnakeCase(key))),
      sql`, `,
    );
    const fields = sql.join(
      columns.map(([key]) => sql.identifier(key)),
      sql`, `,
    );
    const shape = sql.raw(
      columns.map(([key, column]) => `"${key}" ${column.getSQLType()}`).join(', '),
    );
    await db.execute(sql`
      insert into ${table} (${target})
      select ${fields} from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as input(${shape})`);
  };
}

async function insertInBatches<Table extends ListingTable>(
  db: Database,
  table: Table,
  total: number,
  buildRow: (index: number) => Table['$inferInsert'],
  onProgress: (done: number) => void,
): Promise<void> {
  const insertRows = createJsonInserter(table);
  const rowsPerTransaction = BATCH_ROWS * BATCHES_PER_TRANSACTION;
  for (let start = 0; start < total; start += rowsPerTransaction) {
    const end = Math.min(total, start + rowsPerTransaction);
    await db.transaction(async (tx) => {
      for (let batchStart = start; batchStart < end; batchStart += BATCH_ROWS) {
        const batchEnd = Math.min(end, batchStart + BATCH_ROWS);
        const rows: Array<Table['$inferInsert']> = [];
        for (let index = batchStart; index < batchEnd; index += 1) rows.push(buildRow(index));
        await insertRows(tx, rows);
      }
    });
    onProgress(end);
  }
}

/**
 * Adds `properties` synthetic properties and `assets` synthetic assets (all approved), owned by
 * ~50 synthetic sellers, for load tests and benchmarks. Deterministic apart from the dates.
 */
export async function seedBulkCatalogue({
  db,
  media,
  properties: propertyCount,
  assets: assetCount,
  log = () => {},
}: {
  db: Database;
  media: MediaService;
  properties: number;
  assets: number;
  log?: (message: string) => void;
}): Promise<{ properties: number; assets: number; sellers: number }> {
  for (const [name, value] of [
    ['properties', propertyCount],
    ['assets', assetCount],
  ] as const) {
    if (!Number.isInteger(value) || value < 0) {
      throw new Error(`${name} must be a whole number of at least 0, got ${value}`);
    }
  }
  const sellers = await ensureSellers(db);
  const photos = await collectPhotos(db, media);
  const now = Date.now();
  const random = createRandom(20_240_601);
  const rareRows = rareWordRows(propertyCount);
  const started = Date.now();

  await insertInBatches(
    db,
    properties,
    propertyCount,
    (index) => buildProperty(random, index, { sellers, photos, rareRows, now }),
    (done) => log(`bulk seed: ${done}/${propertyCount} properties (${Date.now() - started} ms)`),
  );
  await insertInBatches(
    db,
    assets,
    assetCount,
    (index) => buildAsset(random, index, { sellers, photos, now }),
    (done) => log(`bulk seed: ${done}/${assetCount} assets (${Date.now() - started} ms)`),
  );
  // PGlite has no autovacuum: without this the benchmark that follows would scan the search
  // indexes' pending lists, set hint bits on its first reads and plan with empty statistics.
  const vacuumStarted = Date.now();
  await db.execute(sql`vacuum (analyze) properties, assets`);
  log(`bulk seed: vacuum and analyze took ${Date.now() - vacuumStarted} ms`);
  return { properties: propertyCount, assets: assetCount, sellers: sellers.length };
}
