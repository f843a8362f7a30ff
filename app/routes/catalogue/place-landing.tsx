import { data } from 'react-router';
import { t, tCount, localePath, withoutLocale } from '#lib/i18n.ts';
import { isPropertyType, type AssetType, type PropertyType } from '#lib/listing.ts';
import { landingPath, landingTitle, parseLanding } from '#lib/landing.ts';
import { readListQuery } from '#lib/list-query.ts';
import { redirectPastLastPage } from '#app/last-page.server.ts';
import { ListQuerySchema } from '#lib/listing-schemas.ts';
import { AssetCard } from '#app/components/asset-card.tsx';
import { PropertyCard } from '#app/components/property-card.tsx';
import { getSiteOrigin } from '#app/site-origin.server.ts';
import { pageMeta } from '#app/page-meta.ts';
import { getServices } from '#server/load-context.ts';
import { loadFilteredList } from './filtered-list.server.ts';
import { TypeListPage } from './type-list-page.tsx';
import type { Route } from './+types/place-landing';

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
  const services = getServices(context);
  const filtered = isPropertyType(landing.type)
    ? {
        kind: 'property' as const,
        ...(await loadFilteredList(query, {
          list: (listQuery) =>
            services.catalogue.property.listPublished({
              ...listQuery,
              type: landing.type as PropertyType,
            }),
          countByDistrict: (listQuery) =>
            services.catalogue.property.countByDistrict({
              ...listQuery,
              type: landing.type as PropertyType,
            }),
        })),
      }
    : {
        kind: 'asset' as const,
        ...(await loadFilteredList(query, {
          list: (listQuery) =>
            services.catalogue.asset.listPublished({
              ...listQuery,
              type: landing.type as AssetType,
            }),
          countByDistrict: (listQuery) =>
            services.catalogue.asset.countByDistrict({
              ...listQuery,
              type: landing.type as AssetType,
            }),
        })),
      };
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
      query={query}
      page={page}
      districtCounts={districtCounts}
      widenings={widenings}
      hasRooms={kind === 'property'}
      emptyText={t('search.nothing')}
      filterAction={localePath(
        kind === 'property'
          ? `/get-properties/type/${landing.type}`
          : `/asset-property/${landing.type}`,
      )}
    >
      {loaderData.kind === 'property'
        ? loaderData.page.items.map((property, index) => (
            <PropertyCard
              key={property._id}
              property={property}
              isPriority={index === 0}
              isSavable
            />
          ))
        : loaderData.page.items.map((asset, index) => (
            <AssetCard key={asset._id} asset={asset} isPriority={index === 0} isSavable />
          ))}
    </TypeListPage>
  );
}
