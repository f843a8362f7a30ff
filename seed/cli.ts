/**
 * `npm run db:seed`: migrates, then seeds the demo catalogue into an empty database.
 * `npm run db:seed -- --properties 100000 --assets 50000` also adds a synthetic bulk catalogue
 * for benchmarks. Errors propagate, so a failed seed exits non-zero.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '#config/env.ts';
import { openConfiguredDatabase } from '#db/open-configured.ts';
import { createMediaService } from '#modules/media/media.service.ts';
import { createPhotoStorage } from '#modules/media/media.storage.ts';
import { seedBulkCatalogue } from '#seed/bulk.ts';
import { countListings, seedDemoCatalogue } from '#seed/demo.ts';

function parseCount(name: string, raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  const value = Number(raw.replaceAll('_', ''));
  if (!Number.isInteger(value) || value < 0) {
    throw new Error(`--${name} must be a whole number of at least 0, got "${raw}"`);
  }
  return value;
}

const { values } = parseArgs({
  options: {
    properties: { type: 'string' },
    assets: { type: 'string' },
  },
  strict: true,
});
const bulkProperties = parseCount('properties', values.properties);
const bulkAssets = parseCount('assets', values.assets);
const isBulk = bulkProperties !== undefined || bulkAssets !== undefined;

const log = (message: string) => process.stdout.write(`${message}\n`);
const config = loadConfig();
const database = await openConfiguredDatabase(config);
try {
  await database.migrate();
  // The demo photos go where the server reads them: the bucket when S3_* is set.
  const media = createMediaService({ storage: await createPhotoStorage(config) });

  const demoStarted = performance.now();
  const demo = await seedDemoCatalogue({ db: database.db, media, log });
  log(
    demo.properties + demo.assets > 0
      ? `Demo catalogue: ${demo.properties} properties, ${demo.assets} assets in ${elapsed(demoStarted)}`
      : 'Demo catalogue: the database already has listings; nothing added',
  );

  if (isBulk) {
    const bulkStarted = performance.now();
    const bulk = await seedBulkCatalogue({
      db: database.db,
      media,
      properties: bulkProperties ?? 0,
      assets: bulkAssets ?? 0,
      log,
    });
    log(
      `Bulk catalogue: ${bulk.properties} properties, ${bulk.assets} assets ` +
        `(${bulk.sellers} sellers) in ${elapsed(bulkStarted)}`,
    );
  }

  const totals = await countListings(database.db);
  log(
    `Database (${database.engine}) now holds ${totals.properties} properties and ${totals.assets} assets`,
  );
} finally {
  await database.close();
}

function elapsed(since: number): string {
  return `${((performance.now() - since) / 1000).toFixed(1)} s`;
}
