import { sql } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { assets, properties, propertyRequests, users } from '#db/schema.ts';
import type { DashboardStats } from './dashboard.schema.ts';

export type DashboardService = ReturnType<typeof createDashboardService>;

export function createDashboardService({ db }: { db: Database }) {
  /**
   * The dashboard's counts, read from the database in one round trip: every listing that is not
   * deleted (properties and assets), published listings for rent still available, users (not deleted), open
   * requests, listings supplied by non-admins, and supplies waiting for review.
   */
  async function getStats(): Promise<DashboardStats> {
    const live = (table: typeof properties | typeof assets) => sql`${table.deletedAt} is null`;
    const supplied = (table: typeof properties | typeof assets) =>
      sql`${live(table)} and ${table.ownerId} in (select ${users.id} from ${users} where ${users.role} <> 'admin')`;
    const result = await db.execute<Record<keyof DashboardStats, number>>(sql`
      select
        (select count(*) from ${properties} where ${live(properties)})
          + (select count(*) from ${assets} where ${live(assets)}) as "totalProperties",
        (select count(*) from ${properties} where ${live(properties)}
          and ${properties.moderation} = 'Approved' and ${properties.offer} = 'Rent'
          and ${properties.availability} = 'Available')
          + (select count(*) from ${assets} where ${live(assets)}
          and ${assets.moderation} = 'Approved' and ${assets.offer} = 'Rent'
          and ${assets.availability} = 'Available') as "activeRentals",
        (select count(*) from ${users} where ${users.deletedAt} is null) as "registeredUsers",
        (select count(*) from ${propertyRequests} where ${propertyRequests.deletedAt} is null
          and ${propertyRequests.status} = 'Open') as "requestedProperties",
        (select count(*) from ${properties} where ${supplied(properties)})
          + (select count(*) from ${assets} where ${supplied(assets)}) as "suppliedProperties",
        (select count(*) from ${properties} where ${live(properties)}
          and ${properties.moderation} = 'Pending')
          + (select count(*) from ${assets} where ${live(assets)}
          and ${assets.moderation} = 'Pending') as "pendingApprovals"
    `);
    const row = result.rows[0]!;
    return {
      totalProperties: Number(row.totalProperties),
      activeRentals: Number(row.activeRentals),
      registeredUsers: Number(row.registeredUsers),
      requestedProperties: Number(row.requestedProperties),
      suppliedProperties: Number(row.suppliedProperties),
      pendingApprovals: Number(row.pendingApprovals),
    };
  }

  return { getStats };
}
