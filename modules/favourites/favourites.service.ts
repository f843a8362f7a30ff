import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database, Transaction } from '#db/client.ts';
import { assets, favourites, properties } from '#db/schema.ts';
import type { Actor } from '#lib/account.ts';
import type { Clock } from '#lib/clock.ts';
import { ConflictError, NotFoundError } from '#lib/errors.ts';
import { formatRwf } from '#lib/format.ts';
import { t } from '#lib/i18n.admin.ts';
import { toPhotoView } from '#lib/photos.ts';
import type { CatalogueEvents } from '#modules/catalogue/catalogue.events.ts';
import type { JobQueue } from '#modules/jobs/jobs.service.ts';
import type { NotificationsService } from '#modules/notifications/notifications.service.ts';
import type { FavouriteView } from './favourites.schema.ts';

type ListingKind = 'property' | 'asset';

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
  siteUrl,
  jobs,
  notifications,
  catalogueEvents,
}: {
  db: Database;
  clock: Clock;
  siteUrl: string;
  jobs: JobQueue;
  notifications: NotificationsService;
  catalogueEvents: CatalogueEvents;
}) {
  /** A published listing's kind by id, or NotFoundError. */
  async function publishedKind(listingId: string): Promise<ListingKind> {
    for (const [kind, table] of [
      ['property', properties],
      ['asset', assets],
    ] as const) {
      const [row] = await db
        .select({ id: table.id })
        .from(table)
        .where(
          and(eq(table.id, listingId), eq(table.moderation, 'Approved'), isNull(table.deletedAt)),
        );
      if (row) return kind;
    }
    throw new NotFoundError(t('api.listingNotFound'));
  }

  /** Saves a published listing for the user; saving it twice keeps one. */
  async function save(listingId: string, viewer: Actor): Promise<void> {
    const kind = await publishedKind(listingId);
    const [{ count } = { count: 0 }] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(favourites)
      .where(eq(favourites.userId, viewer.id));
    if (Number(count) >= MAX_FAVOURITES) {
      throw new ConflictError(t('favourites.full', { max: MAX_FAVOURITES }));
    }
    await db
      .insert(favourites)
      .values({ userId: viewer.id, listingId, listingKind: kind, createdAt: clock() })
      .onConflictDoNothing();
  }

  async function remove(listingId: string, viewer: Actor): Promise<void> {
    await db
      .delete(favourites)
      .where(and(eq(favourites.userId, viewer.id), eq(favourites.listingId, listingId)));
  }

  async function isSaved(listingId: string, viewer: Actor): Promise<boolean> {
    const [row] = await db
      .select({ id: favourites.listingId })
      .from(favourites)
      .where(and(eq(favourites.userId, viewer.id), eq(favourites.listingId, listingId)));
    return Boolean(row);
  }

  async function count(viewer: Actor): Promise<number> {
    const [row] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(favourites)
      .where(eq(favourites.userId, viewer.id));
    return Number(row?.count ?? 0);
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
    const live = (table: typeof properties | typeof assets, kindIds: string[]) =>
      and(inArray(table.id, kindIds), eq(table.moderation, 'Approved'), isNull(table.deletedAt));
    const [propertyRows, assetRows] = await Promise.all([
      ids('property').length
        ? db
            .select()
            .from(properties)
            .where(live(properties, ids('property')))
        : [],
      ids('asset').length
        ? db
            .select()
            .from(assets)
            .where(live(assets, ids('asset')))
        : [],
    ]);
    const views = new Map<string, FavouriteView>();
    for (const row of propertyRows) {
      views.set(row.id, {
        listingId: row.id,
        kind: 'property',
        title: row.title,
        price: row.price,
        location: row.location,
        availability: row.availability,
        path: `/property/${row.id}`,
        photo: row.photos[0] ? toPhotoView(row.photos[0]) : null,
      });
    }
    for (const row of assetRows) {
      views.set(row.id, {
        listingId: row.id,
        kind: 'asset',
        title: row.name,
        price: row.price,
        location: row.location,
        availability: row.availability,
        path: `/asset/${row.id}`,
        photo: row.photos[0] ? toPhotoView(row.photos[0]) : null,
      });
    }
    return saved.flatMap((row) => views.get(row.listingId) ?? []);
  }

  /** Tells everyone who saved the listing what happened to it (the alert job, in its transaction). */
  async function tellSavers(
    listingId: string,
    kind: ListingKind,
    change: FavouriteChange,
    price: { from: number; to: number },
    tx: Transaction,
  ): Promise<void> {
    const savers = await tx
      .select({ userId: favourites.userId })
      .from(favourites)
      .where(eq(favourites.listingId, listingId));
    if (savers.length === 0) return;
    const table = kind === 'property' ? properties : assets;
    const [row] = await tx.select().from(table).where(eq(table.id, listingId));
    if (!row) return;
    const title = 'title' in row ? row.title : row.name;
    const path = `/${kind}/${listingId}`;
    const facts = { title, from: formatRwf(price.from), to: formatRwf(price.to) };
    const headline =
      change === 'price'
        ? t('favourites.priceDropTitle', facts)
        : t(change === 'Sold' ? 'favourites.soldTitle' : 'favourites.rentedTitle', facts);
    await notifications.notify(
      savers.map((saver) => saver.userId),
      {
        kind: 'favourite',
        title: headline,
        message: change === 'price' ? t('favourites.priceDropMessage', facts) : headline,
        link: path,
        mail: (name) => ({
          subject: headline,
          text: t('favourites.mailBody', { name, headline, url: `${siteUrl}${path}` }),
        }),
      },
      tx,
    );
  }

  const alertLater = jobs.define<{
    listingId: string;
    kind: ListingKind;
    change: FavouriteChange;
    from: number;
    to: number;
  }>('favourite-alert', {
    run: ({ listingId, kind, change, from, to }, tx) =>
      tellSavers(listingId, kind, change, { from, to }, tx as Transaction),
  });

  // A saved listing's price drop, sale or rental is told off the request path, once.
  catalogueEvents.onListingWritten(async ({ kind, before, after }, tx) => {
    if (!before || before.moderation !== 'Approved' || after.moderation !== 'Approved') return;
    if (after.deletedAt) return;
    const price = { from: before.price, to: after.price };
    if (after.price < before.price) {
      await alertLater({ listingId: after.id, kind, change: 'price', ...price }, tx);
    }
    if (after.availability !== before.availability && after.availability !== 'Available') {
      await alertLater({ listingId: after.id, kind, change: after.availability, ...price }, tx);
    }
  });

  return { save, remove, isSaved, count, list };
}

export type FavouritesService = ReturnType<typeof createFavouritesService>;
