import { useRouteLoaderData } from 'react-router';
import { t } from '#lib/i18n.ts';
import type { DashboardStats } from '#modules/dashboard/dashboard.schema.ts';
import { FormMessage } from '../../components/form-message.tsx';
import { pageMeta } from '../../page-meta.ts';
import type { loader as adminLoader } from './layout.tsx';
import type { Route } from './+types/dashboard';

const NO_STATS: DashboardStats = {
  totalProperties: 0,
  activeRentals: 0,
  registeredUsers: 0,
  requestedProperties: 0,
  suppliedProperties: 0,
  pendingApprovals: 0,
};

/** The counts, or zeros and a message when they cannot be read (the spec's defaults). */
export async function loader({ context }: Route.LoaderArgs) {
  try {
    return { stats: await context.services.dashboard.getStats(), hasFailed: false };
  } catch (error) {
    console.warn('dashboard counts failed', error);
    return { stats: NO_STATS, hasFailed: true };
  }
}

export function meta() {
  return pageMeta({ title: t('admin.overview'), description: t('admin.title') });
}

export default function Dashboard({ loaderData: { stats, hasFailed } }: Route.ComponentProps) {
  const username = useRouteLoaderData<typeof adminLoader>('admin-layout')?.admin.username;
  return (
    <main id="main" className="container-page space-y-6 py-10">
      <h1 className="text-3xl font-bold">
        {t('admin.welcome', { username: username || t('admin.fallbackName') })}
      </h1>
      <h2 className="text-xl font-semibold text-slate-700">{t('admin.overview')}</h2>
      {hasFailed && <FormMessage tone="error">{t('admin.statsFailed')}</FormMessage>}
      <dl className="grid grid-cols-2 gap-4 lg:grid-cols-3">
        {(Object.keys(NO_STATS) as (keyof DashboardStats)[]).map((name) => (
          <div key={name} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
            <dt className="text-sm font-medium text-slate-600">{t(`admin.stat.${name}`)}</dt>
            <dd className="mt-2 text-3xl font-bold text-brand-800">
              {stats[name].toLocaleString('en-US')}
            </dd>
          </div>
        ))}
      </dl>
    </main>
  );
}
