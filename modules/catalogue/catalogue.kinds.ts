import { and, eq, isNull, sql } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { Database, Transaction } from '#db/client.ts';
import { assets, properties } from '#db/schema.ts';
import type { AnyMessageKey } from '#lib/i18n.all.ts';
import { LISTING_KINDS, type ListingKind } from '#lib/listing.ts';
import { isUuid } from '#lib/listing-schemas.ts';
import { isPublishedIn } from './catalogue.sql.ts';

/**
 * The two listing tables and what tells them apart. Each kind's own columns, view and form
 * fields live in its adapter (property.ts, asset.ts); what both share is written once against
 * these types.
 */
export type ListingTable = typeof properties | typeof assets;
type PropertyRow = typeof properties.$inferSelect;
type AssetRow = typeof assets.$inferSelect;
export type ListingRow = PropertyRow | AssetRow;
/** A stored listing with its kind, which tells its columns apart. */
export type KindRow = { kind: 'property'; row: PropertyRow } | { kind: 'asset'; row: AssetRow };

/** The table of each kind. */
export const LISTING_TABLES = {
  property: properties,
  asset: assets,
} as const satisfies Record<ListingKind, ListingTable>;

/** Each kind's headline column: a property's title, an asset's name. */
export const TITLE_COLUMNS = {
  property: properties.title,
  asset: assets.name,
} as const;

/** A listing's headline: a property's title, an asset's name. */
export function titleOf(row: Pick<PropertyRow, 'title'> | Pick<AssetRow, 'name'>): string {
  return 'title' in row ? row.title : row.name;
}

/** What the catalogue's generic queries need to know of one kind. */
export type ListingKindAdapter<Row, View> = {
  kind: ListingKind;
  table: ListingTable;
  /** The columns `toView` reads (never the search vectors: they are large). */
  viewColumns: SelectedFields;
  toView: (row: Row, now: Date) => View;
  notFoundMessage: AnyMessageKey;
};

/**
 * A kind's table as the code both kinds share sees it: Drizzle cannot type a query over a union
 * of tables, and the shared code uses only the columns both tables have.
 */
export function sharedTableOf(kind: ListingKind): typeof properties {
  return LISTING_TABLES[kind] as typeof properties;
}

/**
 * The listing with this id, of either kind (or of `kinds`), with its kind: not withdrawn, or
 * only when published; locked for the rest of the transaction when asked. Undefined when there
 * is none (an id that is no UUID names none).
 */
export async function findListingRow(
  executor: Database | Transaction,
  id: string,
  {
    kinds = LISTING_KINDS,
    isPublishedOnly = false,
    isLocked = false,
  }: { kinds?: readonly ListingKind[]; isPublishedOnly?: boolean; isLocked?: boolean } = {},
): Promise<KindRow | undefined> {
  if (!isUuid(id)) return undefined;
  for (const kind of kinds) {
    const table = sharedTableOf(kind);
    const query = executor
      .select()
      .from(table)
      .where(
        and(eq(table.id, id), isPublishedOnly ? isPublishedIn(table) : isNull(table.deletedAt)),
      );
    const [row] = isLocked ? await query.for('update') : await query;
    if (row) return { kind, row } as KindRow;
  }
  return undefined;
}

/** A published listing featured by a boost, as the boost's end sees it. */
export type FeaturedListing = {
  kind: ListingKind;
  id: string;
  ownerId: string;
  title: string;
  featuredUntil: Date;
};

/** The published listings of both kinds whose boost ends before `before`, soonest first. */
export async function findFeaturedEndingBefore(
  executor: Database | Transaction,
  before: Date,
): Promise<FeaturedListing[]> {
  const found: FeaturedListing[] = [];
  for (const kind of LISTING_KINDS) {
    const table = sharedTableOf(kind);
    const rows = await executor
      .select({
        id: table.id,
        ownerId: table.ownerId,
        title: TITLE_COLUMNS[kind],
        featuredUntil: table.featuredUntil,
      })
      .from(table)
      .where(and(isPublishedIn(table), sql`${table.featuredUntil} < ${before}`))
      .orderBy(table.featuredUntil);
    found.push(...rows.map((row) => ({ kind, ...row, featuredUntil: row.featuredUntil! })));
  }
  return found.sort((a, b) => a.featuredUntil.getTime() - b.featuredUntil.getTime());
}
