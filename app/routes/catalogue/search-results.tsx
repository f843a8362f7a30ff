import { z } from 'zod';
import { t, tCount } from '#lib/i18n.ts';
import { DEFAULT_PAGE_SIZE, LIVE_SEARCH_MAX_LENGTH } from '#lib/limits.ts';
import { listQuerySchema, readListQuery } from '#lib/list-query.ts';
import { listingFilterFields } from '#lib/listing-schemas.ts';
import { OptionalListingTypeSchema } from '#lib/form-fields.ts';
import { isPropertyType, type AssetType, type PropertyType } from '#lib/listing.ts';
import { AssetCard } from '#app/components/asset-card.tsx';
import { Link } from '#app/components/link.tsx';
import { ListingGrid } from '#app/components/listing-grid.tsx';
import { Pagination } from '#app/components/pagination.tsx';
import { PropertyCard } from '#app/components/property-card.tsx';
import { pageMeta } from '#app/page-meta.ts';
import { requestContext } from '#server/load-context.ts';
import { loadFilteredList } from './filtered-list.server.ts';
import { ListFilters, WidenSearch } from './list-filters.tsx';
import { listSearch, toSavedFilters } from './list-filters.ts';
import { SaveSearchForm } from '#app/routes/saved-searches/save-search-form.tsx';
import type { Route } from './+types/search-results';

const KINDS = ['property', 'asset'] as const;

/** The full results of a home search: its text, one catalogue, the list filters and the page. */
const SearchResultsQuerySchema = listQuerySchema(DEFAULT_PAGE_SIZE, {
  q: z.string().max(LIVE_SEARCH_MAX_LENGTH).default(''),
  kind: z.enum(KINDS).default('property'),
  type: OptionalListingTypeSchema,
  ...listingFilterFields,
});

export async function loader({ request, context }: Route.LoaderArgs) {
  const {
    q,
    kind: askedKind,
    type,
    ...query
  } = readListQuery(new URL(request.url), SearchResultsQuerySchema);
  // A type belongs to one catalogue: it decides which one is shown.
  const kind = type ? (isPropertyType(type) ? 'property' : 'asset') : askedKind;
  const { services } = context.get(requestContext);
  const searchProperties = (listQuery: typeof query) =>
    services.listings.searchPublishedProperties(q, {
      ...listQuery,
      type: type as PropertyType | undefined,
    });
  const searchAssets = (listQuery: typeof query) =>
    services.assets.searchPublishedAssets(q, { ...listQuery, type: type as AssetType | undefined });
  const noCounts = async () => [];
  const shared = { q, type, query };
  if (kind === 'property') {
    const [found, assets] = await Promise.all([
      loadFilteredList(query, { list: searchProperties, countByDistrict: noCounts }),
      searchAssets({ ...query, page: 1, pageSize: 1 }),
    ]);
    return { ...shared, kind, properties: found.page, assets, widenings: found.widenings };
  }
  const [properties, found] = await Promise.all([
    searchProperties({ ...query, page: 1, pageSize: 1 }),
    loadFilteredList(query, { list: searchAssets, countByDistrict: noCounts }),
  ]);
  return { ...shared, kind, properties, assets: found.page, widenings: found.widenings };
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
  const kept: Record<string, string> = { kind, ...(q ? { q } : {}), ...(type ? { type } : {}) };
  const shown = kind === 'property' ? properties : assets;
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
      <h1 className="text-3xl font-bold">
        {q.trim() ? t('home.resultsFor', { query: q.trim() }) : t('search.allTitle')}
      </h1>
      <nav aria-label={t('search.catalogues')}>
        <ul className="flex gap-2 border-b border-slate-200">
          {tabs.map((tab) => {
            const isCurrent = tab.kind === kind;
            return (
              <li key={tab.kind}>
                <Link
                  to={listSearch({ ...query, ...kept, type: undefined }, { kind: tab.kind })}
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
      <ListFilters query={query} hasRooms={kind === 'property'} kept={kept} />
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
          {kind === 'property'
            ? properties.items.map((property, index) => (
                <PropertyCard
                  key={property._id}
                  property={property}
                  isPriority={index === 0}
                  isSavable
                />
              ))
            : assets.items.map((asset, index) => (
                <AssetCard key={asset._id} asset={asset} isPriority={index === 0} isSavable />
              ))}
        </ListingGrid>
      )}
      <Pagination page={shown} />
    </main>
  );
}
