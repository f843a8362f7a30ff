import { useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Link, NavLink } from '#app/components/link.tsx';
import { t, type AnyMessageKey as MessageKey } from '#lib/i18n.all.ts';
import { adminContext, requireAdmin } from '#app/auth.server.ts';
import { Icon } from '#app/components/icon.tsx';
import { LanguageSwitcher } from '#app/components/language-switcher.tsx';
import { LogoutButton } from '#app/components/logout-button.tsx';
import type { Route } from './+types/layout';

/** Every page and form under /admin-panel: admins only; anyone else signs in as an admin. */
export const middleware: Route.MiddlewareFunction[] = [requireAdmin];

export function loader({ context }: Route.LoaderArgs) {
  const admin = context.get(adminContext);
  return { admin: { id: admin.id, username: admin.name, email: admin.email } };
}

const SECTIONS: { label: MessageKey; links: { to: string; label: MessageKey }[] }[] = [
  {
    label: 'admin.nav.manage',
    links: [
      { to: '/admin-panel', label: 'admin.nav.dashboard' },
      { to: '/admin-panel/properties', label: 'admin.nav.properties' },
      { to: '/admin-panel/assets', label: 'admin.nav.assets' },
      { to: '/admin-panel/users', label: 'admin.nav.users' },
      { to: '/admin-panel/messages', label: 'admin.nav.messages' },
      { to: '/admin-panel/inquiries', label: 'admin.nav.inquiries' },
      { to: '/admin-panel/settings', label: 'admin.nav.settings' },
    ],
  },
  {
    label: 'admin.nav.review',
    links: [
      { to: '/admin-panel/requested-property', label: 'admin.nav.requested' },
      { to: '/admin-panel/supplied-property', label: 'admin.nav.supplied' },
      { to: '/admin-panel/audit-log', label: 'admin.nav.auditLog' },
    ],
  },
  {
    label: 'admin.nav.more',
    links: [
      { to: '/admin-panel/transactions', label: 'admin.nav.transactions' },
      { to: '/admin-panel/sms', label: 'admin.nav.sms' },
      { to: '/admin-panel/reports', label: 'admin.nav.reports' },
      { to: '/admin-panel/reports/listings', label: 'admin.nav.listingReports' },
      { to: '/admin-panel/support', label: 'admin.nav.support' },
    ],
  },
];

/**
 * The panel's chrome: a sidebar (always shown on wide screens; behind the Menu button on a
 * phone, which also works without JavaScript through the #admin-menu fragment) and a top bar
 * with the profile menu.
 */
export default function AdminLayout({ loaderData: { admin } }: Route.ComponentProps) {
  // The menu closes by itself on navigation: it is open only on the page where it was opened.
  const { pathname } = useLocation();
  const [openOn, setOpenOn] = useState<string | null>(null);
  const isMenuOpen = openOn === pathname;

  return (
    <div className="min-h-screen bg-slate-50 lg:grid lg:grid-cols-[15rem_1fr] lg:grid-rows-[auto_1fr]">
      <header className="sticky top-0 z-30 bg-brand-900 text-brand-50 lg:col-span-2">
        <div className="flex min-h-14 items-center justify-between gap-3 px-4 py-2">
          <div className="flex items-center gap-2">
            <a
              href="#admin-menu"
              className="inline-flex min-h-11 items-center gap-1 rounded px-2 font-medium hover:bg-brand-800 lg:hidden"
              aria-controls="admin-menu"
              aria-expanded={isMenuOpen}
              onClick={(event) => {
                event.preventDefault();
                setOpenOn(isMenuOpen ? null : pathname);
              }}
            >
              <Icon name={isMenuOpen ? 'close' : 'menu'} />
              {t('nav.menu')}
            </a>
            <Link to="/admin-panel" className="text-lg font-bold text-white">
              {t('brand.name')}
              <span className="hidden sm:inline"> · {t('admin.title')}</span>
            </Link>
          </div>
          <div className="flex items-center gap-3 text-sm">
            <Link to="/" className="hidden hover:underline sm:inline">
              {t('admin.viewSite')}
            </Link>
            <details className="relative">
              <summary className="flex min-h-11 cursor-pointer list-none items-center gap-1 rounded px-2 font-medium hover:bg-brand-800">
                <Icon name="user" />
                <span className="max-w-32 truncate">{admin.username}</span>
                <Icon name="chevronDown" className="h-4 w-4" />
              </summary>
              <div className="absolute right-0 z-40 mt-1 w-60 rounded-lg border border-slate-200 bg-white p-2 text-slate-800 shadow-lg">
                <p className="truncate px-2 py-1 text-xs text-slate-600">{admin.email}</p>
                <Link
                  to={`/admin-panel/users/${admin.id}`}
                  className="block rounded px-2 py-2 font-medium hover:bg-slate-100"
                >
                  {t('admin.profileSettings')}
                </Link>
                <Link to="/" className="block rounded px-2 py-2 hover:bg-slate-100 sm:hidden">
                  {t('admin.viewSite')}
                </Link>
                <LogoutButton className="w-full rounded px-2 py-2 text-left font-medium hover:bg-slate-100 disabled:opacity-60" />
              </div>
            </details>
          </div>
        </div>
      </header>
      <nav
        id="admin-menu"
        aria-label={t('admin.nav.label')}
        data-open={isMenuOpen || undefined}
        className="admin-menu border-b border-slate-200 bg-white px-3 py-3 lg:border-r lg:border-b-0"
      >
        {SECTIONS.map((section) => (
          <div key={section.label} className="mb-3">
            <p className="px-3 pb-1 text-xs font-semibold tracking-wide text-slate-600 uppercase">
              {t(section.label)}
            </p>
            <ul>
              {section.links.map((link) => (
                <li key={link.to}>
                  <NavLink
                    to={link.to}
                    end={link.to === '/admin-panel' || link.to === '/admin-panel/reports'}
                    className={({ isActive }) =>
                      `block min-h-11 rounded-lg px-3 py-2.5 font-medium ${
                        isActive
                          ? 'bg-brand-50 text-brand-800'
                          : 'text-slate-700 hover:bg-slate-100'
                      }`
                    }
                  >
                    {t(link.label)}
                  </NavLink>
                </li>
              ))}
            </ul>
          </div>
        ))}
        <LanguageSwitcher className="border-t border-slate-200 px-1.5 pt-3 text-sm text-slate-700" />
      </nav>
      <div className="min-w-0">
        <Outlet />
      </div>
    </div>
  );
}
