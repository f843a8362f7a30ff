import { formatPrice } from '#lib/format.ts';
import { t } from '#lib/i18n.pages.ts';
import type { Availability, Lister, LocationPrecision, Offer, PricePeriod } from '#lib/listing.ts';
import type { PhotoView } from '#lib/photos.ts';
import { Breadcrumb } from './breadcrumb.tsx';
import { ContactBar } from './contact-bar.tsx';
import { FactList, type Fact } from './fact-list.tsx';
import { Icon } from './icon.tsx';
import { InquiryForm } from './inquiry-form.tsx';
import { ListerLine } from './lister-line.tsx';
import { ListingLocation } from './listing-location.tsx';
import { ManageListing } from './manage-listing.tsx';
import { OfferBadges } from './offer-badges.tsx';
import { OwnerPanel } from './owner-panel.tsx';
import { PhotoGallery } from './photo-gallery.tsx';
import { ReportListing } from './report-listing.tsx';
import { SafetyTips } from './safety-tips.tsx';
import { SaveButton } from './save-button.tsx';

export type ListingDetail = {
  _id: string;
  title: string;
  photos: PhotoView[];
  status: Offer;
  availability: Availability;
  location: string;
  address?: string | null;
  price: number;
  pricePeriod: PricePeriod | null;
  description: string;
  owner: string | null;
  /** The owner's account, for the link to their public profile. */
  ownerId?: string | null;
  /** Whether an admin checked the owner's identity ("Verified seller"). */
  ownerVerified?: boolean;
  contact: string | null;
  /** Who lists it (owner, agent or commissioner) and the fees they ask, in RWF. */
  listedBy: Lister;
  commission: number | null;
  viewingFee: number | null;
  timeAgo: string;
  /** The public point (the owner's pin, one within 300 m of it, or its sector's centre). */
  latitude?: number | null;
  longitude?: number | null;
  locationPrecision?: LocationPrecision | null;
};

/** The page of one property or asset: photos and facts, then the owner and the inquiry form. */
export function ListingDetailLayout({
  listing,
  facts,
  factsHeading,
  top,
  canManage = false,
  publicUrl,
  forOwner,
  priceNote,
  below,
  children,
}: {
  listing: ListingDetail;
  facts: Fact[];
  factsHeading: string;
  /** Above the photos: the breadcrumb or a way back. */
  top?: React.ReactNode;
  /** Whether the visitor owns the listing (or is an admin): they get its controls. */
  canManage?: boolean;
  /**
   * The published listing's address: with it come the Call, WhatsApp and Share bar and the
   * Request Information form (published listings only).
   */
  publicUrl?: string;
  /** What only the owner sees, above the owner's details (the buyers looking for it). */
  forOwner?: React.ReactNode;
  /** Under the price: how it compares with like listings. */
  priceNote?: React.ReactNode;
  /** Below the facts: features and other sections. */
  children?: React.ReactNode;
  /** Across the page's width under everything else: similar listings. */
  below?: React.ReactNode;
}) {
  return (
    <main id="main" className="container-page space-y-4 py-4 sm:space-y-6 sm:py-8">
      {top ?? <Breadcrumb title={listing.title} />}
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="space-y-6 sm:space-y-8">
          {/* The offer before the photos: a phone shows the price on its first screen, above
              the Call / WhatsApp bar, whatever the photos' number and the title's length. */}
          <header className="space-y-3">
            <OfferBadges status={listing.status} availability={listing.availability} />
            <h1 className="text-2xl font-bold sm:text-3xl">{listing.title}</h1>
            <p className="flex flex-wrap items-center gap-1 text-slate-700">
              <Icon name="mapPin" className="h-5 w-5" />
              {listing.location}
              {listing.address && <span className="text-slate-500"> · {listing.address}</span>}
            </p>
            <div className="flex flex-wrap items-center justify-between gap-3">
              <p className="text-3xl font-extrabold text-brand-800">
                {formatPrice(listing.price, listing.pricePeriod)}
              </p>
              {publicUrl && <SaveButton listingId={listing._id} title={listing.title} />}
            </div>
            {priceNote}
            <ListerLine
              listedBy={listing.listedBy}
              commission={listing.commission}
              viewingFee={listing.viewingFee}
            />
          </header>
          <PhotoGallery photos={listing.photos} title={listing.title} />
          {listing.description && (
            <section aria-labelledby="description-heading" className="space-y-2">
              <h2 id="description-heading" className="text-xl font-bold">
                {t('listing.description')}
              </h2>
              <p className="whitespace-pre-line text-slate-800">{listing.description}</p>
            </section>
          )}
          <section aria-labelledby="details-heading" className="space-y-3">
            <h2 id="details-heading" className="text-xl font-bold">
              {factsHeading}
            </h2>
            <FactList isWide facts={facts} />
          </section>
          <ListingLocation
            place={listing.location}
            latitude={listing.latitude}
            longitude={listing.longitude}
            locationPrecision={listing.locationPrecision}
          />
          {children}
        </div>
        <aside className="space-y-6">
          {canManage && (
            <ManageListing listingId={listing._id} availability={listing.availability} />
          )}
          {forOwner}
          <OwnerPanel
            owner={listing.owner}
            ownerId={listing.ownerId}
            isOwnerVerified={listing.ownerVerified === true}
            contact={listing.contact}
            timeAgo={listing.timeAgo}
            isPublished={publicUrl !== undefined}
          />
          {publicUrl && (
            <ContactBar
              title={listing.title}
              price={listing.price}
              contact={listing.contact}
              url={publicUrl}
            />
          )}
          {publicUrl && <SafetyTips />}
          {publicUrl && <InquiryForm listingId={listing._id} offer={listing.status} />}
          {publicUrl && !canManage && <ReportListing listingId={listing._id} />}
        </aside>
      </div>
      {below}
    </main>
  );
}

/** The 'For Rent' / 'For Sale' label of an offer, for fact lists. */
export function offerLabel(status: Offer): string {
  return t(status === 'Rent' ? 'listing.forRent' : 'listing.forSale');
}

/** A listing's district and sector, and its UPI when given, as facts. */
export function placeFacts(listing: {
  district: string | null;
  sector: string | null;
  upi: string | null;
}): { label: string; value: string }[] {
  const notGiven = t('listing.notGiven');
  return [
    { label: t('place.district'), value: listing.district ?? notGiven },
    { label: t('place.sector'), value: listing.sector ?? notGiven },
    ...(listing.upi ? [{ label: t('listing.upiShown'), value: listing.upi }] : []),
  ];
}
