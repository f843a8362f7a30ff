import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { readSearchText } from '#lib/search-text.ts';
import type { Database, Transaction } from '#db/client.ts';
import { savedSearches, savedSearchHits } from '#db/schema.ts';
import type { Actor } from '#lib/account.ts';
import type { Clock } from '#lib/clock.ts';
import { ConflictError, NotFoundError } from '#lib/errors.ts';
import { formatPrice } from '#lib/format.ts';
import { t, tCount } from '#lib/i18n.all.ts';
import { distanceKm } from '#lib/geo.ts';
import { parseNear } from '#lib/landmarks.ts';
import { MAX_SAVED_SEARCHES, NEAR_RADIUS_DEFAULT_KM } from '#lib/limits.ts';
import { LISTING_FILTER_KEYS } from '#lib/listing-filter-keys.ts';
import { smsTitle } from '#lib/sms-text.ts';
import {
  defaultPricePeriod,
  type AlertFrequency,
  type ListingKind,
  type ListingType,
} from '#lib/listing.ts';
import { isPublishedIn, readOnOffer } from '#modules/catalogue/catalogue.sql.ts';
import { isOnOffer, type ListingWrite } from '#modules/catalogue/catalogue.events.ts';
import { LISTING_TABLES, titleOf } from '#modules/catalogue/catalogue.kinds.ts';
import type { JobQueue } from '#modules/jobs/jobs.service.ts';
import type { MailLinks } from '#modules/mail/mail.links.ts';
import type { NotificationsService } from '#modules/notifications/notifications.service.ts';
import type {
  SavedSearchFilters,
  SavedSearchInput,
  SavedSearchView,
} from './saved-searches.schema.ts';

type SavedSearchRow = typeof savedSearches.$inferSelect;

/** The daily digest leaves at 07:00 in Kigali (UTC+2, no daylight saving). */
const DAILY_DIGEST_UTC_HOUR = 5;

/** Seconds from `now` to the next daily digest. */
export function secondsToDailyDigest(now: Date): number {
  const next = new Date(now);
  next.setUTCHours(DAILY_DIGEST_UTC_HOUR, 0, 0, 0);
  if (next <= now) next.setUTCDate(next.getUTCDate() + 1);
  return Math.ceil((next.getTime() - now.getTime()) / 1000);
}

/** The order of the filters in a saved search's address, so that one search has one. */
const FILTER_ORDER = ['q', 'type', ...LISTING_FILTER_KEYS] as const;

