import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { smsTitle } from '#lib/sms-text.ts';
import type { Database, Transaction } from '#db/client.ts';
import { countUpTo, LIST_COUNT_CAP } from '#db/counting.ts';
import { assets, properties, users } from '#db/schema.ts';
import { isOwnerOrAdmin, type Actor } from '#lib/account.ts';
import type { Clock } from '#lib/clock.ts';
import { ConflictError, ForbiddenError, InvalidError, NotFoundError } from '#lib/errors.ts';
import { t } from '#lib/i18n.all.ts';
import {
  isPropertyType,
  kindOfType,
  type AssetType,
  type Lister,
  type ListingKind,
  type ListingType,
  type PropertyType,
} from '#lib/listing.ts';
import { parseOrThrow } from '#lib/form-result.ts';
import type { Page } from '#lib/pagination.ts';
import { NO_ASSET_KIND_FIELDS, toAssetColumns, toAssetView } from '#modules/catalogue/asset.ts';
import type { AuditService } from '#modules/audit/audit.service.ts';
import { findListingRow, titleOf, type KindRow } from '#modules/catalogue/catalogue.kinds.ts';
import type { ListingWriter } from '#modules/catalogue/catalogue.writes.ts';
import { toPropertyColumns, toPropertyView } from '#modules/catalogue/property.ts';
import type { MediaService } from '#modules/media/media.service.ts';
import type { MailLinks } from '#modules/mail/mail.links.ts';
import type { NotificationsService } from '#modules/notifications/notifications.service.ts';
import type { PhotoMatchesService } from '#modules/photo-matches/photo-matches.service.ts';
import { toExactPointView } from '#modules/places/places.schema.ts';
import { withPlaceAndPeriod } from '#modules/places/places.service.ts';
import {
  SupplyRejectInputSchema,
  type SupplyInput,
  type SupplyListQuery,
  type SupplyUpdate,
  type SupplyView,
} from './supplies.schema.ts';

type PropertyRow = typeof properties.$inferSelect;
type Supply = KindRow;

/** The columns a new supply takes from its supplier and the moment, whatever its kind. */
type SupplierColumns = Pick<
  PropertyRow,
  | 'ownerId'
  | 'ownerName'
  | 'contact'
  | 'description'
  | 'photos'
  | 'feeState'
  | 'createdAt'
  | 'updatedAt'
> & { moderation: 'Pending' };

export type SuppliesService = ReturnType<typeof createSuppliesService>;

/** Whether a supply waits for an admin's review: pending, and its fee (if any) settled. */
function isAwaitingReview(row: Pick<PropertyRow, 'moderation' | 'feeState'>): boolean {
  return row.moderation === 'Pending' && row.feeState !== 'due';
}

/** What an asset, which has no rooms nor street address, shows for a property's fields. */
const NO_PROPERTY_FIELDS = {
  address: null,
  bedrooms: null,
  bathrooms: null,
  toilets: null,
  area: null,
} as const;

/**
 * A supply as its catalogue shows it (the property or asset view), with its review state and,
 * since suppliers see both kinds in one list, the other kind's fields as null.
 */
function toView(supply: Supply, now: Date): SupplyView {
  const review = {
    kind: supply.kind,
    moderation: supply.row.moderation,
    rejectionReason: supply.row.moderation === 'Rejected' ? supply.row.rejectionReason : null,
    feeState: supply.row.feeState,
    expiredAt: supply.row.expiredAt?.toISOString() ?? null,
    ...toExactPointView(supply.row),
  };
  if (supply.kind === 'property') {
    return { ...toPropertyView(supply.row, now), ...review, ...NO_ASSET_KIND_FIELDS };
  }
  const { name, ...asset } = toAssetView(supply.row, now);
  return { ...asset, ...review, title: name, ...NO_PROPERTY_FIELDS };
}

