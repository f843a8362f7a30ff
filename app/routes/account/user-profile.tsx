import { formatMonthYear } from '#lib/format.ts';
import { data } from 'react-router';
import { t, tCount } from '#lib/i18n.pages.ts';
import { IdParamsSchema } from '#lib/listing-schemas.ts';
import { PageQuerySchema, readListQuery } from '#lib/list-query.ts';
import { redirectPastLastPage } from '#app/last-page.server.ts';
import { AssetCard } from '#app/components/asset-card.tsx';
import { EmptyState, ListingGrid } from '#app/components/listing-grid.tsx';
import { Pagination } from '#app/components/pagination.tsx';
import { PropertyCard } from '#app/components/property-card.tsx';
import { VerifiedSellerBadge } from '#app/components/verified-seller-badge.tsx';
import { loadOrNull } from '#app/load-or-null.server.ts';
import { pageMeta } from '#app/page-meta.ts';
import type { Route } from './+types/user-profile';
import { getServices } from '#server/load-context.ts';

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const id = IdParamsSchema.safeParse(params);
  if (!id.success) throw data(null, { status: 404 });
  const ownerId = id.data.id;
  // Each page shows up to `pageSize` properties and as many assets.
  const { page, pageSize } = readListQuery(new URL(request.url), PageQuerySchema);
  const query = { ownerId, page, pageSize };
  const { accounts, catalogue } = getServices(context);
  const [profile, propertyPage, assetPage] = await Promise.all([
    loadOrNull(() => accounts.getPublicProfile(ownerId)),
    catalogue.property.listPublished(query),
    catalogue.asset.listPublished(query),
  ]);
  if (!profile) throw data(null, { status: 404 });
  const total = propertyPage.total + assetPage.total;
  const isTotalCapped = propertyPage.isTotalCapped || assetPage.isTotalCapped;
  const paging = {
    page,
    pageSize,
    total: Math.max(propertyPage.total, assetPage.total),
    isTotalCapped,
  };
  redirectPastLastPage(request, { ...paging, items: [...propertyPage.items, ...assetPage.items] });
  return {
    profile: {
      _id: profile._id,
      name: profile.name,
      role: profile.role,
      isVerified: profile.isVerified,
      memberSince: formatMonthYear(profile.createdAt),
    },
    properties: propertyPage.items,
    assets: assetPage.items,
    listingCount: { total, isCapped: isTotalCapped },
    // One pager for both grids: a page holds the nth dozen of properties and of assets.
    paging,
  };
}

export function meta({ data: loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { profile, listingCount } = loaderData;
  return pageMeta({
    title: profile.name,
    description: tCount('profile.description', listingCount.total, {
      name: profile.name,
      brand: t('brand.name'),
      count: listingCount.isCapped ? `${listingCount.total}+` : listingCount.total,
    }),
  });
}

export default function UserProfile({
  loaderData: { profile, properties, assets, listingCount, paging },
}: Route.ComponentProps) {
  const hasListings = listingCount.total > 0;
  return (
    <main id="main" className="container-page space-y-8 py-10">
      <header className="space-y-2">
        <h1 className="text-3xl font-bold break-words">{profile.name}</h1>
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-slate-600">
          <span className="rounded-full bg-brand-50 px-3 py-0.5 text-sm font-medium text-brand-800">
            {t(`role.${profile.role}`)}
          </span>
          {profile.isVerified && <VerifiedSellerBadge />}
          <span>{t('profile.memberSince', { date: profile.memberSince })}</span>
        </p>
      </header>
      <section aria-labelledby="listings-heading" className="space-y-4">
        <h2 id="listings-heading" className="text-2xl font-bold">
          {t('profile.listings')}
        </h2>
        {hasListings ? (
          <ListingGrid>
            {properties.map((property, index) => (
              <PropertyCard
                key={property._id}
                property={property}
                isPriority={index === 0}
                isSavable
              />
            ))}
            {assets.map((asset, index) => (
              <AssetCard
                key={asset._id}
                asset={asset}
                isPriority={properties.length === 0 && index === 0}
                isSavable
              />
            ))}
          </ListingGrid>
        ) : (
          <EmptyState>{t('profile.noListings')}</EmptyState>
        )}
        <Pagination page={paging} />
      </section>
    </main>
  );
}
