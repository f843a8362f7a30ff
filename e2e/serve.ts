/**
 * The server the end-to-end suite runs against: a fresh PGlite database in a temporary DATA_DIR,
 * filled with a small known catalogue (never the demo seed), then the real production build
 * (build/node/index.js) started in this process. Started by playwright.config.ts `webServer`.
 *
 * The fixtures' ids and titles go to the JSON file named by E2E_FIXTURES, where the tests read
 * them. The temporary folder is removed when the server exits.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import sharp from 'sharp';
import { openDatabase, type Database } from '#db/client.ts';
import type { assets, properties } from '#db/schema.ts';
import {
  createAsset,
  createPhoneUser,
  createProperty,
  createUser,
  NO_KIND_FIELDS,
} from '#seed/factories.ts';
import type { Photo } from '#lib/listing.ts';
import { createMediaService, type MediaService } from '#modules/media/media.service.ts';
import { createLocalPhotoStorage } from '#modules/media/media.storage.ts';
import { hashPassword } from '#modules/accounts/accounts.passwords.ts';
import { startSmtpServer } from '#test/smtp-server.ts';
import {
  E2E_ADMIN,
  E2E_EXPIRY_PASSWORD,
  E2E_EXPIRY_SELLERS,
  E2E_PHONE_SELLER_PASSWORD,
  E2E_PHONE_SELLERS,
  E2E_SELLER,
} from './known-accounts.ts';
import { mailboxFile, type E2EFixtures, type ListingFixture } from './fixtures.ts';
import { CONFIG_VARIABLES } from '#config/env.ts';
import { projectRoot } from '#config/paths.ts';

const serverEntry = path.join(projectRoot, 'build', 'node', 'index.js');
const port = process.env.E2E_PORT ?? '3210';
const fixturesFile = path.resolve(
  process.env.E2E_FIXTURES ?? path.join(projectRoot, 'test-results', 'e2e-fixtures.json'),
);

if (!fs.existsSync(serverEntry) || !fs.existsSync(path.join(projectRoot, 'build', 'server'))) {
  process.stderr.write(
    `e2e: no production build at ${serverEntry}.\n` +
      'Run "npm run build" before "npm run test:e2e" (the suite tests the built server).\n',
  );
  process.exit(1);
}

const HOUR_MS = 60 * 60 * 1000;

type NewProperty = typeof properties.$inferInsert;
type NewAsset = typeof assets.$inferInsert;

/** A real image stored like an upload: a solid colour, so each listing gets its own photo. */
async function storeSolidPhoto(
  media: MediaService,
  background: { r: number; g: number; b: number },
): Promise<Photo> {
  const png = await sharp({ create: { width: 1200, height: 800, channels: 3, background } })
    .png()
    .toBuffer();
  return media.storePhoto(png);
}

function toFixture(
  row: {
    id: string;
    type: string;
    price: number;
    features: string[];
    photos: Photo[];
  } & ({ title: string; location: string } | { name: string; location: string | null }),
): ListingFixture {
  return {
    id: row.id,
    title: 'title' in row ? row.title : row.name,
    type: row.type,
    location: row.location ?? 'Kigali,Rwanda',
    price: row.price,
    features: row.features,
    hasPhoto: row.photos.length > 0,
  };
}

