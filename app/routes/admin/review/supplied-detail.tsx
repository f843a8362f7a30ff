import { data } from 'react-router';
import { redirect } from '#app/locale-redirect.ts';
import { Link } from '#app/components/link.tsx';
import { REASON_MAX_LENGTH } from '#lib/limits.ts';
import { z } from 'zod';
import { NotFoundError } from '#lib/errors.ts';
import { formatPrice, formatRwf } from '#lib/format.ts';
import { t } from '#lib/i18n.all.ts';
import { IdParamsSchema } from '#lib/listing-schemas.ts';
import { SupplyRejectInputSchema, type SupplyView } from '#modules/supplies/supplies.schema.ts';
import { adminContext } from '#app/auth.server.ts';
import { BackLink } from '#app/components/back-link.tsx';
import { Breadcrumb } from '#app/components/breadcrumb.tsx';
import { DANGER_BUTTON, DeleteWithConfirm } from '#app/components/delete-with-confirm.tsx';
import { DescriptionSection, DetailsSection } from '#app/components/detail-sections.tsx';
import type { Fact } from '#app/components/fact-list.tsx';
import { FeatureList } from '#app/components/feature-list.tsx';
import { FormErrorSummary } from '#app/components/form-error-summary.tsx';
import { FormField } from '#app/components/form-field.tsx';
import { FormMessage } from '#app/components/form-message.tsx';
import { Icon } from '#app/components/icon.tsx';
import { offerLabel } from '#app/components/listing-detail-layout.tsx';
import { EmptyState } from '#app/components/listing-grid.tsx';
import { LoadFailure } from '#app/components/load-failure.tsx';
import { OfferBadges } from '#app/components/offer-badges.tsx';
import { PhotoGallery } from '#app/components/photo-gallery.tsx';
import { ModerationBadge } from '#app/components/supply-card.tsx';
import { PhotoMatchesPanel } from './photo-matches-panel.tsx';
import { formHandler, handleIntents, type IntentOf } from '#app/forms/form-action.server.ts';
import { IntentInput } from '#app/forms/intent-input.tsx';
import { loadOrNull } from '#app/load-or-null.server.ts';
import { pageMeta } from '#app/page-meta.ts';
import { useFormSubmission } from '#app/forms/use-form-submission.ts';
import type { Route } from './+types/supplied-detail';
import { getServices } from '#server/load-context.ts';
import { listingPath } from '#app/listing-kind.ts';
import type { ListingKind } from '#lib/listing.ts';

const LIST_PATH = '/admin-panel/supplied-property';
const FEATURES_PER_BLOCK = 3;
/** Approving and deleting send nothing but their intent. */
const NoFields = z.object({});

/**
 * Any listing, property or asset, supplied by a seller or created by an admin (the dashboard's
 * View links here), with its review controls (admins only). Absent: 'Property not found.' (404).
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const admin = context.get(adminContext);
  const id = IdParamsSchema.safeParse(params);
  const supply = id.success
    ? await loadOrNull(() => getServices(context).supplies.getSupply(id.data.id, admin))
    : null;
  return supply ? { supply } : data({ supply }, { status: 404 });
}

/** Approve (publishes it), Reject with a reason, or Delete (back to the list). */
export function action({ params, request, context }: Route.ActionArgs) {
  const admin = context.get(adminContext);
  const { supplies, payments } = getServices(context);
  const supplyId = () => {
    const id = IdParamsSchema.safeParse(params);
    if (!id.success) throw new NotFoundError(t('adminReview.notFound'));
    return id.data.id;
  };
  return handleIntents(
    { request, context },
    {
      approve: formHandler(
        NoFields,
        async () => {
          await supplies.approveSupply(supplyId(), admin);
          return t('adminReview.approved');
        },
        { failure: t('adminReview.approveFailed') },
      ),
      reject: formHandler(
        SupplyRejectInputSchema,
        async ({ reason }) => {
          await supplies.rejectSupply(supplyId(), reason, admin);
          return t('adminReview.rejected');
        },
        { failure: t('adminReview.rejectFailed') },
      ),
      waiveFee: formHandler(NoFields, async () => {
        await payments.waiveListingFee(supplyId(), admin);
        return t('payments.waived');
      }),
      delete: formHandler(
        NoFields,
        async () => {
          await supplies.withdrawSupply(supplyId(), admin);
          throw redirect(LIST_PATH);
        },
        { failure: t('adminReview.deleteFailed') },
      ),
    },
  );
}

type Intent = IntentOf<typeof action>;

export function meta({ data: loaderData }: Route.MetaArgs) {
  const supply = loaderData?.supply;
  return pageMeta({
    title: supply?.title ?? t('adminReview.notFound'),
    description: supply
      ? `${formatPrice(supply.price, supply.pricePeriod)} · ${supply.location ?? ''}`
      : '',
  });
}

