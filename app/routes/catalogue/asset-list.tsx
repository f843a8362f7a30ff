import { data } from 'react-router';
import { t } from '#lib/i18n.pages.ts';
import { parseAssetType } from '#lib/listing.ts';
import { ListingCards } from '#app/components/listing-cards.tsx';
import { TypeListPage, typeListMeta } from './type-list-page.tsx';
import { readListQuery } from '#lib/list-query.ts';
import { ListQuerySchema } from '#lib/listing-schemas.ts';
import { LoadFailure } from '#app/components/load-failure.tsx';
import { errorMeta, pageMeta } from '#app/page-meta.ts';
import { isNotFoundError, NotFoundBoundary } from '#app/components/not-found-boundary.tsx';
import type { Route } from './+types/asset-list';
import { getServices } from '#server/load-context.ts';
import { loadFilteredList } from './filtered-list.server.ts';
import { redirectPastLastPage } from '#app/last-page.server.ts';

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const type = parseAssetType(params.type);
  if (!type) throw data(null, { status: 404 });
  const query = readListQuery(new URL(request.url), ListQuerySchema);
  const services = getServices(context);
  const filtered = await loadFilteredList(query, {
    list: (listQuery) => services.catalogue.asset.listPublished({ ...listQuery, type }),
    countByDistrict: (listQuery) =>
      services.catalogue.asset.countByDistrict({ ...listQuery, type }),
  });
  redirectPastLastPage(request, filtered.page);
  return { type, query, ...filtered };
}

export function meta({ data: loaderData, error }: Route.MetaArgs) {
  if (!loaderData) return errorMeta(isNotFoundError(error));
  return pageMeta({ ...typeListMeta(loaderData.type) });
}

/** An unknown type is an unknown page; anything else, a failure to load the list. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isNotFoundError(error)) return <NotFoundBoundary />;
  return <LoadFailure message={t('listing.propertiesLoadFailed')} />;
}

/** Headed '{Type} Listings' with the kind's own name ('Other Listings', not 'Other Properties'). */
export default function AssetList({
  loaderData: { type, query, page, districtCounts, widenings },
}: Route.ComponentProps) {
  return (
    <TypeListPage
      heading={typeListMeta(type).title}
      savedFilters={{ type }}
      type={type}
      query={query}
      page={page}
      districtCounts={districtCounts}
      widenings={widenings}
      hasRooms={false}
      emptyText={t('listing.noAssetsForType')}
    >
      <ListingCards kind="asset" listings={page.items} featured={page.featured} />
    </TypeListPage>
  );
}
