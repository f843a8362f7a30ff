import { NavLink } from '#app/components/link.tsx';
import { t } from '#lib/i18n.all.ts';

const TABS = [
  { to: '/admin-panel/reports', label: 'admin.reports.market' },
  { to: '/admin-panel/reports/listings', label: 'admin.nav.listingReports' },
] as const;

/** Market reports and listing reports: two pages side by side, as tabs. */
export function ReportTabs() {
  return (
    <nav aria-label={t('admin.reports.tabs')}>
      <ul className="flex flex-wrap gap-2 border-b border-slate-200">
        {TABS.map((tab) => (
          <li key={tab.to}>
            <NavLink
              to={tab.to}
              end
              className={({ isActive }) =>
                `-mb-px inline-flex min-h-11 items-center border-b-2 px-3 font-semibold ${
                  isActive
                    ? 'border-brand-700 text-brand-800'
                    : 'border-transparent text-slate-600 hover:text-slate-900'
                }`
              }
            >
              {t(tab.label)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
