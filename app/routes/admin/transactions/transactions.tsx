import { Form } from 'react-router';
import { z } from 'zod';
import { adminContext } from '#app/auth.server.ts';
import { FormMessage } from '#app/components/form-message.tsx';
import { Link } from '#app/components/link.tsx';
import { LoadFailure } from '#app/components/load-failure.tsx';
import { Pagination } from '#app/components/pagination.tsx';
import { StackedCell, StackedRow, StackedTable } from '#app/components/stacked-table.tsx';
import { formHandler, handleIntents } from '#app/forms/form-action.server.ts';
import { IntentInput } from '#app/forms/intent-input.tsx';
import { useFormSubmission } from '#app/forms/use-form-submission.ts';
import { redirectPastLastPage } from '#app/last-page.server.ts';
import { pageMeta } from '#app/page-meta.ts';
import { formatDateTime, formatRwf } from '#lib/format.ts';
import { t } from '#lib/i18n.all.ts';
import { readListQuery } from '#lib/list-query.ts';
import { MOBILE_NETWORKS, PAYMENT_PRODUCTS, PAYMENT_STATUSES } from '#lib/payments.ts';
import {
  PaymentListQuerySchema,
  type MismatchView,
  type PaymentListQuery,
} from '#modules/payments/payments.admin.schema.ts';
import { receiptNumber } from '#modules/payments/payments.schema.ts';
import { getServices } from '#server/load-context.ts';
import type { Route } from './+types/transactions';

const TRANSACTIONS_PATH = '/admin-panel/transactions';

/** The payments the URL's filters keep, their totals, and the reconciliation's open findings. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = context.get(adminContext);
  const url = new URL(request.url);
  const query = readListQuery(url, PaymentListQuerySchema);
  const { paymentsAdmin, payments } = getServices(context);
  const [page, mismatches] = await Promise.all([
    paymentsAdmin.listPayments(query, admin),
    paymentsAdmin.listMismatches(admin),
  ]);
  redirectPastLastPage(request, page);
  return { page, query, mismatches, isPayingOn: payments.isEnabled(), search: url.search };
}

/** Marks a reconciliation finding looked into. */
export function action({ request, context }: Route.ActionArgs) {
  const admin = context.get(adminContext);
  return handleIntents(
    { request, context },
    {
      resolve: formHandler(z.object({ id: z.string() }), async ({ id }) => {
        await getServices(context).paymentsAdmin.resolveMismatch(id, admin);
        return t('payments.admin.mismatchResolved');
      }),
    },
  );
}

export function meta() {
  return pageMeta({
    title: t('admin.transactions.title'),
    description: t('payments.admin.description'),
  });
}

export function ErrorBoundary() {
  return <LoadFailure message={t('payments.admin.loadFailed')} />;
}

/** A select of the filter `name`, its options named by `labelOf`, "All" first. */
function FilterSelect<Option extends string>({
  name,
  label,
  value,
  options,
  labelOf,
}: {
  name: string;
  label: string;
  value: Option | undefined;
  options: readonly Option[];
  labelOf: (option: Option) => string;
}) {
  return (
    <div>
      <label htmlFor={`payments-${name}`} className="field-label">
        {label}
      </label>
      <select
        id={`payments-${name}`}
        name={name}
        defaultValue={value ?? ''}
        className="field-input"
      >
        <option value="">{t('payments.admin.all')}</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {labelOf(option)}
          </option>
        ))}
      </select>
    </div>
  );
}

function Filters({ query }: { query: PaymentListQuery }) {
  return (
    <Form
      method="get"
      role="search"
      className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-7"
    >
      <div className="sm:col-span-2">
        <label htmlFor="payments-q" className="field-label">
          {t('payments.admin.search')}
        </label>
        <input
          id="payments-q"
          name="q"
          type="search"
          defaultValue={query.q ?? ''}
          maxLength={100}
          className="field-input"
          aria-describedby="payments-q-hint"
        />
        <p id="payments-q-hint" className="mt-1 text-xs text-slate-600">
          {t('payments.admin.searchHint')}
        </p>
      </div>
      <FilterSelect
        name="status"
        label={t('payments.admin.status')}
        value={query.status}
        options={PAYMENT_STATUSES}
        labelOf={(status) => t(`payments.admin.statusName.${status}`)}
      />
      <FilterSelect
        name="network"
        label={t('payments.network')}
        value={query.network}
        options={MOBILE_NETWORKS}
        labelOf={(network) => t(`payments.networkName.${network}`)}
      />
      <FilterSelect
        name="product"
        label={t('payments.admin.product')}
        value={query.product}
        options={PAYMENT_PRODUCTS}
        labelOf={(product) => t(`payments.admin.productName.${product}`)}
      />
      <div className="grid grid-cols-2 gap-2 sm:col-span-2">
        <div>
          <label htmlFor="payments-from" className="field-label">
            {t('payments.admin.from')}
          </label>
          <input
            id="payments-from"
            name="from"
            type="date"
            defaultValue={query.from ?? ''}
            className="field-input"
          />
        </div>
        <div>
          <label htmlFor="payments-to" className="field-label">
            {t('payments.admin.to')}
          </label>
          <input
            id="payments-to"
            name="to"
            type="date"
            defaultValue={query.to ?? ''}
            className="field-input"
          />
        </div>
      </div>
      <div className="flex items-end sm:col-span-2 lg:col-span-7">
        <button type="submit" className="button-secondary">
          {t('payments.admin.filter')}
        </button>
      </div>
    </Form>
  );
}

