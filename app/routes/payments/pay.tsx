import { data } from 'react-router';
import { z } from 'zod';
import { redirect } from '#app/locale-redirect.ts';
import { requireViewer } from '#app/auth.server.ts';
import { BackLink } from '#app/components/back-link.tsx';
import { Link } from '#app/components/link.tsx';
import { FormAnswer } from '#app/components/form-answer.tsx';
import { FormErrorSummary } from '#app/components/form-error-summary.tsx';
import { ListingNotFound } from '#app/components/listing-not-found.tsx';
import { TextField } from '#app/components/text-field.tsx';
import { handleForm } from '#app/forms/form-action.server.ts';
import { useFormSubmission } from '#app/forms/use-form-submission.ts';
import { loadOrNull } from '#app/load-or-null.server.ts';
import { pageMeta } from '#app/page-meta.ts';
import { ForbiddenError } from '#lib/errors.ts';
import { formatDate, formatRwf } from '#lib/format.ts';
import { currentLocale } from '#lib/i18n.ts';
import { t } from '#lib/i18n.pages.ts';
import { IdParamsSchema } from '#lib/listing-schemas.ts';
import { BOOST_DAYS, MOBILE_NETWORKS, type BoostDays } from '#lib/payments.ts';
import { PaymentFormSchema, toPayerPhone } from '#modules/payments/payments.schema.ts';
import { getServices } from '#server/load-context.ts';
import type { Route } from './+types/pay';

/** What the page offers to buy: `?product=boost&days=30`; the listing fee by default. */
const PurchaseQuerySchema = z.object({
  product: z.enum(['listingFee', 'boost']).catch('listingFee'),
  days: z.coerce
    .number()
    .refine((days): days is BoostDays => (BOOST_DAYS as readonly number[]).includes(days))
    .catch(BOOST_DAYS[0]),
});

