import { Link, Outlet } from 'react-router';
import { t } from '#lib/i18n.ts';
import { requireViewer } from '../../auth.server.ts';
import { LogoutButton } from '../../components/logout-button.tsx';
import type { Route } from './+types/layout';

/** Every page under /admin-panel: admins only; anyone else signs in with an admin account. */
export function loader({ request, context }: Route.LoaderArgs) {
  const admin = requireViewer(request, context, { role: 'admin' });
  return { admin: { id: admin.id, username: admin.name } };
}

export default function AdminLayout({ loaderData: { admin } }: Route.ComponentProps) {
  return (
    <>
      <header className="bg-brand-900 text-brand-50">
        <div className="container-page flex min-h-14 flex-wrap items-center justify-between gap-3 py-2">
          <Link to="/admin-panel" className="text-lg font-bold text-white">
            {t('brand.name')} · {t('admin.title')}
          </Link>
          <div className="flex flex-wrap items-center gap-3 text-sm">
            <Link to="/" className="hover:underline">
              {t('admin.viewSite')}
            </Link>
            <span className="font-medium">{admin.username}</span>
            <LogoutButton className="rounded border border-brand-100/60 px-3 py-1 font-medium hover:bg-brand-800 disabled:opacity-60" />
          </div>
        </div>
      </header>
      <Outlet />
    </>
  );
}
