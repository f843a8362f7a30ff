import { and, eq, ilike, isNull, or, type SQL } from 'drizzle-orm';
import { containing, listNewestFirst } from '#db/rows.ts';
import type { Database, Transaction } from '#db/client.ts';
import { type assets, type properties } from '#db/schema.ts';
import { assertAdmin, type Actor } from '#lib/account.ts';
import type { Clock } from '#lib/clock.ts';
import { NotFoundError } from '#lib/errors.ts';
import type { ListingKind } from '#lib/listing.ts';
import { t, type AnyMessageKey as MessageKey } from '#lib/i18n.all.ts';
import type { Page } from '#lib/pagination.ts';
import { toAssetColumns, toAssetView } from '#modules/catalogue/asset.ts';
import type { AuditRecord, AuditService } from '#modules/audit/audit.service.ts';
import { sharedTableOf, titleOf } from '#modules/catalogue/catalogue.kinds.ts';
import type { InsertOf, ListingWriter, RowOf } from '#modules/catalogue/catalogue.writes.ts';
import { toPropertyColumns, toPropertyView } from '#modules/catalogue/property.ts';
import type { MediaService } from '#modules/media/media.service.ts';
import type { PhotoMatchesService } from '#modules/photo-matches/photo-matches.service.ts';
import { toExactPointView } from '#modules/places/places.schema.ts';
import { withPlaceAndPeriod } from '#modules/places/places.service.ts';
import type {
  AdminAssetInput,
  AdminAssetQuery,
  AdminAssetUpdate,
  AdminAssetView,
  AdminPropertyInput,
  AdminPropertyQuery,
  AdminPropertyUpdate,
  AdminPropertyView,
  AdminUpdateStatus,
} from './admin-listings.schema.ts';

type PropertyRow = typeof properties.$inferSelect;
type AssetRow = typeof assets.$inferSelect;

export type AdminListingsService = ReturnType<typeof createAdminListingsService>;

