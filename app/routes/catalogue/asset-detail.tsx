import { Link } from '#app/components/link.tsx';
import { formatRwf, truncate } from '#lib/format.ts';
import { localePath } from '#lib/i18n.ts';
import { t, type PageMessageKey } from '#lib/i18n.pages.ts';
import type { AssetView } from '#modules/assets/assets.schema.ts';
import type { Fact } from '#app/components/fact-list.tsx';
import { FeatureList } from '#app/components/feature-list.tsx';
import { Icon } from '#app/components/icon.tsx';
import { ListingNotFound } from '#app/components/listing-not-found.tsx';
import {
  ListingDetailLayout,
  offerLabel,
  placeFacts,
} from '#app/components/listing-detail-layout.tsx';
import { LoadFailure } from '#app/components/load-failure.tsx';
import { BuyersLooking } from '#app/components/matches.tsx';
import { listingAction } from './listing-action.server.ts';
import { listingDetailLoader } from './listing-detail-loader.server.ts';
import { keepPageAfterReport } from '#app/components/report-listing.tsx';
import { pageMeta } from '#app/page-meta.ts';
import type { Route } from './+types/asset-detail';
import { AssetCard } from '#app/components/asset-card.tsx';
import { landingLink, SimilarListings } from '#app/components/similar-listings.tsx';

export const loader = listingDetailLoader('asset');

export const action = listingAction('asset');

export const shouldRevalidate = keepPageAfterReport;

export function meta({ data: loaderData, location }: Route.MetaArgs) {
  const asset = loaderData?.asset;
  if (!asset) return pageMeta({ title: t('listing.assetNotFound'), description: '' });
  const place = asset.location ?? t('listing.fallbackLocation');
  return [
    ...pageMeta({
      title: asset.name,
      description: `${formatRwf(asset.price)} · ${place} · ${truncate(asset.description, 140)}`,
      url: `${loaderData.origin}${location.pathname}`,
      image: asset.image ? `${loaderData.origin}${asset.image}` : undefined,
      type: 'article',
    }),
    { property: 'og:price:amount', content: String(asset.price) },
    { property: 'og:price:currency', content: 'RWF' },
  ];
}

export function ErrorBoundary() {
  return <LoadFailure message={t('listing.assetLoadFailed')} />;
}

function yesNo(value: boolean | null): string {
  if (value === null) return t('listing.notGiven');
  return t(value ? 'listing.yes' : 'listing.no');
}

/** The section of facts that belongs to the asset's kind. */
function kindSection(asset: AssetView): { heading: PageMessageKey; facts: Fact[] } {
  const text = (value: string | null) => value || t('listing.notGiven');
  switch (asset.type) {
    case 'Car':
    case 'Motorcycle':
      return {
        heading: 'listing.vehicle',
        facts: [
          { label: t('listing.transmission'), value: text(asset.transmission) },
          { label: t('listing.fuel'), value: text(asset.fuel) },
          { label: t('listing.certified'), value: yesNo(asset.certified) },
          { label: t('listing.inspected'), value: yesNo(asset.inspected) },
          { label: t('listing.warranty'), value: text(asset.warranty) },
          // A vehicle for sale has no rental terms to show.
          ...(asset.status === 'Rent'
            ? [
                {
                  label: t('listing.rentalPrice'),
                  value:
                    asset.rentalPrice === null
                      ? t('listing.notGiven')
                      : formatRwf(asset.rentalPrice),
                },
                { label: t('listing.rentDuration'), value: text(asset.rentDuration) },
              ]
            : []),
        ],
      };
    case 'Land':
      return {
        heading: 'listing.land',
        facts: [{ label: t('listing.size'), value: text(asset.size) }],
      };
    case 'Clothes':
      return {
        heading: 'listing.clothes',
        facts: [
          { label: t('listing.condition'), value: text(asset.condition) },
          { label: t('listing.sizeCloth'), value: text(asset.sizeCloth) },
        ],
      };
    case 'Other':
      return { heading: 'listing.otherItem', facts: [] };
  }
}

export default function AssetDetail({
  loaderData: { asset, canManage, buyers, similar, origin },
}: Route.ComponentProps) {
  if (!asset) {
    return <ListingNotFound message={t('listing.assetNotFound')} />;
  }
  const section = kindSection(asset);
  return (
    <ListingDetailLayout
      canManage={canManage}
      forOwner={<BuyersLooking requests={buyers} />}
      below={
        <SimilarListings count={similar.length} more={landingLink(asset)}>
          {similar.map((listing) => (
            <AssetCard key={listing._id} asset={listing} isSavable />
          ))}
        </SimilarListings>
      }
      publicUrl={`${origin}${localePath(`/asset/${asset._id}`)}`}
      listing={{
        ...asset,
        title: asset.name,
        location: asset.location ?? t('listing.fallbackLocation'),
      }}
      factsHeading={t(section.heading)}
      facts={[
        { label: t('listing.type'), value: t(`type.${asset.type}`) },
        { label: t('listing.status'), value: offerLabel(asset.status) },
        ...placeFacts(asset),
        ...section.facts,
      ]}
      top={
        <Link
          to={`/asset-property/${asset.type}`}
          className="inline-flex items-center gap-1 font-medium text-brand-800 hover:underline"
        >
          <Icon name="arrowLeft" className="h-4 w-4" />
          {t('listing.backToListings')}
        </Link>
      }
    >
      {asset.features.length > 0 && (
        <FeatureList features={asset.features} emptyText={t('listing.noFeatures')} />
      )}
    </ListingDetailLayout>
  );
}
