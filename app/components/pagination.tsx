import { useLocation } from 'react-router';
import { Link } from '#app/components/link.tsx';
import { t } from '#lib/i18n.pages.ts';
import { pageCount, type Page } from '#lib/pagination.ts';

/** Previous/next links that keep the other query parameters (filters, sort). */
export function Pagination({ page }: { page: Omit<Page<unknown>, 'items'> }) {
  const location = useLocation();
  const pages = pageCount(page);
  const hasNext = page.page < pages;
  if (page.page === 1 && !hasNext) return null;
  const hrefFor = (target: number) => {
    const params = new URLSearchParams(location.search);
    params.set('page', String(target));
    return `${location.pathname}?${params}`;
  };
  const linkClass = 'button-secondary';
  return (
    <nav aria-label={t('listing.pagination')} className="flex items-center justify-between gap-4">
      {page.page > 1 ? (
        <Link to={hrefFor(page.page - 1)} className={linkClass} rel="prev">
          {t('listing.previous')}
        </Link>
      ) : (
        <span />
      )}
      <p className="text-sm text-slate-600">
        {t('listing.pageOf', { page: page.page, pages: page.isTotalCapped ? `${pages}+` : pages })}
      </p>
      {hasNext ? (
        <Link to={hrefFor(page.page + 1)} className={linkClass} rel="next">
          {t('listing.next')}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
