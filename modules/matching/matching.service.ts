import { and, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Database, Transaction } from '#db/client.ts';
import { propertyRequests, requestMatches } from '#db/schema.ts';
import { isOwnerOrAdmin, type Actor } from '#lib/account.ts';
import type { Clock } from '#lib/clock.ts';
import { ForbiddenError, NotFoundError } from '#lib/errors.ts';
import { formatPrice } from '#lib/format.ts';
import { MATCH_RADIUS_KM } from '#lib/limits.ts';
import { t, tCount } from '#lib/i18n.all.ts';
import { kindOfType, type ListingKind, LISTING_KINDS } from '#lib/listing.ts';
import { toPhotoView } from '#lib/photos.ts';
import { distanceKmSql, readOnOffer } from '#modules/catalogue/catalogue.sql.ts';
import { isOnOffer, type ListingWrite } from '#modules/catalogue/catalogue.events.ts';
import { LISTING_TABLES, titleOf } from '#modules/catalogue/catalogue.kinds.ts';
import type { JobQueue } from '#modules/jobs/jobs.service.ts';
import type { MailLinks } from '#modules/mail/mail.links.ts';
import type { NotificationsService } from '#modules/notifications/notifications.service.ts';
import type { MatchingListing, MatchingRequest } from './matching.schema.ts';
import { placeLine } from '#lib/places.ts';
import { smsTitle } from '#lib/sms-text.ts';

/** A listing may cost up to this much more than a buyer's budget and still fit. */
const BUDGET_STRETCH = 1.1;

/** The most listings one new or edited request is matched with at once (the newest). */
const REQUEST_MATCH_LIMIT = 50;

/** The most matching listings a request page shows. */
const SHOWN_MATCHES = 12;

/** The kind whose listings are of this type. */
type Pair = { requestId: string; requesterId: string; listingId: string; kind: ListingKind };

/**
 * Buyers' requests and published listings find each other. When a listing comes on offer
 * (created published, approved, or back to Available) a durable job finds every open request it
 * fits; when a request is posted or edited, another finds the listings it fits. Each pair is
 * stored once (its primary key), and a digest job per requester tells them of the new pairs:
 * one in-app notification per request and one e-mail for all that arrived together.
 *
 * A listing fits a request when it is of the request's type (any, when the request names
 * none), costs at most 10% above the budget (a rent's budget only rents of its period), has at
 * least the rooms the request asks for, and is in the request's district (and sector, when it
 * names one), or within MATCH_RADIUS_KM of the request's point when both have a point; a request
 * without a district needs the listing's headline words (title, type and place) to hold every
 * word of its location, whatever the case.
 */
