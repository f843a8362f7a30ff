/**
 * Matching one listing that comes on offer against 100,000 open buyers' requests: the query the
 * matching job runs, on the embedded database, through the type-and-price index. Part of
 * `npm run bench`; runs alone with `npx tsx bench/matching.ts`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { openDatabase } from '#db/client.ts';
import { createProperty, createUser } from '#seed/factories.ts';
import { systemClock } from '#lib/clock.ts';
import { createLocalPhotoStorage } from '#modules/media/media.storage.ts';
import { createServices } from '#server/services.ts';
import { formatFigure, isWithinBudget, median, note, type Budget, type Figure } from './figures.ts';

const REQUESTS = 100_000;
const RUNS = 10;
const MATCHING_BUDGET = { op: '<', limit: 200 } as const satisfies Budget;

const PLACES = [
  'Kicukiro, Kigali',
  'Kimironko, Gasabo',
  'Nyamirambo, Nyarugenge',
  'Remera, Gasabo',
  'Musanze',
  'Rubavu',
  'Huye',
  'Gikondo, Kicukiro',
];
const TYPES = ['House', 'Apartment', 'Hotel', 'Land', 'Car'];

/** Seeds the requests, then times the matching of one Kicukiro house; answers one figure. */
export async function measureMatching(): Promise<Figure[]> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'inzu-bench-matching-'));
  const database = await openDatabase({ engine: 'pglite' });
  try {
    await database.migrate();
    const { db } = database;
    const buyer = await createUser(db, { role: 'buyer' });
    const seller = await createUser(db, { role: 'seller' });
    const places = sql.raw(`array[${PLACES.map((place) => `'${place}'`).join(', ')}]`);
    const types = sql.raw(`array[${TYPES.map((type) => `'${type}'`).join(', ')}]`);
    await db.execute(sql`
      insert into property_requests (requester_id, title, price, location, requester_name, type, bedrooms)
      select ${buyer.id}, 'Request ' || g, 100000 + (g % 50) * 20000, (${places})[1 + g % 8],
        'Buyer', (${types})[1 + (g / 8) % 5], g % 5
      from generate_series(1, ${REQUESTS}) g`);
    await db.execute(sql`analyze property_requests`);
    const house = await createProperty(db, seller.id, {
      location: 'Kicukiro, Kigali',
      price: 600_000,
      bedrooms: 3,
    });
    const services = createServices({
      db,
      sqlRunner: database.sql,
      isRunningJobs: false,
      siteUrl: 'http://localhost:3000',
      matchDigestSeconds: 30,
      clock: systemClock,
      storage: createLocalPhotoStorage(dir),
      searchCacheSeconds: 0,
      listingCacheSeconds: 0,
      authLimits: {
        loginFailuresPerAddressPer15Minutes: 100,
        signupsPerAddressPerHour: 30,
        resetAttemptsPer15Minutes: 10,
      },
      uploadMaxBytes: 1024 * 1024,
      mailTransport: undefined,
      logger: { info: () => undefined, warn: () => undefined, error: () => undefined },
    });
    const fitting = await services.matching.requestsFitting('property', house.id);
    const times: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const started = performance.now();
      await services.matching.requestsFitting('property', house.id);
      times.push(performance.now() - started);
    }
    note(
      `matching: one Kicukiro house (RWF 600,000, 3 bedrooms) against ${REQUESTS} open requests ` +
        `on the embedded database fits ${fitting.length}; median of ${RUNS} runs`,
    );
    return [
      {
        name: 'matching-one-listing',
        value: median(times),
        unit: 'ms',
        budget: MATCHING_BUDGET,
        digits: 1,
      },
    ];
  } finally {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const figures = await measureMatching();
  for (const figure of figures) console.log(formatFigure(figure));
  process.exitCode = figures.every(isWithinBudget) ? 0 : 1;
}
