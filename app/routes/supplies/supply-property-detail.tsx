import { data, Form, useActionData, useFetcher } from 'react-router';
import { redirect } from '#app/locale-redirect.ts';
import { Link } from '#app/components/link.tsx';
import { z } from 'zod';
import { isOwnerOrAdmin } from '#lib/account.ts';
import { ForbiddenError } from '#lib/errors.ts';
import { formatDate } from '#lib/format.ts';
import { localePath } from '#lib/i18n.ts';
import { t } from '#lib/i18n.pages.ts';
import { IdParamsSchema } from '#lib/listing-schemas.ts';
import type { SupplyView } from '#modules/supplies/supplies.schema.ts';
import { requireViewer } from '#app/auth.server.ts';
import type { Fact } from '#app/components/fact-list.tsx';
import { FeatureList } from '#app/components/feature-list.tsx';
import { Breadcrumb } from '#app/components/breadcrumb.tsx';
import { ListingNotFound } from '#app/components/listing-not-found.tsx';
import { ListingDetailLayout, offerLabel } from '#app/components/listing-detail-layout.tsx';
import { ListingLifeNotice } from '#app/components/listing-life-notice.tsx';
import { LoadFailure } from '#app/components/load-failure.tsx';
import { ModerationBadge } from '#app/components/supply-card.tsx';
import { PaymentPanel } from '#app/components/payment-panel.tsx';
import { inquiryHandler } from '#app/routes/catalogue/listing-action.server.ts';
import { formHandler, handleIntents, type IntentOf } from '#app/forms/form-action.server.ts';
import { IntentInput } from '#app/forms/intent-input.tsx';
import { loadOrNull } from '#app/load-or-null.server.ts';
import { BuyersLooking } from '#app/components/matches.tsx';
import { pageMeta } from '#app/page-meta.ts';
import { getSiteOrigin } from '#app/site-origin.server.ts';
import type { Route } from './+types/supply-property-detail';
import { getServices } from '#server/load-context.ts';
import { listingPath } from '#app/listing-kind.ts';
import type { ListingKind } from '#lib/listing.ts';

/** Withdrawing sends nothing but its intent. */
const NoFields = z.object({});
const FEATURES_PER_BLOCK = 3;

/** A supply, for its supplier and admins; for anyone else it does not exist. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const viewer = requireViewer(request, context);
  const { supplies, matching, expiry, payments } = getServices(context);
  const id = IdParamsSchema.safeParse(params);
  const supply = id.success
    ? await loadOrNull(async () => {
        try {
          return await supplies.getSupply(id.data.id, viewer);
        } catch (error) {
          if (error instanceof ForbiddenError) return null;
          throw error;
        }
      })
    : null;
  const canManage = Boolean(supply && isOwnerOrAdmin(viewer, supply.ownerId));
  const buyers =
    supply && canManage
      ? await matching.listRequestsForListing(supply._id, supply.ownerId, viewer)
      : { data: [], total: 0 };
  const life = supply && canManage ? await expiry.getLife(supply._id, viewer) : null;
  // Only its owner pays for a listing (an admin waives a fee on the review page).
  const offers =
    supply && supply.ownerId === viewer.id ? await payments.getOffers(supply._id, viewer) : null;
  const answer = {
    supply,
    canManage,
    life,
    offers,
    buyers: buyers.data,
    origin: getSiteOrigin(request, context),
  };
  return supply ? answer : data(answer, { status: 404 });
}

/** Withdraw (the supplier), or Request Information once the supply is published. */
export function action({ request, context, params }: Route.ActionArgs) {
  const viewer = requireViewer(request, context);
  const services = getServices(context);
  return handleIntents(
    { request, context },
    {
      inquiry: inquiryHandler(context, params.id),
      renew: formHandler(NoFields, async () => {
        const until = await services.expiry.renew(params.id, viewer);
        return t('expiry.listedUntil', { date: formatDate(until) });
      }),
      withdraw: formHandler(NoFields, async () => {
        await services.supplies.withdrawSupply(params.id, viewer);
        throw redirect('/supplied-property');
      }),
    },
  );
}

type SupplyIntent = IntentOf<typeof action>;

export function meta({ data: loaderData }: Route.MetaArgs) {
  const supply = loaderData?.supply;
  return pageMeta({
    title: supply?.title ?? t('supply.notFound'),
    description: supply?.description ?? '',
  });
}

export function ErrorBoundary() {
  return <LoadFailure message={t('supply.detailLoadFailed')} />;
}

function given(value: string | number | null) {
  return value ?? t('listing.notGiven');
}

/** A property's rooms, area and address. */
function propertyFacts(supply: SupplyView): Fact[] {
  return [
    { label: t('listing.bedrooms'), value: given(supply.bedrooms) },
    { label: t('listing.bathrooms'), value: given(supply.bathrooms) },
    { label: t('listing.toilets'), value: given(supply.toilets) },
    {
      label: t('listing.area'),
      value:
        supply.area === null ? t('listing.notGiven') : t('listing.areaSqm', { area: supply.area }),
    },
    { label: t('listing.address'), value: given(supply.address) },
  ];
}

