import type { ReactNode } from 'react';
import { Form } from 'react-router';
import { adminContext } from '#app/auth.server.ts';
import { pageMeta } from '#app/page-meta.ts';
import { USER_ROLES } from '#lib/account.ts';
import { formatAmount, formatDate } from '#lib/format.ts';
import { t, tCount } from '#lib/i18n.all.ts';
import {
  ReportQuerySchema,
  type Report,
  type ReportQuery,
  type ReportTable as TableName,
} from '#modules/reports/reports.schema.ts';
import { getServices } from '#server/load-context.ts';
import { BarChart } from './bar-chart.tsx';
import { ReportTable, type Column } from './report-table.tsx';
import { ReportTabs } from './report-tabs.tsx';
import { WeeklyChart, type ChartSeries } from './weekly-chart.tsx';
import type { Route } from './+types/reports';

/** A day the URL gives, or nothing when it gives none or one that is not a real day. */
function readDay(url: URL, name: keyof ReportQuery): string | undefined {
  const given = url.searchParams.get(name)?.trim() ?? '';
  return ReportQuerySchema.shape[name].safeParse(given).success && given ? given : undefined;
}

/**
 * The report of the range in the URL (`from`, `to`): bad or missing dates fall back to the last
 * 12 weeks, a range past today or longer than two years is shortened, and the page says so.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = context.get(adminContext);
  const { reports } = getServices(context);
  const url = new URL(request.url);
  const range = reports.resolveRange({ from: readDay(url, 'from'), to: readDay(url, 'to') });
  const asked = [url.searchParams.get('from'), url.searchParams.get('to')].map((day) =>
    day?.trim(),
  );
  const isAdjusted =
    (Boolean(asked[0]) && asked[0] !== range.from) || (Boolean(asked[1]) && asked[1] !== range.to);
  return {
    report: await reports.getReport(range, admin),
    weeks: range.weeks,
    today: reports.resolveRange({}).to,
    isAdjusted,
  };
}

export function meta() {
  return pageMeta({ title: t('admin.reports.title'), description: t('admin.reports.intro') });
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
const amountOrDash = (value: number | null) => (value === null ? '—' : formatAmount(value));

/** The link that downloads one table of the report, for the range on screen. */
function CsvLink({ table, name, report }: { table: TableName; name: string; report: Report }) {
  const query = new URLSearchParams({ from: report.from, to: report.to });
  return (
    <a
      href={`/api/reports/${table}.csv?${query}`}
      download
      className="button-secondary"
      aria-label={t('admin.reports.csvOf', { name })}
    >
      {t('admin.reports.csv')}
    </a>
  );
}

function Section({
  id,
  title,
  hint,
  children,
}: {
  id: string;
  title: string;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-3">
      <h2 id={`${id}-heading`} className="text-xl font-semibold">
        {title}
      </h2>
      {hint && <p className="max-w-prose text-sm text-slate-700">{hint}</p>}
      {children}
    </section>
  );
}

/**
 * A weekly report: its chart, then its numbers (each week, with totals), then its CSV. On a wide
 * screen the chart and the table sit side by side.
 */
function WeeklySection<Row extends { week: string }>({
  table,
  title,
  hint,
  rows,
  series,
  report,
}: {
  table: TableName;
  title: string;
  hint?: string;
  rows: Row[];
  series: { label: string; value: (row: Row) => number }[];
  report: Report;
}) {
  const chartSeries: ChartSeries[] = series.map(({ label, value }) => ({
    label,
    values: rows.map(value),
  }));
  const hasTotal = series.length > 1;
  const columns: Column[] = [
    { label: t('admin.reports.col.week') },
    ...series.map(({ label }) => ({ label, isNumber: true })),
    ...(hasTotal ? [{ label: t('admin.reports.col.total'), isNumber: true }] : []),
  ];
  const totalOf = (row: Row) => sum(series.map(({ value }) => value(row)));
  return (
    <Section id={table} title={title} hint={hint}>
      <div className="grid items-start gap-4 lg:grid-cols-[3fr_2fr]">
        <WeeklyChart
          id={`${table}-chart`}
          title={title}
          weeks={rows.map((row) => row.week)}
          series={chartSeries}
        />
        <ReportTable
          name={title}
          columns={columns}
          rows={rows.map((row) => ({
            key: row.week,
            cells: [
              formatDate(row.week),
              ...series.map(({ value }) => formatAmount(value(row))),
              ...(hasTotal ? [formatAmount(totalOf(row))] : []),
            ],
          }))}
          totals={[
            t('admin.reports.col.total'),
            ...series.map(({ value }) => formatAmount(sum(rows.map(value)))),
            ...(hasTotal ? [formatAmount(sum(rows.map(totalOf)))] : []),
          ]}
        />
      </div>
      <CsvLink table={table} name={title} report={report} />
    </Section>
  );
}