export function ErrorBoundary() {
  return <LoadFailure message={t('adminReview.detailLoadFailed')} />;
}

/** 'Not given' for a missing value, an empty text included. */
function given(value: string | number | null) {
  return value === null || value === '' ? t('listing.notGiven') : value;
}

/** The facts of a listing's kind: before its review (rooms and area) and after it. */
type KindFacts = { beforeStatus: Fact[]; afterReview: Fact[] };

/** A property's rooms and area, then its address. */
function propertyFacts(supply: SupplyView): KindFacts {
  return {
    beforeStatus: [
      { label: t('listing.bedrooms'), value: given(supply.bedrooms) },
      { label: t('listing.bathrooms'), value: given(supply.bathrooms) },
      { label: t('listing.toilets'), value: given(supply.toilets) },
      {
        label: t('listing.area'),
        value:
          supply.area === null
            ? t('listing.notGiven')
            : t('listing.areaSqm', { area: supply.area }),
      },
    ],
    afterReview: [{ label: t('listing.address'), value: given(supply.address) }],
  };
}

/** An asset's kind fields, those it has (a car's fuel, a plot's size). */
function assetFacts(supply: SupplyView): KindFacts {
  const yesNo = (value: boolean | null) =>
    value === null ? t('listing.notGiven') : t(value ? 'listing.yes' : 'listing.no');
  const kindFacts: [keyof SupplyView, Fact][] = [
    ['transmission', { label: t('listing.transmission'), value: given(supply.transmission) }],
    ['fuel', { label: t('listing.fuel'), value: given(supply.fuel) }],
    ['certified', { label: t('listing.certified'), value: yesNo(supply.certified) }],
    ['inspected', { label: t('listing.inspected'), value: yesNo(supply.inspected) }],
    ['warranty', { label: t('listing.warranty'), value: given(supply.warranty) }],
    [
      'rentalPrice',
      {
        label: t('listing.rentalPrice'),
        value: supply.rentalPrice === null ? t('listing.notGiven') : formatRwf(supply.rentalPrice),
      },
    ],
    ['rentDuration', { label: t('listing.rentDuration'), value: given(supply.rentDuration) }],
    ['size', { label: t('listing.size'), value: given(supply.size) }],
    ['condition', { label: t('listing.condition'), value: given(supply.condition) }],
    ['sizeCloth', { label: t('listing.sizeCloth'), value: given(supply.sizeCloth) }],
  ];
  return {
    beforeStatus: [],
    afterReview: kindFacts.filter(([field]) => supply[field] !== null).map(([, fact]) => fact),
  };
}

const KIND_FACTS = { property: propertyFacts, asset: assetFacts } satisfies Record<
  ListingKind,
  (supply: SupplyView) => KindFacts
>;

/** Every fact of the listing: owner, contact, rooms and area, status, address, kind fields. */
function factsOf(supply: SupplyView): Fact[] {
  const { beforeStatus, afterReview } = KIND_FACTS[supply.kind](supply);
  return [
    {
      label: t('listing.owner'),
      value: (
        <Link to={`/admin-panel/users/${supply.ownerId}`} className="text-brand-800 underline">
          {supply.owner || t('listing.notGiven')}
        </Link>
      ),
    },
    { label: t('listing.contact'), value: given(supply.contact) },
    { label: t('listing.type'), value: t(`type.${supply.type}`) },
    ...beforeStatus,
    { label: t('listing.status'), value: offerLabel(supply.status) },
    {
      label: t('adminReview.review'),
      value: t(`supply.moderation.${supply.moderation}`),
    },
    ...afterReview,
  ];
}

