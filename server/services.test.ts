import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '#db/client.ts';
import { createProperty, createUser } from '#seed/factories.ts';
import { createTestDatabase } from '#db/testing.ts';
import type { Actor } from '#lib/account.ts';
import { systemClock } from '#lib/clock.ts';
import { createLocalPhotoStorage } from '#modules/media/media.storage.ts';
import { SupplyInputSchema } from '#modules/supplies/supplies.schema.ts';
import { createServices, type Services } from './services.ts';

let database: DatabaseHandle;
let uploads: string;
let services: Services;
let seller: Actor & { name: string };
let admin: Actor;
const loggedErrors: unknown[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  uploads = fs.mkdtempSync(path.join(os.tmpdir(), 'services-test-'));
  // Unlike the test app (SEARCH_CACHE_SECONDS=0), search keeps its answers for 10 s here.
  services = createServices({
    db: database.db,
    sqlRunner: database.sql,
    isRunningJobs: false,
    siteUrl: 'http://localhost:3000',
    matchDigestSeconds: 30,
    clock: systemClock,
    storage: createLocalPhotoStorage(uploads),
    searchCacheSeconds: 10,
    listingCacheSeconds: 5,
    authLimits: {
      loginFailuresPerAddressPer15Minutes: 100,
      signupsPerAddressPerHour: 100,
      resetAttemptsPer15Minutes: 100,
    },
    uploadMaxBytes: 1024 * 1024,
    mailTransport: undefined,
    logger: {
      info: () => undefined,
      warn: () => undefined,
      error: (details) => loggedErrors.push(details),
    },
  });
  await services.jobs.start();
  const sellerRow = await createUser(database.db, { role: 'seller' });
  seller = { id: sellerRow.id, role: 'seller', name: sellerRow.name };
  admin = { id: (await createUser(database.db, { role: 'admin' })).id, role: 'admin' };
});

afterAll(async () => {
  await services.jobs.stop();
  await database.close();
  fs.rmSync(uploads, { recursive: true, force: true });
});

/** A word no other listing holds (letters only, so search reads it as one word). */
function uniqueWord(): string {
  return `zq${randomUUID()
    .replaceAll('-', '')
    .slice(0, 10)
    .replace(/[0-9a-f]/g, (digit) => String.fromCharCode(106 + parseInt(digit, 16)))}`;
}

const foundIds = async (word: string) =>
  (await services.search.searchCatalogue(word)).properties.map((property) => property._id);

describe('the search cache and catalogue changes, as the services are wired', () => {
  it('keeps an answer while nothing is announced, as a written row alone does not', async () => {
    const word = uniqueWord();
    expect(await foundIds(word)).toEqual([]);

    await createProperty(database.db, seller.id, { title: `House ${word}` });

    expect(await foundIds(word)).toEqual([]);
  });

  it('answers a new search right after an approval, an edit and a withdrawal', async () => {
    const word = uniqueWord();
    const supply = await services.supplies.createSupply(
      SupplyInputSchema.parse({
        title: `House ${word}`,
        type: 'House',
        price: '400000',
        location: 'Kicukiro',
      }),
      [],
      seller,
    );
    expect(await foundIds(word)).toEqual([]);

    await services.supplies.approveSupply(supply._id, admin);
    expect(await foundIds(word)).toEqual([supply._id]);

    await services.supplies.updateSupply(supply._id, { title: 'Renamed house' }, [], seller);
    expect(await foundIds(word)).toEqual([]);
    await services.supplies.approveSupply(supply._id, admin);
    expect(await foundIds('renamed')).toEqual([supply._id]);

    await services.supplies.withdrawSupply(supply._id, seller);
    expect(await foundIds('renamed')).toEqual([]);
    expect(loggedErrors).toEqual([]);
  });

  it('answers a new search right after an availability change', async () => {
    const word = uniqueWord();
    const property = await createProperty(database.db, seller.id, { title: `Flat ${word}` });
    services.catalogueEvents.changed();
    const [before] = (await services.search.searchCatalogue(word)).properties;
    expect(before?.availability).toBe('Available');

    await services.catalogue.property.setAvailability(property.id, 'Rented', seller);

    const [after] = (await services.search.searchCatalogue(word)).properties;
    expect(after?.availability).toBe('Rented');
  });
});
