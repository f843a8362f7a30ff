import { z } from 'zod';
import { t, tCount } from '#lib/i18n.pages.ts';
import { DEFAULT_PAGE_SIZE, LIVE_SEARCH_MAX_LENGTH } from '#lib/limits.ts';
import { listQuerySchema, readListQuery } from '#lib/list-query.ts';
import { listingFilterFields } from '#lib/listing-schemas.ts';
import { kindOfType, toListingFilters } from '#lib/listing.ts';
import { OptionalListingTypeSchema } from '#lib/form-fields.ts';
import type { ListingKind } from '#lib/listing.ts';
import { readSearchText, searchWords, type TextFilters } from '#lib/search-text.ts';
import { redirect } from '#app/locale-redirect.ts';
import { Link } from '#app/components/link.tsx';
import { ListingCards } from '#app/components/listing-cards.tsx';
import { ListingGrid } from '#app/components/listing-grid.tsx';
import { Pagination } from '#app/components/pagination.tsx';
import { hasRooms, KIND_TYPES } from '#app/listing-kind.ts';
import { pageMeta } from '#app/page-meta.ts';
import { loadFilteredList } from './filtered-list.server.ts';
import { redirectPastLastPage } from '#app/last-page.server.ts';
import { ListFilters, WidenSearch } from './list-filters.tsx';
import { LIST_RESULTS_ID, listSearch, toSavedFilters } from './filter-query.ts';
import { SaveSearchForm } from '#app/routes/saved-searches/save-search-form.tsx';
import { MapLink } from './map-link.tsx';
import { getServices } from '#server/load-context.ts';
import type { Route } from './+types/search-results';

const KINDS = ['property', 'asset'] as const;

/** The full results of a home search: its text, one catalogue, the list filters and the page. */
const SearchResultsQuerySchema = listQuerySchema(DEFAULT_PAGE_SIZE, {
  q: z.string().max(LIVE_SEARCH_MAX_LENGTH).default(''),
  kind: z.enum(KINDS).default('property'),
  type: OptionalListingTypeSchema,
  ...listingFilterFields,
});

/**
 * The address of a search whose text names filters ("inzu ikodeshwa Kicukiro"): the same search
 * with those filters set, as the filters form would set them, and the words left to find.
 */
function understoodPath(url: URL, text: string, named: TextFilters): string {
  const understood = new URL(url);
  const params = understood.searchParams;
  if (text) params.set('q', text);
  else params.delete('q');
  for (const [key, value] of Object.entries(named)) params.set(key, String(value));
  if (named.offer) params.delete('status');
  // A type belongs to one catalogue, and rooms are a property's. The page stays: the search is
  // the one asked for, said otherwise.
  if (named.type) params.set('kind', kindOfType(named.type));
  else if (!params.get('type') && (named.bedrooms ?? named.bathrooms) !== undefined) {
    params.set('kind', 'property');
  }
  return `${understood.pathname}?${params}`;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { q, kind: askedKind, type, ...query } = readListQuery(url, SearchResultsQuerySchema);
  // The words that name a filter, in any language, become that filter in the address, where the
  // filters form shows it and a saved search keeps it; the words that only join others go.
  const { text, ...named } = readSearchText(q, { type, ...toListingFilters(query) });
  if (Object.keys(named).length > 0 || searchWords(text).join() !== searchWords(q).join()) {
    throw redirect(understoodPath(url, text, named));
  }
  // A type belongs to one catalogue: it decides which one is shown.
  const kind = type ? kindOfType(type) : askedKind;
  const catalogues = getServices(context).catalogue;
  const noCounts = async () => [];
  // The shown catalogue in full, with the filters to drop when nothing matches; the other one
  // only for the count on its tab.
  const searchIn = async <K extends ListingKind>(listKind: K) => {
    const list = (listQuery: typeof query) =>
      catalogues[listKind].searchPublished(q, { ...listQuery, type });
    if (listKind !== kind) {
      return { page: await list({ ...query, page: 1, pageSize: 1 }), widenings: [] };
    }
    return loadFilteredList(query, { list, countByDistrict: noCounts });
  };
  const [properties, assets] = await Promise.all([searchIn('property'), searchIn('asset')]);
  const found = { property: properties, asset: assets }[kind];
  redirectPastLastPage(request, found.page);
  // A filter to drop leads to the same search without it: its text, catalogue and type kept.
  const widenings = found.widenings.map((widening) => ({
    ...widening,
    without: { ...widening.without, kind, q: q || undefined, type },
  }));
  return {
    q,
    type,
    query,
    kind,
    properties: properties.page,
    assets: assets.page,
    widenings,
  };
}

export function meta({ data }: Route.MetaArgs) {
  const q = data?.q.trim();
  return pageMeta({
    title: q ? t('home.resultsFor', { query: q }) : t('search.allTitle'),
    description: t('home.description'),
  });
}

function countText(
  total: number,
  isCapped: boolean,
  key: 'home.propertyCount' | 'home.assetCount',
) {
  return tCount(key, total, { count: isCapped ? `${total}+` : total });
}

export default function SearchResults({ loaderData }: Route.ComponentProps) {
  const { q, kind, type, query, properties, assets, widenings } = loaderData;
  // The search's own parameters beside the filters (the type is one of the filters shown).
  const kept: Record<string, string> = { kind, ...(q ? { q } : {}) };
  const shown = { property: properties, asset: assets }[kind];
  const tabs = [
    {
      kind: 'property',
      label: t('home.properties'),
      page: properties,
      count: 'home.propertyCount',
    },
    { kind: 'asset', label: t('home.assets'), page: assets, count: 'home.assetCount' },
  ] as const;
  return (
    <main id="main" className="container-page space-y-5 py-8 sm:py-10">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 id={LIST_RESULTS_ID} tabIndex={-1} className="min-w-0 scroll-mt-4 text-3xl font-bold">
          {q.trim() ? t('home.resultsFor', { query: q.trim() }) : t('search.allTitle')}
        </h1>
        <MapLink query={query} q={q} kind={kind} type={type} />
      </div>
      <nav aria-label={t('search.catalogues')}>
        <ul className="flex gap-2 border-b border-slate-200">
          {tabs.map((tab) => {
            const isCurrent = tab.kind === kind;
            return (
              <li key={tab.kind}>
                <Link
                  to={listSearch({ ...query, ...kept }, { kind: tab.kind })}
                  aria-current={isCurrent ? 'page' : undefined}
                  className={`-mb-px inline-block border-b-2 px-3 py-2 font-medium ${
                    isCurrent
                      ? 'border-brand-700 text-brand-800'
                      : 'border-transparent text-slate-600 hover:text-slate-900'
                  }`}
                >
                  {tab.label}{' '}
                  <span className="text-sm text-slate-600">
                    ({countText(tab.page.total, tab.page.isTotalCapped, tab.count)})
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <ListFilters
        query={query}
        hasRooms={hasRooms(kind)}
        kept={kept}
        types={KIND_TYPES[kind]}
        type={type}
      />
      <SaveSearchForm
        filters={{ q: q.trim() || undefined, type, ...toSavedFilters(query) }}
        defaultName={
          [q.trim() && `“${q.trim()}”`, type && t(`type.${type}`)].filter(Boolean).join(' · ') ||
          t('search.allTitle')
        }
      />
      {shown.items.length === 0 ? (
        <WidenSearch widenings={widenings} emptyText={t('search.nothing')} />
      ) : (
        <ListingGrid>
          <ListingCards kind={kind} listings={shown.items} featured={shown.featured} />
        </ListingGrid>
      )}
      <Pagination page={shown} />
    </main>
  );
}
