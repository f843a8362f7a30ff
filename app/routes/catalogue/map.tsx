import { lazy, Suspense } from 'react';
import { useNavigate, useNavigation } from 'react-router';
import { z } from 'zod';
import { localePath } from '#lib/i18n.ts';
import { t, tCount } from '#lib/i18n.pages.ts';
import { DEFAULT_PAGE_SIZE, HOME_GRID_SIZE, LIVE_SEARCH_MAX_LENGTH } from '#lib/limits.ts';
import { listQuerySchema, readListQuery } from '#lib/list-query.ts';
import { listingFilterFields, type ListQuery } from '#lib/listing-schemas.ts';
import {
  isPropertyType,
  kindOfType,
  LISTING_KINDS,
  LISTING_TYPES,
  type ListingKind,
  type ListingType,
} from '#lib/listing.ts';
import { OptionalListingTypeSchema } from '#lib/form-fields.ts';
import type { SearchArea } from '#lib/map.ts';
import type { Page } from '#lib/pagination.ts';
import { kindsOnMap } from '#modules/map/map.service.ts';
import { Link } from '#app/components/link.tsx';
import { ListingCards } from '#app/components/listing-cards.tsx';
import { EmptyState, ListingGrid } from '#app/components/listing-grid.tsx';
import { Pagination } from '#app/components/pagination.tsx';
import { KIND_TYPES, typeListPath } from '#app/listing-kind.ts';
import { redirectPastLastPage } from '#app/last-page.server.ts';
import { pageMeta } from '#app/page-meta.ts';
import { useIsHydrated } from '#app/use-is-hydrated.ts';
import { getMapTiles, getServices } from '#server/load-context.ts';
import { LIST_RESULTS_ID, listSearch } from './filter-query.ts';
import { ListFilters } from './list-filters.tsx';
import mapStylesUrl from './map.css?url';
import type { Route } from './+types/map';

// Leaflet and the clustering load with this chunk only, once the page runs: no other page's
// JavaScript carries them, and the server never renders them.
const ListingMap = lazy(() => import('./listing-map.client.tsx'));

/** What the map shows: a list's filters, a catalogue or one type, a search's words, the page. */
const MapPageQuerySchema = listQuerySchema(DEFAULT_PAGE_SIZE, {
  q: z.string().max(LIVE_SEARCH_MAX_LENGTH).default(''),
  kind: z.enum(LISTING_KINDS).optional(),
  type: OptionalListingTypeSchema,
  ...listingFilterFields,
});

/** The map's own parameters beside the filters, as links keep them. */
type MapParams = { q?: string; kind?: ListingKind; type?: ListingType };

// Leaflet's own styles come with the lazy chunk, which alone draws a map. (The address is empty
// only where no build made one: pages rendered in tests.)
export const links: Route.LinksFunction = () =>
  mapStylesUrl ? [{ rel: 'stylesheet', href: mapStylesUrl }] : [];

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { q, kind, type, ...query } = readListQuery(url, MapPageQuerySchema);
  const services = getServices(context);
  const kinds = kindsOnMap({ kind, type, ...query });
  // One catalogue: its pages of cards. Both: the first cards of each, and a link to the rest.
  const isOneKind = kinds.length === 1;
  const listQuery = isOneKind ? query : { ...query, page: 1, pageSize: HOME_GRID_SIZE };
  const list = <K extends ListingKind>(listKind: K) =>
    kinds.includes(listKind)
      ? services.catalogue[listKind].searchPublished(q, { ...listQuery, type })
      : undefined;
  const { page: _page, pageSize: _pageSize, ...filters } = query;
  const [properties, assets, points] = await Promise.all([
    list('property'),
    list('asset'),
    services.map.listPoints({ q, kind, type, ...filters }),
  ]);
  const shown = properties ?? assets;
  if (isOneKind && shown) redirectPastLastPage(request, shown);
  return {
    q,
    kind,
    type,
    query,
    properties,
    assets,
    points: points.points,
    isCapped: points.isCapped,
    limit: points.limit,
    tiles: getMapTiles(context),
  };
}

/** The map's heading: of a type when it shows one ("Map of listings: House"). */
function headingOf(type: ListingType | undefined): string {
  return type ? t('map.titleOf', { type: t(`type.${type}`) }) : t('map.title');
}

export function meta({ data }: Route.MetaArgs) {
  return pageMeta({ title: headingOf(data?.type), description: t('map.description') });
}

/**
 * The list page the "List" link leads back to: a type's list (a landing page's filters set),
 * else the search page with the same words, catalogue and filters.
 */
function listPathOf(query: ListQuery, { q, kind, type }: MapParams): string {
  const [path, search] =
    type && !q
      ? [typeListPath(type), listSearch(query)]
      : [
          '/search',
          listSearch(query, {
            q: q || undefined,
            kind: type ? kindOfType(type) : (kind ?? 'property'),
            type,
          }),
        ];
  return search === '?' ? path : path + search;
}