/** An asset's kind fields, those it has (a car's fuel, a plot's size). */
function assetFacts(supply: SupplyView): Fact[] {
  const yesNo = (value: boolean | null) =>
    value === null ? t('listing.notGiven') : t(value ? 'listing.yes' : 'listing.no');
  const byField: Record<string, Fact> = {
    transmission: { label: t('listing.transmission'), value: given(supply.transmission) },
    fuel: { label: t('listing.fuel'), value: given(supply.fuel) },
    certified: { label: t('listing.certified'), value: yesNo(supply.certified) },
    inspected: { label: t('listing.inspected'), value: yesNo(supply.inspected) },
    warranty: { label: t('listing.warranty'), value: given(supply.warranty) },
    rentalPrice: { label: t('listing.rentalPrice'), value: given(supply.rentalPrice) },
    rentDuration: { label: t('listing.rentDuration'), value: given(supply.rentDuration) },
    size: { label: t('listing.size'), value: given(supply.size) },
    condition: { label: t('listing.condition'), value: given(supply.condition) },
    sizeCloth: { label: t('listing.sizeCloth'), value: given(supply.sizeCloth) },
  };
  return Object.entries(byField)
    .filter(([field]) => supply[field as keyof SupplyView] !== null)
    .map(([, fact]) => fact);
}

const KIND_FACTS = { property: propertyFacts, asset: assetFacts } satisfies Record<
  ListingKind,
  (supply: SupplyView) => Fact[]
>;

/** The facts of a supply: rooms and area for a property, the kind's fields for an asset. */
function factsOf(supply: SupplyView): Fact[] {
  return [
    { label: t('listing.type'), value: t(`type.${supply.type}`) },
    { label: t('listing.status'), value: offerLabel(supply.status) },
    { label: t('listing.owner'), value: given(supply.owner) },
    { label: t('listing.contact'), value: given(supply.contact) },
    ...KIND_FACTS[supply.kind](supply),
  ];
}

function SupplyControls({ supply }: { supply: SupplyView }) {
  const fetcher = useFetcher();
  const publishedHref = listingPath(supply.kind, supply._id);
  return (
    <div className="flex flex-wrap items-center gap-3">
      <ModerationBadge moderation={supply.moderation} feeState={supply.feeState} />
      {supply.moderation === 'Approved' && (
        <Link to={publishedHref} className="font-medium text-brand-800 underline">
          {t('supply.viewPublished')}
        </Link>
      )}
      <span className="ml-auto flex gap-2">
        <Link to={`/supply-property-detail/${supply._id}/edit`} className="button-secondary">
          {t('supply.edit')}
        </Link>
        <fetcher.Form
          method="post"
          onSubmit={(event) => {
            if (!window.confirm(t('supply.withdrawConfirm'))) event.preventDefault();
          }}
        >
          <IntentInput<SupplyIntent> value="withdraw" />
          <button
            type="submit"
            className="button-secondary text-red-800"
            disabled={fetcher.state !== 'idle'}
          >
            {t('supply.withdraw')}
          </button>
        </fetcher.Form>
      </span>
    </div>
  );
}

/** Listed until or expired on, and the Renew button: a plain post, without JavaScript too. */
function LifeNotice({ life }: { life: NonNullable<Route.ComponentProps['loaderData']['life']> }) {
  const answer = useActionData<typeof action>();
  const result = answer && answer.intent === 'renew' ? answer : null;
  return (
    <ListingLifeNotice
      life={life}
      result={result}
      renewForm={
        <Form method="post">
          <IntentInput<SupplyIntent> value="renew" />
          <button type="submit" className="button-primary">
            {t('expiry.renew')}
          </button>
        </Form>
      }
    />
  );
}

/** Why an admin rejected the supply, and what the supplier can do about it. */
function RejectionNotice({ reason }: { reason: string }) {
  return (
    <section
      aria-labelledby="rejection-heading"
      className="space-y-1 rounded-xl border border-red-200 bg-red-50 p-4"
    >
      <h2 id="rejection-heading" className="font-bold text-red-900">
        {t('adminReview.rejectionNotice')}
      </h2>
      <p className="text-sm font-medium text-red-900">{t('adminReview.rejectionReason')}:</p>
      <p className="break-words whitespace-pre-line text-slate-900">{reason}</p>
      <p className="text-sm text-slate-700">{t('adminReview.rejectionNextStep')}</p>
    </section>
  );
}

export default function SupplyPropertyDetail({
  loaderData: { supply, canManage, life, offers, buyers, origin },
}: Route.ComponentProps) {
  if (!supply) {
    return <ListingNotFound message={t('supply.notFound')} />;
  }
  return (
    <ListingDetailLayout
      listing={{ ...supply, location: supply.location ?? t('listing.fallbackLocation') }}
      facts={factsOf(supply)}
      factsHeading={t('listing.details')}
      publicUrl={
        supply.moderation === 'Approved'
          ? `${origin}${localePath(`/details/${supply._id}`)}`
          : undefined
      }
      forOwner={<BuyersLooking requests={buyers} />}
      top={
        <div className="space-y-4">
          <Breadcrumb title={supply.title} />
          {canManage && <SupplyControls supply={supply} />}
          {offers && <PaymentPanel offers={offers} />}
          {life && <LifeNotice life={life} />}
          {canManage && supply.rejectionReason && (
            <RejectionNotice reason={supply.rejectionReason} />
          )}
        </div>
      }
    >
      <FeatureList
        features={supply.features}
        emptyText={t('supply.noFeatures')}
        perBlock={FEATURES_PER_BLOCK}
      />
    </ListingDetailLayout>
  );
}
