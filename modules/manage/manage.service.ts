import { and, desc, eq, ilike, isNull, sql, type SQL } from 'drizzle-orm';
import { countUpTo, LIST_COUNT_CAP } from '#db/catalogue-sql.ts';
import type { Database } from '#db/client.ts';
import { assets, properties } from '#db/schema.ts';
import type { Actor } from '#lib/account.ts';
import type { Clock } from '#lib/clock.ts';
import { ForbiddenError, NotFoundError } from '#lib/errors.ts';
import { formatTimeAgo } from '#lib/format.ts';
import { t } from '#lib/i18n.ts';
import { ASSET_KIND_FIELDS, type AssetKindField, type AssetType } from '#lib/listing.ts';
import type { Page } from '#lib/pagination.ts';
import { toPhotoView } from '#lib/photos.ts';
import type { AuditService } from '#modules/audit/audit.service.ts';
import type { MediaService, StoredPhotos } from '#modules/media/media.service.ts';
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
} from './manage.schema.ts';

type PropertyRow = typeof properties.$inferSelect;
type AssetRow = typeof assets.$inferSelect;
type Executor = Pick<Database, 'insert' | 'update'>;

export type ManageService = ReturnType<typeof createManageService>;

function toPropertyView(row: PropertyRow, now: Date): AdminPropertyView {
  const photos = row.photos.map(toPhotoView);
  return {
    _id: row.id,
    title: row.title,
    description: row.description,
    price: row.price,
    status: row.offer,
    availability: row.availability,
    moderation: row.moderation,
    type: row.type,
    location: row.location,
    address: row.address,
    owner: row.ownerName,
    ownerId: row.ownerId,
    contact: row.contact,
    bedrooms: row.bedrooms,
    bathrooms: row.bathrooms,
    toilets: row.toilets,
    area: row.areaSqm,
    features: row.features,
    image: photos[0]?.src ?? null,
    photos,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    timeAgo: formatTimeAgo(row.createdAt, now),
  };
}

