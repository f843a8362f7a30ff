import { t } from '#lib/i18n.ts';
import { requireViewer } from '../auth.server.ts';
import { AccountPage } from '../components/account-page.tsx';
import { EmptyState } from '../components/listing-grid.tsx';
import { pageMeta } from '../page-meta.ts';
import type { Route } from './+types/supplied-property';

/** Signed-in users only: anyone else goes through /login and comes back. */
export function loader({ request, context }: Route.LoaderArgs) {
  requireViewer(request, context);
  return null;
}

export function meta() {
  return pageMeta({ title: t('supplied.heading'), description: t('supplied.heading') });
}

export default function SuppliedProperty() {
  return (
    <AccountPage
      heading={t('supplied.heading')}
      action={{ to: '/create-supply-property', label: t('supplied.supplyButton') }}
    >
      <EmptyState>{t('page.comingSoon')}</EmptyState>
    </AccountPage>
  );
}
