import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '#db/client.ts';
import { assets, photoHashes, properties, propertyRequests } from '#db/schema.ts';
import { createTestDatabase } from '#db/testing.ts';
import { ASSET_TYPES, PROPERTY_TYPES } from '#lib/listing.ts';
import { PHOTO_WIDTHS } from '#lib/photos.ts';
import { createCatalogueEvents } from '#modules/catalogue/catalogue.events.ts';
import { createMediaService, type MediaService } from '#modules/media/media.service.ts';
import { createReportsService } from '#modules/reports/reports.service.ts';
import { createLocalPhotoStorage } from '#modules/media/media.storage.ts';
import { createJsonInserter, RARE_WORD, seedBulkCatalogue } from '#seed/bulk.ts';
import { createUser, propertyValues } from '#seed/factories.ts';
import { countListings, seedDemoCatalogue } from '#seed/demo.ts';
import { isDemoCatalogueWanted } from '#seed/demo-wanted.ts';

let database: DatabaseHandle;
let uploadsDir: string;
let media: MediaService;

beforeAll(async () => {
  database = await createTestDatabase();
  uploadsDir = await fs.mkdtemp(path.join(os.tmpdir(), 'seed-uploads-'));
  media = createMediaService({ storage: createLocalPhotoStorage(uploadsDir) });
});

afterAll(async () => {
  await database?.close();
  if (uploadsDir) await fs.rm(uploadsDir, { recursive: true, force: true });
});

async function fileExists(file: string): Promise<boolean> {
  return fs.access(file).then(
    () => true,
    () => false,
  );
}

/** Drawing and encoding ~50 photos takes seconds; a busy machine running other suites is slower. */
const SEED_TIMEOUT_MS = 120_000;

