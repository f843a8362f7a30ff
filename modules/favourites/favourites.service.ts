import { and, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Database, Transaction } from '#db/client.ts';
import { favourites } from '#db/schema.ts';
import type { Actor } from '#lib/account.ts';
import type { Clock } from '#lib/clock.ts';
import { ConflictError, NotFoundError } from '#lib/errors.ts';
import { formatRwf } from '#lib/format.ts';
import { t } from '#lib/i18n.all.ts';
import type { ListingKind } from '#lib/listing.ts';
import { toPhotoView } from '#lib/photos.ts';
import { isPublishedIn } from '#modules/catalogue/catalogue.sql.ts';
import { isPublished, type ListingWrite } from '#modules/catalogue/catalogue.events.ts';
import { findListingRow, LISTING_TABLES, titleOf } from '#modules/catalogue/catalogue.kinds.ts';
import { LISTING_KINDS } from '#lib/listing.ts';
import { createPersonalCache, type PersonalEvents } from '#modules/accounts/personal-state.ts';
import type { JobQueue } from '#modules/jobs/jobs.service.ts';
import type { MailLinks } from '#modules/mail/mail.links.ts';
import type { Notice, NotificationsService } from '#modules/notifications/notifications.service.ts';
import type { FavouriteView } from './favourites.schema.ts';
import { placeLine } from '#lib/places.ts';

/** The most saved listings one user keeps. */
const MAX_FAVOURITES = 200;

/** What happened to a saved listing that its savers hear of. */
type FavouriteChange = 'price' | 'Sold' | 'Rented';

/**
 * Saved listings (the heart): a signed-in user saves a published listing, finds it again at
 * /favourites, and is told in-app and by e-mail when its price drops or it is sold or rented:
 * a durable job added in the transaction of that change.
 */
