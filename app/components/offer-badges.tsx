import { t } from '#lib/i18n.ts';
import type { Availability, Offer } from '#lib/listing.ts';

/**
 * 'For Rent' or 'For Sale', and 'Sold' or 'Rented' once the listing is taken; on cards, 'Owner'
 * when its owner lists it (no agent or commissioner between), and 'Featured' when a boost puts it
 * first.
 */
export function OfferBadges({
  status,
  availability,
  isByOwner = false,
  isFeatured = false,
}: {
  status: Offer;
  availability: Availability;
  isByOwner?: boolean;
  /** A boost puts it first: 'Featured'. */
  isFeatured?: boolean;
}) {
  return (
    <span className="flex flex-wrap gap-1">
      {isFeatured && (
        <span className="rounded-full bg-fuchsia-700 px-2.5 py-1 text-xs font-bold tracking-wide text-white uppercase">
          {t('listing.featured')}
        </span>
      )}
      <span
        className={`rounded-full px-2.5 py-1 text-xs font-bold tracking-wide uppercase ${
          status === 'Rent' ? 'bg-amber-400 text-amber-950' : 'bg-brand-700 text-white'
        }`}
      >
        {t(status === 'Rent' ? 'listing.forRent' : 'listing.forSale')}
      </span>
      {availability !== 'Available' && (
        <span className="rounded-full bg-slate-900 px-2.5 py-1 text-xs font-bold tracking-wide text-white uppercase">
          {t(`listing.availability.${availability}`)}
        </span>
      )}
      {isByOwner && (
        <span className="rounded-full bg-white px-2.5 py-1 text-xs font-bold tracking-wide text-emerald-800 uppercase ring-1 ring-emerald-700">
          {t('lister.owner')}
        </span>
      )}
    </span>
  );
}