async function seedFixtures(
  db: Database,
  media: MediaService,
): Promise<Omit<E2EFixtures, 'phoneSellerListings'>> {
  const now = Date.now();
  const seller = await createUser(db, {
    name: E2E_SELLER.name,
    email: E2E_SELLER.email,
    passwordHash: await hashPassword(E2E_SELLER.password),
    role: 'seller',
  });
  const ownerName = seller.name;
  const photo = (r: number, g: number, b: number) => storeSolidPhoto(media, { r, g, b });

  // Newest first: the home grid shows the six newest, so the ones the tests look for come first.
  const propertyInputs: Array<
    Partial<NewProperty> & {
      withPhoto?: [number, number, number];
      morePhotos?: Array<[number, number, number]>;
    }
  > = [
    {
      type: 'House',
      title: 'Garden villa in Kicukiro',
      location: 'Kicukiro, Kigali',
      description: 'Four bedrooms, a walled garden and a quiet street near Sonatubes.',
      price: 95_000_000,
      offer: 'Sale',
      bedrooms: 4,
      bathrooms: 3,
      toilets: 4,
      areaSqm: 320,
      features: ['Walled garden', 'Solar water heater', 'Parking for two cars'],
      withPhoto: [34, 139, 34],
    },
    {
      type: 'Apartment',
      title: 'Skyline apartment in Nyarutarama',
      location: 'Nyarutarama, Gasabo',
      description: 'Top-floor flat with a view over the golf course.',
      price: 1_200_000,
      offer: 'Rent',
      bedrooms: 2,
      bathrooms: 2,
      toilets: 2,
      areaSqm: 110,
      features: [],
      withPhoto: [30, 90, 200],
    },
    {
      type: 'Hotel',
      title: 'Lakeside boutique hotel',
      location: 'Rubavu, Western Province',
      description: 'Twelve rooms on the shore of Lake Kivu, with a restaurant.',
      price: 850_000_000,
      offer: 'Sale',
      bedrooms: 12,
      bathrooms: 12,
      toilets: 14,
      areaSqm: 1400,
      features: ['Restaurant', 'Private beach'],
      withPhoto: [200, 120, 40],
      // Three photos in all: the gallery journey (e2e/gallery.spec.ts) moves through them.
      morePhotos: [
        [40, 120, 200],
        [120, 40, 160],
      ],
    },
    {
      type: 'House',
      title: 'Hillside bungalow in Kimironko',
      location: 'Kimironko, Gasabo',
      description: 'Three-bedroom bungalow a short walk from the market.',
      price: 650_000,
      offer: 'Rent',
      bedrooms: 3,
      features: ['Garden'],
    },
    {
      type: 'Apartment',
      title: 'Studio flat in Kacyiru',
      location: 'Kacyiru, Gasabo',
      description: 'Furnished studio close to the ministries.',
      price: 400_000,
      offer: 'Rent',
      bedrooms: 1,
      bathrooms: 1,
      toilets: 1,
      areaSqm: null,
      features: ['Furnished'],
    },
    {
      type: 'Hotel',
      title: 'City centre guesthouse',
      location: 'Nyarugenge, Kigali',
      description: 'Eight rooms next to the bus park.',
      price: 300_000_000,
      offer: 'Sale',
      bedrooms: 8,
      features: ['Breakfast included'],
    },
    {
      type: 'House',
      title: 'Family home in Gikondo',
      location: 'Gikondo, Kigali',
      description: 'Five bedrooms with a large compound.',
      price: 120_000_000,
      offer: 'Sale',
      bedrooms: 5,
      features: ['Compound'],
    },
    {
      type: 'Apartment',
      title: 'Penthouse in Kiyovu',
      location: 'Kiyovu, Nyarugenge',
      description: 'Two-level penthouse with a roof terrace.',
      price: 2_500_000,
      offer: 'Rent',
      bedrooms: 3,
      features: ['Roof terrace', 'Lift'],
    },
    {
      type: 'Hotel',
      title: 'Airport lodge in Kanombe',
      location: 'Kanombe, Kigali',
      description: 'Twenty rooms five minutes from the airport.',
      price: 400_000_000,
      offer: 'Sale',
      bedrooms: 20,
      features: [],
    },
  ];

  const published: ListingFixture[] = [];
  for (const [index, input] of propertyInputs.entries()) {
    const { withPhoto, morePhotos = [], ...fields } = input;
    const createdAt = new Date(now - (index + 1) * HOUR_MS);
    const row = await createProperty(db, seller.id, {
      ...fields,
      ownerName,
      contact: '0788123456',
      moderation: 'Approved',
      photos: withPhoto
        ? [
            await photo(...withPhoto),
            ...(await Promise.all(morePhotos.map((rgb) => photo(...rgb)))),
          ]
        : [],
      createdAt,
      updatedAt: createdAt,
    });
    published.push(toFixture(row));
  }

  const pendingProperty = await createProperty(db, seller.id, {
    type: 'House',
    title: 'Unreviewed duplex awaiting approval',
    location: 'Kicukiro, Kigali',
    description: 'Not yet approved: never shown to visitors.',
    price: 70_000_000,
    offer: 'Sale',
    ownerName,
    moderation: 'Pending',
    features: ['Garden'],
    createdAt: new Date(now),
  });

  const assetInput = (overrides: Partial<NewAsset>, ageHours: number): Partial<NewAsset> => ({
    ...NO_KIND_FIELDS,
    ownerName,
    contact: '0722123456',
    moderation: 'Approved',
    features: [],
    createdAt: new Date(now - ageHours * HOUR_MS),
    ...overrides,
  });
  const land = await createAsset(
    db,
    seller.id,
    assetInput(
      {
        type: 'Land',
        name: 'Residential plot in Bugesera',
        location: 'Nyamata, Bugesera',
        description: 'Titled 600 sqm plot on a graded road.',
        price: 15_000_000,
        offer: 'Sale',
        size: '600 sqm',
        photos: [await photo(150, 110, 60)],
      },
      1,
    ),
  );
  const car = await createAsset(
    db,
    seller.id,
    assetInput(
      {
        type: 'Car',
        name: 'Toyota Land Cruiser Prado 2019',
        location: 'Remera, Gasabo',
        description: 'Diesel, one owner, full service history.',
        price: 48_000_000,
        offer: 'Sale',
        transmission: 'Automatic',
        fuel: 'Diesel',
        isCertified: true,
        isInspected: true,
        warranty: '6 months',
        photos: [await photo(180, 30, 30)],
      },
      2,
    ),
  );
  const motorcycle = await createAsset(
    db,
    seller.id,
    assetInput(
      {
        type: 'Motorcycle',
        name: 'TVS Apache 160 motorbike',
        location: 'Gisozi, Gasabo',
        description: 'Low mileage, new tyres.',
        price: 2_100_000,
        offer: 'Sale',
        transmission: 'Manual',
        fuel: 'Petrol',
        isCertified: false,
        isInspected: true,
      },
      3,
    ),
  );
  const other = await createAsset(
    db,
    seller.id,
    assetInput(
      {
        type: 'Other',
        name: 'Solid wood dining table set',
        location: null,
        description: 'Mahogany table with six chairs.',
        price: 750_000,
        offer: 'Sale',
      },
      4,
    ),
  );
  const clothes = await createAsset(
    db,
    seller.id,
    assetInput(
      {
        type: 'Clothes',
        name: 'Handwoven kitenge dress',
        location: 'Kimisagara, Nyarugenge',
        description: 'Tailored in Kigali, worn once.',
        price: 45_000,
        offer: 'Sale',
        condition: 'Like new',
        sizeCloth: 'M',
      },
      5,
    ),
  );
  const pendingAsset = await createAsset(
    db,
    seller.id,
    assetInput(
      {
        type: 'Motorcycle',
        name: 'Unreviewed scooter awaiting approval',
        location: 'Kicukiro, Kigali',
        price: 900_000,
        offer: 'Sale',
        moderation: 'Pending',
      },
      0,
    ),
  );

  const [kicukiro, nyarutarama, hotel] = published;
  return {
    seller: { id: seller.id, name: seller.name },
    properties: { kicukiro: kicukiro!, nyarutarama: nyarutarama!, hotel: hotel!, all: published },
    assets: {
      land: toFixture(land),
      car: toFixture(car),
      motorcycle: toFixture(motorcycle),
      other: toFixture(other),
      clothes: toFixture(clothes),
    },
    pending: { property: toFixture(pendingProperty), asset: toFixture(pendingAsset) },
  };
}

