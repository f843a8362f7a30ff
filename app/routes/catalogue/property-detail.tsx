import { formatRwf, truncate } from '#lib/format.ts';
import { localePath } from '#lib/i18n.ts';
import { t } from '#lib/i18n.pages.ts';
import { FeatureList } from '#app/components/feature-list.tsx';
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
import { PriceComparisonNote } from './price-comparison.tsx';
import { pageMeta } from '#app/page-meta.ts';
import type { Route } from './+types/property-detail';
import { PropertyCard } from '#app/components/property-card.tsx';
import { landingLink, SimilarListings } from '#app/components/similar-listings.tsx';

export const loader = listingDetailLoader('property');

export const action = listingAction('property');

export const shouldRevalidate = keepPageAfterReport;

export function meta({ data: loaderData, location }: Route.MetaArgs) {
  const property = loaderData?.property;
  if (!property) return pageMeta({ title: t('listing.propertyNotFound'), description: '' });
  return [
    ...pageMeta({
      title: property.title,
      description: `${formatRwf(property.price)} · ${property.location} · ${truncate(property.description, 140)}`,
      url: `${loaderData.origin}${location.pathname}`,
      image: property.image ? `${loaderData.origin}${property.image}` : undefined,
      type: 'article',
    }),
    { property: 'og:price:amount', content: String(property.price) },
    { property: 'og:price:currency', content: 'RWF' },
  ];
}

export function ErrorBoundary() {
  return <LoadFailure message={t('listing.propertyLoadFailed')} />;
}

export default function PropertyDetail({
  loaderData: { property, canManage, buyers, similar, priceComparison, origin },
}: Route.ComponentProps) {
  if (!property) {
    return <ListingNotFound message={t('listing.propertyNotFound')} />;
  }
  return (
    <ListingDetailLayout
      canManage={canManage}
      forOwner={<BuyersLooking requests={buyers} />}
      priceNote={priceComparison && <PriceComparisonNote comparison={priceComparison} />}
      below={
        <SimilarListings count={similar.length} more={landingLink(property)}>
          {similar.map((listing) => (
            <PropertyCard key={listing._id} property={listing} isSavable />
          ))}
        </SimilarListings>
      }
      listing={property}
      publicUrl={`${origin}${localePath(`/property/${property._id}`)}`}
      factsHeading={t('listing.details')}
      facts={[
        { label: t('listing.type'), value: t(`type.${property.type}`) },
        { label: t('listing.status'), value: offerLabel(property.status) },
        ...placeFacts(property),
        { label: t('listing.bedrooms'), value: property.bedrooms },
        { label: t('listing.bathrooms'), value: property.bathrooms },
        { label: t('listing.toilets'), value: property.toilets },
        {
          label: t('listing.area'),
          value:
            property.area === null
              ? t('listing.notGiven')
              : t('listing.areaSqm', { area: property.area }),
        },
      ]}
    >
      <FeatureList features={property.features} emptyText={t('listing.noFeatures')} />
    </ListingDetailLayout>
  );
}
