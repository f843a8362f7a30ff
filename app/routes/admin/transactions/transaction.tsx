import { data } from 'react-router';
import { adminContext } from '#app/auth.server.ts';
import { BackLink } from '#app/components/back-link.tsx';
import { FormAnswer } from '#app/components/form-answer.tsx';
import { FormErrorSummary } from '#app/components/form-error-summary.tsx';
import { FormField } from '#app/components/form-field.tsx';
import { Link } from '#app/components/link.tsx';
import { LoadFailure } from '#app/components/load-failure.tsx';
import { TextField } from '#app/components/text-field.tsx';
import { handleForm } from '#app/forms/form-action.server.ts';
import { useFormSubmission } from '#app/forms/use-form-submission.ts';
import { loadOrNull } from '#app/load-or-null.server.ts';
import { pageMeta } from '#app/page-meta.ts';
import { formatDateTime, formatRwf } from '#lib/format.ts';
import { t } from '#lib/i18n.all.ts';
import { PAYMENT_FAILURE_REASONS } from '#lib/payments.ts';
import { RefundInputSchema, type PaymentDetail } from '#modules/payments/payments.admin.schema.ts';
import { purchaseText, receiptNumber } from '#modules/payments/payments.schema.ts';
import { getServices } from '#server/load-context.ts';
import type { Route } from './+types/transaction';

const TRANSACTIONS_PATH = '/admin-panel/transactions';

export async function loader({ params, context }: Route.LoaderArgs) {
  const admin = context.get(adminContext);
  const detail = await loadOrNull(() =>
    getServices(context).paymentsAdmin.getPaymentDetail(params.id, admin),
  );
  return detail ? { detail } : data({ detail }, { status: 404 });
}

/** Refunds all or part of the payment, by its provider; the answer says how it went. */
export function action({ params, request, context }: Route.ActionArgs) {
  const admin = context.get(adminContext);
  return handleForm(
    { request, context },
    RefundInputSchema,
    async (input) => {
      const refund = await getServices(context).paymentsAdmin.refundPayment(
        params.id,
        input,
        admin,
      );
      return t(`payments.admin.refund.${refund.status}`);
    },
    { failure: t('payments.admin.refundFailed') },
  );
}

export function meta({ data: loaderData }: Route.MetaArgs) {
  const payment = loaderData?.detail?.payment;
  return pageMeta({
    title: payment ? receiptNumber(payment.number) : t('payments.notFound'),
    description: payment?.listingTitle ?? '',
  });
}

export function ErrorBoundary() {
  return <LoadFailure message={t('payments.admin.loadFailed')} />;
}

const reasonText = (reason: string | null) =>
  reason
    ? t(`payments.reason.${PAYMENT_FAILURE_REASONS.find((code) => code === reason) ?? 'UNKNOWN'}`)
    : '';

