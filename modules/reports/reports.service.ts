import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { assets, auditLog, inquiries, paymentLedger, properties, users } from '#db/schema.ts';
import { assertAdmin, USER_ROLES, type Actor } from '#lib/account.ts';
import type { Clock } from '#lib/clock.ts';
import type { Offer, PricePeriod } from '#lib/listing.ts';
import { isPublishedIn } from '#modules/catalogue/catalogue.sql.ts';
import { createCatalogueCache } from '#modules/catalogue/catalogue-cache.ts';
import type { CatalogueEvents } from '#modules/catalogue/catalogue.events.ts';
import {
  PRICE_GUIDE_DAYS,
  PRICE_GUIDE_MIN_LISTINGS,
  PRICE_GUIDE_TYPES,
  REPORT_DEFAULT_WEEKS,
  REPORT_MAX_DAYS,
  type PriceComparison,
  type PriceNotCompared,
  type PriceGuide,
  type PriceGuideType,
  type PriceRow,
  type Report,
  type ReportQuery,
  type ReportRange,
  type ReportTable,
} from './reports.schema.ts';
import { addDays, DAY_MS, daysFrom, kigaliDay, mondayOf, startOfDay } from '#lib/kigali-days.ts';

export type ReportsService = ReturnType<typeof createReportsService>;

/** Rwanda keeps Central Africa Time, UTC+2, all year: days and weeks are Kigali's. */
const KIGALI = sql.raw(`'Africa/Kigali'`);

/** A price within this many percent of its median reads "about the median". */
const ABOUT_MEDIAN_PERCENT = 2;

/** The review decisions the audit log records: approvals (supplies, manage table), rejections. */
const APPROVALS = ['supply.approve', 'property.approve', 'asset.approve'];
const REJECTIONS = ['supply.reject'];

/** The Monday, in Kigali, of the week a timestamp column's moment falls in, as YYYY-MM-DD. */
function weekOf(column: AnyColumn): SQL<string> {
  return sql<string>`to_char(date_trunc('week', ${column} at time zone ${KIGALI}), 'YYYY-MM-DD')`;
}

type WeeklyCount = { series: string; week: string; count: number };

/**
 * One row per week of the range, each series' count in its column (0 for a week with none).
 */
function fillWeeks<Series extends string>(
  weeks: string[],
  rows: WeeklyCount[],
  series: readonly Series[],
): ({ week: string } & Record<Series, number>)[] {
  const counts = new Map(rows.map((row) => [`${row.series} ${row.week}`, Number(row.count)]));
  return weeks.map(
    (week) =>
      ({
        week,
        ...Object.fromEntries(series.map((name) => [name, counts.get(`${name} ${week}`) ?? 0])),
      }) as { week: string } & Record<Series, number>,
  );
}

type MedianRow = {
  district: string;
  type: PriceGuideType | null;
  bedrooms: number | null;
  rent_median: number | null;
  rents: number;
  sale_median: number | null;
  sales: number;
};

const roundedOrNull = (value: number | null) => (value === null ? null : Math.round(value));

