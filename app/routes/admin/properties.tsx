import { Link } from 'react-router';
import { t } from '#lib/i18n.ts';
import { PROPERTY_TYPES } from '#lib/listing.ts';
import { MESSAGE_CLEAR_MS } from '#lib/timings.ts';
import { AdminPropertyQuerySchema } from '#modules/manage/manage.schema.ts';
import { requireViewer } from '../../auth.server.ts';
import { AdminListingFilters, AdminListingTable } from '../../components/admin-listing-table.tsx';
import { AdminPageButtons } from '../../components/admin-page-buttons.tsx';
import { FormMessage } from '../../components/form-message.tsx';
import { LoadFailure } from '../../components/load-failure.tsx';
import { pageMeta } from '../../page-meta.ts';
import { useFormSubmission } from '../../use-form-submission.ts';
import { readListingQuery, runListingAction } from './listing-actions.server.ts';
import type { Route } from './+types/properties';

/** Every property, whatever its moderation, filtered on the server from the URL. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = requireViewer(request, context, { role: 'admin' });
  const query = readListingQuery(AdminPropertyQuerySchema, new URL(request.url));
  const page = await context.services.manage.listProperties(query, admin);
  return {
    page,
    filters: { location: query.location ?? '', type: query.type ?? '', status: query.status ?? '' },
  };
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

const TYPE_OPTIONS = PROPERTY_TYPES.map((type) => ({ value: type, label: t(`type.${type}`) }));

export default function AdminProperties({ loaderData: { page, filters } }: Route.ComponentProps) {
  const { fetcher, result, isSubmitting } = useFormSubmission({
    key: 'admin-property-row',
    visibleMs: MESSAGE_CLEAR_MS.admin,
    isPageAction: true,
  });
  return (
    <main id="main" className="container-page space-y-6 py-10">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold">{t('manage.propertiesTitle')}</h1>
        <Link to="/admin-panel/create-new-property" className="button-primary">
          {t('manage.quickCreateProperty')}
        </Link>
      </div>
      {/* Keyed by the URL's filters, so the selects follow back and forward navigation. */}
      <AdminListingFilters key={JSON.stringify(filters)} filters={filters} types={TYPE_OPTIONS} />
      <div aria-live="polite">
        {result && (
          <FormMessage tone={result.ok ? 'success' : 'error'}>{result.message}</FormMessage>
        )}
      </div>
      <p className="text-sm text-slate-600">
        {t('manage.found', { total: page.isTotalCapped ? `${page.total}+` : page.total })}
      </p>
      {page.items.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white px-4 py-10 text-center text-slate-700">
          {t('manage.noProperties')}
        </p>
      ) : (
        <AdminListingTable
          rows={page.items.map((property) => ({
            id: property._id,
            name: property.title,
            type: t(`type.${property.type}`),
            location: property.location,
            moderation: property.moderation,
          }))}
          viewHref={(id) => `/admin-panel/supplied-property/${id}`}
          editHref={(id) => `/admin-panel/create-new-property/${id}`}
          fetcher={fetcher}
          isSubmitting={isSubmitting}
          deleteConfirm={t('manage.deleteConfirm')}
        />
      )}
      <AdminPageButtons page={page} />
    </main>
  );
}
