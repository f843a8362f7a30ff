import { useEffect } from 'react';
import { data, useRevalidator } from 'react-router';
import { requireViewer } from '#app/auth.server.ts';
import { BackLink } from '#app/components/back-link.tsx';
import { Link } from '#app/components/link.tsx';
import { ListingNotFound } from '#app/components/listing-not-found.tsx';
import { loadOrNull } from '#app/load-or-null.server.ts';
import { pageMeta } from '#app/page-meta.ts';
import { formatDateTime, formatRwf } from '#lib/format.ts';
import { t } from '#lib/i18n.pages.ts';
import { PAYMENT_FAILURE_REASONS } from '#lib/payments.ts';
import {
  purchaseText,
  receiptNumber,
  type PaymentView,
} from '#modules/payments/payments.schema.ts';
import { getServices } from '#server/load-context.ts';
import { handleIntents } from '#app/forms/form-action.server.ts';
import { useSignedInUser } from '#app/use-root-data.ts';
import { PaymentDisputeForm } from '#app/routes/support/payment-dispute-form.tsx';
import { paymentDisputeHandler } from '#app/routes/support/payment-dispute.server.ts';
import type { Route } from './+types/payment';

/** How often the waiting page asks again: by itself with JavaScript, by a refresh without. */
const WAITING_REFRESH_SECONDS = 4;

/** A payment for its payer (or an admin): read from the provider while it waits. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const viewer = requireViewer(request, context);
  const { payments } = getServices(context);
  const payment = await loadOrNull(() =>
    payments.getPayment(params.id, viewer, { isChecking: true }),
  );
  const answer = { payment, demoPhonePath: payments.demoPhonePath };
  return payment ? answer : data(answer, { status: 404 });
}

/** The payer's "I paid but nothing happened" form (app/routes/support). */
export function action({ params, request, context }: Route.ActionArgs) {
  const args = { request, context };
  return handleIntents(args, { dispute: paymentDisputeHandler(args, params.id) });
}

export function meta({ data: loaderData }: Route.MetaArgs) {
  const payment = loaderData?.payment;
  const tags = pageMeta({
    title: payment ? t(`payments.state.${payment.status}`) : t('payments.notFound'),
    description: payment?.listingTitle ?? '',
  });
  // Without JavaScript, the waiting page refreshes itself until the payment settles.
  if (payment?.status === 'pending') {
    tags.push({ httpEquiv: 'refresh', content: String(WAITING_REFRESH_SECONDS) });
  }
  return tags;
}

/** Asks the server again every few seconds while the payment waits. */
function useRefreshWhilePending(isPending: boolean) {
  const { revalidate, state } = useRevalidator();
  useEffect(() => {
    if (!isPending || state !== 'idle') return;
    const timer = setTimeout(() => void revalidate(), WAITING_REFRESH_SECONDS * 1000);
    return () => clearTimeout(timer);
  }, [isPending, revalidate, state]);
}

/** The reason a payment failed, in plain words. */
function reasonText(reason: string | null): string {
  const known = PAYMENT_FAILURE_REASONS.find((code) => code === reason) ?? 'UNKNOWN';
  return t(`payments.reason.${known}`);
}

function Receipt({ payment }: { payment: PaymentView }) {
  const rows: [string, string][] = [
    [t('payments.receiptNumber'), receiptNumber(payment.number)],
    [t('payments.receiptDate'), formatDateTime(payment.settledAt ?? payment.createdAt)],
    [t('payments.receiptFor'), purchaseText(payment)],
    [t('payments.receiptAmount'), formatRwf(payment.amount)],
    [
      t('payments.receiptFrom'),
      `${payment.phone} (${t(`payments.networkName.${payment.network}`)})`,
    ],
  ];
  if (payment.refundedAmount > 0) {
    rows.push([t('payments.receiptRefunded'), formatRwf(payment.refundedAmount)]);
  }
  return (
    <section
      aria-labelledby="receipt-heading"
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h2 id="receipt-heading" className="text-lg font-bold">
        {t('payments.receiptHeading')}
      </h2>
      <dl className="mt-3 divide-y divide-slate-100">
        {rows.map(([label, value]) => (
          <div key={label} className="grid grid-cols-[8rem_1fr] gap-2 py-2 text-sm">
            <dt className="text-slate-600">{label}</dt>
            <dd className="font-medium break-words text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

export default function Payment({ loaderData: { payment, demoPhonePath } }: Route.ComponentProps) {
  useRefreshWhilePending(payment?.status === 'pending');
  const isPayer = useSignedInUser()?.role !== 'admin';
  if (!payment) return <ListingNotFound message={t('payments.notFound')} />;
  const listingPage = `/supply-property-detail/${payment.listingId}`;
  const retry =
    payment.product === 'boost'
      ? `${listingPage}/pay?product=boost&days=${payment.boostDays ?? 7}`
      : `${listingPage}/pay`;
  return (
    <main id="main" className="container-page max-w-xl space-y-6 py-8">
      <BackLink to={listingPage}>{t('payments.backToListing')}</BackLink>
      <div aria-live="polite" className="space-y-3">
        <h1 className="text-2xl font-bold sm:text-3xl">{t(`payments.state.${payment.status}`)}</h1>
        {payment.status === 'pending' && (
          <>
            <p className="text-slate-800">
              {t('payments.approveOnPhone', {
                amount: formatRwf(payment.amount),
                phone: payment.phone,
              })}
            </p>
            <p className="text-sm text-slate-600">{t('payments.waitingNote')}</p>
            {demoPhonePath && (
              <p className="rounded-lg border border-dashed border-slate-300 p-3 text-sm">
                {t('payments.demoPhone')}{' '}
                <a href={demoPhonePath} target="_blank" rel="noreferrer" className="underline">
                  {t('payments.demoPhoneLink')}
                </a>
              </p>
            )}
          </>
        )}
        {(payment.status === 'failed' || payment.status === 'expired') && (
          <>
            <p className="rounded-lg border border-red-200 bg-red-50 p-3 text-red-900">
              {reasonText(payment.failureReason)}
            </p>
            <Link to={retry} className="button-primary inline-block">
              {t('payments.tryAgain')}
            </Link>
          </>
        )}
        {(payment.status === 'successful' || payment.status === 'refunded') && (
          <p className="text-slate-800">
            {payment.product === 'listingFee' ? t('payments.paidFee') : t('payments.paidBoost')}
          </p>
        )}
      </div>
      {(payment.status === 'successful' || payment.status === 'refunded') && (
        <Receipt payment={payment} />
      )}
      {isPayer && ['successful', 'failed', 'expired'].includes(payment.status) && (
        <PaymentDisputeForm />
      )}
    </main>
  );
}
