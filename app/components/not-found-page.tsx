import { Link } from '#app/components/link.tsx';
import { t } from '#lib/i18n.pages.ts';
import { SearchAndCategories } from './search-and-categories.tsx';

/** The 404 page: the spec's message and way home, then the search and the categories. */
export function NotFoundPage() {
  return (
    <main id="main" className="container-page flex flex-col items-center py-24 text-center">
      <p className="text-7xl font-black text-brand-700" aria-hidden="true">
        404
      </p>
      <h1 className="mt-4 text-2xl font-bold text-slate-900 sm:text-3xl">
        {t('notFound.heading')}
      </h1>
      <Link to="/" className="button-primary mt-8">
        {t('notFound.back')}
      </Link>
      <SearchAndCategories className="mt-12" />
    </main>
  );
}
