import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { assets, properties } from '#db/schema.ts';
import type { AdminMessageKey } from '#lib/i18n.admin.ts';
import type { ListingKind } from '#lib/listing.ts';

/**
 * The two listing tables and what tells them apart. Each kind's own columns, view and form
 * fields live in its adapter (property.ts, asset.ts); what both share is written once against
 * these types.
 */
export type ListingTable = typeof properties | typeof assets;
type PropertyRow = typeof properties.$inferSelect;
type AssetRow = typeof assets.$inferSelect;
export type ListingRow = PropertyRow | AssetRow;

/** What the catalogue's generic queries need to know of one kind. */
export type ListingKindAdapter<Row, View> = {
  kind: ListingKind;
  table: ListingTable;
  /** The columns `toView` reads (never the search vectors: they are large). */
  viewColumns: SelectedFields;
  toView: (row: Row, now: Date) => View;
  notFoundMessage: AdminMessageKey;
};
