import { Form, useSearchParams, type ShouldRevalidateFunctionArgs } from 'react-router';
import { t, tCount, localePath } from '#lib/i18n.ts';
import { AssetCard } from '#app/components/asset-card.tsx';
import { FormMessage } from '#app/components/form-message.tsx';
import { Icon } from '#app/components/icon.tsx';
import { EmptyState, ListingGrid } from '#app/components/listing-grid.tsx';
import { PropertyCard } from '#app/components/property-card.tsx';
import { pageMeta } from '#app/page-meta.ts';
import { readListQuery } from '#lib/list-query.ts';
import { toListingFilters } from '#lib/listing.ts';
import { Link } from '#app/components/link.tsx';
import { CategoryChips } from '#app/components/search-and-categories.tsx';
import { SearchQuerySchema, type SearchAnswer } from '#modules/search/search.schema.ts';
import { useLiveSearch } from './use-live-search.ts';
import type { Route } from './+types/home';
import { getServices } from '#server/load-context.ts';

export async function loader({ request, context }: Route.LoaderArgs) {
  const { q: query, ...filters } = readListQuery(new URL(request.url), SearchQuerySchema);
  const services = getServices(context);
  const results = await services.search.searchCatalogue(query, toListingFilters(filters));
  return { query, filters, results };
}

/**
 * The grids follow the search box, not form posts elsewhere on the page (the newsletter, a
 * card's heart, whose state the root loader reads again): the router's address may lag behind
 * the one live search wrote, and reloading it would undo what the visitor typed.
 */