/** The public view of a property plus what only admins see: its moderation and last change. */
function toAdminPropertyView(row: PropertyRow, now: Date): AdminPropertyView {
  return {
    ...toPropertyView(row, now),
    ...toExactPointView(row),
    moderation: row.moderation,
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toAdminAssetView(row: AssetRow, now: Date): AdminAssetView {
  return {
    ...toAssetView(row, now),
    ...toExactPointView(row),
    moderation: row.moderation,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** What the row's photos and search document are not: the facts an audit entry keeps. */
function auditFacts<Row extends { photos: unknown[]; search?: unknown; headline?: unknown }>(
  row: Row,
) {
  const { search: _search, headline: _headline, photos, ...facts } = row;
  return { ...facts, photoCount: photos.length };
}

/**
 * The stored facts a Status choice sets (decision 007): Rent and Sale publish with that offer,
 * Available publishes keeping the offer, Pending unpublishes, Approved (the manage table's
 * Approve) publishes and changes nothing else.
 */
function statusColumns(status: AdminUpdateStatus | undefined) {
  const published = { moderation: 'Approved' as const, rejectionReason: null };
  switch (status) {
    case 'Rent':
    case 'Sale':
      return { ...published, offer: status, availability: 'Available' as const };
    case 'Available':
      return { ...published, availability: 'Available' as const };
    case 'Approved':
      return published;
    case 'Pending':
      return { moderation: 'Pending' as const };
    default:
      return {};
  }
}

/**
 * Admins' own catalogue work: create, edit, approve and delete properties and assets whatever
 * their moderation. Every write is recorded in the audit log with the same transaction, and
 * every write goes through the catalogue's writer, which tells the listing event.
 */
export function createAdminListingsService({
  db,
  clock,
  audit,
  media,
  photoMatches,
  writer,
}: {
  db: Database;
  clock: Clock;
  audit: AuditService;
  media: MediaService;
  /** Keeps each listing's photo hashes and flags photos shared with other owners' listings. */
  photoMatches: PhotoMatchesService;
  /** The one way a listing is written: it tells the listing event. */
  writer: ListingWriter;
}) {
  /** A non-deleted row of `kind`, or NotFound with `message`. */
  async function findRow<Kind extends ListingKind>(
    kind: Kind,
    id: string,
    message: MessageKey,
  ): Promise<RowOf<Kind>> {
    const anyTable = sharedTableOf(kind);
    const [row] = await db
      .select()
      .from(anyTable)
      .where(and(eq(anyTable.id, id), isNull(anyTable.deletedAt)));
    if (!row) throw new NotFoundError(t(message));
    return row as RowOf<Kind>;
  }

  function findProperty(id: string): Promise<PropertyRow> {
    return findRow('property', id, 'manage.propertyNotFound');
  }

  function findAsset(id: string): Promise<AssetRow> {
    return findRow('asset', id, 'manage.assetNotFound');
  }

  async function recordChange(
    executor: Transaction,
    actor: Actor,
    action: AuditRecord['action'],
    targetType: ListingKind,
    before: (PropertyRow | AssetRow) | null,
    after: (PropertyRow | AssetRow) | null,
  ) {
    await audit.record(
      {
        actor,
        action,
        targetType,
        targetId: (after ?? before)?.id,
        before: before && auditFacts(before),
        after: after && auditFacts(after),
      },
      executor,
    );
  }

  /** Keeps the hashes of a row's new photos and flags those other owners' listings show. */
  async function recordPhotos(
    kind: ListingKind,
    row: PropertyRow | AssetRow,
    tx: Transaction,
  ): Promise<void> {
    await photoMatches.recordListingPhotos(
      {
        id: row.id,
        kind,
        ownerId: row.ownerId,
        title: titleOf(row),
        photos: row.photos,
      },
      tx,
    );
  }

  /** Stores the photos, then writes the row and records its creation in one transaction. */
  async function createRow<Kind extends ListingKind, View>(
    kind: Kind,
    values: Omit<InsertOf<Kind>, 'photos' | 'createdAt' | 'updatedAt'>,
    photoFiles: Buffer[],
    actor: Actor,
    toView: (row: RowOf<Kind>, now: Date) => View,
  ): Promise<View> {
    return media.withStoredPhotos(photoFiles, async (stored) => {
      const row = await db.transaction(async (tx) => {
        const created = await writer.create(
          tx,
          kind,
          withPlaceAndPeriod({ ...values, photos: stored?.photos ?? [] } as InsertOf<Kind>),
        );
        await recordChange(tx, actor, `${kind}.create`, kind, null, created);
        if (stored) await recordPhotos(kind, created, tx);
        return created;
      });
      return toView(row, clock());
    });
  }

  /**
   * Stores the photos (new ones replace the old, none keeps them), then updates the row with
   * `fields` and the columns its Status sets, and records the change in one transaction.
   */
  async function updateRow<Kind extends ListingKind, View>(
    kind: Kind,
    before: RowOf<Kind>,
    change: {
      fields: Partial<InsertOf<Kind>>;
      status: AdminUpdateStatus | undefined;
      isApproval: boolean;
    },
    photoFiles: Buffer[],
    actor: Actor,
    toView: (row: RowOf<Kind>, now: Date) => View,
  ): Promise<View> {
    return media.withStoredPhotos(photoFiles, async (stored) => {
      const row = await db.transaction(async (tx) => {
        const updated = await writer.update(
          tx,
          kind,
          before.id,
          withPlaceAndPeriod(
            {
              ...change.fields,
              ...statusColumns(change.status),
              ...(stored ? { photos: stored.photos } : {}),
            } as Partial<InsertOf<Kind>>,
            before,
          ),
        );
        const action = change.isApproval
          ? (`${kind}.approve` as const)
          : (`${kind}.update` as const);
        await recordChange(tx, actor, action, kind, before, updated);
        if (stored) await recordPhotos(kind, updated, tx);
        return updated;
      });
      return toView(row, clock());
    });
  }

  /** Hides a row everywhere (deletedAt), keeping it in the database, and records it. */
  async function deleteRow(
    kind: ListingKind,
    before: PropertyRow | AssetRow,
    actor: Actor,
  ): Promise<void> {
    await db.transaction(async (tx) => {
      const deleted = await writer.withdraw(tx, kind, before.id);
      await recordChange(tx, actor, `${kind}.delete`, kind, before, deleted);
    });
  }

  /** A page of non-deleted rows of `kind`, newest first, whatever their moderation, filtered. */
  async function listRows<Kind extends ListingKind, View>(
    kind: Kind,
    query: AdminPropertyQuery | AdminAssetQuery,
    toView: (row: RowOf<Kind>, now: Date) => View,
  ): Promise<Page<View>> {
    const anyTable = sharedTableOf(kind);
    const where: SQL = and(
      isNull(anyTable.deletedAt),
      query.location
        ? or(
            ilike(anyTable.location, containing(query.location)),
            ilike(anyTable.sector, query.location),
            ilike(anyTable.district, query.location),
          )
        : undefined,
      query.type ? eq(anyTable.type, query.type as PropertyRow['type']) : undefined,
      query.status ? eq(anyTable.moderation, query.status) : undefined,
    )!;
    const now = clock();
    return listNewestFirst(db, anyTable, where, query, (row) => toView(row as RowOf<Kind>, now));
  }

  /** A page of non-deleted properties, newest first, whatever their moderation, filtered. */
  function listProperties(
    query: AdminPropertyQuery,
    actor: Actor,
  ): Promise<Page<AdminPropertyView>> {
    assertAdmin(actor);
    return listRows('property', query, toAdminPropertyView);
  }

  /** One non-deleted property, published or not (the edit form). */
  async function getProperty(id: string, actor: Actor): Promise<AdminPropertyView> {
    assertAdmin(actor);
    return toAdminPropertyView(await findProperty(id), clock());
  }

  /** Creates a property owned by the admin; its Status says whether it is published at once. */
  async function createProperty(
    input: AdminPropertyInput,
    photoFiles: Buffer[],
    actor: Actor,
  ): Promise<AdminPropertyView> {
    assertAdmin(actor);
    return createRow(
      'property',
      {
        ...toPropertyColumns(input),
        ownerId: actor.id,
        type: input.type,
        title: input.title,
        price: input.price,
        offer: 'Rent',
        location: input.location ?? '',
        ownerName: input.owner,
        contact: input.contact,
        ...statusColumns(input.status),
      },
      photoFiles,
      actor,
      toAdminPropertyView,
    );
  }

  /**
   * Edits a property: the fields given replace, the rest is kept; new photos replace the old
   * ones, none keeps them. `{ status: 'Approved' }` alone is an approval.
   */
  async function updateProperty(
    id: string,
    input: AdminPropertyUpdate,
    photoFiles: Buffer[],
    actor: Actor,
  ): Promise<AdminPropertyView> {
    assertAdmin(actor);
    const before = await findProperty(id);
    const { status, owner, area, ...facts } = input;
    const isApproval =
      status === 'Approved' &&
      photoFiles.length === 0 &&
      Object.values({ owner, area, ...facts }).every(
        (value) => value === undefined || (Array.isArray(value) && value.length === 0),
      );
    const fields = isApproval ? {} : { ...toPropertyColumns(input, before), type: input.type };
    return updateRow(
      'property',
      before,
      { fields, status, isApproval },
      photoFiles,
      actor,
      toAdminPropertyView,
    );
  }

  /** Deletes a property: hidden everywhere (deletedAt), kept in the database. */
  async function deleteProperty(id: string, actor: Actor): Promise<void> {
    assertAdmin(actor);
    await deleteRow('property', await findProperty(id), actor);
  }

  /** A page of non-deleted assets, newest first, whatever their moderation, filtered. */
  function listAssets(query: AdminAssetQuery, actor: Actor): Promise<Page<AdminAssetView>> {
    assertAdmin(actor);
    return listRows('asset', query, toAdminAssetView);
  }

  /** One non-deleted asset, published or not. */
  async function getAsset(id: string, actor: Actor): Promise<AdminAssetView> {
    assertAdmin(actor);
    return toAdminAssetView(await findAsset(id), clock());
  }

  /** Creates an asset owned by the admin, with the kind fields of its type. */
  async function createAsset(
    input: AdminAssetInput,
    photoFiles: Buffer[],
    actor: Actor,
  ): Promise<AdminAssetView> {
    assertAdmin(actor);
    return createRow(
      'asset',
      {
        ...toAssetColumns(input.type, input),
        ownerId: actor.id,
        type: input.type,
        name: input.name,
        description: input.description ?? '',
        price: input.price,
        offer: 'Rent',
        ...statusColumns(input.status),
      },
      photoFiles,
      actor,
      toAdminAssetView,
    );
  }

  /** Edits an asset as updateProperty does; a change of kind empties the other kind's fields. */
  async function updateAsset(
    id: string,
    input: AdminAssetUpdate,
    photoFiles: Buffer[],
    actor: Actor,
  ): Promise<AdminAssetView> {
    assertAdmin(actor);
    const before = await findAsset(id);
    const { status, owner, features, ...facts } = input;
    const isApproval =
      status === 'Approved' &&
      photoFiles.length === 0 &&
      (features === undefined || features.length === 0) &&
      Object.values({ owner, ...facts }).every((value) => value === undefined);
    const type = input.type ?? before.type;
    const fields = isApproval ? {} : { ...toAssetColumns(type, input, before), type: input.type };
    return updateRow(
      'asset',
      before,
      { fields, status, isApproval },
      photoFiles,
      actor,
      toAdminAssetView,
    );
  }

  /** Deletes an asset: hidden everywhere (deletedAt), kept in the database. */
  async function deleteAsset(id: string, actor: Actor): Promise<void> {
    assertAdmin(actor);
    await deleteRow('asset', await findAsset(id), actor);
  }

  return {
    listProperties,
    getProperty,
    createProperty,
    updateProperty,
    deleteProperty,
    listAssets,
    getAsset,
    createAsset,
    updateAsset,
    deleteAsset,
  };
}
