/**
 * Whether a database still wants the demo catalogue, asked apart from the seed itself so that a
 * server starting on a database that already has listings never loads the seed (its catalogue,
 * its picture drawing).
 */
import type { Database } from '#db/client.ts';
import { properties } from '#db/schema.ts';

/** True while the database holds no property at all (deleted ones count as present). */
export async function isDemoCatalogueWanted(db: Pick<Database, 'select'>): Promise<boolean> {
  const rows = await db.select({ id: properties.id }).from(properties).limit(1);
  return rows.length === 0;
}
