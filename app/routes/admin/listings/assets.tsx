import { t } from '#lib/i18n.all.ts';
import { AdminListingPage } from './admin-listing-page.tsx';
import { LoadFailure } from '#app/components/load-failure.tsx';
import { pageMeta } from '#app/page-meta.ts';
import { handleListingRowAction } from './listing-row-actions.server.ts';
import { loadListingTable } from './listing-table.server.ts';
import type { Route } from './+types/assets';

/** Every asset, whatever its moderation, filtered on the server from the URL. */
export function loader({ request, context }: Route.LoaderArgs) {
  return loadListingTable(request, context, 'asset');
}

/** Delete (after the confirmation) or Approve a row. */
export function action({ request, context }: Route.ActionArgs) {
  return handleListingRowAction({ request, context }, 'asset');
}

export function meta() {
  return pageMeta({ title: t('manage.assetsTitle'), description: t('admin.title') });
}

export function ErrorBoundary() {
  return <LoadFailure message={t('manage.loadAssetsFailed')} />;
}

export default function AdminAssets({ loaderData: { page, filters } }: Route.ComponentProps) {
  return <AdminListingPage kind="asset" page={page} filters={filters} />;
}
