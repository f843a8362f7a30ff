import { useRouteLoaderData } from 'react-router';
import { Link } from '#app/components/link.tsx';
import { formatAmount, truncate } from '#lib/format.ts';
import { t } from '#lib/i18n.all.ts';
import type { DashboardCounts, DashboardStats } from '#modules/dashboard/dashboard.schema.ts';
import {
  DashboardQuerySchema,
  type AdminPropertyView,
} from '#modules/admin-listings/admin-listings.schema.ts';
import { adminContext } from '#app/auth.server.ts';
import { AdminPageButtons } from '#app/routes/admin/listings/admin-page-buttons.tsx';
import {
  AdminDeleteButton,
  ROW_LINK_CLASS,
} from '#app/routes/admin/listings/admin-row-actions.tsx';
import { FormMessage } from '#app/components/form-message.tsx';
import { CARD_SIZES, ListingPhoto } from '#app/components/listing-photo.tsx';
import { pageMeta } from '#app/page-meta.ts';
import { SmsByDay } from '#app/routes/admin/sms/sms-by-day.tsx';
import { useFormSubmission } from '#app/forms/use-form-submission.ts';
import type { loader as adminLoader } from './layout.tsx';
import { handleListingRowAction } from '#app/routes/admin/listings/listing-row-actions.server.ts';
import type { Route } from './+types/dashboard';
import { getServices, requestContext } from '#server/load-context.ts';
import { readListQuery } from '#lib/list-query.ts';
import { redirectPastLastPage } from '#app/last-page.server.ts';

const NO_COUNTS: DashboardCounts = {
  totalProperties: 0,
  totalAssets: 0,
  activeRentals: 0,
  registeredUsers: 0,
  requestedProperties: 0,
  suppliedProperties: 0,
  pendingApprovals: 0,
  inquiriesLast7Days: 0,
  matchesLast7Days: 0,
  revenueLast30Days: 0,
};

/** What a count holds, under its label where the label alone could be read several ways. */
const STAT_HINTS = {
  totalProperties: 'admin.statHint.totalProperties',
  totalAssets: 'admin.statHint.totalAssets',
  activeRentals: 'admin.statHint.activeRentals',
  requestedProperties: 'admin.statHint.requestedProperties',
  suppliedProperties: 'admin.statHint.suppliedProperties',
  pendingApprovals: 'admin.statHint.pendingApprovals',
  revenueLast30Days: 'admin.statHint.revenueLast30Days',
} as const satisfies Partial<Record<keyof DashboardCounts, string>>;

/** The counts (zeros and a message when they cannot be read) and a page of every property. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = context.get(adminContext);
  const services = getServices(context);
  const { logger } = context.get(requestContext);
  const query = readListQuery(new URL(request.url), DashboardQuerySchema);
  const [stats, properties] = await Promise.all([
    services.dashboard.getStats().then(
      (value) => ({ stats: value, hasFailed: false }),
      (error: unknown) => {
        logger.warn({ err: error }, 'dashboard counts failed');
        const stats: DashboardStats = { ...NO_COUNTS, smsByDay: [] };
        return { stats, hasFailed: true };
      },
    ),
    services.adminListings.listProperties(query, admin).catch((error: unknown) => {
      logger.warn({ err: error }, 'dashboard properties failed');
      return null;
    }),
  ]);
  if (properties) redirectPastLastPage(request, properties);
  return { ...stats, properties };
}

/** Delete from a card (after the confirmation). */
export function action({ request, context }: Route.ActionArgs) {
  return handleListingRowAction({ request, context }, 'property');
}

export function meta() {
  return pageMeta({ title: t('admin.overview'), description: t('admin.title') });
}

const QUICK_ACTIONS = [
  { to: '/admin-panel/create-new-property', label: 'manage.quickCreateProperty' },
  { to: '/admin-panel/requested-property', label: 'manage.quickRequested' },
  { to: '/admin-panel/supplied-property', label: 'manage.quickSupplied' },
  { to: '/admin-panel/create-new-asset', label: 'manage.quickCreateAsset' },
] as const;

/** The first 60 characters of the description with '...' (spec §9). */
function previewOf(description: string): string {
  const preview = truncate(description, 60);
  return preview.endsWith('...') ? preview : `${preview}...`;
}