export function createFavouritesService({
  db,
  clock,
  links,
  jobs,
  notifications,
  personalEvents,
}: {
  db: Database;
  clock: Clock;
  /** Links to the listings, in the e-mail's language. */
  links: MailLinks;
  jobs: JobQueue;
  notifications: NotificationsService;
  /** Told of every save and removal: the hearts' saved ids are kept per user. */
  personalEvents: PersonalEvents;
}) {
  const savedIds = createPersonalCache<string[]>({ events: personalEvents });

  /** A published listing's kind, title and price, or null (of `kind`, or of either). */
  async function findPublished(
    listingId: string,
    runner: Database | Transaction = db,
    kinds: readonly ListingKind[] = LISTING_KINDS,
  ): Promise<{ kind: ListingKind; title: string; price: number } | null> {
    const found = await findListingRow(runner, listingId, { kinds, isPublishedOnly: true });
    return found ? { kind: found.kind, title: titleOf(found.row), price: found.row.price } : null;
  }

  /** Saves a published listing for the user; saving it twice keeps one. */
  async function save(listingId: string, viewer: Actor): Promise<void> {
    const listing = await findPublished(listingId);
    if (!listing) throw new NotFoundError(t('api.listingNotFound'));
    const { kind, price } = listing;
    const [{ count } = { count: 0 }] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(favourites)
      .where(eq(favourites.userId, viewer.id));
    if (Number(count) >= MAX_FAVOURITES) {
      throw new ConflictError(t('favourites.full', { max: MAX_FAVOURITES }));
    }
    await db
      .insert(favourites)
      .values({
        userId: viewer.id,
        listingId,
        listingKind: kind,
        knownPrice: price,
        createdAt: clock(),
      })
      .onConflictDoNothing();
    personalEvents.changed(viewer.id);
  }

  async function remove(listingId: string, viewer: Actor): Promise<void> {
    await db
      .delete(favourites)
      .where(and(eq(favourites.userId, viewer.id), eq(favourites.listingId, listingId)));
    personalEvents.changed(viewer.id);
  }

  async function isSaved(listingId: string, viewer: Actor): Promise<boolean> {
    const [row] = await db
      .select({ id: favourites.listingId })
      .from(favourites)
      .where(and(eq(favourites.userId, viewer.id), eq(favourites.listingId, listingId)));
    return Boolean(row);
  }

  /** The ids of every listing the user saved (at most MAX_FAVOURITES), the latest first. */
  async function listSavedIds(viewer: Actor): Promise<string[]> {
    // Every page's hearts show them: read once per visit, until the user saves or removes one.
    return savedIds.answer(viewer.id, '', async () => {
      const rows = await db
        .select({ listingId: favourites.listingId })
        .from(favourites)
        .where(eq(favourites.userId, viewer.id))
        .orderBy(desc(favourites.createdAt));
      return rows.map((row) => row.listingId);
    });
  }

  /** The user's saved listings still published, the latest saved first. */
  async function list(viewer: Actor): Promise<FavouriteView[]> {
    const saved = await db
      .select()
      .from(favourites)
      .where(eq(favourites.userId, viewer.id))
      .orderBy(desc(favourites.createdAt));
    const ids = (kind: ListingKind) =>
      saved.filter((row) => row.listingKind === kind).map((row) => row.listingId);
    // Each table is read once, for the ids of its kind, and not at all when there are none.
    const found = await Promise.all(
      LISTING_KINDS.map(async (kind) => {
        const kindIds = ids(kind);
        if (kindIds.length === 0) return [];
        const table = LISTING_TABLES[kind];
        const rows = await db
          .select()
          .from(table)
          .where(and(inArray(table.id, kindIds), isPublishedIn(table)));
        return rows.map((row) => ({ kind, row }));
      }),
    );
    const views = new Map<string, FavouriteView>();
    for (const { kind, row } of found.flat()) {
      views.set(row.id, {
        listingId: row.id,
        kind,
        title: titleOf(row),
        price: row.price,
        pricePeriod: row.pricePeriod,
        location: placeLine(row),
        availability: row.availability,
        path: `/${kind}/${row.id}`,
        photo: row.photos[0] ? toPhotoView(row.photos[0]) : null,
      });
    }
    return saved.flatMap((row) => views.get(row.listingId) ?? []);
  }

  /** A saver's notice, made in their language: `texts` gives its headline and message. */
  function noticeOf(
    listingId: string,
    kind: ListingKind,
    texts: () => { headline: string; message: string },
  ): () => Notice {
    const path = `/${kind}/${listingId}`;
    return () => {
      const { headline, message } = texts();
      return {
        kind: 'favourite',
        title: headline,
        message,
        link: path,
        mail: (name: string) => ({
          subject: headline,
          text: t('favourites.mailBody', { name, headline, url: links.link(path) }),
        }),
      };
    };
  }

  /**
   * Tells each saver whose last known price is above the listing's price now, grouped by that
   * price, and remembers the new price for them: a drop is told once, whichever way the listing
   * came back to the catalogue (an admin's edit, or a seller's edit approved again).
   */
  async function tellPriceDrop(listingId: string, kind: ListingKind, tx: Transaction) {
    const listing = await findPublished(listingId, tx, [kind]);
    if (!listing) return;
    const savers = await tx
      .select({ userId: favourites.userId, knownPrice: favourites.knownPrice })
      .from(favourites)
      .where(and(eq(favourites.listingId, listingId), gt(favourites.knownPrice, listing.price)));
    const byKnownPrice = new Map<number, string[]>();
    for (const saver of savers) {
      byKnownPrice.set(saver.knownPrice, [
        ...(byKnownPrice.get(saver.knownPrice) ?? []),
        saver.userId,
      ]);
    }
    for (const [knownPrice, userIds] of byKnownPrice) {
      // Amounts are written the way the saver's language writes them.
      const facts = () => ({
        title: listing.title,
        from: formatRwf(knownPrice),
        to: formatRwf(listing.price),
      });
      await notifications.notify(
        userIds,
        noticeOf(listingId, kind, () => ({
          headline: t('favourites.priceDropTitle', facts()),
          message: t('favourites.priceDropMessage', facts()),
        })),
        tx,
      );
    }
    if (savers.length === 0) return;
    await tx
      .update(favourites)
      .set({ knownPrice: listing.price })
      .where(and(eq(favourites.listingId, listingId), gt(favourites.knownPrice, listing.price)));
  }

  /** Tells everyone who saved the listing that it was sold or rented. */
  async function tellTaken(
    listingId: string,
    kind: ListingKind,
    change: 'Sold' | 'Rented',
    tx: Transaction,
  ) {
    const listing = await findPublished(listingId, tx, [kind]);
    if (!listing) return;
    const savers = await tx
      .select({ userId: favourites.userId })
      .from(favourites)
      .where(eq(favourites.listingId, listingId));
    const headline = () =>
      t(change === 'Sold' ? 'favourites.soldTitle' : 'favourites.rentedTitle', {
        title: listing.title,
      });
    await notifications.notify(
      savers.map((saver) => saver.userId),
      noticeOf(listingId, kind, () => ({ headline: headline(), message: headline() })),
      tx,
    );
  }

  const alertLater = jobs.define<{ listingId: string; kind: ListingKind; change: FavouriteChange }>(
    'favourite-alert',
    {
      run: ({ listingId, kind, change }, tx) =>
        change === 'price'
          ? tellPriceDrop(listingId, kind, tx as Transaction)
          : tellTaken(listingId, kind, change, tx as Transaction),
    },
  );

  /** Adds, in the write's `tx`, the job telling savers a listing got cheaper, sold or rented. */
  async function tellSaversOfChange(
    { kind, before, after }: ListingWrite,
    tx: Transaction,
  ): Promise<void> {
    // A price is checked whenever the listing is published with a lower price than before, or
    // published again (a seller's edit waits for approval before the new price shows).
    if (!isPublished(after)) return;
    const [saved] = await tx
      .select({ userId: favourites.userId })
      .from(favourites)
      .where(eq(favourites.listingId, after.id))
      .limit(1);
    if (!saved) return;
    if (!isPublished(before) || after.price < before.price) {
      await alertLater({ listingId: after.id, kind, change: 'price' }, tx);
    }
    if (
      isPublished(before) &&
      after.availability !== before.availability &&
      after.availability !== 'Available'
    ) {
      await alertLater({ listingId: after.id, kind, change: after.availability }, tx);
    }
  }

  return { save, remove, isSaved, listSavedIds, list, tellSaversOfChange };
}

export type FavouritesService = ReturnType<typeof createFavouritesService>;