/** The results page of a saved search's filters (the search page takes every one). */
function pathOf(filters: SavedSearchFilters): string {
  const params = new URLSearchParams();
  for (const key of FILTER_ORDER) {
    const value = filters[key];
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `/search?${search}` : '/search';
}

function toView(row: SavedSearchRow): SavedSearchView {
  const filters = row.filters as SavedSearchView['filters'];
  return {
    _id: row.id,
    name: row.name,
    filters,
    frequency: row.frequency,
    path: pathOf(filters),
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * The filters as stored: the ones set, the older offer name dropped, and the words of `q` that
 * name a filter ("inzu ikodeshwa", "maison à louer") read as that filter, as the search page
 * reads them, so that alerts match what the search found.
 */
function storedFilters(filters: SavedSearchFilters): Record<string, string | number> {
  const { text, ...fromText } = readSearchText(filters.q ?? '', filters);
  const read = { ...filters, ...definedOnly(fromText), q: text };
  return Object.fromEntries(
    Object.entries(read).filter(([, value]) => value !== undefined && value !== ''),
  ) as Record<string, string | number>;
}

function definedOnly<T extends object>(values: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(values).filter(([, value]) => value !== undefined),
  ) as Partial<T>;
}

/**
 * A signed-in user's saved searches, and their alerts. When a listing comes on offer (created
 * published, approved, back to Available) a durable job finds every saved search it fits, by the
 * same rules as the list filters (prices compared like with like); each pair is stored once and
 * an alert job per user tells them: at once (gathered for `instantSeconds`), or in the daily
 * digest. One in-app notification per saved search, one e-mail for all, with a one-click
 * unsubscribe (kind 'search'); the job marks the pairs told in its transaction, so never twice.
 */
export function createSavedSearchesService({
  db,
  clock,
  links,
  instantSeconds,
  jobs,
  notifications,
}: {
  db: Database;
  clock: Clock;
  /** Links to the listings and the saved searches page, in the e-mail's language. */
  links: MailLinks;
  /** How long an instant alert waits for others to go with it. */
  instantSeconds: number;
  jobs: JobQueue;
  notifications: NotificationsService;
}) {
  async function findOwn(id: string, actor: Actor): Promise<SavedSearchRow> {
    const [row] = await db
      .select()
      .from(savedSearches)
      .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, actor.id)));
    if (!row) throw new NotFoundError(t('savedSearch.notFound'));
    return row;
  }

  /** The user's saved searches, the latest first. */
  async function list(actor: Actor): Promise<SavedSearchView[]> {
    const rows = await db
      .select()
      .from(savedSearches)
      .where(eq(savedSearches.userId, actor.id))
      .orderBy(desc(savedSearches.createdAt), desc(savedSearches.id));
    return rows.map(toView);
  }

  /** Saves filters under a name; at most MAX_SAVED_SEARCHES per user (409 beyond). */
  async function create(input: SavedSearchInput, actor: Actor): Promise<SavedSearchView> {
    return db.transaction(async (tx) => {
      const [{ count } = { count: 0 }] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(savedSearches)
        .where(eq(savedSearches.userId, actor.id));
      if (count >= MAX_SAVED_SEARCHES) {
        throw new ConflictError(t('savedSearch.tooMany', { max: MAX_SAVED_SEARCHES }));
      }
      const now = clock();
      const [row] = await tx
        .insert(savedSearches)
        .values({
          userId: actor.id,
          name: input.name,
          filters: storedFilters(input.filters),
          frequency: input.frequency,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      return toView(row!);
    });
  }

  /** Renames a saved search, or changes how often its alerts come. */
  async function update(
    id: string,
    input: { name?: string; frequency?: AlertFrequency },
    actor: Actor,
  ): Promise<SavedSearchView> {
    await findOwn(id, actor);
    const [row] = await db
      .update(savedSearches)
      .set({ name: input.name, frequency: input.frequency, updatedAt: clock() })
      .where(eq(savedSearches.id, id))
      .returning();
    return toView(row!);
  }

  /** Deletes a saved search and what it found. */
  async function remove(id: string, actor: Actor): Promise<void> {
    await findOwn(id, actor);
    await db.delete(savedSearches).where(eq(savedSearches.id, id));
  }

  /** Whether a listing's public point is within a saved search's `near` (none: it is). */
  function isWithin(
    listing: { publicLatitude: number | null; publicLongitude: number | null },
    near: string | null,
    radiusKm: string | null,
  ): boolean {
    if (near === null) return true;
    const centre = parseNear(near);
    if (!centre || listing.publicLatitude === null || listing.publicLongitude === null) {
      return false;
    }
    const point = { latitude: listing.publicLatitude, longitude: listing.publicLongitude };
    return (
      distanceKm(centre, point) <= (radiusKm === null ? NEAR_RADIUS_DEFAULT_KM : Number(radiusKm))
    );
  }

  /** The saved searches (of other users) a published listing fits, by the list filters' rules. */
  async function searchesFitting(
    kind: ListingKind,
    listingId: string,
    tx: Transaction,
  ): Promise<{ id: string; userId: string; frequency: AlertFrequency }[]> {
    const table = LISTING_TABLES[kind];
    const [listing] = await tx
      .select()
      .from(table)
      .where(and(eq(table.id, listingId), isPublishedIn(table)));
    if (!listing || listing.availability !== 'Available') return [];
    const rooms =
      'bedrooms' in listing
        ? sql`(not s.filters ? 'bedrooms' or ${listing.bedrooms} >= (s.filters->>'bedrooms')::int)
            and (not s.filters ? 'bathrooms' or ${listing.bathrooms} >= (s.filters->>'bathrooms')::int)`
        : sql`not s.filters ? 'bedrooms' and not s.filters ? 'bathrooms'`;
    const usualPeriod = defaultPricePeriod(listing.type as ListingType);
    const result = await tx.execute<{
      id: string;
      user_id: string;
      frequency: AlertFrequency;
      near: string | null;
      radius_km: string | null;
    }>(sql`
      select s.id, s.user_id, s.frequency, s.filters->>'near' as near,
        s.filters->>'radiusKm' as radius_km
      from ${savedSearches} s
      where s.user_id <> ${listing.ownerId}
        and (not s.filters ? 'type' or s.filters->>'type' = ${listing.type})
        and (not s.filters ? 'offer' or s.filters->>'offer' = ${listing.offer})
        and (not s.filters ? 'district' or s.filters->>'district' = ${listing.district})
        and (not s.filters ? 'sector' or s.filters->>'sector' = ${listing.sector})
        and (not s.filters ? 'listedBy' or s.filters->>'listedBy' = ${listing.listedBy})
        and (not s.filters ? 'minPrice' or ${listing.price} >= (s.filters->>'minPrice')::bigint)
        and (not s.filters ? 'maxPrice' or ${listing.price} <= (s.filters->>'maxPrice')::bigint)
        and (${listing.offer} = 'Sale' or case
          when s.filters ? 'pricePeriod' then s.filters->>'pricePeriod' = ${listing.pricePeriod}
          when s.filters ? 'minPrice' or s.filters ? 'maxPrice' then ${listing.pricePeriod} = ${usualPeriod}
          else true end)
        and ${rooms}
        and (not s.filters ? 'q' or exists (
          select 1 from ${table} l where l.id = ${listingId}
            and l.search @@ plainto_tsquery('simple', fold_accents(s.filters->>'q'))))`);
    // Near is measured as the lists measure it: from the listing's public point.
    return result.rows
      .filter((row) => isWithin(listing, row.near, row.radius_km))
      .map((row) => ({ id: row.id, userId: row.user_id, frequency: row.frequency }));
  }

  const alertLater = jobs.define<{ userId: string; frequency: AlertFrequency }>(
    'saved-search-alert',
    {
      policy: 'short',
      run: ({ userId, frequency }, tx) => sendAlert(userId, frequency, tx as Transaction),
    },
  );

  const matchLater = jobs.define<{ listingId: string; kind: ListingKind }>(
    'saved-search-matching',
    {
      run: async ({ listingId, kind }, executor) => {
        const tx = executor as Transaction;
        const fitting = await searchesFitting(kind, listingId, tx);
        if (fitting.length === 0) return;
        const stored = await tx
          .insert(savedSearchHits)
          .values(
            fitting.map((search) => ({
              savedSearchId: search.id,
              userId: search.userId,
              listingId,
              listingKind: kind,
              createdAt: clock(),
            })),
          )
          .onConflictDoNothing()
          .returning({ savedSearchId: savedSearchHits.savedSearchId });
        const storedIds = new Set(stored.map((hit) => hit.savedSearchId));
        const alerts = new Map(
          fitting
            .filter((search) => storedIds.has(search.id))
            .map((search) => [`${search.userId}:${search.frequency}`, search]),
        );
        for (const [key, { userId, frequency }] of alerts) {
          await alertLater({ userId, frequency }, tx, {
            singletonKey: key,
            startAfterSeconds:
              frequency === 'daily' ? secondsToDailyDigest(clock()) : instantSeconds,
          });
        }
      },
    },
  );

  /** Adds, in the write's `tx`, the job finding saved searches a listing newly on offer fits. */
  async function matchListingWithSearches(change: ListingWrite, tx: Transaction): Promise<void> {
    if (isOnOffer(change.after) && !isOnOffer(change.before)) {
      await matchLater({ listingId: change.after.id, kind: change.kind }, tx);
    }
  }

  /** The listings of hits that are still on offer, as an alert lists them. */
  async function listingsOf(
    hits: { listingId: string; listingKind: ListingKind }[],
    tx: Transaction,
  ) {
    const { propertyRows, assetRows } = await readOnOffer(tx, hits);
    const listings = [
      ...propertyRows.map((row) => ({ ...row, kind: 'property', label: titleOf(row) })),
      ...assetRows.map((row) => ({ ...row, kind: 'asset', label: titleOf(row) })),
    ];
    return new Map(listings.map((listing) => [listing.id, listing]));
  }

  /**
   * Tells a user of the hits of their saved searches of one frequency not told yet: one
   * notification per saved search, one e-mail for all, and the hits marked told, in the job's
   * transaction (so never twice).
   */
  async function sendAlert(userId: string, frequency: AlertFrequency, tx: Transaction) {
    const fresh = await tx
      .select({
        savedSearchId: savedSearchHits.savedSearchId,
        listingId: savedSearchHits.listingId,
        listingKind: savedSearchHits.listingKind,
        name: savedSearches.name,
        filters: savedSearches.filters,
      })
      .from(savedSearchHits)
      .innerJoin(savedSearches, eq(savedSearches.id, savedSearchHits.savedSearchId))
      .where(
        and(
          eq(savedSearchHits.userId, userId),
          eq(savedSearches.frequency, frequency),
          isNull(savedSearchHits.notifiedAt),
        ),
      )
      .for('update', { of: savedSearchHits });
    if (fresh.length === 0) return;
    await tx
      .update(savedSearchHits)
      .set({ notifiedAt: clock() })
      .where(
        and(
          eq(savedSearchHits.userId, userId),
          isNull(savedSearchHits.notifiedAt),
          inArray(
            savedSearchHits.savedSearchId,
            fresh.map((hit) => hit.savedSearchId),
          ),
        ),
      );
    const listings = await listingsOf(fresh, tx);
    const bySearch = new Map<string, { name: string; path: string; listingIds: string[] }>();
    for (const hit of fresh) {
      if (!listings.has(hit.listingId)) continue;
      const group = bySearch.get(hit.savedSearchId) ?? {
        name: hit.name,
        path: pathOf(hit.filters as SavedSearchFilters),
        listingIds: [],
      };
      group.listingIds.push(hit.listingId);
      bySearch.set(hit.savedSearchId, group);
    }
    if (bySearch.size === 0) return;
    const count = [...bySearch.values()].reduce((sum, group) => sum + group.listingIds.length, 0);
    // Written in the user's language, as their notice is.
    const lines = () =>
      [...bySearch.values()].flatMap((group) => [
        t('savedSearch.mailSearch', { name: group.name }),
        ...group.listingIds.map((id) => {
          const listing = listings.get(id)!;
          return t('savedSearch.mailLine', {
            title: listing.label,
            price: formatPrice(listing.price, listing.pricePeriod),
            url: links.link(`/${listing.kind}/${listing.id}`),
          });
        }),
        '',
      ]);
    // The daily digest, not each instant alert, also goes by SMS: one for all, carried by the
    // first notice. Never a listing's title: only the user's own words (the search's name).
    const smsText = () =>
      bySearch.size === 1
        ? tCount('savedSearch.sms', count, {
            brand: t('brand.name'),
            name: smsTitle([...bySearch.values()][0]!.name),
          })
        : t('savedSearch.smsSeveral', { brand: t('brand.name') });
    await notifications.notifyDigest(
      userId,
      [...bySearch.values()].map((group, index) => () => ({
        kind: 'search',
        title: tCount('savedSearch.title', group.listingIds.length, { name: group.name }),
        message: group.listingIds.map((id) => listings.get(id)!.label).join(' · '),
        link: group.path,
        ...(frequency === 'daily' &&
          index === 0 && { sms: { kind: 'search' as const, text: smsText() } }),
      })),
      (name) => ({
        subject: tCount('savedSearch.mailSubject', count),
        text: t('savedSearch.mailBody', {
          name,
          lines: lines().join('\n'),
          pageUrl: links.link('/saved-searches'),
        }),
      }),
      tx,
    );
  }

  return { list, create, update, remove, matchListingWithSearches };
}

export type SavedSearchesService = ReturnType<typeof createSavedSearchesService>;