/** Approve, Reject with a reason, Delete: each answer stays in the panel until the next. */
function ReviewPanel({ supply }: { supply: SupplyView }) {
  const approve = useFormSubmission({
    key: `admin-review-approve-${supply._id}`,
    intent: 'approve',
  });
  const {
    fetcher: rejectFetcher,
    formRef: rejectFormRef,
    result: rejectResult,
    isSubmitting: isRejecting,
    fieldErrors: rejectErrors,
    onInput: onRejectInput,
  } = useFormSubmission({ key: `admin-review-reject-${supply._id}`, intent: 'reject' });
  const remove = useFormSubmission({ key: `admin-review-delete-${supply._id}`, intent: 'delete' });
  const waive = useFormSubmission({ key: `admin-review-waive-${supply._id}`, intent: 'waiveFee' });
  const results = [approve.result, waive.result, rejectResult, remove.result].filter(
    (result) => result !== undefined,
  );
  return (
    <section
      aria-labelledby="review-heading"
      className="space-y-4 rounded-xl border border-brand-100 bg-brand-50 p-5 shadow-sm"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="review-heading" className="text-lg font-bold">
          {t('adminReview.review')}
        </h2>
        <ModerationBadge moderation={supply.moderation} feeState={supply.feeState} />
      </div>
      {supply.moderation === 'Rejected' && supply.rejectionReason && (
        <div className="rounded-lg border border-red-200 bg-white p-3">
          <p className="text-xs font-semibold tracking-wide text-red-800 uppercase">
            {t('adminReview.rejectionReason')}
          </p>
          <p className="mt-1 break-words whitespace-pre-line text-slate-900">
            {supply.rejectionReason}
          </p>
        </div>
      )}
      {supply.feeState === 'due' && (
        <waive.fetcher.Form method="post" className="space-y-2">
          <p className="text-sm text-slate-800">{t('payments.feeDueNote')}</p>
          <IntentInput<Intent> value="waiveFee" />
          <button type="submit" className="button-secondary w-full" disabled={waive.isSubmitting}>
            {t('payments.waiveFee')}
          </button>
        </waive.fetcher.Form>
      )}
      {supply.moderation === 'Approved' ? (
        <Link to={listingPath(supply.kind, supply._id)} className="button-secondary w-full">
          {t('adminReview.viewPublished')}
        </Link>
      ) : (
        <approve.fetcher.Form method="post">
          <IntentInput<Intent> value="approve" />
          <button type="submit" className="button-primary w-full" disabled={approve.isSubmitting}>
            {approve.isSubmitting ? t('adminReview.approving') : t('adminReview.approve')}
          </button>
        </approve.fetcher.Form>
      )}
      <rejectFetcher.Form
        method="post"
        ref={rejectFormRef}
        noValidate
        onInput={onRejectInput}
        className="space-y-2 border-t border-brand-100 pt-4"
      >
        <FormErrorSummary answer={rejectResult} fieldErrors={rejectErrors} />
        <IntentInput<Intent> value="reject" />
        <FormField name="reason" label={t('adminReview.reason')} error={rejectErrors.reason}>
          {(props) => (
            <textarea
              {...props}
              required
              maxLength={REASON_MAX_LENGTH}
              rows={3}
              aria-describedby={[props['aria-describedby'], 'reason-hint']
                .filter(Boolean)
                .join(' ')}
            />
          )}
        </FormField>
        <p id="reason-hint" className="text-sm text-slate-600">
          {t('adminReview.reasonHint')}
        </p>
        <button type="submit" className={DANGER_BUTTON} disabled={isRejecting}>
          {isRejecting ? t('adminReview.rejecting') : t('adminReview.reject')}
        </button>
      </rejectFetcher.Form>
      <DeleteWithConfirm
        fetcher={remove.fetcher}
        confirmText={t('adminReview.deleteConfirm')}
        label={t('adminReview.delete')}
        busyLabel={t('adminReview.deleting')}
        intent="delete"
        className="border-t border-brand-100 pt-4"
      />
      <div aria-live="polite" className="space-y-2">
        {results.map((result, index) => (
          <FormMessage key={index} tone={result.ok ? 'success' : 'error'}>
            {result.message}
          </FormMessage>
        ))}
      </div>
    </section>
  );
}

export default function AdminSuppliedDetail({ loaderData: { supply } }: Route.ComponentProps) {
  if (!supply) {
    return (
      <main id="main" className="container-page space-y-6 py-10">
        <BackLink to={LIST_PATH}>{t('adminReview.backToSupplied')}</BackLink>
        <EmptyState>{t('adminReview.notFound')}</EmptyState>
      </main>
    );
  }
  return (
    <main id="main" className="container-page space-y-6 py-8">
      <Breadcrumb title={supply.title} />
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="min-w-0 space-y-8">
          <PhotoGallery photos={supply.photos} title={supply.title} />
          <header className="space-y-3">
            <OfferBadges status={supply.status} availability={supply.availability} />
            <h1 className="text-2xl font-bold break-words sm:text-3xl">{supply.title}</h1>
            <p className="text-3xl font-extrabold text-brand-800">
              {formatPrice(supply.price, supply.pricePeriod)}
            </p>
            <p className="flex flex-wrap items-center gap-1 text-slate-700">
              <Icon name="mapPin" className="h-5 w-5" />
              {supply.location || t('listing.notGiven')}
              {supply.address && <span className="text-slate-500"> · {supply.address}</span>}
            </p>
          </header>
          <DescriptionSection description={supply.description} />
          <DetailsSection facts={factsOf(supply)} />
          <FeatureList
            features={supply.features}
            emptyText={t('supply.noFeatures')}
            perBlock={FEATURES_PER_BLOCK}
          />
        </div>
        <aside className="space-y-6">
          <PhotoMatchesPanel title={supply.title} matches={supply.photoMatches ?? []} />
          <ReviewPanel supply={supply} />
        </aside>
      </div>
    </main>
  );
}
