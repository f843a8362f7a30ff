import { Link } from '#app/components/link.tsx';
import { formatAmount, formatDate } from '#lib/format.ts';
import { t } from '#lib/i18n.all.ts';
import { startOfDay } from '#lib/kigali-days.ts';
import type { SmsDay } from '#modules/dashboard/dashboard.schema.ts';

/**
 * The dashboard's SMS of the last days, today first: a small table that fits a phone, each
 * failed or uncertain count marked so that a bad day stands out.
 */
export function SmsByDay({ days }: { days: SmsDay[] }) {
  if (days.length === 0) return null;
  const newestFirst = [...days].reverse();
  const totals = days.reduce(
    (sum, day) => ({
      sent: sum.sent + day.sent,
      failed: sum.failed + day.failed,
      uncertain: sum.uncertain + day.uncertain,
    }),
    { sent: 0, failed: 0, uncertain: 0 },
  );
  const columns = [
    ['sent', t('admin.sms.sent')],
    ['failed', t('admin.sms.failed')],
    ['uncertain', t('admin.sms.uncertain')],
  ] as const;
  return (
    <section aria-labelledby="sms-by-day" className="space-y-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="sms-by-day" className="text-xl font-semibold">
          {t('admin.sms.byDayHeading', { days: days.length })}
        </h2>
        <Link to="/admin-panel/sms" className="text-sm font-semibold text-brand-800 underline">
          {t('admin.sms.seeAll')}
        </Link>
      </div>
      <p className="text-sm text-slate-600">{t('admin.sms.byDayHint')}</p>
      <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm">
        <table className="w-full text-left text-sm">
          <thead className="bg-slate-50 text-xs text-slate-600 uppercase">
            <tr>
              <th scope="col" className="px-3 py-2">
                {t('admin.sms.day')}
              </th>
              {columns.map(([name, label]) => (
                <th key={name} scope="col" className="px-3 py-2 text-right">
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            {newestFirst.map((day) => (
              <tr key={day.day}>
                <th scope="row" className="px-3 py-2 font-medium whitespace-nowrap">
                  {formatDate(startOfDay(day.day))}
                </th>
                {columns.map(([name]) => (
                  <td
                    key={name}
                    className={`px-3 py-2 text-right tabular-nums ${
                      name !== 'sent' && day[name] > 0 ? 'font-semibold text-red-800' : ''
                    }`}
                  >
                    {formatAmount(day[name])}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
          <tfoot className="border-t-2 border-slate-200 font-semibold">
            <tr>
              <th scope="row" className="px-3 py-2">
                {t('admin.sms.total')}
              </th>
              {columns.map(([name]) => (
                <td key={name} className="px-3 py-2 text-right tabular-nums">
                  {formatAmount(totals[name])}
                </td>
              ))}
            </tr>
          </tfoot>
        </table>
      </div>
    </section>
  );
}
