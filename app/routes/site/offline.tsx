import { useLocation } from 'react-router';
import { Link } from '#app/components/link.tsx';
import { safeNextPath } from '#lib/account.ts';
import { t } from '#lib/i18n.ts';
import { useIsHydrated } from '#app/use-is-hydrated.ts';

export function meta() {
  // Shown only by the service worker; nothing for search engines to list.
  return [
    { title: `${t('offline.title')} | ${t('brand.name')}` },
    { name: 'robots', content: 'noindex' },
  ];
}

/**
 * What the service worker (app/service-worker/) shows for a page the phone has not kept while
 * there is no connection, in the language of the page asked for; with `?form=not-sent`, for a form
 * posted without JavaScript that could not leave. It keeps all three languages from its install,
 * so this page never depends on the connection it reports missing.
 */
export default function OfflinePage() {
  const { search } = useLocation();
  const isHydrated = useIsHydrated();
  const params = new URLSearchParams(search);
  const isNotSent = params.get('form') === 'not-sent';
  // The page the visitor wanted. The kept copy of this page was made without it, so the link
  // takes it only once the page runs: the first render must match the kept HTML.
  const wanted = isHydrated ? safeNextPath(params.get('next')) : undefined;
  return (
    <main id="main" className="container-page max-w-xl py-16 text-center">
      <svg viewBox="0 0 24 24" aria-hidden="true" className="icon mx-auto h-14 w-14 text-brand-700">
        <path d="M2 8.8a15 15 0 0 1 20 0M5 12.5a10 10 0 0 1 14 0M8.5 16.1a5 5 0 0 1 7 0M12 20h.01M3 3l18 18" />
      </svg>
      <h1 className="mt-4 text-2xl font-bold">
        {isNotSent ? t('offline.notSentTitle') : t('offline.title')}
      </h1>
      <p className="mt-4 text-slate-700">
        {isNotSent ? t('offline.notSentBody') : t('offline.body')}
      </p>
      <div className="mt-8 flex flex-col items-stretch gap-3 sm:flex-row sm:justify-center">
        {isNotSent ? (
          // Back restores the form with what was typed; without JavaScript the text says so.
          isHydrated && (
            <button type="button" className="button-primary" onClick={() => history.back()}>
              {t('offline.goBack')}
            </button>
          )
        ) : (
          <Link to={wanted ?? '/'} className="button-primary">
            {t('offline.retry')}
          </Link>
        )}
        <Link to="/favourites" className="button-secondary">
          {t('offline.saved')}
        </Link>
      </div>
    </main>
  );
}