function Facts({ detail }: { detail: PaymentDetail }) {
  const { payment } = detail;
  const rows: [string, React.ReactNode][] = [
    [t('payments.admin.status'), t(`payments.admin.statusName.${payment.status}`)],
    [t('payments.receiptFor'), purchaseText(payment)],
    [t('payments.receiptAmount'), formatRwf(payment.amount)],
    [t('payments.receiptRefunded'), formatRwf(payment.refundedAmount)],
    [
      t('payments.receiptFrom'),
      `${payment.phone} (${t(`payments.networkName.${payment.network}`)})`,
    ],
    [
      t('payments.admin.payer'),
      payment.payerId ? (
        <Link to={`/admin-panel/users/${payment.payerId}`} className="underline">
          {payment.payerName ?? payment.payerEmail}
        </Link>
      ) : (
        '—'
      ),
    ],
    [
      t('payments.admin.listing'),
      <Link
        key="listing"
        to={`/admin-panel/supplied-property/${payment.listingId}`}
        className="underline"
      >
        {payment.listingTitle}
      </Link>,
    ],
    [t('payments.admin.created'), formatDateTime(payment.createdAt)],
    [t('payments.admin.settled'), payment.settledAt ? formatDateTime(payment.settledAt) : '—'],
    [t('payments.admin.reference'), payment._id],
    [t('payments.admin.providerId'), payment.providerTransactionId ?? '—'],
  ];
  if (payment.failureReason) {
    rows.push([
      t('payments.admin.failure'),
      `${reasonText(payment.failureReason)}${payment.providerMessage ? ` (${payment.providerMessage})` : ''}`,
    ]);
  }
  return (
    <dl className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white px-4">
      {rows.map(([label, value]) => (
        <div key={label} className="grid gap-1 py-2 text-sm sm:grid-cols-[12rem_1fr]">
          <dt className="text-slate-600">{label}</dt>
          <dd className="font-medium break-all">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function RefundForm({ detail }: { detail: PaymentDetail }) {
  const {
    fetcher,
    formRef,
    result,
    isSubmitting,
    fieldErrors: errors,
    onInput,
  } = useFormSubmission({ key: `refund-${detail.payment._id}` });
  // Once all of it is back, the form goes; the answer to the last refund stays.
  if (detail.refundable <= 0) {
    return <FormAnswer result={result} failure={t('payments.admin.refundFailed')} />;
  }
  return (
    <section
      aria-labelledby="refund-heading"
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h2 id="refund-heading" className="text-lg font-bold">
        {t('payments.admin.refundHeading')}
      </h2>
      <fetcher.Form
        ref={formRef}
        method="post"
        noValidate
        onInput={onInput}
        className="mt-3 space-y-4"
      >
        <FormErrorSummary answer={result} fieldErrors={errors} />
        <TextField
          name="amount"
          kind="digits"
          label={t('payments.admin.refundAmount')}
          hint={
            detail.isPartialRefundPossible
              ? t('payments.admin.refundAmountHint', { amount: formatRwf(detail.refundable) })
              : t('payments.admin.refundWholeOnly')
          }
          value={detail.refundable}
          error={errors.amount}
          isRequired
          maxLength={9}
        />
        <FormField name="reason" label={t('payments.admin.refundReason')} error={errors.reason}>
          {(props) => <textarea {...props} required rows={3} maxLength={500} />}
        </FormField>
        <label className="flex min-h-11 items-center gap-2 font-medium text-slate-800">
          <input type="checkbox" name="isEndingPurchase" className="h-5 w-5 accent-brand-700" />
          {detail.payment.product === 'boost'
            ? t('payments.admin.endBoost')
            : t('payments.admin.endFee')}
        </label>
        <button type="submit" className="button-primary" disabled={isSubmitting}>
          {t('payments.admin.refundButton')}
        </button>
        <FormAnswer result={result} failure={t('payments.admin.refundFailed')} />
      </fetcher.Form>
    </section>
  );
}

export default function AdminTransaction({ loaderData: { detail } }: Route.ComponentProps) {
  if (!detail) {
    return (
      <main id="main" className="container-page space-y-6 py-10">
        <BackLink to={TRANSACTIONS_PATH}>{t('payments.admin.back')}</BackLink>
        <p>{t('payments.notFound')}</p>
      </main>
    );
  }
  return (
    <main id="main" className="container-page max-w-3xl space-y-6 py-8">
      <BackLink to={TRANSACTIONS_PATH}>{t('payments.admin.back')}</BackLink>
      <h1 className="text-2xl font-bold">
        {t('payments.admin.paymentHeading', { number: receiptNumber(detail.payment.number) })}
      </h1>
      <Facts detail={detail} />
      <RefundForm detail={detail} />
      {detail.refunds.length > 0 && (
        <section aria-labelledby="refunds-heading" className="space-y-2">
          <h2 id="refunds-heading" className="text-lg font-bold">
            {t('payments.admin.refundsHeading')}
          </h2>
          <ul className="space-y-2">
            {detail.refunds.map((refund) => (
              <li
                key={refund._id}
                className="rounded-lg border border-slate-200 bg-white p-3 text-sm"
              >
                <p className="font-semibold">
                  {formatRwf(refund.amount)} · {t(`payments.admin.refundState.${refund.status}`)}
                </p>
                <p className="text-slate-700">{refund.reason}</p>
                {refund.status === 'failed' && (
                  <p className="text-red-800">
                    {reasonText(refund.failureReason)}
                    {refund.providerMessage ? ` (${refund.providerMessage})` : ''}
                  </p>
                )}
                <p className="text-xs text-slate-600">{formatDateTime(refund.createdAt)}</p>
              </li>
            ))}
          </ul>
        </section>
      )}
      <section aria-labelledby="history-heading" className="space-y-2">
        <h2 id="history-heading" className="text-lg font-bold">
          {t('payments.admin.historyHeading')}
        </h2>
        <ol className="space-y-1 text-sm">
          {detail.events.map((event, index) => (
            <li key={index} className="flex flex-wrap gap-2">
              <span className="text-slate-600">{formatDateTime(event.createdAt)}</span>
              <span className="font-medium">{t(`payments.admin.event.${event.event}`)}</span>
              {event.toStatus && <span>→ {event.toStatus}</span>}
              {event.actorName && <span className="text-slate-600">({event.actorName})</span>}
            </li>
          ))}
        </ol>
      </section>
    </main>
  );
}
