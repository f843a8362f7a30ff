import { Link } from '#app/components/link.tsx';
import { formatPrice } from '#lib/format.ts';
import { t, tCount } from '#lib/i18n.pages.ts';
import type { MatchingListing, MatchingRequest } from '#modules/matching/matching.schema.ts';
import { ListingSummaryCard } from './listing-summary-card.tsx';

/** On a buyer's request: the published listings that fit it, best first. */
export function MatchingListings({ listings }: { listings: MatchingListing[] }) {
  return (
    <section aria-labelledby="matches-heading" className="space-y-3">
      <h2 id="matches-heading" className="text-xl font-bold">
        {t('matching.heading')}
      </h2>
      {listings.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white px-4 py-6 text-slate-600">
          {t('matching.none')}
        </p>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2">
          {listings.map((listing) => (
            <li key={listing.listingId}>
              <ListingSummaryCard listing={listing} headingLevel="h3" />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** On a seller's listing: the buyers whose requests it fits, with the way to each. */
export function BuyersLooking({ requests }: { requests: MatchingRequest[] }) {
  if (requests.length === 0) return null;
  return (
    <section
      aria-labelledby="buyers-heading"
      className="space-y-2 rounded-xl border border-brand-600/40 bg-brand-50 p-5"
    >
      <h2 id="buyers-heading" className="font-bold text-brand-900">
        {tCount('matching.buyersLooking', requests.length)}
      </h2>
      <ul className="space-y-1 text-sm">
        {requests.slice(0, 5).map((request) => (
          <li key={request.requestId}>
            <Link to={request.path} className="text-brand-800 underline">
              {request.title}
            </Link>{' '}
            · {formatPrice(request.price, request.pricePeriod)} · {request.location}
          </li>
        ))}
      </ul>
    </section>
  );
}
