import { useLocation } from 'react-router';
import { Link } from '#app/components/link.tsx';
import { t } from '#lib/i18n.all.ts';
import { pageCount, type Page } from '#lib/pagination.ts';

/** How many numbered buttons at most; beyond, the ones around the current page. */
const MAX_BUTTONS = 9;

/**
 * Numbered page buttons (spec: the dashboard's 'All Properties'): links to ?page=N that keep the
 * other query parameters, the current page marked with aria-current.
 */
export function AdminPageButtons({ page }: { page: Omit<Page<unknown>, 'items'> }) {
  const location = useLocation();
  const pages = pageCount(page);
  if (pages <= 1) return null;
  const first = Math.max(
    1,
    Math.min(page.page - Math.floor(MAX_BUTTONS / 2), pages - MAX_BUTTONS + 1),
  );
  const numbers = Array.from({ length: Math.min(MAX_BUTTONS, pages) }, (_, index) => first + index);
  const hrefFor = (target: number) => {
    const params = new URLSearchParams(location.search);
    params.set('page', String(target));
    return `${location.pathname}?${params}`;
  };
  return (
    <nav aria-label={t('manage.pages')}>
      <ul className="flex flex-wrap items-center gap-2">
        {numbers.map((number) => {
          const isCurrent = number === page.page;
          return (
            <li key={number}>
              <Link
                to={hrefFor(number)}
                aria-current={isCurrent ? 'page' : undefined}
                aria-label={t('manage.pageNumber', { page: number })}
                className={`inline-flex h-11 min-w-11 items-center justify-center rounded-lg border px-3 font-semibold ${
                  isCurrent
                    ? 'border-brand-700 bg-brand-700 text-white'
                    : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50'
                }`}
              >
                {number}
              </Link>
            </li>
          );
        })}
        {page.isTotalCapped && <li className="px-2 text-slate-600">…</li>}
      </ul>
    </nav>
  );
}
