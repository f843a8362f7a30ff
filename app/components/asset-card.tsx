import { Link } from '#app/components/link.tsx';
import { formatPrice } from '#lib/format.ts';
import { t } from '#lib/i18n.ts';
import type { AssetView } from '#modules/assets/assets.schema.ts';
import { Icon } from './icon.tsx';
import { CARD_SIZES, ListingPhoto } from './listing-photo.tsx';
import { ListingDistance } from './listing-distance.tsx';
import { OfferBadges } from './offer-badges.tsx';
import { SaveButton } from './save-button.tsx';
import { VerifiedSellerBadge } from './verified-seller-badge.tsx';

export function AssetCard({
  asset,
  isPriority = false,
  isSavable = false,
  isFeatured = false,
}: {
  asset: AssetView;
  isPriority?: boolean;
  /** On the public lists: the heart that saves it. */
  isSavable?: boolean;
  /** First in its list by a boost: marked 'Featured'. */
  isFeatured?: boolean;
}) {
  const href = `/asset/${asset._id}`;
  return (
    <article className="relative flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
      <div className="relative">
        <ListingPhoto
          photo={asset.photos[0]}
          alt={t('listing.photoOf', { title: asset.name })}
          sizes={CARD_SIZES}
          isPriority={isPriority}
        />
        <div className="absolute top-3 left-3">
          <OfferBadges
            isFeatured={isFeatured}
            status={asset.status}
            availability={asset.availability}
            isByOwner={asset.listedBy === 'owner'}
          />
        </div>
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <p className="text-sm font-medium text-slate-600">{t(`type.${asset.type}`)}</p>
        <h3 className="text-lg leading-snug font-semibold text-slate-900">
          <Link to={href} className="hover:underline">
            {asset.name}
          </Link>
        </h3>
        {isSavable && (
          // Over the photo's corner, but after the title for screen readers and the keyboard.
          <div className="absolute top-3 right-3 z-10">
            <SaveButton listingId={asset._id} title={asset.name} isCompact />
          </div>
        )}
        <p className="text-xl font-bold text-brand-800">
          {formatPrice(asset.price, asset.pricePeriod)}
        </p>
        <ul className="space-y-1 text-sm text-slate-700">
          {asset.owner && (
            <li className="flex items-center gap-1">
              <Icon name="user" className="h-4 w-4 shrink-0" />
              {asset.owner}
            </li>
          )}
          {asset.ownerVerified && (
            <li>
              <VerifiedSellerBadge isSmall />
            </li>
          )}
          <li className="flex items-center gap-1">
            <Icon name="mapPin" className="h-4 w-4 shrink-0" />
            <span>
              {asset.location || t('listing.fallbackLocation')}{' '}
              <ListingDistance distanceKm={asset.distanceKm} />
            </span>
          </li>
          {asset.type === 'Land' && asset.size && (
            <li className="flex items-center gap-1">
              <Icon name="area" className="h-4 w-4 shrink-0" />
              {t('listing.plotSize', { size: asset.size })}
            </li>
          )}
          {asset.upi && (
            <li className="flex items-center gap-1">
              <Icon name="check" className="h-4 w-4 shrink-0" />
              {t('listing.upiShown')} {asset.upi}
            </li>
          )}
          {asset.contact && (
            <li className="flex items-center gap-1">
              <Icon name="phone" className="h-4 w-4 shrink-0" />
              {asset.contact}
            </li>
          )}
        </ul>
        <Link to={href} className="button-primary mt-auto w-full">
          {t('listing.viewDetails')}
          <span className="sr-only">: {asset.name}</span>
        </Link>
      </div>
    </article>
  );
}
