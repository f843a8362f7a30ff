import { Link } from '#app/components/link.tsx';
import { formatPrice } from '#lib/format.ts';
import { t } from '#lib/i18n.ts';
import type { PricePeriod } from '#lib/listing.ts';
import type { PhotoView } from '#lib/photos.ts';
import { CARD_SIZES, ListingPhoto } from './listing-photo.tsx';

/** What a short card shows of a listing of any kind. */
type ListingSummary = {
  title: string;
  path: string;
  price: number;
  pricePeriod: PricePeriod | null;
  location: string | null;
  photo: PhotoView | null;
};

/**
 * A small card of a listing of any kind (a saved listing, a match): photo, title linked to the
 * listing, price and place; `children` add what the page needs below.
 */
export function ListingSummaryCard({
  listing,
  headingLevel,
  children,
}: {
  listing: ListingSummary;
  /** The card title's level in the page's outline. */
  headingLevel: 'h2' | 'h3';
  children?: React.ReactNode;
}) {
  const Heading = headingLevel;
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
      <ListingPhoto
        photo={listing.photo ?? undefined}
        alt={t('listing.photoOf', { title: listing.title })}
        sizes={CARD_SIZES}
      />
      <div className="flex flex-1 flex-col gap-1 p-4">
        <Heading className="font-semibold break-words">
          <Link to={listing.path} className="hover:underline">
            {listing.title}
          </Link>
        </Heading>
        <p className="font-bold text-brand-800">
          {formatPrice(listing.price, listing.pricePeriod)}
        </p>
        {listing.location && <p className="text-sm text-slate-600">{listing.location}</p>}
        {children}
      </div>
    </article>
  );
}