function PriceSections({ report }: { report: Report }) {
  const medianColumns: Column[] = [
    { label: t('admin.reports.col.rentMedian'), isNumber: true },
    { label: t('admin.reports.col.rents'), isNumber: true },
    { label: t('admin.reports.col.saleMedian'), isNumber: true },
    { label: t('admin.reports.col.sales'), isNumber: true },
  ];
  const medianCells = (row: Report['districts'][number]) => [
    amountOrDash(row.rentMedian),
    formatAmount(row.rents),
    amountOrDash(row.saleMedian),
    formatAmount(row.sales),
  ];
  const districtsName = t('admin.reports.districts');
  const detailName = t('admin.reports.pricesDetail');
  return (
    <Section id="prices" title={t('admin.reports.prices')} hint={t('admin.reports.pricesHint')}>
      <div className="grid items-start gap-6 lg:grid-cols-2">
        {(
          [
            ['rent', t('admin.reports.rentChart'), 'rentMedian'],
            ['sale', t('admin.reports.saleChart'), 'saleMedian'],
          ] as const
        ).map(([id, title, field]) => (
          <div key={id} className="space-y-2">
            <h3 className="font-semibold text-slate-800">{title}</h3>
            <BarChart
              id={`${id}-chart`}
              title={title}
              items={report.districts.map((row) => ({ label: row.district, value: row[field] }))}
            />
          </div>
        ))}
      </div>
      <h3 className="font-semibold text-slate-800">{districtsName}</h3>
      <ReportTable
        name={districtsName}
        columns={[{ label: t('place.district') }, ...medianColumns]}
        rows={report.districts.map((row) => ({
          key: row.district,
          cells: [row.district, ...medianCells(row)],
        }))}
      />
      <CsvLink table="districts" name={districtsName} report={report} />
      <h3 className="font-semibold text-slate-800">{detailName}</h3>
      <ReportTable
        name={detailName}
        columns={[
          { label: t('place.district') },
          { label: t('listing.type') },
          { label: t('listing.bedrooms'), isNumber: true },
          ...medianColumns,
        ]}
        rows={report.prices.map((row) => ({
          key: `${row.district} ${row.type} ${row.bedrooms}`,
          cells: [row.district, t(`type.${row.type}`), row.bedrooms, ...medianCells(row)],
        }))}
      />
      <CsvLink table="prices" name={detailName} report={report} />
    </Section>
  );
}

/** Rental trends, user growth and moderation over a range of weeks, with CSV downloads. */
export default function Reports({
  loaderData: { report, weeks, today, isAdjusted },
}: Route.ComponentProps) {
  const properties = t('admin.reports.col.properties');
  const assets = t('admin.reports.col.assets');
  return (
    <main id="main" className="space-y-8 px-4 py-8 lg:px-8">
      <ReportTabs />
      <div>
        <h1 className="text-2xl font-bold">{t('admin.reports.title')}</h1>
        <p className="mt-1 max-w-prose text-slate-700">{t('admin.reports.intro')}</p>
      </div>
      <Form
        method="get"
        key={`${report.from} ${report.to}`}
        className="flex flex-wrap items-end gap-3 rounded-xl border border-slate-200 bg-white p-4"
      >
        <label className="block">
          <span className="field-label">{t('admin.reports.from')}</span>
          <input
            type="date"
            name="from"
            defaultValue={report.from}
            max={today}
            required
            className="field-input w-auto"
          />
        </label>
        <label className="block">
          <span className="field-label">{t('admin.reports.to')}</span>
          <input
            type="date"
            name="to"
            defaultValue={report.to}
            max={today}
            required
            className="field-input w-auto"
          />
        </label>
        <button type="submit" className="button-primary">
          {t('admin.reports.apply')}
        </button>
        <p className="w-full text-sm text-slate-700" aria-live="polite">
          {t('admin.reports.range', { from: formatDate(report.from), to: formatDate(report.to) })} (
          {tCount('admin.reports.weeks', weeks.length)})
        </p>
        {isAdjusted && (
          <p role="status" className="w-full rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
            {t('admin.reports.adjusted')}
          </p>
        )}
      </Form>
      <WeeklySection
        table="listings"
        title={t('admin.reports.listings')}
        hint={t('admin.reports.listingsHint')}
        rows={report.listings}
        series={[
          { label: properties, value: (row) => row.properties },
          { label: assets, value: (row) => row.assets },
        ]}
        report={report}
      />
      <WeeklySection
        table="inquiries"
        title={t('admin.reports.inquiries')}
        rows={report.inquiries}
        series={[
          { label: properties, value: (row) => row.properties },
          { label: assets, value: (row) => row.assets },
        ]}
        report={report}
      />
      <WeeklySection
        table="users"
        title={t('admin.reports.users')}
        rows={report.users}
        series={USER_ROLES.map((role) => ({
          label: t(`role.${role}`),
          value: (row: Report['users'][number]) => row[role],
        }))}
        report={report}
      />
      <WeeklySection
        table="supplies"
        title={t('admin.reports.supplies')}
        hint={t('admin.reports.suppliesHint')}
        rows={report.supplies}
        series={[
          { label: t('admin.reports.col.approved'), value: (row) => row.approved },
          { label: t('admin.reports.col.rejected'), value: (row) => row.rejected },
        ]}
        report={report}
      />
      <WeeklySection
        table="revenueByProduct"
        title={t('admin.reports.revenueByProduct')}
        hint={t('admin.reports.revenueHint')}
        rows={report.revenueByProduct}
        series={[
          { label: t('payments.admin.productName.listingFee'), value: (row) => row.listingFee },
          { label: t('payments.admin.productName.boost'), value: (row) => row.boost },
        ]}
        report={report}
      />
      <WeeklySection
        table="revenueByNetwork"
        title={t('admin.reports.revenueByNetwork')}
        rows={report.revenueByNetwork}
        series={[
          { label: t('payments.networkName.mtn'), value: (row) => row.mtn },
          { label: t('payments.networkName.airtel'), value: (row) => row.airtel },
        ]}
        report={report}
      />
      <PriceSections report={report} />
    </main>
  );
}