export function shouldRevalidate({
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  return formMethod && formMethod !== 'GET' ? false : defaultShouldRevalidate;
}

export function meta() {
  return pageMeta({
    title: t('home.title'),
    description: t('home.description'),
  });
}

/** '1 property', '12 properties', or '1000+ properties' past the counting cap. */
function countText(
  base: 'home.propertyCount' | 'home.assetCount' | 'home.seeAllProperties' | 'home.seeAllAssets',
  total: { count: number; isCapped: boolean },
): string {
  const shown = total.isCapped ? t('home.countCapped', { count: total.count }) : total.count;
  return tCount(base, total.count, { count: shown });
}

function SeeAll({ to, text }: { to: string; text: string }) {
  return (
    <p>
      <Link to={to} className="button-secondary">
        {text} <span aria-hidden="true">→</span>
      </Link>
    </p>
  );
}

/**
 * The full, filterable results of the home search, in one catalogue: the filters its words name
 * ("inzu", "à louer") set as the search page's filters, and the other words its text.
 */
function seeAllHref(
  understood: SearchAnswer['understood'],
  filters: Route.ComponentProps['loaderData']['filters'],
  kind: string,
) {
  const { q, ...named } = understood;
  const params = new URLSearchParams({ kind });
  if (q) params.set('q', q);
  for (const [key, value] of Object.entries({ ...filters, ...named })) {
    if (value !== undefined && !(key === 'sort' && value === 'newest'))
      params.set(key, String(value));
  }
  return `/search?${params}`;
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const search = useLiveSearch(loaderData.query, loaderData.results);
  const { properties, assets, totals, featuredIds } = search.results;
  const hasQuery = search.query.trim() !== '';
  const { filters } = loaderData;
  // Set by the account page after a user deleted their own account.
  const isAccountDeleted = useSearchParams()[0].has('accountDeleted');

  return (
    <main id="main">
      {isAccountDeleted && (
        <div className="container-page pt-4">
          <FormMessage tone="success">{t('myData.deleted')}</FormMessage>
        </div>
      )}
      <section className="bg-gradient-to-br from-brand-900 via-brand-800 to-brand-700 text-white">
        <div className="container-page py-6 sm:py-20">
          {/* On a phone the results take the hero's place while the visitor types. */}
          <div className={hasQuery ? 'sr-only sm:not-sr-only' : undefined}>
            <h1 className="max-w-3xl text-2xl leading-tight font-extrabold sm:text-5xl">
              {t('home.hero')}
            </h1>
            <p className="mt-4 hidden max-w-2xl text-lg text-brand-50 sm:block">
              {t('home.heroSubtitle')}
            </p>
          </div>
          <Form
            method="get"
            action={localePath('/')}
            role="search"
            className="mt-4 flex max-w-2xl gap-2 sm:mt-8"
            onSubmit={(event) => {
              event.preventDefault();
              search.searchNow();
            }}
          >
            <label htmlFor="search" className="sr-only">
              {t('home.searchLabel')}
            </label>
            <input
              id="search"
              name="q"
              type="search"
              value={search.query}
              onChange={(event) => search.setQuery(event.target.value)}
              placeholder={t('home.searchPlaceholder')}
              autoComplete="off"
              enterKeyHint="search"
              className="min-h-12 w-full min-w-0 rounded-lg border-0 bg-white px-4 text-base text-slate-900 placeholder:text-slate-500"
            />
            <button
              type="submit"
              className="button-primary min-h-12 shrink-0 bg-amber-400 text-amber-950 hover:bg-amber-300"
            >
              <Icon name="search" />
              <span className="sr-only sm:not-sr-only">{t('home.searchButton')}</span>
            </button>
          </Form>
          <div className="mt-3 min-h-6 max-w-2xl" aria-live="polite">
            {search.status === 'loading' && (
              <p className="text-sm text-brand-50">{t('home.searching')}</p>
            )}
            {search.status === 'error' && (
              <div className="flex items-center gap-3">
                <FormMessage tone="error">{t('home.searchFailed')}</FormMessage>
                <button type="button" className="button-secondary" onClick={search.searchNow}>
                  {t('home.retry')}
                </button>
              </div>
            )}
          </div>
        </div>
      </section>

      <CategoryChips />
      <div
        className="container-page space-y-10 py-6 sm:py-10"
        aria-busy={search.status === 'loading'}
      >
        {hasQuery && (
          <p className="text-lg font-semibold text-slate-800">
            {t('home.resultsFor', { query: search.query.trim() })}
          </p>
        )}
        <section aria-labelledby="properties-heading" className="space-y-4">
          <div className="flex items-baseline justify-between gap-4">
            <h2 id="properties-heading" className="text-2xl font-bold">
              {t('home.properties')}
            </h2>
            {hasQuery && (
              <p className="text-sm text-slate-600">
                {countText('home.propertyCount', totals.properties)}
              </p>
            )}
          </div>
          {properties.length === 0 ? (
            <EmptyState>{t('listing.noProperties')}</EmptyState>
          ) : (
            <ListingGrid>
              {properties.map((property, index) => (
                <PropertyCard
                  key={property._id}
                  property={property}
                  isPriority={index === 0}
                  isFeatured={featuredIds.includes(property._id)}
                  isSavable
                />
              ))}
            </ListingGrid>
          )}
          {totals.properties.count > properties.length && (
            <SeeAll
              to={seeAllHref(search.results.understood, filters, 'property')}
              text={countText('home.seeAllProperties', totals.properties)}
            />
          )}
        </section>
        <section aria-labelledby="assets-heading" className="space-y-4">
          <div className="flex items-baseline justify-between gap-4">
            <h2 id="assets-heading" className="text-2xl font-bold">
              {t('home.assets')}
            </h2>
            {hasQuery && (
              <p className="text-sm text-slate-600">
                {countText('home.assetCount', totals.assets)}
              </p>
            )}
          </div>
          {assets.length === 0 ? (
            <EmptyState>{t('listing.noAssets')}</EmptyState>
          ) : (
            <ListingGrid>
              {assets.map((asset) => (
                <AssetCard
                  key={asset._id}
                  asset={asset}
                  isFeatured={featuredIds.includes(asset._id)}
                  isSavable
                />
              ))}
            </ListingGrid>
          )}
          {totals.assets.count > assets.length && (
            <SeeAll
              to={seeAllHref(search.results.understood, filters, 'asset')}
              text={countText('home.seeAllAssets', totals.assets)}
            />
          )}
        </section>
      </div>
    </main>
  );
}
