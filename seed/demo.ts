/**
 * Fills an empty database with the demo catalogue: a few sellers, their houses, hotels,
 * apartments and assets, each with a photo drawn in code and stored like an upload (the first
 * properties with a few rooms more, so the detail page's gallery shows).
 */
import { count, inArray, sql } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { indexPhotoHashes } from '#db/data-steps.ts';
import { assets, properties, propertyRequests, users } from '#db/schema.ts';
import {
  DEMO_ASSETS,
  DEMO_BUYERS,
  DEMO_OWNERS,
  DEMO_PROPERTIES,
  DEMO_REQUESTS,
  type DemoAsset,
  type DemoProperty,
} from '#seed/demo-catalogue.ts';
import { createDemoImage, type DemoImageSpec, type DemoScene } from '#seed/demo-images.ts';
import { isDemoCatalogueWanted } from '#seed/demo-wanted.ts';
import { assetValues, NO_KIND_FIELDS, propertyValues } from '#seed/factories.ts';
import type { AssetType, PropertyType } from '#lib/listing.ts';
import type { MediaService } from '#modules/media/media.service.ts';
import { derivePlace } from '#lib/place-text.ts';

/** The picture each kind of listing gets unless its entry names another. */
export const SCENE_BY_TYPE: Record<PropertyType | AssetType, DemoScene> = {
  House: 'house',
  Hotel: 'hotel',
  Apartment: 'apartment',
  Land: 'land',
  Car: 'car',
  Motorcycle: 'motorcycle',
  Clothes: 'clothes',
  Other: 'sofa',
};

/**
 * The rooms inside the first demo properties, after their own picture: enough photos for the
 * detail page's gallery to show, and few enough that the seed stays quick.
 */
const MORE_PROPERTY_SCENES: ReadonlyArray<readonly DemoScene[]> = [
  ['sofa', 'television', 'fridge'],
  ['sofa', 'fridge'],
  ['television', 'sofa'],
];

/** Seeds of the extra pictures start here, past every listing's position. */
const MORE_PHOTOS_FIRST_SEED = 1000;

/** libvips encodes each WebP on one thread; a few photos at once keep every core busy. */
const IMAGE_CONCURRENCY = 4;

/** Any constant works: it only has to be the same for every process seeding this database. */
const SEED_LOCK_ID = 7_305_114;

const HOUR_MS = 60 * 60 * 1000;

/** Runs `work` over `items` with at most `limit` in flight, keeping the results in order. */
async function mapConcurrently<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  async function runWorker() {
    while (next < items.length) {
      const index = next;
      next += 1;
      results[index] = await work(items[index]!, index);
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, runWorker));
  return results;
}

type SeedOnlyKey = 'owner' | 'ageHours' | 'scene';
const SEED_ONLY_KEYS: ReadonlySet<string> = new Set<SeedOnlyKey>(['owner', 'ageHours', 'scene']);

/** The entry's columns, without what only the seed needs. */
function listingFields<T extends DemoProperty | DemoAsset>(listing: T): Omit<T, SeedOnlyKey> {
  return Object.fromEntries(
    Object.entries(listing).filter(([key]) => !SEED_ONLY_KEYS.has(key)),
  ) as Omit<T, SeedOnlyKey>;
}

function imageSpecOf(listing: DemoProperty | DemoAsset, seed: number): DemoImageSpec {
  return { scene: listing.scene ?? SCENE_BY_TYPE[listing.type], seed };
}

/**
 * Seeds the demo catalogue into a database without listings; does nothing (and answers zeros)
 * when any property already exists, so it is safe to call at every start.
 */