export default function MapPage({ loaderData }: Route.ComponentProps) {
  const { q, kind, type, query, properties, assets, points, isCapped, limit, tiles } = loaderData;
  const navigate = useNavigate();
  const navigation = useNavigation();
  const isHydrated = useIsHydrated();
  const params: MapParams = { q: q || undefined, kind, type };
  const searchArea = (area: SearchArea) => {
    const search = listSearch({ ...query, ...params }, { ...area, sort: 'distance' });
    void navigate(localePath(`/map${search}`), { preventScrollReset: true });
  };
  const kinds = [properties && 'property', assets && 'asset'].filter(Boolean);
  // Both catalogues show their first cards, each with a link to the rest; one alone, its pages.
  const seeAllOf = (listKind: ListingKind) =>
    kinds.length > 1 ? listPathOf(query, { ...params, kind: listKind }) : undefined;
  const hasRooms = kind !== 'asset' && (!type || isPropertyType(type));
  return (
    <main id="main" className="container-page space-y-4 py-6 sm:py-8">
      <div>
        <h1 className="text-2xl font-bold sm:text-3xl">{headingOf(type)}</h1>
        <div className="mt-1 flex items-center justify-between gap-3">
          <p id={LIST_RESULTS_ID} tabIndex={-1} className="scroll-mt-4 text-slate-600">
            {tCount('map.count', points.length, { count: points.length })}
          </p>
          <Link to={listPathOf(query, params)} className="button-secondary shrink-0">
            <svg viewBox="0 0 24 24" className="icon h-5 w-5" aria-hidden="true">
              <path d="M8 6h13M8 12h13M8 18h13M3.5 6h.01M3.5 12h.01M3.5 18h.01" />
            </svg>
            {t('map.showList')}
          </Link>
        </div>
      </div>
      <ListFilters
        query={query}
        hasRooms={hasRooms}
        kept={
          Object.fromEntries(
            Object.entries({ q: params.q, kind }).filter(([, value]) => value),
          ) as Record<string, string>
        }
        types={kind ? KIND_TYPES[kind] : LISTING_TYPES}
        type={type}
        // The map stays in view: the filters open when asked, whatever is set.
        isOpen={false}
      />
      <a
        href="#map-results"
        className="sr-only rounded bg-white px-3 py-2 font-medium focus:not-sr-only focus:inline-block"
      >
        {t('map.skip')}
      </a>
      <section
        id="listing-map"
        aria-label={t('map.region')}
        className="relative -mx-4 h-[58svh] min-h-80 overflow-hidden border-y border-slate-200 bg-slate-200 sm:mx-0 sm:h-[520px] sm:rounded-xl sm:border"
      >
        {isHydrated ? (
          <Suspense fallback={<MapNote text={t('map.loading')} />}>
            <ListingMap
              points={points}
              tiles={tiles}
              near={query.near}
              radiusKm={query.radiusKm}
              isSearching={navigation.state !== 'idle'}
              onSearchArea={searchArea}
            />
          </Suspense>
        ) : (
          // Shown only where scripts do not run (map.css): the note, then the list at once.
          <MapNote text={t('map.noScript')} className="map-no-script" />
        )}
      </section>
      {isCapped && <p className="text-sm text-slate-700">{t('map.capped', { limit })}</p>}
      {points.length === 0 && <p className="text-sm text-slate-700">{t('map.noPoints')}</p>}
      <div id="map-results" tabIndex={-1} className="scroll-mt-4 space-y-8 pt-2">
        {properties && <MapList kind="property" page={properties} seeAll={seeAllOf('property')} />}
        {assets && <MapList kind="asset" page={assets} seeAll={seeAllOf('asset')} />}
      </div>
    </main>
  );
}

/** A word in the map's place: while it loads, or without JavaScript. */
function MapNote({ text, className = 'flex' }: { text: string; className?: string }) {
  return (
    <p className={`h-full items-center justify-center p-6 text-center text-slate-700 ${className}`}>
      {text}
    </p>
  );
}

/** Each catalogue's heading and count below the map, when both are shown. */
const LIST_TEXTS = {
  property: { heading: 'home.properties', count: 'home.propertyCount' },
  asset: { heading: 'home.assets', count: 'home.assetCount' },
} as const;

/**
 * The cards of one catalogue below the map: the accessible view of what the map shows. Alone,
 * with its pages; beside the other catalogue, its first cards and a link to the rest.
 */
function MapList<Kind extends ListingKind>({
  kind,
  page,
  seeAll,
}: {
  kind: Kind;
  page: Page<Parameters<typeof ListingCards<Kind>>[0]['listings'][number]>;
  /** The list of this catalogue alone, when the other is shown too. */
  seeAll: string | undefined;
}) {
  const texts = LIST_TEXTS[kind];
  const heading = seeAll ? t(texts.heading) : t('map.listHeading');
  const count = tCount(texts.count, page.total, {
    count: page.isTotalCapped ? `${page.total}+` : page.total,
  });
  return (
    <section aria-labelledby={`map-list-${kind}`} className="space-y-4">
      <h2 id={`map-list-${kind}`} className="text-xl font-bold">
        {heading} <span className="text-base font-normal text-slate-600">({count})</span>
      </h2>
      {page.items.length === 0 ? (
        <EmptyState>{t('search.nothing')}</EmptyState>
      ) : (
        <ListingGrid>
          <ListingCards kind={kind} listings={page.items} featured={page.featured} />
        </ListingGrid>
      )}
      {seeAll ? (
        page.total > page.items.length && (
          <Link to={seeAll} className="button-secondary">
            {t('map.seeAll')}
          </Link>
        )
      ) : (
        <Pagination page={page} />
      )}
    </section>
  );
}
