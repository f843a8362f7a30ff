import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { containing, listNewestFirst } from '#db/rows.ts';
import type { Database, Transaction } from '#db/client.ts';
import { propertyRequests } from '#db/schema.ts';
import { isOwnerOrAdmin, type Actor } from '#lib/account.ts';
import type { Clock } from '#lib/clock.ts';
import { ForbiddenError, NotFoundError } from '#lib/errors.ts';
import { formatTimeAgo } from '#lib/format.ts';
import { t } from '#lib/i18n.all.ts';
import type { Page } from '#lib/pagination.ts';
import { toPhotoView } from '#lib/photos.ts';
import { placeLine, toPlaceView } from '#lib/places.ts';
import type { AuditService } from '#modules/audit/audit.service.ts';
import type { MediaService } from '#modules/media/media.service.ts';
import { toExactPointView, toPointColumns } from '#modules/places/places.schema.ts';
import { withPlace } from '#modules/places/places.service.ts';
import type {
  RequestInput,
  RequestListQuery,
  RequestUpdate,
  RequestView,
} from './requests.schema.ts';

type RequestRow = typeof propertyRequests.$inferSelect;

export type RequestsService = ReturnType<typeof createRequestsService>;

/** A wanted-ad as shown; with the point its requester set when `viewer` is them or an admin. */
function toView(row: RequestRow, now: Date, viewer?: Actor): RequestView {
  const photos = row.photos.map(toPhotoView);
  return {
    _id: row.id,
    title: row.title,
    price: row.price,
    location: placeLine(row),
    ...toPlaceView(row),
    latitude: row.publicLatitude,
    longitude: row.publicLongitude,
    locationPrecision: row.locationPrecision,
    ...(viewer && isOwnerOrAdmin(viewer, row.requesterId) ? toExactPointView(row) : {}),
    pricePeriod: row.pricePeriod,
    description: row.description,
    image: photos[0]?.src ?? null,
    photos,
    requesterName: row.requesterName,
    requesterId: row.requesterId,
    contact: row.contact,
    type: row.type,
    bedrooms: row.bedrooms,
    bathrooms: row.bathrooms,
    toilets: row.toilets,
    area: row.areaSqm,
    features: row.features,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    timeAgo: formatTimeAgo(row.createdAt, now),
  };
}

/** The columns a form's fields fill; fields left out of an edit keep their value. */
function toColumns(input: Partial<RequestInput>) {
  return {
    title: input.title,
    price: input.price,
    location: input.location,
    district: input.district,
    sector: input.sector,
    cell: input.cell,
    ...toPointColumns(input),
    pricePeriod: input.pricePeriod,
    requesterName: input.requesterName,
    contact: input.contact,
    description: input.description,
    type: input.type,
    bedrooms: input.bedrooms,
    bathrooms: input.bathrooms,
    toilets: input.toilets,
    areaSqm: input.area,
    features: input.features,
  };
}

const isLive = isNull(propertyRequests.deletedAt);

