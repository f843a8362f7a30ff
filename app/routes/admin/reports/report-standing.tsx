import { t, tCount } from '#lib/i18n.all.ts';
import type { AdminReportView } from '#modules/listing-reports/listing-reports.schema.ts';

/**
 * Whether a report counted toward hiding its listing, or why not: an admin sees at once that
 * reports from visitors, new accounts or one address did not hide it.
 */
export function ReportStanding({
  report,
  minAccountDays,
}: {
  report: Pick<AdminReportView, 'notCountedReason' | 'isReporterVerified'>;
  /** REPORT_MIN_ACCOUNT_DAYS, which a new account's reason names. */
  minAccountDays: number;
}) {
  const reason = report.notCountedReason;
  const text =
    reason === null
      ? t(
          report.isReporterVerified
            ? 'admin.listingReports.countedVerified'
            : 'admin.listingReports.counted',
        )
      : reason === 'newAccount'
        ? tCount('admin.listingReports.notCounted.newAccount', minAccountDays)
        : t(`admin.listingReports.notCounted.${reason}`);
  return (
    <span
      className={`rounded-full px-2 py-0.5 text-xs font-semibold ${
        reason === null ? 'bg-emerald-100 text-emerald-900' : 'bg-slate-200 text-slate-800'
      }`}
    >
      {text}
    </span>
  );
}
