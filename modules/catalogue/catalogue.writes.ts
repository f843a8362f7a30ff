import { and, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import { afterCommit } from '#db/after-commit.ts';
import type { Transaction } from '#db/client.ts';
import type { properties } from '#db/schema.ts';
import type { Clock } from '#lib/clock.ts';
import { NotFoundError } from '#lib/errors.ts';
import { t } from '#lib/i18n.all.ts';
import type { Availability, ListingKind } from '#lib/listing.ts';
import { lifeColumns } from '#lib/listing-life.ts';
import type { FeeState } from '#lib/payments.ts';
import { isPublished, type CatalogueEvents } from './catalogue.events.ts';
import { LISTING_TABLES, sharedTableOf, type ListingRow } from './catalogue.kinds.ts';

type Tables = typeof LISTING_TABLES;
/** A stored listing of kind `Kind`. */
export type RowOf<Kind extends ListingKind> = Tables[Kind]['$inferSelect'];
/** What a new listing of kind `Kind` is written with. */
export type InsertOf<Kind extends ListingKind> = Tables[Kind]['$inferInsert'];
type SetOf<Kind extends ListingKind> = Partial<InsertOf<Kind>>;
/** What the shared code writes: the columns both tables have (sharedTableOf). */
type SharedSet = Partial<typeof properties.$inferInsert>;

export type ListingWriter = ReturnType<typeof createListingWriter>;

/**
 * The one way a listing is written. Every change to a property or an asset (a seller's supply,
 * an admin's create, edit, approval or delete, availability, reports hiding it, expiry and
 * renewal, its owner's account deleted) goes through these functions, inside the caller's
 * transaction, so that two rules hold everywhere:
 * - the lifetime columns follow the write (`lifeColumns`: published again or back to Available
 *   starts a new lifetime, a change of availability is dated);
 * - the listing event is told: `listingWritten` inside the transaction, with the row before and
 *   after (server/listing-reactions.ts lists who reacts), and, when visitors could see it before
 *   or after, `changed` once it has committed, so every copy of the catalogue forgets it.
 * Only deleted rows are never written: a listing withdrawn in the meantime is NotFound.
 */
export function createListingWriter({
  clock,
  catalogueEvents,
}: {
  clock: Clock;
  catalogueEvents: Pick<CatalogueEvents, 'listingWritten' | 'changed'>;
}) {
  /** The transactions that will tell `changed` once committed: once each, however many writes. */
  const changing = new WeakSet<Transaction>();

  async function tell(
    tx: Transaction,
    kind: ListingKind,
    before: ListingRow | null,
    after: ListingRow,
  ): Promise<void> {
    await catalogueEvents.listingWritten({ kind, before, after }, tx);
    // A listing no visitor could see, before or after (a supply in review), changes no copy.
    if (!isPublished(before) && !isPublished(after)) return;
    if (changing.has(tx)) return;
    changing.add(tx);
    afterCommit(tx, () => catalogueEvents.changed());
  }

  /**
   * Writes `set` (or what it makes of each row before) to the live rows of `kind` that `where`
   * keeps, each locked first; answers the rows after, in the order read.
   */
  async function writeWhere(
    tx: Transaction,
    kind: ListingKind,
    where: SQL | undefined,
    set: (before: ListingRow) => SharedSet,
  ): Promise<ListingRow[]> {
    const table = sharedTableOf(kind);
    const rows = await tx
      .select()
      .from(table)
      .where(and(where, isNull(table.deletedAt)))
      .orderBy(table.id)
      .for('update');
    const written: ListingRow[] = [];
    for (const before of rows) {
      const [after] = await tx
        .update(table)
        .set(set(before))
        .where(eq(table.id, before.id))
        .returning();
      await tell(tx, kind, before, after!);
      written.push(after!);
    }
    return written;
  }

  /** One live listing written, or NotFound. */
  async function writeOne(
    tx: Transaction,
    kind: ListingKind,
    id: string,
    set: (before: ListingRow) => SharedSet,
  ): Promise<ListingRow> {
    const [after] = await writeWhere(tx, kind, eq(sharedTableOf(kind).id, id), set);
    if (!after) throw new NotFoundError(t('api.listingNotFound'));
    return after;
  }

  /** A new listing (a seller's supply, an admin's own), its lifetime started if published. */
  async function create<Kind extends ListingKind>(
    tx: Transaction,
    kind: Kind,
    values: InsertOf<Kind>,
  ): Promise<RowOf<Kind>> {
    const now = clock();
    const shared = values as typeof properties.$inferInsert;
    const [row] = await tx
      .insert(sharedTableOf(kind))
      .values({
        ...shared,
        ...lifeColumns(null, shared, now),
        createdAt: shared.createdAt ?? now,
        updatedAt: shared.updatedAt ?? now,
      })
      .returning();
    await tell(tx, kind, null, row!);
    return row as RowOf<Kind>;
  }

  /** Changes a listing's facts or its moderation (an edit, an approval, a rejection). */
  async function update<Kind extends ListingKind>(
    tx: Transaction,
    kind: Kind,
    id: string,
    values: SetOf<Kind>,
  ): Promise<RowOf<Kind>> {
    const now = clock();
    const shared = values as SharedSet;
    const row = await writeOne(tx, kind, id, (before) => ({
      ...shared,
      ...lifeColumns(before, shared, now),
      updatedAt: now,
    }));
    return row as RowOf<Kind>;
  }

  /** Marks a listing available, sold or rented. */
  function setAvailability(
    tx: Transaction,
    kind: ListingKind,
    id: string,
    availability: Availability,
  ): Promise<ListingRow> {
    return update(tx, kind, id, { availability });
  }

  /** Takes a listing off every page (deletedAt), keeping its row. */
  async function withdraw(tx: Transaction, kind: ListingKind, id: string): Promise<ListingRow> {
    const now = clock();
    return writeOne(tx, kind, id, () => ({ deletedAt: now, updatedAt: now }));
  }

  /** Withdraws every live listing an owner has, of both kinds; answers how many of each. */
  async function withdrawOwnerListings(
    tx: Transaction,
    ownerId: string,
  ): Promise<Record<ListingKind, number>> {
    const now = clock();
    const withdrawn = { property: 0, asset: 0 };
    for (const kind of Object.keys(LISTING_TABLES) as ListingKind[]) {
      const rows = await writeWhere(tx, kind, eq(sharedTableOf(kind).ownerId, ownerId), () => ({
        deletedAt: now,
        updatedAt: now,
      }));
      withdrawn[kind] = rows.length;
    }
    return withdrawn;
  }

  /** Hides a listing from the public pages (reports, an admin), or shows it again (null). */
  function setHidden(
    tx: Transaction,
    kind: ListingKind,
    id: string,
    hiddenAt: Date | null,
  ): Promise<ListingRow> {
    return writeOne(tx, kind, id, () => ({ hiddenAt }));
  }

  /** Takes listings off the lists at the end of their lifetime (the expiry sweep). */
  function expire(
    tx: Transaction,
    kind: ListingKind,
    ids: string[],
    now: Date,
  ): Promise<ListingRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return writeWhere(tx, kind, inArray(sharedTableOf(kind).id, ids), () => ({ expiredAt: now }));
  }

  /** Notes that the owners of these listings were warned of their end. */
  function markWarned(
    tx: Transaction,
    kind: ListingKind,
    ids: string[],
    now: Date,
  ): Promise<ListingRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return writeWhere(tx, kind, inArray(sharedTableOf(kind).id, ids), () => ({
      expiryWarnedAt: now,
    }));
  }

  /**
   * Starts a new lifetime (confirmedAt now, the warning and the expiry cleared): an expired
   * listing comes back on the lists. One sold or rented keeps its sold-listing days from now.
   */
  function renew(tx: Transaction, kind: ListingKind, id: string): Promise<ListingRow> {
    const now = clock();
    return writeOne(tx, kind, id, (before) => ({
      confirmedAt: now,
      expiryWarnedAt: null,
      expiredAt: null,
      ...(before.availability === 'Available' ? {} : { availabilityChangedAt: now }),
      updatedAt: now,
    }));
  }

  /** Where a listing stands with its listing fee (paid, waived: its supply goes to review). */
  function setFeeState(
    tx: Transaction,
    kind: ListingKind,
    id: string,
    feeState: FeeState | null,
  ): Promise<ListingRow> {
    return writeOne(tx, kind, id, () => ({ feeState, updatedAt: clock() }));
  }

  /** Features a listing until `featuredUntil` (a boost), or no longer (null). */
  function setFeaturedUntil(
    tx: Transaction,
    kind: ListingKind,
    id: string,
    featuredUntil: Date | null,
  ): Promise<ListingRow> {
    return writeOne(tx, kind, id, () => ({ featuredUntil }));
  }

  return {
    create,
    update,
    setAvailability,
    withdraw,
    withdrawOwnerListings,
    setHidden,
    expire,
    markWarned,
    renew,
    setFeeState,
    setFeaturedUntil,
  };
}