export function createSuppliesService({
  db,
  clock,
  media,
  audit,
  notifications,
  photoMatches,
  links,
  writer,
  listingFeeFor,
}: {
  db: Database;
  clock: Clock;
  media: MediaService;
  audit: AuditService;
  notifications: NotificationsService;
  /** Keeps each supply's photo hashes and flags photos shared with other owners' listings. */
  photoMatches: PhotoMatchesService;
  /** Links in the supplier's e-mails, in their language. */
  links: MailLinks;
  /** The one way a listing is written: it tells the listing event. */
  writer: ListingWriter;
  /** The fee a new supply pays before its review (0: none), from the payments. */
  listingFeeFor: (kind: ListingKind, lister: Lister) => Promise<number>;
}) {
  /** A supply of either kind that is not withdrawn, or NotFound. */
  async function findSupply(id: string): Promise<Supply> {
    const supply = await findListingRow(db, id);
    if (!supply) throw new NotFoundError(t('supply.notFound'));
    return supply;
  }

  async function findOwnedSupply(id: string, actor: Actor): Promise<Supply> {
    const supply = await findSupply(id);
    if (!isOwnerOrAdmin(actor, supply.row.ownerId)) throw new ForbiddenError(t('auth.forbidden'));
    return supply;
  }

  /**
   * A seller offers something: a house, hotel or apartment joins the properties, anything else
   * the assets, waiting for an admin's approval (moderation Pending) before anyone sees it.
   */
  async function createSupply(
    input: SupplyInput,
    photoFiles: Buffer[],
    actor: Actor & { name: string },
  ): Promise<SupplyView> {
    const fee = await listingFeeFor(kindOfType(input.type), input.listedBy ?? 'owner');
    return media.withStoredPhotos(photoFiles, async (stored) => {
      const now = clock();
      const owned = {
        ownerId: actor.id,
        ownerName: input.owner ?? actor.name,
        contact: input.contact ?? '',
        description: input.description ?? '',
        moderation: 'Pending' as const,
        photos: stored?.photos ?? [],
        // A fee to pay first: the supply waits for it before it reaches the review queue.
        feeState: fee > 0 ? ('due' as const) : null,
        createdAt: now,
        updatedAt: now,
      };
      const supply = await db.transaction(async (tx): Promise<Supply> => {
        const written = await insertSupply(tx, input, owned);
        await recordPhotos(written, tx);
        return written;
      });
      return toView(supply, now);
    });
  }

  /** Inserts a new supply into the properties or the assets, by its type. */
  async function insertSupply(
    tx: Transaction,
    input: SupplyInput,
    owned: SupplierColumns,
  ): Promise<Supply> {
    const type: ListingType = input.type;
    if (isPropertyType(type)) {
      const row = await writer.create(
        tx,
        'property',
        withPlaceAndPeriod({
          ...toPropertyColumns(input),
          ...owned,
          type,
          title: input.title,
          price: input.price,
          offer: input.status,
          features: input.features,
        }),
      );
      return { kind: 'property', row };
    }
    const row = await writer.create(
      tx,
      'asset',
      withPlaceAndPeriod({
        ...toAssetColumns(type, { ...input, name: input.title }),
        ...owned,
        type,
        name: input.title,
        price: input.price,
        offer: input.status,
        features: input.features,
      }),
    );
    return { kind: 'asset', row };
  }

  /**
   * Keeps a supply's photo hashes with its photos and flags photos other owners' listings show;
   * a supply waiting for review is brought to the admins' attention.
   */
  async function recordPhotos({ kind, row }: Supply, tx: Transaction): Promise<void> {
    await photoMatches.recordListingPhotos(
      {
        id: row.id,
        kind,
        ownerId: row.ownerId,
        title: titleOf(row),
        photos: row.photos,
      },
      tx,
      { notifyAdmins: isAwaitingReview(row) },
    );
  }

  /**
   * A page of supplies, newest first: a user's own (with their moderation state), or for an
   * admin every listing supplied by a non-admin. Both catalogues are read as one list.
   */
  async function listSupplies(query: SupplyListQuery, actor: Actor): Promise<Page<SupplyView>> {
    // An admin's own listings are the catalogue, not supplies (the dashboard counts them alike).
    const suppliedBy = (table: typeof properties | typeof assets): SQL =>
      actor.role === 'admin'
        ? sql`${table.ownerId} in (select ${users.id} from ${users} where ${users.role} <> 'admin')`
        : eq(table.ownerId, actor.id);
    const where = (table: typeof properties | typeof assets): SQL =>
      and(
        isNull(table.deletedAt),
        suppliedBy(table),
        query.moderation ? eq(table.moderation, query.moderation) : undefined,
        // The review queue: a supply whose fee is still due is not waiting for an admin yet.
        query.moderation === 'Pending' && actor.role === 'admin'
          ? sql`${table.feeState} is distinct from 'due'`
          : undefined,
      )!;
    const both = sql`(select ${properties.id} as id, 'property' as kind, ${properties.createdAt} as created_at from ${properties} where ${where(properties)}
      union all
      select ${assets.id}, 'asset', ${assets.createdAt} from ${assets} where ${where(assets)}) as supplies`;
    const [page, count] = await Promise.all([
      db.execute<{ id: string; kind: 'property' | 'asset' }>(
        sql`select id, kind from ${both} order by created_at desc, id desc limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`,
      ),
      countUpTo(db, both, LIST_COUNT_CAP),
    ]);
    const idsOf = (kind: string) =>
      page.rows.filter((row) => row.kind === kind).map((row) => row.id);
    const [propertyRows, assetRows] = await Promise.all([
      idsOf('property').length > 0
        ? db
            .select()
            .from(properties)
            .where(inArray(properties.id, idsOf('property')))
        : [],
      idsOf('asset').length > 0
        ? db
            .select()
            .from(assets)
            .where(inArray(assets.id, idsOf('asset')))
        : [],
    ]);
    const byId = new Map<string, Supply>([
      ...propertyRows.map((row) => [row.id, { kind: 'property', row }] as const),
      ...assetRows.map((row) => [row.id, { kind: 'asset', row }] as const),
    ]);
    const now = clock();
    const matched =
      actor.role === 'admin'
        ? await photoMatches.listMatchedListingIds(page.rows.map((row) => row.id))
        : undefined;
    return {
      items: page.rows.flatMap((row) => {
        const supply = byId.get(row.id);
        if (!supply) return [];
        const view = toView(supply, now);
        return [matched ? { ...view, hasPhotoMatches: matched.has(row.id) } : view];
      }),
      page: query.page,
      pageSize: query.pageSize,
      ...count,
    };
  }

  /** One supply, for its supplier or an admin (who also sees its photos matching others'). */
  async function getSupply(id: string, actor: Actor): Promise<SupplyView> {
    const view = toView(await findOwnedSupply(id, actor), clock());
    if (actor.role !== 'admin') return view;
    return { ...view, photoMatches: await photoMatches.listPhotoMatches(id) };
  }

  /** Whether an admin is changing someone else's supply: such writes go to the audit log. */
  const isAdminOnOthers = (supply: Supply, actor: Actor) =>
    actor.role === 'admin' && supply.row.ownerId !== actor.id;

  /**
   * Edits a supply (its supplier or an admin). A supplier's edit of an approved or rejected
   * supply sends it back to review. New photos replace the old ones. A property cannot turn
   * into an asset (they live in different catalogues): that is a new supply. Only the edit of
   * a published supply changes the catalogue (it changes there, or leaves it for review).
   */
  async function updateSupply(
    id: string,
    input: SupplyUpdate,
    photoFiles: Buffer[],
    actor: Actor,
  ): Promise<SupplyView> {
    const supply = await findOwnedSupply(id, actor);
    const type = input.type ?? supply.row.type;
    if (kindOfType(type) !== supply.kind) {
      throw InvalidError.field('type', t('supply.kindChange'));
    }
    const review =
      actor.role === 'admin' ? {} : { moderation: 'Pending' as const, rejectionReason: null };
    const edited = await media.withStoredPhotos(photoFiles, (stored) =>
      db.transaction(async (tx) => {
        const now = clock();
        const changes = { ...(stored ? { photos: stored.photos } : {}), ...review };
        const updated: Supply =
          supply.kind === 'property'
            ? {
                kind: 'property',
                row: await writer.update(
                  tx,
                  'property',
                  id,
                  withPlaceAndPeriod(
                    {
                      ...toPropertyColumns(input, supply.row),
                      offer: input.status,
                      type: type as PropertyType,
                      ...changes,
                    },
                    supply.row,
                  ),
                ),
              }
            : {
                kind: 'asset',
                row: await writer.update(
                  tx,
                  'asset',
                  id,
                  withPlaceAndPeriod(
                    {
                      ...toAssetColumns(
                        type as AssetType,
                        { ...input, name: input.title },
                        supply.row,
                      ),
                      offer: input.status,
                      type: type as AssetType,
                      ...changes,
                    },
                    supply.row,
                  ),
                ),
              };
        if (stored) await recordPhotos(updated, tx);
        const view = toView(updated, now);
        if (isAdminOnOthers(supply, actor)) {
          await audit.record(
            {
              actor,
              action: 'supply.update',
              targetType: supply.kind,
              targetId: id,
              before: toView(supply, now),
              after: view,
            },
            tx,
          );
        }
        return view;
      }),
    );
    return edited;
  }

  /** Withdraws a supply (its supplier or an admin): hidden everywhere, kept in the database. */
  async function withdrawSupply(id: string, actor: Actor): Promise<void> {
    const supply = await findOwnedSupply(id, actor);
    await db.transaction(async (tx) => {
      const now = clock();
      await writer.withdraw(tx, supply.kind, id);
      if (isAdminOnOthers(supply, actor)) {
        await audit.record(
          {
            actor,
            action: 'supply.delete',
            targetType: supply.kind,
            targetId: id,
            before: toView(supply, now),
            after: null,
          },
          tx,
        );
      }
    });
  }

  /** The supplier hears of an admin's decision, in-app and by e-mail, with the reason. */
  async function tellSupplier(
    supply: Supply,
    decision: { moderation: 'Approved' | 'Rejected'; rejectionReason: string | null },
    tx: Transaction,
  ): Promise<void> {
    const title = titleOf(supply.row);
    const link = `/supply-property-detail/${supply.row.id}`;
    const isApproved = decision.moderation === 'Approved';
    const reason = decision.rejectionReason ?? '';
    await notifications.notify(
      [supply.row.ownerId],
      () => ({
        kind: 'listing',
        title: t(isApproved ? 'supply.approvedTitle' : 'supply.rejectedTitle', { title }),
        message: isApproved ? t('supply.approvedMessage') : reason,
        link,
        sms: {
          kind: 'listing',
          text: t(isApproved ? 'supply.smsApproved' : 'supply.smsRejected', {
            brand: t('brand.name'),
            title: smsTitle(title),
          }),
        },
        mail: (name) => ({
          subject: t(isApproved ? 'supply.approvedTitle' : 'supply.rejectedTitle', { title }),
          text: t(isApproved ? 'supply.approvedMailBody' : 'supply.rejectedMailBody', {
            name,
            title,
            reason,
            link: links.link(link),
            listingUrl: links.link(`/details/${supply.row.id}`),
          }),
        }),
      }),
      tx,
    );
  }

  /** Sets a supply's review state (admins only), recording the decision in the audit log. */
  async function moderate(
    id: string,
    actor: Actor,
    decision: { moderation: 'Approved' | 'Rejected'; rejectionReason: string | null },
  ): Promise<SupplyView> {
    if (actor.role !== 'admin') throw new ForbiddenError(t('auth.adminOnly'));
    const supply = await findSupply(id);
    if (decision.moderation === 'Approved' && supply.row.feeState === 'due') {
      throw new ConflictError(t('payments.feeDueApprove'));
    }
    const moderated = await db.transaction(async (tx) => {
      const now = clock();
      // An approval starts the listing's lifetime (lib/listing-life.ts): the writer sees to it.
      const row = await writer.update(tx, supply.kind, id, decision);
      const before = {
        moderation: supply.row.moderation,
        rejectionReason: supply.row.rejectionReason,
      };
      await audit.record(
        {
          actor,
          action: decision.moderation === 'Approved' ? 'supply.approve' : 'supply.reject',
          targetType: supply.kind,
          targetId: id,
          before,
          after: decision,
        },
        tx,
      );
      await tellSupplier(supply, decision, tx);
      return toView({ kind: supply.kind, row } as Supply, now);
    });
    return moderated;
  }

  /**
   * Publishes a supply (admins only): it joins its catalogue (properties or assets, by type)
   * with its photos, and shows on the home grids, the type lists and in search.
   */
  async function approveSupply(id: string, actor: Actor): Promise<SupplyView> {
    return moderate(id, actor, { moderation: 'Approved', rejectionReason: null });
  }

  /**
   * Rejects a supply (admins only) with a reason its supplier sees: it stays off the catalogue
   * (or leaves it, if it was published) until the supplier edits it and it is approved.
   */
  async function rejectSupply(id: string, reason: string, actor: Actor): Promise<SupplyView> {
    if (actor.role !== 'admin') throw new ForbiddenError(t('auth.adminOnly'));
    const input = parseOrThrow(SupplyRejectInputSchema, { reason });
    return moderate(id, actor, { moderation: 'Rejected', rejectionReason: input.reason });
  }

  /** Who supplied something; undefined when there is no such supply. */
  async function getSupplierId(id: string): Promise<string | undefined> {
    try {
      return (await findSupply(id)).row.ownerId;
    } catch (error) {
      if (error instanceof NotFoundError) return undefined;
      throw error;
    }
  }

  return {
    createSupply,
    listSupplies,
    getSupply,
    updateSupply,
    withdrawSupply,
    approveSupply,
    rejectSupply,
    getSupplierId,
  };
}
