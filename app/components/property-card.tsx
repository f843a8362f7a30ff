import { Link } from '#app/components/link.tsx';
import { formatPrice, truncate } from '#lib/format.ts';
import { t, tCount } from '#lib/i18n.ts';
import type { PropertyView } from '#modules/properties/properties.schema.ts';
import { Icon } from './icon.tsx';
import { CARD_SIZES, ListingPhoto } from './listing-photo.tsx';
import { ListingDistance } from './listing-distance.tsx';
import { OfferBadges } from './offer-badges.tsx';
import { SaveButton } from './save-button.tsx';
import { VerifiedSellerBadge } from './verified-seller-badge.tsx';

export const CARD_DESCRIPTION_LENGTH = 80;

export function PropertyCard({
  property,
  isPriority = false,
  isSavable = false,
  isFeatured = false,
}: {
  property: PropertyView;
  isPriority?: boolean;
  /** On the public lists: the heart that saves it. */
  isSavable?: boolean;
  /** First in its list by a boost: marked 'Featured'. */
  isFeatured?: boolean;
}) {
  const href = `/property/${property._id}`;
  return (
    <article className="relative flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
      <div className="relative">
        <ListingPhoto
          photo={property.photos[0]}
          alt={t('listing.photoOf', { title: property.title })}
          sizes={CARD_SIZES}
          isPriority={isPriority}
        />
        <div className="absolute top-3 left-3">
          <OfferBadges
            isFeatured={isFeatured}
            status={property.status}
            availability={property.availability}
            isByOwner={property.listedBy === 'owner'}
          />
        </div>
      </div>
      <div className="flex flex-1 flex-col gap-3 p-4">
        <p className="text-xl font-bold text-brand-800">
          {formatPrice(property.price, property.pricePeriod)}
        </p>
        <h3 className="text-lg leading-snug font-semibold text-slate-900">
          <Link to={href} className="hover:underline">
            {property.title}
          </Link>
        </h3>
        {isSavable && (
          // Over the photo's corner, but after the title for screen readers and the keyboard.
          <div className="absolute top-3 right-3 z-10">
            <SaveButton listingId={property._id} title={property.title} isCompact />
          </div>
        )}
        <p className="flex items-center gap-1 text-sm text-slate-600">
          <Icon name="mapPin" className="h-4 w-4 shrink-0" />
          <span>
            {property.location} <ListingDistance distanceKm={property.distanceKm} />
          </span>
        </p>
        {property.ownerVerified && (
          <p>
            <VerifiedSellerBadge isSmall />
          </p>
        )}
        <p className="text-sm text-slate-700">
          {truncate(property.description, CARD_DESCRIPTION_LENGTH)}
        </p>
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700">
          <li className="flex items-center gap-1">
            <Icon name="bed" className="h-4 w-4" />
            {tCount('listing.beds', property.bedrooms)}
          </li>
          <li className="flex items-center gap-1">
            <Icon name="bath" className="h-4 w-4" />
            {tCount('listing.baths', property.bathrooms)}
          </li>
          {property.area !== null && (
            <li className="flex items-center gap-1">
              <Icon name="area" className="h-4 w-4" />
              {t('listing.areaSqm', { area: property.area })}
            </li>
          )}
        </ul>
        <div className="mt-auto flex items-center justify-between gap-2 border-t border-slate-100 pt-3 text-sm text-slate-600">
          <span className="flex min-w-0 items-center gap-1">
            <Icon name="user" className="h-4 w-4 shrink-0" />
            <span className="truncate">{property.owner}</span>
          </span>
          <span className="flex shrink-0 items-center gap-1">
            <Icon name="clock" className="h-4 w-4" />
            {property.timeAgo}
          </span>
        </div>
        <Link to={href} className="button-primary w-full">
          {t('listing.viewDetails')}
          <span className="sr-only">: {property.title}</span>
        </Link>
      </div>
    </article>
  );
}