export function createMatchingService({
  db,
  clock,
  links,
  digestSeconds,
  jobs,
  notifications,
}: {
  db: Database;
  clock: Clock;
  /** Links to the listings, in the e-mail's language. */
  links: MailLinks;
  /** How long new matches gather before their requester is told, all in one e-mail. */
  digestSeconds: number;
  jobs: JobQueue;
  notifications: NotificationsService;
}) {
  /** The open requests a published listing fits, through the type-and-price index. */
  async function requestsFitting(kind: ListingKind, listingId: string, tx: Transaction) {
    const table = LISTING_TABLES[kind];
    // Only properties have rooms; an asset has none, so fits only requests that ask for none.
    const rooms =
      'bedrooms' in table
        ? sql`l.bedrooms, l.bathrooms, l.toilets`
        : sql`0 as bedrooms, 0 as bathrooms, 0 as toilets`;
    const result = await tx.execute<{ id: string; requester_id: string }>(sql`
      select r.id, r.requester_id
      from (select type, price, offer, price_period, district, sector, owner_id, headline,
          latitude, public_latitude, public_longitude, ${rooms}
        from ${table} l where l.id = ${listingId}) l
      join property_requests r
        on r.status = 'Open' and r.deleted_at is null
        and (r.type = l.type or r.type is null)
        and r.price >= ceil(l.price / ${sql.raw(String(BUDGET_STRETCH))})
      where r.requester_id <> l.owner_id
        and coalesce(r.bedrooms, 0) <= l.bedrooms
        and coalesce(r.bathrooms, 0) <= l.bathrooms
        and coalesce(r.toilets, 0) <= l.toilets
        and (r.price_period is null or (l.offer = 'Rent' and l.price_period = r.price_period))
        and case when r.latitude is not null and l.latitude is not null
          then ${distanceKmSql(
            { latitude: sql`l.public_latitude`, longitude: sql`l.public_longitude` },
            { latitude: sql`r.latitude`, longitude: sql`r.longitude` },
          )} <= ${MATCH_RADIUS_KM}
          when r.district is not null
          then l.district = r.district and (r.sector is null or l.sector = r.sector)
          else l.headline @@ plainto_tsquery('simple', fold_accents(r.location)) end`);
    return result.rows.map((row) => ({ requestId: row.id, requesterId: row.requester_id }));
  }

  /**
   * Where a listing must be to fit `request`: within MATCH_RADIUS_KM of the request's point when
   * both have one (the listing's public point), else in its district and sector, else holding
   * the words of its location.
   */
  function placeFits(request: typeof propertyRequests.$inferSelect): SQL {
    const byPlace = request.district
      ? sql`l.district = ${request.district} and ${
          request.sector ? sql`l.sector = ${request.sector}` : sql`true`
        }`
      : sql`l.headline @@ plainto_tsquery('simple', fold_accents(${request.location}))`;
    if (request.latitude === null || request.longitude === null) return byPlace;
    const distance = distanceKmSql(
      { latitude: sql`l.public_latitude`, longitude: sql`l.public_longitude` },
      { latitude: sql`${request.latitude}::float8`, longitude: sql`${request.longitude}::float8` },
    );
    return sql`(case when l.latitude is not null then ${distance} <= ${MATCH_RADIUS_KM}
      else ${byPlace} end)`;
  }

  /** The published, available listings an open request fits, newest first. */
  async function listingsFitting(requestId: string, tx: Transaction): Promise<Pair[]> {
    const [request] = await tx
      .select()
      .from(propertyRequests)
      .where(
        and(
          eq(propertyRequests.id, requestId),
          eq(propertyRequests.status, 'Open'),
          isNull(propertyRequests.deletedAt),
        ),
      );
    if (!request) return [];
    const fits = (hasRooms: boolean) => sql`
      l.moderation = 'Approved' and l.deleted_at is null and l.hidden_at is null
      and l.expired_at is null and l.availability = 'Available'
      and ${request.type ? sql`l.type = ${request.type}` : sql`true`}
      and l.price <= ${Math.floor(request.price * BUDGET_STRETCH)}
      and l.owner_id <> ${request.requesterId}
      and ${
        hasRooms
          ? sql`l.bedrooms >= ${request.bedrooms ?? 0} and l.bathrooms >= ${request.bathrooms ?? 0}
              and l.toilets >= ${request.toilets ?? 0}`
          : sql`${(request.bedrooms ?? 0) + (request.bathrooms ?? 0) + (request.toilets ?? 0)} = 0`
      }
      and ${
        request.pricePeriod
          ? sql`l.offer = 'Rent' and l.price_period = ${request.pricePeriod}`
          : sql`true`
      }
      and ${placeFits(request)}`;
    const pairs: Pair[] = [];
    // A request of a type reads that type's table; one of any type reads both.
    const kinds = request.type === null ? LISTING_KINDS : [kindOfType(request.type)];
    for (const kind of kinds) {
      const table = LISTING_TABLES[kind];
      const result = await tx.execute<{ id: string }>(sql`
        select l.id from ${table} l
        where ${fits('bedrooms' in table)}
        order by l.created_at desc
        limit ${REQUEST_MATCH_LIMIT}`);
      for (const row of result.rows) {
        pairs.push({ requestId, requesterId: request.requesterId, listingId: row.id, kind });
      }
    }
    return pairs;
  }

  const tellLater = jobs.define<{ requesterId: string }>('match-digest', {
    policy: 'short',
    run: ({ requesterId }, tx) => sendDigest(requesterId, tx as Transaction),
  });

  /** Stores new pairs; their requesters will hear of them, once, in the next digest. */
  async function storePairs(pairs: Pair[], tx: Transaction): Promise<void> {
    if (pairs.length === 0) return;
    const stored = await tx
      .insert(requestMatches)
      .values(
        pairs.map((pair) => ({
          requestId: pair.requestId,
          requesterId: pair.requesterId,
          listingId: pair.listingId,
          listingKind: pair.kind,
          createdAt: clock(),
        })),
      )
      .onConflictDoNothing()
      .returning({ requesterId: requestMatches.requesterId });
    for (const requesterId of new Set(stored.map((pair) => pair.requesterId))) {
      await tellLater({ requesterId }, tx, {
        singletonKey: requesterId,
        startAfterSeconds: digestSeconds,
      });
    }
  }

  /** The listings of pairs, as cards show them, the published and available ones only. */
  async function listingsOf(
    pairs: { listingId: string; listingKind: ListingKind }[],
    executor: Database | Transaction = db,
  ) {
    const { propertyRows, assetRows } = await readOnOffer(executor, pairs);
    const toMatching = (
      row: (typeof propertyRows)[number] | (typeof assetRows)[number],
      kind: ListingKind,
    ): MatchingListing => ({
      listingId: row.id,
      kind,
      title: titleOf(row),
      price: row.price,
      pricePeriod: row.pricePeriod,
      location: placeLine(row),
      path: `/${kind}/${row.id}`,
      photo: row.photos[0] ? toPhotoView(row.photos[0]) : null,
      createdAt: row.createdAt.toISOString(),
    });
    return [
      ...propertyRows.map((row) => toMatching(row, 'property')),
      ...assetRows.map((row) => toMatching(row, 'asset')),
    ];
  }

  /**
   * Tells a requester of every pair not told yet: one notification per request, one e-mail for
   * all, and the pairs marked told, in the job's transaction (so never twice).
   */
  async function sendDigest(requesterId: string, tx: Transaction): Promise<void> {
    const fresh = await tx
      .select({
        requestId: requestMatches.requestId,
        listingId: requestMatches.listingId,
        listingKind: requestMatches.listingKind,
        requestTitle: propertyRequests.title,
      })
      .from(requestMatches)
      .innerJoin(propertyRequests, eq(propertyRequests.id, requestMatches.requestId))
      .where(and(eq(requestMatches.requesterId, requesterId), isNull(requestMatches.notifiedAt)))
      .for('update', { of: requestMatches });
    if (fresh.length === 0) return;
    await tx
      .update(requestMatches)
      .set({ notifiedAt: clock() })
      .where(and(eq(requestMatches.requesterId, requesterId), isNull(requestMatches.notifiedAt)));
    const listings = new Map((await listingsOf(fresh, tx)).map((item) => [item.listingId, item]));
    const byRequest = new Map<string, { title: string; listings: MatchingListing[] }>();
    for (const pair of fresh) {
      const listing = listings.get(pair.listingId);
      if (!listing) continue;
      const group = byRequest.get(pair.requestId) ?? { title: pair.requestTitle, listings: [] };
      group.listings.push(listing);
      byRequest.set(pair.requestId, group);
    }
    if (byRequest.size === 0) return;
    const count = [...byRequest.values()].reduce((sum, group) => sum + group.listings.length, 0);
    // Made in the requester's language, when their notice is.
    const digestLines = () =>
      [...byRequest.values()].flatMap((group) => [
        t('matching.mailRequest', { title: group.title }),
        ...group.listings.map((listing) =>
          t('matching.mailLine', {
            title: listing.title,
            // A rent says what it is for, as its card does: "RWF 350,000 / month".
            price: formatPrice(listing.price, listing.pricePeriod),
            url: links.link(listing.path),
          }),
        ),
        '',
      ]);
    // One SMS for them all, carried by the first notice (whose request its link opens). Never a
    // listing's title: the seller typed it, and an SMS carries only the requester's own words.
    const smsText = () =>
      byRequest.size === 1
        ? tCount('matching.sms', count, {
            brand: t('brand.name'),
            title: smsTitle([...byRequest.values()][0]!.title),
          })
        : t('matching.smsSeveral', { brand: t('brand.name') });
    await notifications.notifyDigest(
      requesterId,
      [...byRequest].map(([requestId, group], index) => () => ({
        kind: 'match',
        title: tCount('matching.title', group.listings.length, { title: group.title }),
        message: group.listings.map((listing) => listing.title).join(' · '),
        link: `/requested-property-detail/${requestId}`,
        ...(index === 0 && { sms: { kind: 'match' as const, text: smsText() } }),
      })),
      (name) => ({
        subject: tCount('matching.mailSubject', count),
        text: t('matching.mailBody', { name, lines: digestLines().join('\n') }),
      }),
      tx,
    );
  }

  const matchListingLater = jobs.define<{ listingId: string; kind: ListingKind }>(
    'listing-matching',
    {
      run: async ({ listingId, kind }, tx) => {
        const fitting = await requestsFitting(kind, listingId, tx as Transaction);
        await storePairs(
          fitting.map((request) => ({ ...request, listingId, kind })),
          tx as Transaction,
        );
      },
    },
  );

  const matchRequestLater = jobs.define<{ requestId: string }>('request-matching', {
    run: async ({ requestId }, tx) => {
      await storePairs(await listingsFitting(requestId, tx as Transaction), tx as Transaction);
    },
  });

  /** Adds, in the write's `tx`, the job matching a listing newly on offer with open requests. */
  async function matchListingWithRequests(change: ListingWrite, tx: Transaction): Promise<void> {
    if (isOnOffer(change.after) && !isOnOffer(change.before)) {
      await matchListingLater({ listingId: change.after.id, kind: change.kind }, tx);
    }
  }

  /** A request was posted or edited: match it with the listings on offer (in `tx`). */
  async function requestWritten(requestId: string, tx: Transaction): Promise<void> {
    await matchRequestLater({ requestId }, tx);
  }

  /**
   * The published listings matched with a request, best first: the closest price to the
   * budget, then the newest (its requester or an admin; anyone else: not found).
   */
  async function listMatchesForRequest(requestId: string, viewer: Actor) {
    const [request] = await db
      .select({ requesterId: propertyRequests.requesterId, price: propertyRequests.price })
      .from(propertyRequests)
      .where(and(eq(propertyRequests.id, requestId), isNull(propertyRequests.deletedAt)));
    if (!request || !isOwnerOrAdmin(viewer, request.requesterId)) {
      throw new NotFoundError(t('request.notFound'));
    }
    const pairs = await db
      .select({ listingId: requestMatches.listingId, listingKind: requestMatches.listingKind })
      .from(requestMatches)
      .where(eq(requestMatches.requestId, requestId))
      .orderBy(desc(requestMatches.createdAt))
      .limit(200);
    return (await listingsOf(pairs))
      .sort(
        (a, b) =>
          Math.abs(a.price - request.price) - Math.abs(b.price - request.price) ||
          b.createdAt.localeCompare(a.createdAt),
      )
      .slice(0, SHOWN_MATCHES);
  }

  /**
   * The open requests a listing was matched with, newest first, and how many (its owner or an
   * admin).
   */
  async function listRequestsForListing(
    listingId: string,
    ownerId: string,
    viewer: Actor,
  ): Promise<{ data: MatchingRequest[]; total: number }> {
    if (!isOwnerOrAdmin(viewer, ownerId)) throw new ForbiddenError(t('auth.forbidden'));
    const rows = await db
      .select({
        requestId: propertyRequests.id,
        title: propertyRequests.title,
        price: propertyRequests.price,
        pricePeriod: propertyRequests.pricePeriod,
        location: propertyRequests.location,
        district: propertyRequests.district,
        sector: propertyRequests.sector,
        cell: propertyRequests.cell,
        createdAt: propertyRequests.createdAt,
      })
      .from(requestMatches)
      .innerJoin(propertyRequests, eq(propertyRequests.id, requestMatches.requestId))
      .where(
        and(
          eq(requestMatches.listingId, listingId),
          eq(propertyRequests.status, 'Open'),
          isNull(propertyRequests.deletedAt),
        ),
      )
      .orderBy(desc(propertyRequests.createdAt));
    return {
      data: rows.map(({ district, sector, cell, ...row }) => ({
        ...row,
        location: placeLine({ location: row.location, district, sector, cell }),
        path: `/requested-property-detail/${row.requestId}`,
        createdAt: row.createdAt.toISOString(),
      })),
      total: rows.length,
    };
  }

  return {
    requestWritten,
    matchListingWithRequests,
    listMatchesForRequest,
    listRequestsForListing,
    /** For the bench: the matching query of one listing, as the job runs it. */
    requestsFitting: (kind: ListingKind, listingId: string) =>
      db.transaction((tx) => requestsFitting(kind, listingId, tx)),
  };
}

export type MatchingService = ReturnType<typeof createMatchingService>;
