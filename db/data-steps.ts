import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { placeCentre } from '#lib/place-centres.ts';
import { derivePlace } from '#lib/place-text.ts';
import type { Database, Transaction } from './database.ts';
import { assets, dataSteps, photoHashes, properties, propertyRequests } from './schema.ts';

/**
 * Data changes that need the product's own code (not expressible in a SQL migration), each run
 * once after the SQL migrations. A step records itself in `data_steps` in the transaction that
 * does its work, so it is done exactly once even when several processes start together.
 */
const STEPS: { name: string; run: (tx: Transaction) => Promise<void> }[] = [
  { name: 'places-from-location', run: fillPlacesFromLocation },
  { name: 'photo-hashes', run: indexPhotoHashes },
  { name: 'sector-points', run: fillSectorPoints },
];

export async function runDataSteps(db: Database): Promise<void> {
  for (const step of STEPS) {
    await db.transaction(async (tx) => {
      const claimed = await tx
        .insert(dataSteps)
        .values({ name: step.name })
        .onConflictDoNothing()
        .returning();
      if (claimed.length > 0) await step.run(tx);
    });
  }
}

/**
 * Listings and requests written before places were picked from lists get the district and
 * sector their location text names; each distinct text is read once.
 */
async function fillPlacesFromLocation(tx: Transaction): Promise<void> {
  for (const table of [properties, assets, propertyRequests]) {
    const unplaced = and(isNull(table.district), isNotNull(table.location));
    const texts = await tx
      .selectDistinct({ location: sql<string>`${table.location}` })
      .from(table)
      .where(unplaced);
    for (const { location } of texts) {
      const place = derivePlace(location);
      if (!place.district) continue;
      await tx
        .update(table)
        .set({ district: place.district, sector: place.sector ?? null })
        .where(and(unplaced, eq(table.location, location)));
    }
  }
}

/**
 * Listings and requests written before points were kept get the public point of a listing
 * without a pin: their sector's centre, or their district's.
 */
async function fillSectorPoints(tx: Transaction): Promise<void> {
  for (const table of [properties, assets, propertyRequests]) {
    const unpointed = and(isNull(table.locationPrecision), isNotNull(table.district));
    const places = await tx
      .selectDistinct({ district: sql<string>`${table.district}`, sector: table.sector })
      .from(table)
      .where(unpointed);
    for (const { district, sector } of places) {
      const centre = placeCentre(district, sector);
      if (!centre) continue;
      await tx
        .update(table)
        .set({
          locationPrecision: 'sector',
          publicLatitude: centre.latitude,
          publicLongitude: centre.longitude,
        })
        .where(
          and(
            unpointed,
            eq(table.district, district),
            sector === null ? isNull(table.sector) : eq(table.sector, sector),
          ),
        );
    }
  }
}

/**
 * Puts the perceptual hash of every photo of the undeleted listings into photo_hashes (the
 * hashes the photo pipeline kept in each photo; a photo stored before it computed them has
 * none), so that a new listing's photos are compared with theirs. Rows already there stay.
 */
export async function indexPhotoHashes(tx: Pick<Database, 'execute'>): Promise<void> {
  for (const [table, kind] of [
    [properties, 'property'],
    [assets, 'asset'],
  ] as const) {
    await tx.execute(sql`
      insert into ${photoHashes} (listing_id, listing_kind, owner_id, photo_key, hash)
      select ${table.id}, ${kind}, ${table.ownerId}, photo->>'key',
        ('x' || (photo->>'hash'))::bit(64)::bigint
      from ${table}, jsonb_array_elements(${table.photos}) as photo
      where ${table.deletedAt} is null and photo->>'hash' ~ '^[0-9a-f]{16}$'
      on conflict do nothing`);
  }
}
