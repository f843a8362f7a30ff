import { useRouteLoaderData } from 'react-router';
import { t } from '#lib/i18n.ts';
import { EmptyState } from '../../components/listing-grid.tsx';
import { pageMeta } from '../../page-meta.ts';
import type { loader as adminLoader } from './layout.tsx';

export function meta() {
  return pageMeta({ title: t('admin.overview'), description: t('admin.title') });
}

export default function Dashboard() {
  const username = useRouteLoaderData<typeof adminLoader>('admin-layout')?.admin.username;
  return (
    <main id="main" className="container-page space-y-6 py-10">
      <h1 className="text-3xl font-bold">
        {t('admin.welcome', { username: username || t('admin.fallbackName') })}
      </h1>
      <h2 className="text-xl font-semibold text-slate-700">{t('admin.overview')}</h2>
      <EmptyState>{t('page.comingSoon')}</EmptyState>
    </main>
  );
}
