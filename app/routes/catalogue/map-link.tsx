import { t } from '#lib/i18n.pages.ts';
import type { ListQuery } from '#lib/listing-schemas.ts';
import type { ListingKind, ListingType } from '#lib/listing.ts';
import { Link } from '#app/components/link.tsx';
import { listSearch } from './filter-query.ts';

/**
 * The "Map" toggle of a list: the same listings on /map, with the list's filters, words and
 * catalogue or type, in the page's language.
 */
export function MapLink({
  query,
  q,
  kind,
  type,
}: {
  query: ListQuery;
  q?: string;
  kind?: ListingKind;
  type?: ListingType;
}) {
  // The first page of the list is its own: the map shows every page's listings.
  const search = listSearch(query, { q: q || undefined, kind, type, page: 1 });
  return (
    <Link to={`/map${search === '?' ? '' : search}`} className="button-secondary shrink-0">
      {/* A folded map, drawn here rather than in the shared icons: the home page carries those. */}
      <svg viewBox="0 0 24 24" className="icon h-5 w-5" aria-hidden="true">
        <path d="M9 4 3 6v14l6-2 6 2 6-2V4l-6 2zm0 0v14m6-12v14" />
      </svg>
      {t('map.show')}
    </Link>
  );
}