function PropertyCard({
  property,
  deleteButton,
}: {
  property: AdminPropertyView;
  deleteButton: React.ReactNode;
}) {
  return (
    <li className="flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
      <ListingPhoto photo={property.photos[0]} alt={property.title} sizes={CARD_SIZES} />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h3 className="text-lg font-bold text-slate-900">{property.title}</h3>
        <p className="text-sm text-slate-600">{property.location}</p>
        <p className="text-sm text-slate-700">{previewOf(property.description)}</p>
        <p className="font-semibold text-brand-800">
          {t('manage.priceRwf')} {formatAmount(property.price)}
        </p>
        {/* The offer and the review are two things: a pending house for rent is both. */}
        <dl className="space-y-1 text-sm">
          <div>
            <dt className="inline font-medium text-slate-600">{t('manage.colStatus')}: </dt>
            <dd className="inline font-semibold">
              {t(`manage.statusOption.${property.status}`)}
              {property.availability !== 'Available' &&
                ` · ${t(`listing.availability.${property.availability}`)}`}
            </dd>
          </div>
          <div>
            <dt className="inline font-medium text-slate-600">{t('manage.reviewStatus')}: </dt>
            <dd className="inline font-semibold">
              {t(`manage.moderation.${property.moderation}`)}
            </dd>
          </div>
        </dl>
        <div className="mt-auto flex flex-wrap gap-2 pt-2">
          <Link
            to={`/admin-panel/supplied-property/${property._id}`}
            className={ROW_LINK_CLASS}
            aria-label={`${t('manage.view')} ${property.title}`}
          >
            {t('manage.view')}
          </Link>
          <Link
            to={`/admin-panel/create-new-property/${property._id}`}
            className={ROW_LINK_CLASS}
            aria-label={`${t('manage.edit')} ${property.title}`}
          >
            {t('manage.edit')}
          </Link>
          {deleteButton}
        </div>
      </div>
    </li>
  );
}

export default function Dashboard({
  loaderData: { stats, hasFailed, properties },
}: Route.ComponentProps) {
  const username = useRouteLoaderData<typeof adminLoader>('admin-layout')?.admin.username;
  const { fetcher, result, isSubmitting } = useFormSubmission({
    key: 'admin-dashboard-property',
  });
  return (
    <main id="main" className="container-page space-y-6 py-10">
      <h1 className="text-3xl font-bold">
        {t('admin.welcome', { username: username || t('admin.fallbackName') })}
      </h1>
      <h2 className="text-xl font-semibold text-slate-700">{t('admin.overview')}</h2>
      {hasFailed && <FormMessage tone="error">{t('admin.statsFailed')}</FormMessage>}
      <dl className="grid grid-cols-2 gap-4 lg:grid-cols-3">
        {(Object.keys(NO_COUNTS) as (keyof DashboardCounts)[]).map((name) => (
          <div key={name} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
            <dt className="text-sm font-medium text-slate-600">{t(`admin.stat.${name}`)}</dt>
            <dd className="mt-2 text-3xl font-bold text-brand-800">{formatAmount(stats[name])}</dd>
            {name in STAT_HINTS && (
              <dd className="mt-1 text-xs text-slate-600">
                {t(STAT_HINTS[name as keyof typeof STAT_HINTS])}
              </dd>
            )}
          </div>
        ))}
      </dl>

      <SmsByDay days={stats.smsByDay} />

      <section aria-labelledby="quick-actions" className="space-y-3">
        <h2 id="quick-actions" className="text-xl font-semibold">
          {t('manage.quickActions')}
        </h2>
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          {QUICK_ACTIONS.map((quick) => (
            <li key={quick.to}>
              <Link to={quick.to} className="button-secondary w-full">
                {t(quick.label)}
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="all-properties" className="space-y-4">
        <h2 id="all-properties" className="text-xl font-semibold">
          {t('manage.allProperties')}
        </h2>
        <div aria-live="polite">
          {result && (
            <FormMessage tone={result.ok ? 'success' : 'error'}>{result.message}</FormMessage>
          )}
        </div>
        {!properties ? (
          <div className="space-y-3">
            <FormMessage tone="error">{t('manage.loadFailed')}</FormMessage>
            <a href="" className="button-secondary">
              {t('home.retry')}
            </a>
          </div>
        ) : properties.items.length === 0 ? (
          <p className="rounded-xl border border-dashed border-slate-300 bg-white px-4 py-10 text-center text-slate-700">
            {t('manage.noProperties')}
          </p>
        ) : (
          <>
            <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
              {properties.items.map((property) => (
                <PropertyCard
                  key={property._id}
                  property={property}
                  deleteButton={
                    <AdminDeleteButton
                      fetcher={fetcher}
                      id={property._id}
                      name={property.title}
                      isSubmitting={isSubmitting}
                      confirmText={t('manage.deleteConfirm')}
                    />
                  }
                />
              ))}
            </ul>
            <AdminPageButtons page={properties} />
          </>
        )}
      </section>
    </main>
  );
}
