import { Link } from '#app/components/link.tsx';
import { formatDate, formatRwf } from '#lib/format.ts';
import { t } from '#lib/i18n.pages.ts';
import type { PaymentOffers } from '#modules/payments/payments.schema.ts';

/**
 * What the owner of a listing can pay for on its page: the listing fee its supply waits for,
 * and boosts once it is published, with their prices; or the payment already under way.
 */
export function PaymentPanel({ offers }: { offers: PaymentOffers }) {
  const payPath = `/supply-property-detail/${offers.listingId}/pay`;
  if (offers.listingFee === null && offers.boosts.length === 0 && offers.featuredUntil === null)
    return null;
  return (
    <section
      aria-labelledby="payments-heading"
      className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h2 id="payments-heading" className="font-bold">
        {offers.listingFee !== null ? t('payments.feeHeading') : t('payments.boostTitle')}
      </h2>
      {offers.pendingPaymentId && (
        <p className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm">
          {t('payments.waitingAlready')}{' '}
          <Link to={`/payments/${offers.pendingPaymentId}`} className="font-medium underline">
            {t('payments.seeWaiting')}
          </Link>
        </p>
      )}
      {offers.listingFee !== null && (
        <>
          <p className="text-sm text-slate-800">
            {t('payments.feeDue', { amount: formatRwf(offers.listingFee) })}
          </p>
          {!offers.pendingPaymentId && (
            <Link to={payPath} className="button-primary inline-block">
              {t('payments.payFee')}
            </Link>
          )}
        </>
      )}
      {offers.featuredUntil && (
        <p className="text-sm font-medium text-brand-900">
          {t('payments.featuredUntil', { date: formatDate(offers.featuredUntil) })}
        </p>
      )}
      {offers.boosts.length > 0 && (
        <>
          <p className="text-sm text-slate-700">{t('payments.boostPitch')}</p>
          <ul className="flex flex-wrap gap-2">
            {offers.boosts.map((boost) => (
              <li key={boost.days}>
                <Link
                  to={`${payPath}?product=boost&days=${boost.days}`}
                  className="button-secondary inline-block"
                >
                  {t('payments.boostOffer', { days: boost.days, amount: formatRwf(boost.price) })}
                </Link>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