/** The reconciliation's open findings, each marked looked into in place. */
function Mismatches({ mismatches }: { mismatches: MismatchView[] }) {
  const { fetcher, result } = useFormSubmission({ key: 'payments-resolve', intent: 'resolve' });
  if (mismatches.length === 0) return null;
  return (
    <section
      aria-labelledby="mismatches-heading"
      className="space-y-3 rounded-xl border border-amber-300 bg-amber-50 p-4"
    >
      <h2 id="mismatches-heading" className="font-bold text-amber-950">
        {t('payments.admin.mismatchesHeading')}
      </h2>
      <p className="text-sm text-amber-950">{t('payments.admin.mismatchesHint')}</p>
      <ul className="space-y-2">
        {mismatches.map((mismatch) => (
          <li key={mismatch._id} className="flex flex-wrap items-center gap-3 text-sm">
            <Link
              to={`${TRANSACTIONS_PATH}/${mismatch.paymentId}`}
              className="font-semibold underline"
            >
              {receiptNumber(mismatch.number)}
            </Link>
            <span>
              {t('payments.admin.mismatchLine', {
                ours: t(`payments.admin.statusName.${mismatch.ourStatus}`),
                theirs: t(`payments.admin.providerStatus.${mismatch.providerStatus}`),
              })}
            </span>
            <fetcher.Form method="post">
              <IntentInput value="resolve" />
              <input type="hidden" name="id" value={mismatch._id} />
              <button type="submit" className="button-secondary text-sm">
                {t('payments.admin.resolve')}
              </button>
            </fetcher.Form>
          </li>
        ))}
      </ul>
      {result && <FormMessage tone={result.ok ? 'success' : 'error'}>{result.message}</FormMessage>}
    </section>
  );
}

export default function AdminTransactions({
  loaderData: { page, query, mismatches, isPayingOn, search },
}: Route.ComponentProps) {
  const { totals } = page;
  return (
    <main id="main" className="container-page space-y-5 py-8">
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h1 className="text-3xl font-bold">{t('admin.transactions.title')}</h1>
        <a href={`/api/admin/payments.csv${search}`} className="button-secondary" download>
          {t('payments.admin.csv')}
        </a>
      </div>
      {!isPayingOn && <FormMessage tone="pending">{t('settings.pricesOff')}</FormMessage>}
      <Mismatches mismatches={mismatches} />
      <Filters query={query} />
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {(
          [
            ['payments.admin.totalCount', String(totals.count)],
            ['payments.admin.totalCharged', formatRwf(totals.charged)],
            ['payments.admin.totalRefunded', formatRwf(totals.refunded)],
            ['payments.admin.totalNet', formatRwf(totals.net)],
          ] as const
        ).map(([label, value]) => (
          <div key={label} className="rounded-xl border border-slate-200 bg-white p-3">
            <dt className="text-sm text-slate-600">{t(label)}</dt>
            <dd className="text-xl font-bold">{value}</dd>
          </div>
        ))}
      </dl>
      {page.items.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white px-4 py-10 text-center text-slate-700">
          {t('payments.admin.empty')}
        </p>
      ) : (
        <StackedTable
          columns={[
            t('payments.receiptNumber'),
            t('payments.receiptDate'),
            t('payments.receiptFor'),
            t('payments.receiptAmount'),
            t('payments.admin.payer'),
            t('payments.admin.status'),
          ]}
        >
          {page.items.map((payment) => (
            <StackedRow key={payment._id}>
              <StackedCell label={t('payments.receiptNumber')} isRowHeader>
                <Link
                  to={`${TRANSACTIONS_PATH}/${payment._id}`}
                  className="font-semibold text-brand-800 underline"
                >
                  {receiptNumber(payment.number)}
                </Link>
              </StackedCell>
              <StackedCell label={t('payments.receiptDate')}>
                {formatDateTime(payment.createdAt)}
              </StackedCell>
              <StackedCell label={t('payments.receiptFor')} className="break-words">
                {t(`payments.admin.productName.${payment.product}`)} · {payment.listingTitle}
              </StackedCell>
              <StackedCell label={t('payments.receiptAmount')}>
                {formatRwf(payment.amount)}
                {payment.refundedAmount > 0 && (
                  <span className="block text-xs text-slate-600">
                    {t('payments.receiptRefunded')}: {formatRwf(payment.refundedAmount)}
                  </span>
                )}
              </StackedCell>
              <StackedCell label={t('payments.admin.payer')} className="break-all">
                {payment.payerName ?? '—'}
                <span className="block text-xs text-slate-600">
                  {payment.phone} · {t(`payments.networkName.${payment.network}`)}
                </span>
              </StackedCell>
              <StackedCell label={t('payments.admin.status')}>
                {t(`payments.admin.statusName.${payment.status}`)}
              </StackedCell>
            </StackedRow>
          ))}
        </StackedTable>
      )}
      <Pagination page={page} />
    </main>
  );
}
