import { t } from '#lib/i18n.ts';
import { requireViewer } from '../../auth.server.ts';
import { AdminListingPage } from '../../components/admin-listing-page.tsx';
import { LoadFailure } from '../../components/load-failure.tsx';
import { pageMeta } from '../../page-meta.ts';
import { loadListingTable, runListingAction } from './listing-actions.server.ts';
import type { Route } from './+types/properties';

/** Every property, whatever its moderation, filtered on the server from the URL. */
export function loader({ request, context }: Route.LoaderArgs) {
  return loadListingTable(request, context, 'property');
}

/** Delete (after the confirmation) or Approve a row. */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = requireViewer(request, context, { role: 'admin' });
  return runListingAction(request, context, admin, 'property');
}

export function meta() {
  return pageMeta({ title: t('manage.propertiesTitle'), description: t('admin.title') });
}

export function ErrorBoundary() {
  return <LoadFailure message={t('manage.loadFailed')} />;
}

export default function AdminProperties({ loaderData: { page, filters } }: Route.ComponentProps) {
  return <AdminListingPage kind="property" page={page} filters={filters} />;
}
