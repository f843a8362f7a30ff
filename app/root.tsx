import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useMatches,
  type MetaDescriptor,
} from 'react-router';
import { currentLocale, localePath, LOCALES, switchPathLocale, t } from '#lib/i18n.ts';
import { THEME_COLOR } from '#lib/web-app.ts';
import type { Route } from './+types/root';
import stylesheetUrl from './app.css?url';
import { useLinkNavigation } from './components/link.tsx';
import { NavigationProgress } from './components/navigation-progress.tsx';
import { isNotFoundError, NotFoundBoundary } from './components/not-found-boundary.tsx';
import { errorMeta } from './page-meta.ts';
import { SiteFooter } from './components/site-footer.tsx';
import { SiteHeader } from './components/site-header.tsx';
import { MaintenanceBanner } from './components/maintenance-banner.tsx';
import { MaintenancePage } from './components/maintenance-page.tsx';
import { loadRootData } from './root.server.ts';
import {
  maintenanceNoticeOf,
  useMaintenanceNotice,
  useSignedInUser,
  useCatalogueFiles,
  useSiteOrigin,
  useSiteSettings,
  useUnreadNotifications,
} from './use-root-data.ts';
import { useServiceWorker } from './use-service-worker.ts';
import { useStoredUser } from './use-stored-user.ts';

/** The home page's route (app/routes.ts), whose texts are all the frame's. */
const HOME_ROUTE_ID = 'routes/catalogue/home';

export function loader(args: Route.LoaderArgs) {
  return loadRootData(args);
}

export const links: Route.LinksFunction = () => [
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  { rel: 'apple-touch-icon', href: '/icons/apple-touch-icon.png' },
  // The app installed from a page is named in that page's language and opens in it.
  { rel: 'manifest', href: localePath('/manifest.webmanifest') },
];

/**
 * The same page in every language, for search engines (English stands for any other): what a
 * Kinyarwanda speaker searching finds is the Kinyarwanda page.
 */
function LanguageAlternates() {
  const origin = useSiteOrigin();
  const { pathname } = useLocation();
  if (!origin) return null;
  return (
    <>
      {LOCALES.map((locale) => (
        <link
          key={locale}
          rel="alternate"
          hrefLang={locale}
          href={`${origin}${switchPathLocale(pathname, locale)}`}
        />
      ))}
      <link
        rel="alternate"
        hrefLang="x-default"
        href={`${origin}${switchPathLocale(pathname, 'en')}`}
      />
    </>
  );
}

export function Layout({ children }: { children: React.ReactNode }) {
  const user = useSignedInUser();
  const unreadNotifications = useUnreadNotifications();
  useStoredUser(user && { username: user.username, email: user.email, role: user.role });
  useLinkNavigation();
  useServiceWorker();
  // The admin panel has its own chrome (sidebar, top bar) instead of the public header.
  const matches = useMatches();
  const isAdminPanel = matches.some((match) => match.id === 'admin-layout');
  // The home page shows only the frame's texts (lib/i18n.ts); every other page shows more.
  const isHomePage = matches.some((match) => match.id === HOME_ROUTE_ID);
  const isMaintenancePage = Boolean(useMaintenanceNotice());
  const catalogueFiles = useCatalogueFiles();
  const isMaintenanceOn = useSiteSettings().maintenanceMode && user?.role === 'admin';
  return (
    <html lang={currentLocale()}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content={THEME_COLOR} />
        <Meta />
        {/* With a precedence, React writes the stylesheet before the module preloads: the
            page cannot paint until it arrives, so it must not queue behind 150 KB of scripts. */}
        {/* The address is empty only where no build made one (pages rendered in tests). */}
        {stylesheetUrl && <link rel="stylesheet" href={stylesheetUrl} precedence="default" />}
        <Links />
        <LanguageAlternates />
        {/* The page's texts, which the browser needs before it can take over the page. */}
        {catalogueFiles && <link rel="modulepreload" href={catalogueFiles.public} />}
        {catalogueFiles && !isHomePage && <link rel="modulepreload" href={catalogueFiles.pages} />}
        {catalogueFiles && isAdminPanel && <link rel="modulepreload" href={catalogueFiles.admin} />}
      </head>
      <body className="flex min-h-screen flex-col">
        <a
          href="#main"
          className="sr-only z-50 rounded bg-white px-4 py-2 focus:not-sr-only focus:absolute focus:top-2 focus:left-2"
        >
          {t('nav.skipToContent')}
        </a>
        <NavigationProgress />
        {isMaintenanceOn && <MaintenanceBanner />}
        {!isAdminPanel && !isMaintenancePage && (
          <SiteHeader user={user} unreadNotifications={unreadNotifications} />
        )}
        <div className="flex-1">{children}</div>
        {!isAdminPanel && !isMaintenancePage && <SiteFooter />}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function meta({ error }: Route.MetaArgs): MetaDescriptor[] {
  // The 404 page's title is the document's only one: a second, rendered by the boundary, would
  // come after this one, and the browser shows the first.
  if (isNotFoundError(error)) return errorMeta(true);
  return [{ title: t('brand.tagline') }];
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const maintenance = maintenanceNoticeOf(error);
  if (maintenance) return <MaintenancePage notice={maintenance} />;
  if (isNotFoundError(error)) return <NotFoundBoundary />;
  return (
    <main id="main" className="container-page py-24 text-center">
      <title>{`${t('error.title')} | ${t('brand.name')}`}</title>
      <h1 className="text-2xl font-bold">{t('error.title')}</h1>
      <p className="mt-4 text-slate-700">{t('error.body')}</p>
    </main>
  );
}