/**
 * The price and the form: what exactly is bought, for how much, from which number. The form
 * carries a key made for this showing of it, so a second tap or a resent post pays once.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const viewer = requireViewer(request, context);
  const { payments, supplies } = getServices(context);
  const id = IdParamsSchema.safeParse(params);
  const offers = id.success
    ? await loadOrNull(async () => {
        try {
          return await payments.getOffers(id.data.id, viewer);
        } catch (error) {
          if (error instanceof ForbiddenError) return null;
          throw error;
        }
      })
    : null;
  if (!offers) return data({ offers: null, purchase: null, phone: '', key: '' }, { status: 404 });
  const query = PurchaseQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const supply = await supplies.getSupply(offers.listingId, viewer);
  const boost = offers.boosts.find((offer) => offer.days === query.days);
  const purchase =
    query.product === 'boost'
      ? boost
        ? { product: 'boost' as const, days: boost.days, price: boost.price }
        : null
      : offers.listingFee !== null
        ? { product: 'listingFee' as const, days: null, price: offers.listingFee }
        : null;
  return {
    offers,
    purchase,
    // The listing's contact number, when it is a Rwandan mobile, saves typing it again.
    phone: toPayerPhone(supply.contact ?? '') ?? '',
    key: crypto.randomUUID(),
  };
}

export function action({ params, request, context }: Route.ActionArgs) {
  const viewer = requireViewer(request, context);
  return handleForm(
    { request, context },
    PaymentFormSchema,
    async (input) => {
      const payment = await getServices(context).payments.startPayment(
        { ...input, listingId: params.id },
        viewer,
        currentLocale(),
      );
      if (!payment) {
        throw redirect(`/supply-property-detail/${params.id}`);
      }
      throw redirect(`/payments/${payment._id}`);
    },
    { failure: t('payments.failed') },
  );
}

export function meta({ data: loaderData }: Route.MetaArgs) {
  return pageMeta({
    title: t('payments.payTitle'),
    description: loaderData?.offers?.listingTitle ?? t('payments.payTitle'),
  });
}

function PurchaseSummary({
  title,
  purchase,
  featuredUntil,
}: {
  title: string;
  purchase: { product: 'listingFee' | 'boost'; days: number | null; price: number };
  featuredUntil: string | null;
}) {
  return (
    <section
      aria-labelledby="purchase-heading"
      className="space-y-2 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h2 id="purchase-heading" className="text-lg font-bold">
        {purchase.product === 'listingFee'
          ? t('payments.feeHeading')
          : t('payments.boostHeading', { days: purchase.days ?? 0 })}
      </h2>
      <p className="break-words text-slate-700">{title}</p>
      <p className="text-sm text-slate-700">
        {purchase.product === 'listingFee'
          ? t('payments.feeExplained')
          : t('payments.boostExplained', { days: purchase.days ?? 0 })}
      </p>
      {purchase.product === 'boost' && featuredUntil && (
        <p className="text-sm text-slate-700">
          {t('payments.boostAfter', { date: formatDate(featuredUntil) })}
        </p>
      )}
      <p className="text-2xl font-bold text-brand-800">{formatRwf(purchase.price)}</p>
    </section>
  );
}

export default function Pay({
  loaderData: { offers, purchase, phone, key },
}: Route.ComponentProps) {
  const {
    fetcher,
    formRef,
    result,
    isSubmitting,
    fieldErrors: errors,
    onInput,
  } = useFormSubmission({ key: 'pay' });
  if (!offers) return <ListingNotFound message={t('supply.notFound')} />;
  const back = `/supply-property-detail/${offers.listingId}`;
  return (
    <main id="main" className="container-page max-w-xl space-y-6 py-8">
      <BackLink to={back}>{t('payments.backToListing')}</BackLink>
      <h1 className="text-2xl font-bold sm:text-3xl">{t('payments.payTitle')}</h1>
      {!purchase ? (
        <p className="rounded-xl border border-slate-200 bg-white p-4">
          {t('payments.nothingToBuy')}
        </p>
      ) : offers.pendingPaymentId ? (
        <p className="rounded-xl border border-amber-300 bg-amber-50 p-4">
          {t('payments.waitingAlready')}{' '}
          <Link to={`/payments/${offers.pendingPaymentId}`} className="font-medium underline">
            {t('payments.seeWaiting')}
          </Link>
        </p>
      ) : (
        <>
          <PurchaseSummary
            title={offers.listingTitle}
            purchase={purchase}
            featuredUntil={offers.featuredUntil}
          />
          {purchase.price > 0 && !offers.isPayingOn ? (
            <p className="rounded-xl border border-slate-200 bg-white p-4">
              {t('payments.offNotice')}
            </p>
          ) : (
            <fetcher.Form
              ref={formRef}
              method="post"
              className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
              noValidate
              onInput={onInput}
            >
              <FormErrorSummary answer={result} fieldErrors={errors} />
              <input type="hidden" name="product" value={purchase.product} />
              {purchase.days !== null && (
                <input type="hidden" name="boostDays" value={purchase.days} />
              )}
              <input type="hidden" name="idempotencyKey" value={key} />
              <TextField
                name="phone"
                label={t('payments.phone')}
                hint={t('payments.phoneHint')}
                value={phone}
                error={errors.phone}
                kind="tel"
                isRequired
                maxLength={30}
                autoComplete="tel"
              />
              <fieldset>
                <legend className="field-label">{t('payments.network')}</legend>
                <div className="mt-1 flex flex-wrap gap-x-6 gap-y-2">
                  <label className="flex items-center gap-2">
                    <input type="radio" name="network" value="" defaultChecked />
                    {t('payments.networkFromNumber')}
                  </label>
                  {MOBILE_NETWORKS.map((network) => (
                    <label key={network} className="flex items-center gap-2">
                      <input type="radio" name="network" value={network} />
                      {t(`payments.networkName.${network}`)}
                    </label>
                  ))}
                </div>
                {errors.network && (
                  <p className="mt-1 text-sm font-medium text-red-800">{errors.network}</p>
                )}
              </fieldset>
              <p className="text-sm text-slate-700">{t('payments.howItWorks')}</p>
              <button type="submit" className="button-primary w-full" disabled={isSubmitting}>
                {isSubmitting
                  ? t('payments.sending')
                  : purchase.price > 0
                    ? t('payments.payButton', { amount: formatRwf(purchase.price) })
                    : t('payments.freeButton')}
              </button>
              <FormAnswer result={result} failure={t('payments.failed')} />
            </fetcher.Form>
          )}
        </>
      )}
    </main>
  );
}