export function createRequestsService({
  db,
  clock,
  media,
  audit,
  requestWritten,
}: {
  db: Database;
  clock: Clock;
  media: MediaService;
  audit: AuditService;
  /** Told in the transaction of every posted or edited request (matching listens). */
  requestWritten: (requestId: string, tx: Transaction) => Promise<void>;
}) {
  async function getRow(id: string): Promise<RequestRow> {
    const [row] = await db
      .select()
      .from(propertyRequests)
      .where(and(eq(propertyRequests.id, id), isLive));
    if (!row) throw new NotFoundError(t('request.notFound'));
    return row;
  }

  /**
   * Posts a wanted-ad for the signed-in user. Photos are stored first; if the row cannot be
   * written, the files this call created are removed again (media.withStoredPhotos).
   */
  async function createRequest(
    input: RequestInput,
    photoFiles: Buffer[],
    actor: Actor & { name: string },
  ): Promise<RequestView> {
    return media.withStoredPhotos(photoFiles, async (stored) => {
      const now = clock();
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(propertyRequests)
          .values(
            withPlace({
              ...toColumns(input),
              title: input.title,
              price: input.price,
              requesterName: input.requesterName ?? actor.name,
              description: input.description ?? '',
              features: input.features,
              requesterId: actor.id,
              photos: stored?.photos ?? [],
              createdAt: now,
              updatedAt: now,
            }),
          )
          .returning();
        await requestWritten(row!.id, tx);
        return toView(row!, now, actor);
      });
    });
  }

  /** A page of wanted-ads matching `conditions` (besides not being deleted), newest first. */
  async function listWhere(
    query: RequestListQuery,
    conditions: (SQL | undefined)[],
  ): Promise<Page<RequestView>> {
    if (query.type) conditions.push(eq(propertyRequests.type, query.type));
    if (query.location) {
      // Part of the typed place, or of the district or sector it is in.
      const part = containing(query.location);
      conditions.push(
        sql`(${propertyRequests.location} ilike ${part} or ${propertyRequests.district} ilike ${part} or ${propertyRequests.sector} ilike ${part})`,
      );
    }
    const now = clock();
    return listNewestFirst(db, propertyRequests, and(isLive, ...conditions), query, (row) =>
      toView(row, now),
    );
  }

  /**
   * A page of wanted-ads, newest first: every open one (for sellers looking for buyers),
   * optionally of one type or around one place; or, with `mine`, the user's own, open or closed.
   */
  async function listRequests(query: RequestListQuery, actor: Actor): Promise<Page<RequestView>> {
    return listWhere(query, [
      query.mine ? eq(propertyRequests.requesterId, actor.id) : eq(propertyRequests.status, 'Open'),
    ]);
  }

  /** Every wanted-ad, open and closed, newest first: the admin's review list (admins only). */
  async function listAllRequests(
    query: RequestListQuery,
    actor: Actor,
  ): Promise<Page<RequestView>> {
    if (actor.role !== 'admin') throw new ForbiddenError(t('auth.adminOnly'));
    return listWhere(query, []);
  }

  /** One wanted-ad; a closed one only for its requester and admins. */
  async function getRequest(id: string, actor: Actor): Promise<RequestView> {
    const row = await getRow(id);
    if (row.status !== 'Open' && !isOwnerOrAdmin(actor, row.requesterId)) {
      throw new NotFoundError(t('request.notFound'));
    }
    return toView(row, clock(), actor);
  }

  /** Edits a wanted-ad (its requester or an admin); new photos replace the old ones. */
  async function updateRequest(
    id: string,
    input: RequestUpdate,
    photoFiles: Buffer[],
    actor: Actor,
  ): Promise<RequestView> {
    const row = await getRow(id);
    if (!isOwnerOrAdmin(actor, row.requesterId)) throw new ForbiddenError(t('auth.forbidden'));
    return media.withStoredPhotos(photoFiles, async (stored) => {
      const now = clock();
      return db.transaction(async (tx) => {
        const [updated] = await tx
          .update(propertyRequests)
          .set(
            withPlace(
              {
                ...toColumns(input),
                status: input.status,
                ...(stored ? { photos: stored.photos } : {}),
                updatedAt: now,
              },
              row,
            ),
          )
          .where(eq(propertyRequests.id, id))
          .returning();
        await requestWritten(id, tx);
        return toView(updated!, now, actor);
      });
    });
  }

  /**
   * Removes a wanted-ad (its requester or an admin); kept in the database, hidden everywhere.
   * An admin's removal is recorded in the audit log.
   */
  async function deleteRequest(id: string, actor: Actor): Promise<void> {
    const row = await getRow(id);
    if (!isOwnerOrAdmin(actor, row.requesterId)) throw new ForbiddenError(t('auth.forbidden'));
    await db.transaction(async (tx) => {
      const now = clock();
      await tx.update(propertyRequests).set({ deletedAt: now }).where(eq(propertyRequests.id, id));
      if (actor.role === 'admin') {
        await audit.record(
          {
            actor,
            action: 'request.delete',
            targetType: 'request',
            targetId: id,
            before: toView(row, now),
            after: null,
          },
          tx,
        );
      }
    });
  }

  /** Who posted a wanted-ad; undefined when there is none. */
  async function getRequesterId(id: string): Promise<string | undefined> {
    const [row] = await db
      .select({ requesterId: propertyRequests.requesterId })
      .from(propertyRequests)
      .where(and(eq(propertyRequests.id, id), isLive));
    return row?.requesterId;
  }

  return {
    createRequest,
    listRequests,
    listAllRequests,
    getRequest,
    updateRequest,
    deleteRequest,
    getRequesterId,
  };
}
