import { sql } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import {
  assets,
  inquiries,
  paymentLedger,
  properties,
  propertyRequests,
  requestMatches,
  users,
} from '#db/schema.ts';
import { isPublishedIn } from '#modules/catalogue/catalogue.sql.ts';
import type { DashboardStats } from './dashboard.schema.ts';

export type DashboardService = ReturnType<typeof createDashboardService>;

export function createDashboardService({ db }: { db: Database }) {
  /**
   * The dashboard's counts, read from the database in one round trip, each what its label says:
   * properties (houses, apartments, hotels) and assets published on the site, apart; published
   * listings for rent still available; users (not deleted); open requests; listings supplied by
   * non-admins, whatever their review; listings waiting for review; and the inquiries made and
   * buyer-request matches told in the last 7 days; the francs received by Mobile Money in the
   * last 30 days, less refunds (the payments' ledger).
   */
  async function getStats(): Promise<DashboardStats> {
    const live = (table: typeof properties | typeof assets) => sql`${table.deletedAt} is null`;
    const supplied = (table: typeof properties | typeof assets) =>
      sql`${live(table)} and ${table.ownerId} in (select ${users.id} from ${users} where ${users.role} <> 'admin')`;
    const rentedOut = (table: typeof properties | typeof assets) =>
      sql`${isPublishedIn(table)} and ${table.offer} = 'Rent' and ${table.availability} = 'Available'`;
    const result = await db.execute<Record<keyof DashboardStats, number>>(sql`
      select
        (select count(*) from ${properties} where ${isPublishedIn(properties)}) as "totalProperties",
        (select count(*) from ${assets} where ${isPublishedIn(assets)}) as "totalAssets",
        (select count(*) from ${properties} where ${rentedOut(properties)})
          + (select count(*) from ${assets} where ${rentedOut(assets)}) as "activeRentals",
        (select count(*) from ${users} where ${users.deletedAt} is null) as "registeredUsers",
        (select count(*) from ${propertyRequests} where ${propertyRequests.deletedAt} is null
          and ${propertyRequests.status} = 'Open') as "requestedProperties",
        (select count(*) from ${properties} where ${supplied(properties)})
          + (select count(*) from ${assets} where ${supplied(assets)}) as "suppliedProperties",
        (select count(*) from ${properties} where ${live(properties)}
          and ${properties.moderation} = 'Pending' and ${properties.feeState} is distinct from 'due')
          + (select count(*) from ${assets} where ${live(assets)}
          and ${assets.moderation} = 'Pending' and ${assets.feeState} is distinct from 'due') as "pendingApprovals",
        (select count(*) from ${inquiries} where ${inquiries.deletedAt} is null
          and ${inquiries.lastMessageAt} >= now() - interval '7 days'
          and ${inquiries.createdAt} >= now() - interval '7 days') as "inquiriesLast7Days",
        (select count(*) from ${requestMatches}
          where ${requestMatches.createdAt} >= now() - interval '7 days'
          and ${requestMatches.notifiedAt} is not null) as "matchesLast7Days",
        (select coalesce(sum(${paymentLedger.amount}), 0) from ${paymentLedger}
          where ${paymentLedger.createdAt} >= now() - interval '30 days') as "revenueLast30Days"
    `);
    const row = result.rows[0]!;
    return {
      totalProperties: Number(row.totalProperties),
      totalAssets: Number(row.totalAssets),
      activeRentals: Number(row.activeRentals),
      registeredUsers: Number(row.registeredUsers),
      requestedProperties: Number(row.requestedProperties),
      suppliedProperties: Number(row.suppliedProperties),
      pendingApprovals: Number(row.pendingApprovals),
      inquiriesLast7Days: Number(row.inquiriesLast7Days),
      matchesLast7Days: Number(row.matchesLast7Days),
      revenueLast30Days: Number(row.revenueLast30Days),
    };
  }

  return { getStats };
}
