import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  useRouteLoaderData,
  type MetaDescriptor,
} from 'react-router';
import type { SignedInUser } from '#lib/account.ts';
import { t } from '#lib/i18n.ts';
import type { Route } from './+types/root';
import './app.css';
import { NavigationProgress } from './components/navigation-progress.tsx';
import { NotFoundPage } from './components/not-found-page.tsx';
import { SiteFooter } from './components/site-footer.tsx';
import { SiteHeader } from './components/site-header.tsx';
import { MaintenanceBanner } from './components/maintenance-banner.tsx';
import { MaintenancePage } from './components/maintenance-page.tsx';
import { loadSiteSettings } from './site-settings.server.ts';
import { maintenanceNoticeOf, useMaintenanceNotice, useSiteSettings } from './use-site-settings.ts';
import { useNonce } from './nonce.tsx';
import { useStoredUser } from './use-stored-user.ts';

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = context.viewer;
  // Every page waits for this loader: the settings and the strip's unread count (how many
  // notifications addressed to the user are unread) are read side by side.
  const [site, unreadNotifications] = await Promise.all([
    loadSiteSettings(request, context),
    viewer ? context.services.notifications.countUnread(viewer) : 0,
  ]);
  return {
    site,
    user: viewer
      ? { id: viewer.id, username: viewer.name, email: viewer.email, role: viewer.role }
      : null,
    unreadNotifications,
  };
}

/** The signed-in user, from the root loader; null when signed out or on an error page. */
export function useSignedInUser(): SignedInUser | null {
  return useRouteLoaderData<typeof loader>('root')?.user ?? null;
}

/** How many of the signed-in user's notifications are unread (0 when signed out). */
export function useUnreadNotifications(): number {
  return useRouteLoaderData<typeof loader>('root')?.unreadNotifications ?? 0;
}

export const links: Route.LinksFunction = () => [
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const user = useSignedInUser();
  const unreadNotifications = useUnreadNotifications();
  useStoredUser(user && { username: user.username, email: user.email, role: user.role });
  // The admin panel has its own chrome (sidebar, top bar) instead of the public header.
  const isAdminPanel = useMatches().some((match) => match.id === 'admin-layout');
  const isMaintenancePage = Boolean(useMaintenanceNotice());
  const isMaintenanceOn = useSiteSettings().maintenanceMode && user?.role === 'admin';
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#064e3b" />
        <Meta />
        <Links />
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
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function meta(): MetaDescriptor[] {
  return [{ title: t('brand.tagline') }];
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const maintenance = maintenanceNoticeOf(error);
  if (maintenance) return <MaintenancePage notice={maintenance} />;
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <>
        <title>{`${t('notFound.title')} | ${t('brand.name')}`}</title>
        <NotFoundPage />
      </>
    );
  }
  return (
    <main id="main" className="container-page py-24 text-center">
      <title>{`${t('error.title')} | ${t('brand.name')}`}</title>
      <h1 className="text-2xl font-bold">{t('error.title')}</h1>
      <p className="mt-4 text-slate-700">{t('error.body')}</p>
    </main>
  );
}
