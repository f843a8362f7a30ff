import { t } from '#lib/i18n.ts';
import { requireViewer } from '../auth.server.ts';
import { AccountPage } from '../components/account-page.tsx';
import { EmptyState } from '../components/listing-grid.tsx';
import { pageMeta } from '../page-meta.ts';
import type { Route } from './+types/property-requested';

/** Signed-in users only: anyone else goes through /login and comes back. */
export function loader({ request, context }: Route.LoaderArgs) {
  requireViewer(request, context);
  return null;
}

export function meta() {
  return pageMeta({ title: t('requested.heading'), description: t('requested.heading') });
}

export default function PropertyRequested() {
  return (
    <AccountPage
      heading={t('requested.heading')}
      action={{ to: '/create-request-property', label: t('requested.requestButton') }}
    >
      <EmptyState>{t('page.comingSoon')}</EmptyState>
    </AccountPage>
  );
}