/**
 * For the expiry journey (e2e/expiry.spec.ts), per project: a listing confirmed 54 days ago,
 * whose owner the expiry sweep e-mails when the server starts, and one that already left the
 * lists. Listed long ago, they stay out of the home page's newest.
 */
async function seedExpiringListings(db: Database): Promise<void> {
  const daysAgo = (days: number) => new Date(Date.now() - days * 24 * HOUR_MS);
  for (const [project, account] of Object.entries(E2E_EXPIRY_SELLERS)) {
    const owner = await createUser(db, {
      ...account,
      passwordHash: await hashPassword(E2E_EXPIRY_PASSWORD),
      role: 'seller',
    });
    const listing = (name: string, dates: Partial<NewAsset>) =>
      createAsset(db, owner.id, {
        ...NO_KIND_FIELDS,
        type: 'Other',
        name,
        location: 'Muhoza, Musanze',
        description: 'Listed long ago, for the expiry journey.',
        price: 120_000,
        offer: 'Sale',
        ownerName: account.name,
        features: [],
        createdAt: daysAgo(120),
        ...dates,
      });
    await listing(`Brass floor lamp (${project})`, { confirmedAt: daysAgo(54) });
    await listing(`Walnut bookcase (${project})`, {
      confirmedAt: daysAgo(70),
      expiryWarnedAt: daysAgo(10),
      expiredAt: daysAgo(3),
    });
  }
}

