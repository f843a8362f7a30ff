import { sql } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import {
  assets,
  inquiries,
  paymentLedger,
  properties,
  propertyRequests,
  requestMatches,
  smsOutbox,
  users,
} from '#db/schema.ts';
import type { Clock } from '#lib/clock.ts';
import { addDays, kigaliDay, startOfDay } from '#lib/kigali-days.ts';
import { isPublishedIn } from '#modules/catalogue/catalogue.sql.ts';
import {
  SMS_DASHBOARD_DAYS,
  type DashboardCounts,
  type DashboardStats,
  type SmsDay,
} from './dashboard.schema.ts';

export type DashboardService = ReturnType<typeof createDashboardService>;

export function createDashboardService({ db, clock }: { db: Database; clock: Clock }) {
  /**
   * The dashboard's counts, read from the database in one round trip, each what its label says:
   * properties (houses, apartments, hotels) and assets published on the site, apart; published
   * listings for rent still available; users (not deleted); open requests; listings supplied by
   * non-admins, whatever their review; listings waiting for review; and the inquiries made and
   * buyer-request matches told in the last 7 days; the francs received by Mobile Money in the
   * last 30 days, less refunds (the payments' ledger).
   */
  async function getCounts(): Promise<DashboardCounts> {
    const live = (table: typeof properties | typeof assets) => sql`${table.deletedAt} is null`;
    const supplied = (table: typeof properties | typeof assets) =>
      sql`${live(table)} and ${table.ownerId} in (select ${users.id} from ${users} where ${users.role} <> 'admin')`;
    const rentedOut = (table: typeof properties | typeof assets) =>
      sql`${isPublishedIn(table)} and ${table.offer} = 'Rent' and ${table.availability} = 'Available'`;
    const result = await db.execute<Record<keyof DashboardCounts, number>>(sql`
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

  /**
   * The SMS written on each of the last SMS_DASHBOARD_DAYS Kigali days (today last, days without
   * any at 0): sent (accepted by the provider, delivered or not yet reported), failed (refused by
   * the provider or failed by the report) and uncertain (never answered). Those still waiting,
   * kept without a provider or skipped after a STOP are in none.
   */
  async function getSmsByDay(): Promise<SmsDay[]> {
    const today = kigaliDay(clock());
    const firstDay = addDays(today, 1 - SMS_DASHBOARD_DAYS);
    // Kigali keeps UTC+2 all year (lib/kigali-days.ts): its day is the UTC time 2 hours on.
    const day = sql<string>`to_char((${smsOutbox.createdAt} at time zone 'UTC') + interval '2 hours', 'YYYY-MM-DD')`;
    const result = await db.execute<{
      day: string;
      sent: number;
      failed: number;
      uncertain: number;
    }>(sql`
      select ${day} as day,
        count(*) filter (where ${smsOutbox.status} in ('sent', 'delivered')) as sent,
        count(*) filter (where ${smsOutbox.status} in ('failed', 'refused')) as failed,
        count(*) filter (where ${smsOutbox.status} = 'uncertain') as uncertain
      from ${smsOutbox}
      where ${smsOutbox.createdAt} >= ${startOfDay(firstDay)}
      group by 1
    `);
    const byDay = new Map(result.rows.map((row) => [row.day, row]));
    return Array.from({ length: SMS_DASHBOARD_DAYS }, (_, index) => {
      const date = addDays(firstDay, index);
      const row = byDay.get(date);
      return {
        day: date,
        sent: Number(row?.sent ?? 0),
        failed: Number(row?.failed ?? 0),
        uncertain: Number(row?.uncertain ?? 0),
      };
    });
  }

  /** The dashboard's counts and its SMS of the last days. */
  async function getStats(): Promise<DashboardStats> {
    const [counts, smsByDay] = await Promise.all([getCounts(), getSmsByDay()]);
    return { ...counts, smsByDay };
  }

  return { getStats };
}
