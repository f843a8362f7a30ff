import { Link } from '#app/components/link.tsx';
import { t } from '#lib/i18n.ts';

/** Shown to signed-in admins while visitors see the maintenance page. */
export function MaintenanceBanner() {
  return (
    <div role="status" className="bg-amber-100 text-amber-950">
      <p className="container-page py-2 text-sm">
        <strong>{t('maintenance.banner')}</strong>{' '}
        <Link to="/admin-panel/settings" className="underline">
          {t('maintenance.bannerHint')}
        </Link>
      </p>
    </div>
  );
}