function toAssetView(row: AssetRow, now: Date): AdminAssetView {
  const photos = row.photos.map(toPhotoView);
  return {
    _id: row.id,
    name: row.name,
    description: row.description,
    price: row.price,
    status: row.offer,
    availability: row.availability,
    moderation: row.moderation,
    type: row.type,
    location: row.location,
    owner: row.ownerName,
    ownerId: row.ownerId,
    contact: row.contact,
    features: row.features,
    image: photos[0]?.src ?? null,
    photos,
    transmission: row.transmission,
    fuel: row.fuel,
    certified: row.isCertified,
    inspected: row.isInspected,
    warranty: row.warranty,
    rentalPrice: row.rentalPrice,
    rentDuration: row.rentDuration,
    size: row.size,
    condition: row.condition,
    sizeCloth: row.sizeCloth,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    timeAgo: formatTimeAgo(row.createdAt, now),
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

/** Escapes LIKE wildcards so a location filter matches its text literally. */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

const KIND_COLUMNS = {
  transmission: 'transmission',
  fuel: 'fuel',
  certified: 'isCertified',
  inspected: 'isInspected',
  warranty: 'warranty',
  rentalPrice: 'rentalPrice',
  rentDuration: 'rentDuration',
  size: 'size',
  condition: 'condition',
  sizeCloth: 'sizeCloth',
} as const satisfies Record<AssetKindField, keyof AssetRow>;

/**
 * The kind columns of an asset of `type`: a field sent replaces, one not sent keeps `current`,
 * and the fields another kind has are emptied.
 */
function kindColumns(
  type: AssetType,
  input: Partial<Record<AssetKindField, string | number | boolean | undefined>>,
  current?: AssetRow,
) {
  const kindFields = new Set<AssetKindField>(ASSET_KIND_FIELDS[type]);
  const columns: Partial<Record<(typeof KIND_COLUMNS)[AssetKindField], unknown>> = {};
  for (const [field, column] of Object.entries(KIND_COLUMNS) as [
    AssetKindField,
    (typeof KIND_COLUMNS)[AssetKindField],
  ][]) {
    columns[column] = kindFields.has(field)
      ? (input[field] ?? (current ? current[column] : null) ?? null)
      : null;
  }
  return columns as Partial<Pick<AssetRow, (typeof KIND_COLUMNS)[AssetKindField]>>;
}

/**
 * Admins' own catalogue work: create, edit, approve and delete properties and assets whatever
 * their moderation. Every write is recorded in the audit log with the same transaction.
 */
export function createManageService({
  db,
  clock,
  audit,
  media,
}: {
  db: Database;
  clock: Clock;
  audit: AuditService;
  media: MediaService;
}) {
  function requireAdmin(actor: Actor) {
    if (actor.role !== 'admin') throw new ForbiddenError(t('auth.adminOnly'));
  }

  /** Runs a write after storing photos, removing the stored files again if the write fails. */
  async function withPhotos<T>(
    photoFiles: Buffer[],
    write: (stored: StoredPhotos | undefined) => Promise<T>,
  ): Promise<T> {
    const stored = photoFiles.length > 0 ? await media.storePhotos(photoFiles) : undefined;
    try {
      return await write(stored);
    } catch (error) {
      await stored?.discard();
      throw error;
    }
  }

  async function findProperty(id: string): Promise<PropertyRow> {
    const [row] = await db
      .select()
      .from(properties)
      .where(and(eq(properties.id, id), isNull(properties.deletedAt)));
    if (!row) throw new NotFoundError(t('manage.propertyNotFound'));
    return row;
  }

  async function findAsset(id: string): Promise<AssetRow> {
    const [row] = await db
      .select()
      .from(assets)
      .where(and(eq(assets.id, id), isNull(assets.deletedAt)));
    if (!row) throw new NotFoundError(t('manage.assetNotFound'));
    return row;
  }

  async function recordChange(
    executor: Executor,
    actor: Actor,
    action: string,
    targetType: 'property' | 'asset',
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

  /** A page of non-deleted properties, newest first, whatever their moderation, filtered. */
  async function listProperties(
    query: AdminPropertyQuery,
    actor: Actor,
  ): Promise<Page<AdminPropertyView>> {
    requireAdmin(actor);
    const where: SQL = and(
      isNull(properties.deletedAt),
      query.location ? ilike(properties.location, containing(query.location)) : undefined,
      query.type ? eq(properties.type, query.type) : undefined,
      query.status ? eq(properties.moderation, query.status) : undefined,
    )!;
    const [rows, count] = await Promise.all([
      db
        .select()
        .from(properties)
        .where(where)
        .orderBy(desc(properties.createdAt), desc(properties.id))
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize),
      countUpTo(db, sql`${properties} where ${where}`, LIST_COUNT_CAP),
    ]);
    const now = clock();
    return {
      items: rows.map((row) => toPropertyView(row, now)),
      page: query.page,
      pageSize: query.pageSize,
      ...count,
    };
  }

  /** One non-deleted property, published or not (the edit form). */
  async function getProperty(id: string, actor: Actor): Promise<AdminPropertyView> {
    requireAdmin(actor);
    return toPropertyView(await findProperty(id), clock());
  }

  /** Creates a property owned by the admin; its Status says whether it is published at once. */
  async function createProperty(
    input: AdminPropertyInput,
    photoFiles: Buffer[],
    actor: Actor,
  ): Promise<AdminPropertyView> {
    requireAdmin(actor);
    return withPhotos(photoFiles, async (stored) => {
      const now = clock();
      const row = await db.transaction(async (tx) => {
        const [created] = await tx
          .insert(properties)
          .values({
            ownerId: actor.id,
            type: input.type,
            title: input.title,
            description: input.description,
            price: input.price,
            offer: 'Rent',
            location: input.location,
            address: input.address ?? null,
            ownerName: input.owner,
            contact: input.contact,
            bedrooms: input.bedrooms,
            bathrooms: input.bathrooms,
            toilets: input.toilets,
            areaSqm: input.area,
            features: input.features,
            photos: stored?.photos ?? [],
            ...statusColumns(input.status),
            createdAt: now,
            updatedAt: now,
          })
          .returning();
        await recordChange(tx, actor, 'property.create', 'property', null, created!);
        return created!;
      });
      return toPropertyView(row, now);
    });
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
    requireAdmin(actor);
    const before = await findProperty(id);
    const { status, owner, area, ...facts } = input;
    const isApproval =
      status === 'Approved' &&
      photoFiles.length === 0 &&
      Object.values({ owner, area, ...facts }).every(
        (value) => value === undefined || (Array.isArray(value) && value.length === 0),
      );
    const fields = isApproval ? {} : { ...facts, ownerName: owner, areaSqm: area };
    return withPhotos(photoFiles, async (stored) => {
      const now = clock();
      const row = await db.transaction(async (tx) => {
        const [updated] = await tx
          .update(properties)
          .set({
            ...fields,
            ...statusColumns(status),
            ...(stored ? { photos: stored.photos } : {}),
            updatedAt: now,
          })
          .where(eq(properties.id, id))
          .returning();
        const action = isApproval ? 'property.approve' : 'property.update';
        await recordChange(tx, actor, action, 'property', before, updated!);
        return updated!;
      });
      return toPropertyView(row, now);
    });
  }

  /** Deletes a property: hidden everywhere (deletedAt), kept in the database. */
  async function deleteProperty(id: string, actor: Actor): Promise<void> {
    requireAdmin(actor);
    const before = await findProperty(id);
    const now = clock();
    await db.transaction(async (tx) => {
      const [deleted] = await tx
        .update(properties)
        .set({ deletedAt: now, updatedAt: now })
        .where(eq(properties.id, id))
        .returning();
      await recordChange(tx, actor, 'property.delete', 'property', before, deleted!);
    });
  }

  /** A page of non-deleted assets, newest first, whatever their moderation, filtered. */
  async function listAssets(query: AdminAssetQuery, actor: Actor): Promise<Page<AdminAssetView>> {
    requireAdmin(actor);
    const where: SQL = and(
      isNull(assets.deletedAt),
      query.location ? ilike(assets.location, containing(query.location)) : undefined,
      query.type ? eq(assets.type, query.type) : undefined,
      query.status ? eq(assets.moderation, query.status) : undefined,
    )!;
    const [rows, count] = await Promise.all([
      db
        .select()
        .from(assets)
        .where(where)
        .orderBy(desc(assets.createdAt), desc(assets.id))
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize),
      countUpTo(db, sql`${assets} where ${where}`, LIST_COUNT_CAP),
    ]);
    const now = clock();
    return {
      items: rows.map((row) => toAssetView(row, now)),
      page: query.page,
      pageSize: query.pageSize,
      ...count,
    };
  }

  /** One non-deleted asset, published or not. */
  async function getAsset(id: string, actor: Actor): Promise<AdminAssetView> {
    requireAdmin(actor);
    return toAssetView(await findAsset(id), clock());
  }

  /** Creates an asset owned by the admin, with the kind fields of its type. */
  async function createAsset(
    input: AdminAssetInput,
    photoFiles: Buffer[],
    actor: Actor,
  ): Promise<AdminAssetView> {
    requireAdmin(actor);
    return withPhotos(photoFiles, async (stored) => {
      const now = clock();
      const row = await db.transaction(async (tx) => {
        const [created] = await tx
          .insert(assets)
          .values({
            ownerId: actor.id,
            type: input.type,
            name: input.name,
            description: input.description ?? '',
            price: input.price,
            offer: 'Rent',
            location: input.location,
            ownerName: input.owner,
            contact: input.contact,
            features: input.features,
            photos: stored?.photos ?? [],
            ...kindColumns(input.type, input),
            ...statusColumns(input.status),
            createdAt: now,
            updatedAt: now,
          })
          .returning();
        await recordChange(tx, actor, 'asset.create', 'asset', null, created!);
        return created!;
      });
      return toAssetView(row, now);
    });
  }

  /** Edits an asset as updateProperty does; a change of kind empties the other kind's fields. */
  async function updateAsset(
    id: string,
    input: AdminAssetUpdate,
    photoFiles: Buffer[],
    actor: Actor,
  ): Promise<AdminAssetView> {
    requireAdmin(actor);
    const before = await findAsset(id);
    const { status, owner, features, ...facts } = input;
    const isApproval =
      status === 'Approved' &&
      photoFiles.length === 0 &&
      (features === undefined || features.length === 0) &&
      Object.values({ owner, ...facts }).every((value) => value === undefined);
    const type = input.type ?? before.type;
    const fields = isApproval
      ? {}
      : {
          name: input.name,
          type: input.type,
          price: input.price,
          location: input.location,
          ownerName: owner,
          contact: input.contact,
          description: input.description,
          ...(features === undefined ? {} : { features }),
          ...kindColumns(type, input, before),
        };
    return withPhotos(photoFiles, async (stored) => {
      const now = clock();
      const row = await db.transaction(async (tx) => {
        const [updated] = await tx
          .update(assets)
          .set({
            ...fields,
            ...statusColumns(status),
            ...(stored ? { photos: stored.photos } : {}),
            updatedAt: now,
          })
          .where(eq(assets.id, id))
          .returning();
        const action = isApproval ? 'asset.approve' : 'asset.update';
        await recordChange(tx, actor, action, 'asset', before, updated!);
        return updated!;
      });
      return toAssetView(row, now);
    });
  }

  /** Deletes an asset: hidden everywhere (deletedAt), kept in the database. */
  async function deleteAsset(id: string, actor: Actor): Promise<void> {
    requireAdmin(actor);
    const before = await findAsset(id);
    const now = clock();
    await db.transaction(async (tx) => {
      const [deleted] = await tx
        .update(assets)
        .set({ deletedAt: now, updatedAt: now })
        .where(eq(assets.id, id))
        .returning();
      await recordChange(tx, actor, 'asset.delete', 'asset', before, deleted!);
    });
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
