import { data } from 'react-router';
import { localePath, withoutLocale } from '#lib/i18n.ts';
import { t, tCount } from '#lib/i18n.pages.ts';
import type { ListingKind } from '#lib/listing.ts';
import { landingPath, landingTitle, parseLanding } from '#lib/landing.ts';
import { readListQuery } from '#lib/list-query.ts';
import { redirectPastLastPage } from '#app/last-page.server.ts';
import { ListQuerySchema, type ListQuery } from '#lib/listing-schemas.ts';
import { ListingCards } from '#app/components/listing-cards.tsx';
import { hasRooms, typeListPath, withKind, type TypeWithKind } from '#app/listing-kind.ts';
import { getSiteOrigin } from '#app/site-origin.server.ts';
import { pageMeta } from '#app/page-meta.ts';
import { loadFilteredList } from './filtered-list.server.ts';
import type { CatalogueService } from '#modules/catalogue/catalogue.service.ts';
import { TypeListPage } from './type-list-page.tsx';
import { getServices } from '#server/load-context.ts';
import type { Route } from './+types/place-landing';

/** The published listings of one type, filtered, in its kind's catalogue. */
async function loadTypeList<K extends ListingKind>(
  catalogues: CatalogueService,
  { kind, type }: TypeWithKind<K>,
  query: ListQuery,
) {
  const catalogue = catalogues[kind];
  return {
    kind,
    ...(await loadFilteredList(query, {
      list: (listQuery) => catalogue.listPublished({ ...listQuery, type }),
      countByDistrict: (listQuery) => catalogue.countByDistrict({ ...listQuery, type }),
    })),
  };
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const [typeSlug = ''] = withoutLocale(new URL(request.url).pathname).split('/').filter(Boolean);
  const landing = parseLanding(typeSlug, params);
  if (!landing) throw data(null, { status: 404 });
  const query = {
    ...readListQuery(new URL(request.url), ListQuerySchema),
    offer: landing.offer,
    status: undefined,
    district: landing.district,
    sector: landing.sector,
  };
  const filtered = await loadTypeList(
    getServices(context).catalogue,
    withKind(landing.type),
    query,
  );
  redirectPastLastPage(request, filtered.page);
  return { landing, query, origin: getSiteOrigin(request, context), ...filtered };
}

export function meta({ data: loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { landing, page, origin } = loaderData;
  const title = landingTitle(landing);
  const canonical = `${origin}${localePath(landingPath(landing))}`;
  return [
    ...pageMeta({
      title,
      description: tCount('landing.description', page.total, { title, count: page.total }),
      url: canonical,
    }),
    { tagName: 'link', rel: 'canonical', href: canonical },
  ];
}

export default function PlaceLanding({ loaderData }: Route.ComponentProps) {
  const { landing, query, page, districtCounts, widenings, kind } = loaderData;
  return (
    <TypeListPage
      heading={landingTitle(landing)}
      savedFilters={{ type: landing.type }}
      type={landing.type}
      query={query}
      page={page}
      districtCounts={districtCounts}
      widenings={widenings}
      hasRooms={hasRooms(kind)}
      emptyText={t('search.nothing')}
      filterAction={localePath(typeListPath(landing.type))}
    >
      <ListingCards kind={kind} listings={page.items} featured={page.featured} />
    </TypeListPage>
  );
}
