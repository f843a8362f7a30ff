import { z } from 'zod';
import { t } from '#lib/i18n.all.ts';

/** The reports page opens on the last 12 weeks (this week included). */
export const REPORT_DEFAULT_WEEKS = 12;

/** The longest range a report reads: two years (a longer one starts two years before its end). */
export const REPORT_MAX_DAYS = 731;

/** The public price guide reads the published listings of the last 90 days. */
export const PRICE_GUIDE_DAYS = 90;

/** A median is shown (and compared with) only when at least this many listings back it. */
export const PRICE_GUIDE_MIN_LISTINGS = 5;

/** The property types whose prices the guide gives: hotels' rooms are not bedrooms. */
export const PRICE_GUIDE_TYPES = ['House', 'Apartment'] as const;
export type PriceGuideType = (typeof PRICE_GUIDE_TYPES)[number];

/** The report's tables, each downloadable as CSV. */
export const REPORT_TABLES = [
  'listings',
  'inquiries',
  'users',
  'supplies',
  'revenueByProduct',
  'revenueByNetwork',
  'districts',
  'prices',
] as const;
export type ReportTable = (typeof REPORT_TABLES)[number];

export function isReportTable(value: string): value is ReportTable {
  return (REPORT_TABLES as readonly string[]).includes(value);
}

/** A calendar day, YYYY-MM-DD, that exists (2025-02-30 does not). */
const dayField = () => z.iso.date({ error: () => t('validation.date') });

/**
 * The range of a report: its first and last day (Kigali time), both included. Either may be
 * left out (the last 12 weeks, up to today); a range longer than two years is shortened.
 */
export const ReportQuerySchema = z
  .object({ from: dayField().optional(), to: dayField().optional() })
  .refine((range) => !range.from || !range.to || range.from <= range.to, {
    path: ['from'],
    error: () => t('validation.dateOrder'),
  });

export type ReportQuery = z.infer<typeof ReportQuerySchema>;

/** The range a report covers, and the Monday of each of its weeks. */
export type ReportRange = { from: string; to: string; weeks: string[] };

const day = z.iso.date();
const count = z.number().int().min(0);
/** A median in whole francs, or null where no listing backs it. */
const median = z.number().int().nullable();

/** Each week is named by its Monday (Kigali time); weeks with nothing count 0. */
const ListingsWeekSchema = z.object({ week: day, properties: count, assets: count });
const InquiriesWeekSchema = z.object({ week: day, properties: count, assets: count });
const UsersWeekSchema = z.object({
  week: day,
  buyer: count,
  seller: count,
  guest: count,
  admin: count,
});
const SuppliesWeekSchema = z.object({ week: day, approved: count, rejected: count });
/** Francs received less francs refunded in the week (a week of refunds alone is negative). */
const francs = z.number().int();
const RevenueByProductWeekSchema = z.object({ week: day, listingFee: francs, boost: francs });
const RevenueByNetworkWeekSchema = z.object({ week: day, mtn: francs, airtel: francs });

/** Medians of monthly rents and of sale prices, with how many listings each is made of. */
const priceFields = {
  rentMedian: median.meta({ description: 'Median monthly rent (RWF); rents per month only' }),
  rents: count,
  saleMedian: median.meta({ description: 'Median sale price (RWF)' }),
  sales: count,
};

const DistrictPricesSchema = z.object({ district: z.string(), ...priceFields });

const PriceRowSchema = z.object({
  district: z.string(),
  type: z.enum(PRICE_GUIDE_TYPES),
  bedrooms: count,
  ...priceFields,
});

export type PriceRow = z.infer<typeof PriceRowSchema>;

export const ReportSchema = z.object({
  from: day,
  to: day,
  /** Published listings (now), by the week they were listed. */
  listings: z.array(ListingsWeekSchema),
  /** Inquiries made (not deleted), about properties and about assets. */
  inquiries: z.array(InquiriesWeekSchema),
  /** Accounts created (not deleted), by role. */
  users: z.array(UsersWeekSchema),
  /** Review decisions on supplies, from the audit log. */
  supplies: z.array(SuppliesWeekSchema),
  /** Revenue from the payments' ledger, net of refunds: by what was bought… */
  revenueByProduct: z.array(RevenueByProductWeekSchema),
  /** …and by the mobile network it came through. */
  revenueByNetwork: z.array(RevenueByNetworkWeekSchema),
  /** Published houses and apartments listed in the range, per district. */
  districts: z.array(DistrictPricesSchema),
  /** The same, per district, type and number of bedrooms. */
  prices: z.array(PriceRowSchema),
});

export type Report = z.infer<typeof ReportSchema>;

/**
 * The public price guide: medians of the published houses and apartments listed in the last
 * `days` days, each given only where at least `minListings` listings back it (else null); groups
 * with neither figure are left out.
 */
export const PriceGuideSchema = z.object({
  since: day,
  days: z.number().int(),
  minListings: z.number().int(),
  rows: z.array(PriceRowSchema),
});

export type PriceGuide = z.infer<typeof PriceGuideSchema>;

/** How a listing's price stands beside the median of its group (same type, district, rooms). */
export type PriceComparison = {
  /** Rent compares monthly rents, sale compares sale prices. */
  offer: 'rent' | 'sale';
  position: 'below' | 'about' | 'above';
  /** How far from the median, in whole percent (0 for "about"). */
  percent: number;
  median: number;
  listings: number;
  type: PriceGuideType;
  district: string;
  bedrooms: number;
  days: number;
};

/**
 * Why a listing's price is not compared, for the page to say so: too few like listings of the
 * last `days` days in its district (`fewListings`), a type the guide leaves out (hotels), a rent
 * not by the month, or no district to compare it in (`place`).
 */
export type PriceNotCompared = {
  position: 'none';
  reason: 'fewListings' | 'type' | 'period' | 'place';
  district: string | null;
};

/** The columns of a report table, in order: its CSV header. */
export function reportColumns(table: ReportTable): string[] {
  return Object.keys(ReportSchema.shape[table].element.shape);
}