export async function seedDemoCatalogue({
  db,
  media,
  log = () => {},
}: {
  db: Database;
  media: MediaService;
  log?: (message: string) => void;
}): Promise<{ properties: number; assets: number; requests: number }> {
  const none = { properties: 0, assets: 0, requests: 0 };
  if (!(await isDemoCatalogueWanted(db))) return none;

  const listings: Array<DemoProperty | DemoAsset> = [...DEMO_PROPERTIES, ...DEMO_ASSETS];
  const started = Date.now();
  // Seeds are the listing's position, so every listing gets its own picture and a re-run
  // draws the same ones (same content, same storage key).
  const morePictures = MORE_PROPERTY_SCENES.flatMap((scenes, propertyIndex) =>
    scenes.map((scene, photoIndex) => ({
      propertyIndex,
      spec: { scene, seed: MORE_PHOTOS_FIRST_SEED + propertyIndex * 10 + photoIndex },
    })),
  );
  const specs = [
    ...listings.map((listing, index) => imageSpecOf(listing, index + 1)),
    ...morePictures.map((picture) => picture.spec),
  ];
  const photos = await mapConcurrently(specs, IMAGE_CONCURRENCY, async (spec) =>
    media.storePhoto(await createDemoImage(spec)),
  );
  log(`demo seed: stored ${photos.length} photos in ${Date.now() - started} ms`);

  const propertyPhotos = photos.slice(0, DEMO_PROPERTIES.length);
  const assetPhotos = photos.slice(DEMO_PROPERTIES.length, listings.length);
  const morePhotos = photos.slice(listings.length);
  const morePhotosOf = (propertyIndex: number) =>
    morePhotos.filter((_, index) => morePictures[index]!.propertyIndex === propertyIndex);
  const now = Date.now();

  return db.transaction(async (tx) => {
    // Two servers starting together on one PostgreSQL must not both seed.
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_ID})`);
    if (!(await isDemoCatalogueWanted(tx))) return none;

    await tx
      .insert(users)
      .values(
        DEMO_OWNERS.map((owner) => ({
          name: owner.name,
          email: owner.email,
          role: 'seller' as const,
          status: 'Active' as const,
          passwordHash: null,
        })),
      )
      .onConflictDoNothing();
    const ownerRows = await tx
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(
        inArray(
          sql`lower(${users.email})`,
          DEMO_OWNERS.map((owner) => owner.email.toLowerCase()),
        ),
      );
    const ownerIds = DEMO_OWNERS.map((owner) => {
      const row = ownerRows.find((candidate) => candidate.email?.toLowerCase() === owner.email);
      if (!row) throw new Error(`Demo owner ${owner.email} was not created`);
      return row.id;
    });

    const propertyRows = DEMO_PROPERTIES.map((listing, index) => {
      const owner = DEMO_OWNERS[listing.owner];
      const createdAt = new Date(now - listing.ageHours * HOUR_MS);
      return propertyValues(ownerIds[listing.owner]!, {
        ...listingFields(listing),
        availability: listing.availability ?? 'Available',
        ownerName: owner.name,
        contact: owner.phone,
        moderation: 'Approved',
        photos: [propertyPhotos[index]!, ...morePhotosOf(index)],
        createdAt,
        updatedAt: createdAt,
      });
    });
    const assetRows = DEMO_ASSETS.map((listing, index) => {
      const owner = DEMO_OWNERS[listing.owner];
      const createdAt = new Date(now - listing.ageHours * HOUR_MS);
      return assetValues(ownerIds[listing.owner]!, {
        ...NO_KIND_FIELDS,
        ...listingFields(listing),
        availability: listing.availability ?? 'Available',
        ownerName: owner.name,
        contact: owner.phone,
        moderation: 'Approved',
        photos: [assetPhotos[index]!],
        createdAt,
        updatedAt: createdAt,
      });
    });
    await tx.insert(properties).values(propertyRows);
    await tx.insert(assets).values(assetRows);
    await indexPhotoHashes(tx);
    const requests = await insertDemoRequests(tx, now);
    log(
      `demo seed: inserted ${propertyRows.length} properties, ${assetRows.length} assets ` +
        `and ${requests} requests`,
    );
    return { properties: propertyRows.length, assets: assetRows.length, requests };
  });
}

/** The demo buyers and their wanted-ads; answers how many ads were added. */
async function insertDemoRequests(tx: Pick<Database, 'insert' | 'select'>, now: number) {
  const buyers = await tx
    .insert(users)
    .values(
      DEMO_BUYERS.map((buyer) => ({
        name: buyer.name,
        email: buyer.email,
        role: 'buyer' as const,
        passwordHash: null,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: users.id, email: users.email });
  if (buyers.length !== DEMO_BUYERS.length) return 0;
  const rows = DEMO_REQUESTS.map((request) => {
    const buyer = DEMO_BUYERS[request.buyer];
    const createdAt = new Date(now - request.ageHours * HOUR_MS);
    const { buyer: _buyer, ageHours: _age, ...fields } = request;
    return {
      ...fields,
      ...derivePlace(fields.location),
      requesterId: buyers.find((row) => row.email === buyer.email)!.id,
      requesterName: buyer.name,
      contact: buyer.phone,
      createdAt,
      updatedAt: createdAt,
    };
  });
  await tx.insert(propertyRequests).values(rows);
  return rows.length;
}

/** How many properties and assets the database holds (deleted ones included). */
export async function countListings(db: Database): Promise<{ properties: number; assets: number }> {
  const [propertyCount] = await db.select({ total: count() }).from(properties);
  const [assetCount] = await db.select({ total: count() }).from(assets);
  return { properties: propertyCount?.total ?? 0, assets: assetCount?.total ?? 0 };
}
