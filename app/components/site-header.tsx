import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { Link, NavLink } from '#app/components/link.tsx';
import type { SignedInUser } from '#lib/account.ts';
import { t, tCount } from '#lib/i18n.ts';
import { SITE, telHref } from '#lib/site.ts';
import { useSavedIds, useSiteSettings } from '#app/use-root-data.ts';
import { Icon } from './icon.tsx';
import { LanguageSwitcher } from './language-switcher.tsx';
import { LogoutButton } from './logout-button.tsx';
import { NotificationLink } from './notification-link.tsx';
import {
  OUR_PROPERTY_LINKS,
  REQUEST_PROPERTY_LINK,
  SUPPLY_PROPERTY_LINK,
  type NavLink as NavLinkItem,
} from './nav-links.ts';

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 font-medium hover:bg-brand-50 hover:text-brand-800 ${
    isActive ? 'text-brand-800' : 'text-slate-700'
  }`;

/**
 * Menus are <details> elements: they open and close without JavaScript and with the keyboard.
 * Once the page is interactive they also close on navigation, outside clicks and Escape.
 */
function useClosingDetails() {
  const ref = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  const place = location.pathname + location.search;
  // Only a move to another page closes the menu: one opened before the page became interactive
  // (a quick tap on a slow phone) stays open through hydration.
  const shownPlace = useRef(place);
  useEffect(() => {
    if (shownPlace.current === place) return;
    shownPlace.current = place;
    if (ref.current) ref.current.open = false;
  }, [place]);
  useEffect(() => {
    function close(event: Event) {
      const details = ref.current;
      if (!details?.open) return;
      if (event instanceof KeyboardEvent) {
        if (event.key !== 'Escape') return;
        details.open = false;
        details.querySelector('summary')?.focus();
        return;
      }
      if (!details.contains(event.target as Node)) details.open = false;
    }
    document.addEventListener('click', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('click', close);
      document.removeEventListener('keydown', close);
    };
  }, []);
  return ref;
}

function OurPropertyMenu() {
  const ref = useClosingDetails();
  return (
    <details ref={ref} className="group relative">
      <summary className="flex cursor-pointer list-none items-center gap-1 rounded-md px-3 py-2 font-medium text-slate-700 hover:bg-brand-50 hover:text-brand-800">
        {t('nav.ourProperty')}
        <Icon name="chevronDown" className="h-4 w-4 transition group-open:rotate-180" />
      </summary>
      <ul className="absolute left-0 z-30 mt-1 w-56 rounded-lg border border-slate-200 bg-white py-1 shadow-lg">
        {OUR_PROPERTY_LINKS.map((link) => (
          <li key={link.to}>
            <Link
              to={link.to}
              className="block px-4 py-2 text-slate-700 hover:bg-brand-50 hover:text-brand-800"
            >
              {t(link.label)}
            </Link>
          </li>
        ))}
      </ul>
    </details>
  );
}

function MobileMenu({ links }: { links: NavLinkItem[] }) {
  const ref = useClosingDetails();
  return (
    <details ref={ref} className="group md:hidden">
      <summary
        className="flex min-h-11 min-w-11 cursor-pointer list-none items-center justify-center rounded-md text-slate-800 hover:bg-slate-100"
        aria-label={t('nav.menu')}
      >
        <Icon name="menu" className="h-6 w-6 group-open:hidden" />
        <Icon name="close" className="hidden h-6 w-6 group-open:block" />
      </summary>
      <nav
        aria-label={t('nav.main')}
        className="absolute inset-x-0 top-full z-30 border-b border-slate-200 bg-white shadow-lg"
      >
        <ul className="container-page flex flex-col py-2">
          {links.map((link) => (
            <li key={link.to}>
              <NavLink to={link.to} className={(state) => `block ${navLinkClass(state)}`} end>
                {t(link.label)}
              </NavLink>
            </li>
          ))}
          <li className="mt-1 border-t border-slate-100 pt-2">
            <p className="px-3 py-1 text-xs font-semibold tracking-wide text-slate-500 uppercase">
              {t('nav.ourProperty')}
            </p>
            <ul className="grid grid-cols-2">
              {OUR_PROPERTY_LINKS.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className="block rounded-md px-3 py-2 text-slate-700">
                    {t(link.label)}
                  </Link>
                </li>
              ))}
            </ul>
          </li>
          <li className="mt-1 border-t border-slate-100 px-1 pt-2 pb-1 text-slate-700">
            <LanguageSwitcher />
          </li>
        </ul>
      </nav>
    </details>
  );
}

const accountLinkClass =
  'block rounded-md px-3 py-2 font-medium hover:bg-brand-50 hover:text-brand-800';

/**
 * The spec's logged-in strip (welcome with the name, the e-mail and the role, and Logout) with
 * the account's pages, behind one button: the name on a wide screen, the initial on a phone,
 * so that the header keeps to one line there and never shows the e-mail on every page.
 * `tone` says which bar it sits on: the dark top bar (wide screens) or the white one (phones).
 */
function AccountMenu({
  user,
  tone,
  className = '',
}: {
  user: SignedInUser;
  tone: 'dark' | 'light';
  className?: string;
}) {
  const ref = useClosingDetails();
  const saved = useSavedIds().length;
  const initial = [...user.username.trim()][0]?.toUpperCase() ?? '?';
  return (
    <details ref={ref} className={`group ${className}`}>
      <summary
        className={`flex min-h-11 min-w-11 cursor-pointer list-none items-center justify-center gap-2 rounded-md px-1 ${
          tone === 'dark' ? 'hover:bg-brand-800' : 'text-slate-800 hover:bg-slate-100'
        }`}
      >
        <span
          aria-hidden="true"
          className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-brand-700 text-sm font-bold text-white ring-2 ring-brand-100"
        >
          {initial}
        </span>
        <span className="sr-only lg:not-sr-only lg:max-w-48 lg:truncate lg:font-medium">
          {user.username}
        </span>
        <Icon
          name="chevronDown"
          className="hidden h-4 w-4 shrink-0 transition group-open:rotate-180 lg:block"
        />
      </summary>
      <div
        role="region"
        aria-label={t('strip.account')}
        className="absolute inset-x-0 top-full z-30 border-b border-slate-200 bg-white text-base text-slate-800 shadow-lg md:inset-x-auto md:right-0 md:mt-1 md:w-80 md:rounded-lg md:border"
      >
        <div className="container-page py-3 md:px-3">
          <p className="px-3">
            {t('strip.welcome')}, <strong className="font-semibold">{user.username}</strong>
          </p>
          {user.email && <p className="px-3 text-sm break-all text-slate-600">{user.email}</p>}
          <p className="px-3 pt-1">
            <span className="rounded bg-brand-700 px-2 py-0.5 text-xs font-semibold text-white uppercase">
              {t(`role.${user.role}`)}
            </span>
          </p>
          <ul className="mt-2 border-t border-slate-100 pt-2">
            <li>
              <Link to="/inquiries" className={accountLinkClass}>
                {t('inquiries.link')}
              </Link>
            </li>
            <li>
              <Link
                to="/favourites"
                aria-label={tCount('favourites.linkCount', saved)}
                className={`flex items-center gap-1 ${accountLinkClass}`}
              >
                <Icon name="heart" className="h-4 w-4" />
                {t('favourites.link')}
                {saved > 0 && <span aria-hidden="true">({saved})</span>}
              </Link>
            </li>
            <li>
              <Link to="/saved-searches" className={accountLinkClass}>
                {t('savedSearch.link')}
              </Link>
            </li>
            <li>
              <Link to="/account/security" className={accountLinkClass}>
                {t('security.link')}
              </Link>
            </li>
          </ul>
          <div className="mt-2 border-t border-slate-100 px-3 pt-3 pb-1">
            <LogoutButton className="button-secondary min-h-10 py-1 disabled:opacity-60" />
          </div>
        </div>
      </div>
    </details>
  );
}

export function SiteHeader({
  user,
  unreadNotifications = 0,
}: {
  user: SignedInUser | null;
  unreadNotifications?: number;
}) {
  // The support phone from Platform Settings, or the company's when none is set.
  const phone = useSiteSettings().supportPhone || SITE.phone;
  const links: NavLinkItem[] = [
    { to: '/', label: 'nav.home' },
    REQUEST_PROPERTY_LINK,
    SUPPLY_PROPERTY_LINK,
    { to: '/contact', label: 'nav.contact' },
  ];
  return (
    <header className="relative z-20 bg-white shadow-sm">
      {/* Signed in, a phone's header is one line: the account and the bell join the menu. */}
      <div className={`bg-brand-900 text-sm text-brand-50 ${user ? 'hidden md:block' : ''}`}>
        <div className="container-page flex min-h-9 items-center justify-between gap-4">
          <a
            href={telHref(phone)}
            className="hidden shrink-0 items-center gap-1 whitespace-nowrap hover:underline sm:flex"
          >
            <Icon name="phone" className="h-4 w-4" />
            {phone}
          </a>
          <LanguageSwitcher className="hidden shrink-0 md:block" />
          {user ? (
            <div className="ml-auto flex items-center gap-1">
              <NotificationLink unread={unreadNotifications} tone="dark" />
              <AccountMenu user={user} tone="dark" className="md:relative" />
            </div>
          ) : (
            <div className="ml-auto flex items-center gap-1 whitespace-nowrap">
              <Link to="/login" className="rounded px-2 py-1 font-medium hover:underline">
                {t('nav.login')}
              </Link>
              <span aria-hidden="true">|</span>
              <Link to="/register" className="rounded px-2 py-1 font-medium hover:underline">
                {t('nav.register')}
              </Link>
            </div>
          )}
        </div>
      </div>
      <div className="container-page flex min-h-16 items-center justify-between gap-2">
        <Link to="/" className="flex items-center gap-2 text-xl font-bold text-brand-800">
          <img src="/favicon.svg" alt="" width={32} height={32} className="h-8 w-8" />
          {t('brand.name')}
        </Link>
        <nav aria-label={t('nav.main')} className="hidden md:block">
          <ul className="flex items-center gap-1">
            <li>
              <NavLink to="/" className={navLinkClass} end>
                {t('nav.home')}
              </NavLink>
            </li>
            <li>
              <OurPropertyMenu />
            </li>
            {links.slice(1).map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} className={navLinkClass}>
                  {t(link.label)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex items-center gap-1 md:hidden">
          {user && (
            <>
              <NotificationLink unread={unreadNotifications} tone="light" />
              <AccountMenu user={user} tone="light" />
            </>
          )}
          <MobileMenu links={links} />
        </div>
      </div>
    </header>
  );
}