/**
 * For the SMS journey (e2e/phone-accounts.spec.ts), per project: a seller registered with a
 * proved phone number alone, and one published listing. Answers the listings' ids.
 */
async function seedPhoneSellers(db: Database): Promise<{ phone: string; desktop: string }> {
  const ids: Record<string, string> = {};
  for (const [project, account] of Object.entries(E2E_PHONE_SELLERS)) {
    const owner = await createPhoneUser(db, {
      name: account.name,
      phone: account.phone,
      passwordHash: await hashPassword(E2E_PHONE_SELLER_PASSWORD),
      role: 'seller',
    });
    // Listed long ago (and confirmed lately), like the expiry journey's: out of the newest.
    const listing = await createAsset(db, owner.id, {
      ...NO_KIND_FIELDS,
      type: 'Other',
      name: `Teak dining table (${project})`,
      location: 'Gisozi, Gasabo',
      description: 'For the SMS journey.',
      price: 90_000,
      offer: 'Sale',
      ownerName: account.name,
      features: [],
      createdAt: new Date(Date.now() - 120 * 24 * HOUR_MS),
      confirmedAt: new Date(Date.now() - 10 * 24 * HOUR_MS),
    });
    ids[project] = listing.id;
  }
  return { phone: ids.phone!, desktop: ids.desktop! };
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'inzu-e2e-'));
process.on('exit', () => fs.rmSync(dataDir, { recursive: true, force: true }));

const database = await openDatabase({ engine: 'pglite', dataDir });
try {
  await database.migrate();
  const media = createMediaService({
    storage: createLocalPhotoStorage(path.join(dataDir, 'uploads')),
  });
  const fixtures = {
    ...(await seedFixtures(database.db, media)),
    phoneSellerListings: await seedPhoneSellers(database.db),
  };
  await seedExpiringListings(database.db);
  fs.mkdirSync(path.dirname(fixturesFile), { recursive: true });
  fs.writeFileSync(fixturesFile, `${JSON.stringify(fixtures, null, 2)}\n`);
} finally {
  await database.close();
}

// A real SMTP server: every e-mail the product sends lands in the mailbox file the journeys read.
fs.writeFileSync(mailboxFile, '');
const smtp = await startSmtpServer({
  onMail: (mail) => fs.appendFileSync(mailboxFile, `${JSON.stringify(mail)}\n`),
});

// The server reads these settings alone: the caller's own configuration (an operator's
// REDIS_URL, ADMIN_2FA, S3_* ...) would change what the journeys meet.
for (const name of CONFIG_VARIABLES) Reflect.deleteProperty(process.env, name);
Object.assign(process.env, {
  SMTP_URL: smtp.url,
  // Matches reach the buyer within seconds rather than the half minute that gathers them.
  MATCH_DIGEST_SECONDS: '1',
  DATA_DIR: dataDir,
  PORT: port,
  HOST: '127.0.0.1',
  SEED_DEMO: 'false',
  // Mobile Money as the demo takes it: the prompts wait on the simulator's phone page.
  PAYMENTS: 'simulator',
  // SMS as the demo sends it: codes and notices wait on the simulator's phone page.
  SMS_PROVIDER: 'simulator',
  // Both projects post forms from one address; the limit itself is covered by the API tests.
  FORM_POSTS_PER_MINUTE: '500',
  // Every journey signs up or in from this one address.
  AUTH_ATTEMPTS_PER_15_MINUTES: '1000',
  SIGNUPS_PER_ADDRESS_PER_HOUR: '1000',
  LOGIN_FAILURES_PER_ADDRESS_PER_15_MINUTES: '1000',
  ADMIN_EMAIL: E2E_ADMIN.email,
  ADMIN_PASSWORD: E2E_ADMIN.password,
  NODE_ENV: 'production',
  LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
  DATABASE_URL: '',
  PUBLIC_URL: '',
});
process.stdout.write(`e2e: fixtures in ${fixturesFile}, data in ${dataDir}\n`);
await import(pathToFileURL(serverEntry).href);
