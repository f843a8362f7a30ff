import { t } from '#lib/i18n.pages.ts';
import { isLandingType, landingPath, landingTitle } from '#lib/landing.ts';
import type { ListingType, Offer } from '#lib/listing.ts';
import { Link } from './link.tsx';
import { ListingGrid } from './listing-grid.tsx';

/** Listings like the one shown, under its page, and the way to all of them. */
export function SimilarListings({
  count,
  more,
  children,
}: {
  count: number;
  /** Every listing of the same type and offer in the same place (a landing page). */
  more?: { to: string; title: string };
  children: React.ReactNode;
}) {
  if (count === 0 && !more) return null;
  return (
    <section aria-labelledby="similar-heading" className="space-y-4 border-t border-slate-200 pt-8">
      <h2 id="similar-heading" className="text-2xl font-bold">
        {t('listing.similar')}
      </h2>
      {count > 0 && <ListingGrid>{children}</ListingGrid>}
      {more && (
        <p>
          <Link to={more.to} className="font-medium text-brand-800 underline">
            {t('landing.more', { title: more.title })}
          </Link>
        </p>
      )}
    </section>
  );
}

/** The landing page of a listing's type and offer in its district, if it has one. */
export function landingLink(listing: {
  type: ListingType;
  status: Offer;
  district: string | null;
}): { to: string; title: string } | undefined {
  if (!isLandingType(listing.type) || !listing.district) return undefined;
  const landing = { type: listing.type, offer: listing.status, district: listing.district };
  return { to: landingPath(landing), title: landingTitle(landing) };
}