export function createReportsService({
  db,
  clock,
  catalogueEvents,
  cacheSeconds,
}: {
  db: Database;
  clock: Clock;
  catalogueEvents: CatalogueEvents;
  /** How long the price guide is kept; every catalogue change forgets it. 0: never kept. */
  cacheSeconds: number;
}) {
  /**
   * The range a report covers, from what was asked: the last 12 weeks (this one included) when
   * nothing usable was, never past today, at most two years. Never fails.
   */
  function resolveRange(query: ReportQuery): ReportRange {
    const today = kigaliDay(clock());
    const to = query.to && query.to <= today ? query.to : today;
    let from =
      query.from && query.from <= to
        ? query.from
        : addDays(mondayOf(to), -7 * (REPORT_DEFAULT_WEEKS - 1));
    if (daysFrom(from, to) >= REPORT_MAX_DAYS) from = addDays(to, -(REPORT_MAX_DAYS - 1));
    const weeks: string[] = [];
    for (let week = mondayOf(from); week <= to; week = addDays(week, 7)) weeks.push(week);
    return { from, to, weeks };
  }

  /** `created_at` (or another moment) within the range's days. */
  function inRange(column: AnyColumn, range: ReportRange): SQL {
    return sql`${column} >= ${startOfDay(range.from)} and ${column} < ${startOfDay(addDays(range.to, 1))}`;
  }

  async function countWeekly(query: SQL): Promise<WeeklyCount[]> {
    return (await db.execute<WeeklyCount>(query)).rows;
  }

  /** Published listings (properties and assets), by the week they were listed. */
  async function listingsPerWeek(range: ReportRange) {
    const rows = await countWeekly(sql`
      select 'properties' as series, ${weekOf(properties.createdAt)} as week, count(*)::int as count
        from ${properties}
        where ${isPublishedIn(properties)} and ${inRange(properties.createdAt, range)}
        group by 2
      union all
      select 'assets', ${weekOf(assets.createdAt)}, count(*)::int
        from ${assets}
        where ${isPublishedIn(assets)} and ${inRange(assets.createdAt, range)}
        group by 2`);
    return fillWeeks(range.weeks, rows, ['properties', 'assets'] as const);
  }

  /**
   * Inquiries made per week, about properties and about assets. A conversation's last message
   * is never older than its first, so the index on `last_message_at` skips the older ones.
   */
  async function inquiriesPerWeek(range: ReportRange) {
    const rows = await countWeekly(sql`
      select case when ${inquiries.propertyId} is null then 'assets' else 'properties' end as series,
          ${weekOf(inquiries.createdAt)} as week, count(*)::int as count
        from ${inquiries}
        where ${inquiries.deletedAt} is null
          and ${inquiries.lastMessageAt} >= ${startOfDay(range.from)}
          and ${inRange(inquiries.createdAt, range)}
        group by 1, 2`);
    return fillWeeks(range.weeks, rows, ['properties', 'assets'] as const);
  }

  /** Accounts created per week (deleted ones left out, as in the dashboard's count), by role. */
  async function usersPerWeek(range: ReportRange) {
    const roles = sql.join(
      USER_ROLES.map((role) => sql`${role}`),
      sql`, `,
    );
    const rows = await countWeekly(sql`
      select ${users.role} as series, ${weekOf(users.createdAt)} as week, count(*)::int as count
        from ${users}
        where ${users.role} in (${roles}) and ${users.deletedAt} is null
          and ${inRange(users.createdAt, range)}
        group by 1, 2`);
    return fillWeeks(range.weeks, rows, USER_ROLES);
  }

  /** Supplies approved and rejected per week, by the audit log's record of each decision. */
  async function suppliesPerWeek(range: ReportRange) {
    const list = (actions: string[]) =>
      sql.join(
        actions.map((action) => sql`${action}`),
        sql`, `,
      );
    const rows = await countWeekly(sql`
      select case when ${auditLog.action} in (${list(REJECTIONS)}) then 'rejected' else 'approved' end
          as series, ${weekOf(auditLog.createdAt)} as week, count(*)::int as count
        from ${auditLog}
        where ${auditLog.action} in (${list([...APPROVALS, ...REJECTIONS])})
          and ${inRange(auditLog.createdAt, range)}
        group by 1, 2`);
    return fillWeeks(range.weeks, rows, ['approved', 'rejected'] as const);
  }

  /**
   * The medians of the published houses and apartments listed from `since` to before `until`,
   * per district, type and bedrooms, and per district alone: monthly rents only (a
   * nightly rent is not compared with a monthly one) and sale prices, each with its count. One
   * query, over the index of published listings by date.
   */
  async function readMedians(since: Date, until: Date) {
    const types = sql.join(
      PRICE_GUIDE_TYPES.map((type) => sql`${type}`),
      sql`, `,
    );
    const isMonthlyRent = sql`${properties.offer} = 'Rent' and ${properties.pricePeriod} = 'month'`;
    const isSale = sql`${properties.offer} = 'Sale'`;
    const result = await db.execute<MedianRow>(sql`
      select ${properties.district} as district, ${properties.type} as type,
          ${properties.bedrooms} as bedrooms,
          percentile_cont(0.5) within group (order by ${properties.price})
            filter (where ${isMonthlyRent}) as rent_median,
          count(*) filter (where ${isMonthlyRent})::int as rents,
          percentile_cont(0.5) within group (order by ${properties.price})
            filter (where ${isSale}) as sale_median,
          count(*) filter (where ${isSale})::int as sales
        from ${properties}
        where ${isPublishedIn(properties)} and ${properties.type} in (${types})
          and ${properties.district} is not null
          and ${properties.createdAt} >= ${since}
          and ${properties.createdAt} < ${until}
        group by grouping sets (
          (${properties.district}, ${properties.type}, ${properties.bedrooms}),
          (${properties.district})
        )
        order by 1, 2 nulls first, 3`);
    const groups = result.rows.map((row) => ({
      district: row.district,
      type: row.type,
      bedrooms: row.bedrooms,
      rentMedian: roundedOrNull(row.rent_median),
      rents: Number(row.rents),
      saleMedian: roundedOrNull(row.sale_median),
      sales: Number(row.sales),
    }));
    return {
      districts: groups
        .filter((row) => row.type === null)
        .map(({ district, rentMedian, rents, saleMedian, sales }) => ({
          district,
          rentMedian,
          rents,
          saleMedian,
          sales,
        })),
      prices: groups.filter((row): row is PriceRow => row.type !== null && row.bedrooms !== null),
    };
  }

  /** Net revenue per week from the payments' ledger: by product and by network. */
  async function revenuePerWeek(range: ReportRange) {
    const week = weekOf(paymentLedger.createdAt);
    const rows = await countWeekly(sql`
      select ${paymentLedger.product} as series, ${week} as week, sum(${paymentLedger.amount})::int as count
        from ${paymentLedger} where ${inRange(paymentLedger.createdAt, range)} group by 1, 2
      union all
      select ${paymentLedger.network}, ${week}, sum(${paymentLedger.amount})::int
        from ${paymentLedger} where ${inRange(paymentLedger.createdAt, range)} group by 1, 2`);
    return {
      byProduct: fillWeeks(range.weeks, rows, ['listingFee', 'boost'] as const),
      byNetwork: fillWeeks(range.weeks, rows, ['mtn', 'airtel'] as const),
    };
  }

  /** Every table of the report over a range (admins only). */
  async function getReport(range: ReportRange, actor: Actor): Promise<Report> {
    assertAdmin(actor);
    const [listings, inquiryWeeks, userWeeks, supplies, revenue, medians] = await Promise.all([
      listingsPerWeek(range),
      inquiriesPerWeek(range),
      usersPerWeek(range),
      suppliesPerWeek(range),
      revenuePerWeek(range),
      readMedians(startOfDay(range.from), startOfDay(addDays(range.to, 1))),
    ]);
    return {
      from: range.from,
      to: range.to,
      listings,
      inquiries: inquiryWeeks,
      users: userWeeks,
      supplies,
      revenueByProduct: revenue.byProduct,
      revenueByNetwork: revenue.byNetwork,
      ...medians,
    };
  }

  /** One table of the report (admins only), as its rows: what its CSV download holds. */
  async function getReportTable(
    table: ReportTable,
    range: ReportRange,
    actor: Actor,
  ): Promise<Record<string, string | number | null>[]> {
    assertAdmin(actor);
    switch (table) {
      case 'listings':
        return listingsPerWeek(range);
      case 'inquiries':
        return inquiriesPerWeek(range);
      case 'users':
        return usersPerWeek(range);
      case 'supplies':
        return suppliesPerWeek(range);
      case 'revenueByProduct':
        return (await revenuePerWeek(range)).byProduct;
      case 'revenueByNetwork':
        return (await revenuePerWeek(range)).byNetwork;
      case 'districts':
      case 'prices':
        return (await readMedians(startOfDay(range.from), startOfDay(addDays(range.to, 1))))[table];
    }
  }

  async function readPriceGuide(now: Date): Promise<PriceGuide> {
    const since = new Date(now.getTime() - PRICE_GUIDE_DAYS * DAY_MS);
    const { prices } = await readMedians(since, now);
    const isReliable = (count: number) => count >= PRICE_GUIDE_MIN_LISTINGS;
    const rows = prices
      .map((row) => ({
        ...row,
        rentMedian: isReliable(row.rents) ? row.rentMedian : null,
        saleMedian: isReliable(row.sales) ? row.saleMedian : null,
      }))
      .filter((row) => row.rentMedian !== null || row.saleMedian !== null);
    return {
      since: kigaliDay(since),
      days: PRICE_GUIDE_DAYS,
      minListings: PRICE_GUIDE_MIN_LISTINGS,
      rows,
    };
  }

  // The guide is the same for every visitor and moves slowly: one query serves everyone for
  // `cacheSeconds`, and concurrent readers share it. A catalogue change forgets it.
  const guides = createCatalogueCache<PriceGuide>({
    seconds: cacheSeconds,
    maxEntries: 1,
    catalogueEvents,
  });

  /**
   * The public price guide: medians of the last 90 days per district, type and bedrooms, each
   * only where at least 5 listings back it.
   */
  function getPriceGuide(): Promise<PriceGuide> {
    return guides.answer('price guide', () => readPriceGuide(clock()));
  }

  /**
   * How a property's price compares with the guide's median of its group: a monthly rent with
   * the monthly rents, a sale price with the sale prices, of the same type, district and
   * bedrooms; or why it is not compared (no reliable median, nothing to compare like with like).
   */
  async function comparePrice(listing: {
    type: string;
    status: Offer;
    pricePeriod: PricePeriod | null;
    district: string | null;
    bedrooms: number;
    price: number;
  }): Promise<PriceComparison | PriceNotCompared> {
    const offer = listing.status === 'Sale' ? 'sale' : 'rent';
    const notCompared = (reason: PriceNotCompared['reason']): PriceNotCompared => ({
      position: 'none',
      reason,
      district: listing.district,
    });
    if (!(PRICE_GUIDE_TYPES as readonly string[]).includes(listing.type)) {
      return notCompared('type');
    }
    if (offer === 'rent' && listing.pricePeriod !== 'month') return notCompared('period');
    if (!listing.district) return notCompared('place');
    const guide = await getPriceGuide();
    const row = guide.rows.find(
      (candidate) =>
        candidate.type === listing.type &&
        candidate.district === listing.district &&
        candidate.bedrooms === listing.bedrooms,
    );
    const median = offer === 'rent' ? row?.rentMedian : row?.saleMedian;
    if (!row || !median) return notCompared('fewListings');
    const difference = ((listing.price - median) / median) * 100;
    const percent = Math.round(Math.abs(difference));
    const isAbout = percent <= ABOUT_MEDIAN_PERCENT;
    return {
      offer,
      position: isAbout ? 'about' : difference < 0 ? 'below' : 'above',
      percent: isAbout ? 0 : percent,
      median,
      listings: offer === 'rent' ? row.rents : row.sales,
      type: row.type,
      district: row.district,
      bedrooms: row.bedrooms,
      days: guide.days,
    };
  }

  return { resolveRange, getReport, getReportTable, getPriceGuide, comparePrice };
}
