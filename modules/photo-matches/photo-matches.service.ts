import { and, eq, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Database, Transaction } from '#db/client.ts';
import { assets, photoHashes, photoMatches, properties, users } from '#db/schema.ts';
import type { Clock } from '#lib/clock.ts';
import { t } from '#lib/i18n.all.ts';
import type { Photo } from '#lib/listing.ts';
import { PHOTO_HASH_BANDS, PHOTO_MATCH_DISTANCE, photoHashBands } from '#lib/photo-hash.ts';
import { toPhotoView } from '#lib/photos.ts';
import type { NotificationsService } from '#modules/notifications/notifications.service.ts';
import type { PhotoMatchView } from './photo-matches.schema.ts';

type ListingKind = 'property' | 'asset';

/** A listing whose photos were just written, as its write knows it. */
type WrittenListing = {
  id: string;
  kind: ListingKind;
  ownerId: string;
  title: string;
  photos: readonly Photo[];
};

/** 16 hex digits as PostgreSQL's signed bigint (the top bit set is a negative number). */
function toSignedHash(hex: string): bigint {
  return BigInt.asIntN(64, BigInt(`0x${hex}`));
}

/** A listing of either kind: its title, owner, moderation, photos, or undefined once deleted. */
async function readListings(executor: Database | Transaction, ids: readonly string[]) {
  if (ids.length === 0) return new Map<string, ListingFacts>();
  const columns = (table: typeof properties | typeof assets, title: SQL<string>) => ({
    id: table.id,
    title,
    ownerId: table.ownerId,
    ownerName: users.name,
    moderation: table.moderation,
    photos: table.photos,
  });
  const [propertyRows, assetRows] = await Promise.all([
    executor
      .select(columns(properties, sql<string>`${properties.title}`))
      .from(properties)
      .innerJoin(users, eq(users.id, properties.ownerId))
      .where(and(inArray(properties.id, [...ids]), isNull(properties.deletedAt))),
    executor
      .select(columns(assets, sql<string>`${assets.name}`))
      .from(assets)
      .innerJoin(users, eq(users.id, assets.ownerId))
      .where(and(inArray(assets.id, [...ids]), isNull(assets.deletedAt))),
  ]);
  return new Map<string, ListingFacts>([
    ...propertyRows.map((row) => [row.id, { ...row, kind: 'property' as const }] as const),
    ...assetRows.map((row) => [row.id, { ...row, kind: 'asset' as const }] as const),
  ]);
}

type ListingFacts = {
  id: string;
  kind: ListingKind;
  title: string;
  ownerId: string;
  ownerName: string;
  moderation: 'Pending' | 'Approved' | 'Rejected';
  photos: Photo[];
};

export type PhotoMatchesService = ReturnType<typeof createPhotoMatchesService>;

/**
 * Duplicate photos: every listing's photo hashes are kept in photo_hashes, and a listing whose
 * photo looks like a photo of another owner's (undeleted) listing is recorded in photo_matches,
 * best pair per other listing, for the admins to compare before they approve it.
 */