// The bulk seed reuses the demo photos, so the two run in order on one database.
describe.sequential('seed', () => {
  it(
    'seeds the demo catalogue once, every listing placed in a district and sector with its stored photos',
    async () => {
      expect(await isDemoCatalogueWanted(database.db)).toBe(true);
      const seeded = await seedDemoCatalogue({ db: database.db, media });

      expect(seeded.properties).toBeGreaterThanOrEqual(24);
      expect(seeded.assets).toBeGreaterThanOrEqual(16);
      expect(seeded.requests).toBeGreaterThanOrEqual(4);
      const propertyRows = await database.db.select().from(properties);
      const assetRows = await database.db.select().from(assets);
      expect(propertyRows).toHaveLength(seeded.properties);
      expect(assetRows).toHaveLength(seeded.assets);
      expect(new Set(propertyRows.map((row) => row.type))).toEqual(new Set(PROPERTY_TYPES));
      expect(new Set(assetRows.map((row) => row.type))).toEqual(new Set(ASSET_TYPES));

      const listings = [...propertyRows, ...assetRows];
      for (const listing of listings) {
        expect(listing.moderation).toBe('Approved');
        expect(listing.photos.length).toBeGreaterThanOrEqual(1);
        for (const photo of listing.photos) {
          for (const width of PHOTO_WIDTHS) {
            const file = path.join(uploadsDir, `${photo.key}-${width}.webp`);
            expect(await fileExists(file), file).toBe(true);
          }
        }
      }
      // A few show a gallery of several photos.
      expect(listings.filter((listing) => listing.photos.length > 1).length).toBeGreaterThan(0);
      // Each photo's perceptual hash is indexed, so a stranger's listing with them is flagged.
      const hashes = await database.db.select().from(photoHashes);
      const photos = listings.flatMap((listing) =>
        [...new Set(listing.photos.map((photo) => photo.key))].map((key) => `${listing.id} ${key}`),
      );
      expect(hashes.map((row) => `${row.listingId} ${row.photoKey}`).sort()).toEqual(photos.sort());
      for (const row of hashes) {
        const listing = listings.find((candidate) => candidate.id === row.listingId)!;
        const photo = listing.photos.find((candidate) => candidate.key === row.photoKey)!;
        expect(BigInt.asUintN(64, row.hash).toString(16).padStart(16, '0')).toBe(photo.hash);
      }
      // Every listing has its own places: the demo covers Kigali's three districts and other towns.
      const districts = new Set(listings.map((listing) => listing.district));
      for (const district of ['Gasabo', 'Kicukiro', 'Nyarugenge', 'Musanze', 'Rubavu', 'Huye']) {
        expect(districts, district).toContain(district);
      }
      expect(listings.every((listing) => listing.district && listing.sector)).toBe(true);
      expect(new Set(listings.map((listing) => listing.photos[0]!.key)).size).toBe(listings.length);
      // Who is listing: mostly owners, some agents with a commission, a commissioner with a fee.
      const byOwner = listings.filter((listing) => listing.listedBy === 'owner');
      expect(byOwner.length).toBeGreaterThan(listings.length / 2);
      expect(byOwner.every((listing) => listing.commission === null)).toBe(true);
      expect(
        listings.some((listing) => listing.listedBy === 'agent' && listing.commission !== null),
      ).toBe(true);
      expect(
        listings.some(
          (listing) => listing.listedBy === 'commissioner' && listing.viewingFee !== null,
        ),
      ).toBe(true);

      expect(await isDemoCatalogueWanted(database.db)).toBe(false);
      expect(await seedDemoCatalogue({ db: database.db, media })).toEqual({
        properties: 0,
        assets: 0,
        requests: 0,
      });
      const { requests, ...listingCounts } = seeded;
      expect(await countListings(database.db)).toEqual(listingCounts);
      const requestRows = await database.db.select().from(propertyRequests);
      expect(requestRows).toHaveLength(requests);
      expect(requestRows.every((row) => row.status === 'Open')).toBe(true);
    },
    SEED_TIMEOUT_MS,
  );

  it('is rich enough for the price guide to give medians and for listings to compare prices', async () => {
    const reports = createReportsService({
      db: database.db,
      clock: () => new Date(),
      catalogueEvents: createCatalogueEvents({
        onListenerError: (error) => {
          throw error;
        },
      }),
      cacheSeconds: 0,
    });
    const guide = await reports.getPriceGuide();
    const medians = guide.rows.filter((row) => row.rentMedian !== null || row.saleMedian !== null);
    expect(medians.length).toBeGreaterThanOrEqual(2);

    const rows = await database.db.select().from(properties);
    const compared = [];
    for (const row of rows) {
      const comparison = await reports.comparePrice({ ...row, status: row.offer });
      if (comparison.position !== 'none') compared.push(row.title);
    }
    expect(compared.length).toBeGreaterThanOrEqual(10);
  });

  it(
    'adds exactly the requested bulk listings, with the rare word in five properties',
    async () => {
      const before = await countListings(database.db);

      const seeded = await seedBulkCatalogue({
        db: database.db,
        media,
        properties: 300,
        assets: 100,
      });

      expect(seeded).toMatchObject({ properties: 300, assets: 100 });
      const after = await countListings(database.db);
      expect(after).toEqual({
        properties: before.properties + 300,
        assets: before.assets + 100,
      });
      const rare = await database.db.execute<{ total: number }>(
        sql`select count(*)::int as total from properties
          where search @@ to_tsquery('simple', ${RARE_WORD})`,
      );
      expect(Number(rare.rows[0]!.total)).toBe(5);
      const broad = await database.db.execute<{ total: number }>(
        sql`select count(*)::int as total from properties where search @@ to_tsquery('simple', 'kic:*')`,
      );
      expect(Number(broad.rows[0]!.total)).toBeGreaterThan(30);
    },
    SEED_TIMEOUT_MS,
  );

  it('keeps the columns only a later row of a batch gives: a pin after a row without one', async () => {
    const owner = await createUser(database.db);
    await createJsonInserter(properties)(database.db, [
      propertyValues(owner.id, { title: 'Bulk row without a pin' }),
      propertyValues(owner.id, {
        title: 'Bulk row with a pin',
        district: 'Gasabo',
        sector: 'Kimihurura',
        latitude: -1.9518,
        longitude: 30.0958,
        locationPrecision: 'exact',
      }),
    ]);

    const pinned = await database.db.execute<{ latitude: number }>(
      sql`select latitude from properties where title = 'Bulk row with a pin'`,
    );
    expect(pinned.rows[0]?.latitude).toBe(-1.9518);
  });
});
