import { t, localePath } from '#lib/i18n.ts';
import type { MaintenanceNotice } from '#app/root.server.ts';

/** What visitors see while maintenance mode is on (answered with 503 and Retry-After). */
export function MaintenancePage({ notice }: { notice: MaintenanceNotice }) {
  return (
    <main id="main" className="container-page flex min-h-[70vh] items-center justify-center py-16">
      <title>{`${t('maintenance.title')} | ${t('brand.name')}`}</title>
      <div className="max-w-xl space-y-5 text-center">
        <p className="text-xl font-bold text-brand-800">{t('brand.name')}</p>
        <h1 className="text-3xl font-bold sm:text-4xl">{t('maintenance.title')}</h1>
        <p className="text-lg text-slate-700">{t('maintenance.body')}</p>
        {notice.contactEmail && (
          <p className="text-slate-700">
            {t('maintenance.contact')}{' '}
            <a href={`mailto:${notice.contactEmail}`} className="text-brand-800 underline">
              {notice.contactEmail}
            </a>
          </p>
        )}
        {notice.footerText && <p className="text-sm text-slate-500">{notice.footerText}</p>}
        <p>
          {/* A plain link: a full page load, as the client router's data request would be refused. */}
          <a href={localePath('/login')} className="text-sm font-medium text-brand-800 underline">
            {t('maintenance.adminLogin')}
          </a>
        </p>
      </div>
    </main>
  );
}