export function createPhotoMatchesService({
  db,
  clock,
  notifications,
}: {
  db: Database;
  clock: Clock;
  notifications: NotificationsService;
}) {
  /** Other owners' undeleted listings with a photo at most PHOTO_MATCH_DISTANCE bits from `hash`. */
  async function findNear(tx: Transaction, listing: WrittenListing, hash: bigint) {
    const bands = photoHashBands(hash).map(
      (value, band) =>
        sql`((${photoHashes.hash} >> ${sql.raw(String(PHOTO_HASH_BANDS[band]!.shift))}) & ${sql.raw(String(PHOTO_HASH_BANDS[band]!.mask))}) = ${value}`,
    );
    const hashValue = sql`${hash.toString()}::bigint`;
    const distance = sql<number>`bit_count((${photoHashes.hash} # ${hashValue})::bit(64))::int`;
    const isLive = sql`(${photoHashes.listingKind} = 'property' and exists (select 1 from ${properties} where ${properties.id} = ${photoHashes.listingId} and ${properties.deletedAt} is null))
      or (${photoHashes.listingKind} = 'asset' and exists (select 1 from ${assets} where ${assets.id} = ${photoHashes.listingId} and ${assets.deletedAt} is null))`;
    return tx
      .select({
        listingId: photoHashes.listingId,
        listingKind: photoHashes.listingKind,
        photoKey: photoHashes.photoKey,
        distance,
      })
      .from(photoHashes)
      .where(
        and(
          or(...bands),
          ne(photoHashes.ownerId, listing.ownerId),
          ne(photoHashes.listingId, listing.id),
          sql`${distance} <= ${PHOTO_MATCH_DISTANCE}`,
          sql`(${isLive})`,
        ),
      );
  }

  /**
   * Replaces a listing's photo hashes with those of `listing.photos` and records which other
   * owners' listings show the same pictures; with `notifyAdmins` (a seller's supply waiting for
   * review), the admins are told in-app of each listing newly matched. Inside the write's
   * transaction, so the hashes and matches change exactly when the photos do.
   */
  async function recordListingPhotos(
    listing: WrittenListing,
    tx: Transaction,
    { notifyAdmins = false }: { notifyAdmins?: boolean } = {},
  ): Promise<void> {
    await tx.delete(photoHashes).where(eq(photoHashes.listingId, listing.id));
    const hashed = new Map<string, bigint>();
    for (const photo of listing.photos) {
      if (photo.hash && !hashed.has(photo.key)) hashed.set(photo.key, toSignedHash(photo.hash));
    }
    if (hashed.size > 0) {
      await tx.insert(photoHashes).values(
        [...hashed].map(([photoKey, hash]) => ({
          listingId: listing.id,
          listingKind: listing.kind,
          ownerId: listing.ownerId,
          photoKey,
          hash,
        })),
      );
    }
    const known = await tx
      .delete(photoMatches)
      .where(eq(photoMatches.listingId, listing.id))
      .returning({ matchedListingId: photoMatches.matchedListingId });
    // The closest pair of photos for each other listing.
    const best = new Map<
      string,
      { kind: ListingKind; photoKey: string; matchedPhotoKey: string; distance: number }
    >();
    for (const [photoKey, hash] of hashed) {
      for (const near of await findNear(tx, listing, hash)) {
        const current = best.get(near.listingId);
        if (!current || near.distance < current.distance) {
          best.set(near.listingId, {
            kind: near.listingKind,
            photoKey,
            matchedPhotoKey: near.photoKey,
            distance: near.distance,
          });
        }
      }
    }
    if (best.size === 0) return;
    const now = clock();
    await tx.insert(photoMatches).values(
      [...best].map(([matchedListingId, match]) => ({
        listingId: listing.id,
        listingKind: listing.kind,
        photoKey: match.photoKey,
        matchedListingId,
        matchedListingKind: match.kind,
        matchedPhotoKey: match.matchedPhotoKey,
        distance: match.distance,
        createdAt: now,
      })),
    );
    const wasKnown = new Set(known.map((row) => row.matchedListingId));
    const fresh = [...best.keys()].filter((id) => !wasKnown.has(id));
    if (!notifyAdmins || fresh.length === 0) return;
    const others = await readListings(tx, fresh);
    await notifications.notifyAdmins(
      () => ({
        kind: 'listing',
        title: t('photoMatch.noticeTitle', { title: listing.title }),
        message: t('photoMatch.noticeMessage', {
          title: listing.title,
          others: [...others.values()].map((other) => `“${other.title}”`).join(', '),
        }),
        link: `/admin-panel/supplied-property/${listing.id}`,
      }),
      tx,
    );
  }

  /**
   * The photos of a listing that look like photos of other owners' listings still undeleted,
   * closest first, each with the other listing's title, owner, review state and photo.
   */
  async function listPhotoMatches(listingId: string): Promise<PhotoMatchView[]> {
    const rows = await db
      .select()
      .from(photoMatches)
      .where(eq(photoMatches.listingId, listingId))
      .orderBy(photoMatches.distance, photoMatches.createdAt);
    if (rows.length === 0) return [];
    const listings = await readListings(db, [
      listingId,
      ...rows.map((row) => row.matchedListingId),
    ]);
    const own = listings.get(listingId);
    if (!own) return [];
    const photoOf = (facts: ListingFacts, key: string) =>
      facts.photos.find((photo) => photo.key === key);
    return rows.flatMap((row) => {
      const other = listings.get(row.matchedListingId);
      const photo = photoOf(own, row.photoKey);
      const otherPhoto = other && photoOf(other, row.matchedPhotoKey);
      if (!other || !photo || !otherPhoto) return [];
      return [
        {
          photo: toPhotoView(photo),
          distance: row.distance,
          matched: {
            id: other.id,
            kind: other.kind,
            title: other.title,
            ownerId: other.ownerId,
            ownerName: other.ownerName,
            moderation: other.moderation,
            photo: toPhotoView(otherPhoto),
          },
        },
      ];
    });
  }

  /** Which of these listings have a photo match recorded (the admin's pending list badge). */
  async function listMatchedListingIds(ids: readonly string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await db
      .selectDistinct({ listingId: photoMatches.listingId })
      .from(photoMatches)
      .where(inArray(photoMatches.listingId, [...ids]));
    return new Set(rows.map((row) => row.listingId));
  }

  return { recordListingPhotos, listPhotoMatches, listMatchedListingIds };
}
