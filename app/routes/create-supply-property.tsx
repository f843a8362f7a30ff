import { t } from '#lib/i18n.ts';
import { requireViewer } from '../auth.server.ts';
import { AccountPage } from '../components/account-page.tsx';
import { EmptyState } from '../components/listing-grid.tsx';
import { pageMeta } from '../page-meta.ts';
import type { Route } from './+types/create-supply-property';

/** Signed-in users only: anyone else goes through /login and comes back. */
export function loader({ request, context }: Route.LoaderArgs) {
  requireViewer(request, context);
  return null;
}

export function meta() {
  return pageMeta({ title: t('supply.pageTitle'), description: t('supply.pageTitle') });
}

export default function CreateSupplyProperty() {
  return (
    <AccountPage heading={t('supply.title')} action={{ to: '/', label: t('supply.backHome') }}>
      <EmptyState>{t('page.comingSoon')}</EmptyState>
    </AccountPage>
  );
}
