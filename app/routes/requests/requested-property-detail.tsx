import { data, isRouteErrorResponse, useFetcher } from 'react-router';
import { redirect } from '#app/locale-redirect.ts';
import { Link } from '#app/components/link.tsx';
import { z } from 'zod';
import { isOwnerOrAdmin } from '#lib/account.ts';
import { NotFoundError } from '#lib/errors.ts';
import { formatPrice } from '#lib/format.ts';
import type { FormResult } from '#lib/form-result.ts';
import { t } from '#lib/i18n.pages.ts';
import { IdParamsSchema } from '#lib/listing-schemas.ts';
import { telHref } from '#lib/site.ts';
import type { RequestStatus } from '#lib/listing.ts';
import { RequestUpdateSchema, type RequestView } from '#modules/requests/requests.schema.ts';
import { requireViewer } from '#app/auth.server.ts';
import { BackLink } from '#app/components/back-link.tsx';
import { DeleteWithConfirm } from '#app/components/delete-with-confirm.tsx';
import { DescriptionSection, DetailsSection } from '#app/components/detail-sections.tsx';
import { FactList, type Fact } from '#app/components/fact-list.tsx';
import { FeatureList } from '#app/components/feature-list.tsx';
import { answerToShow, FormMessage } from '#app/components/form-message.tsx';
import { Icon } from '#app/components/icon.tsx';
import { ListingLocation } from '#app/components/listing-location.tsx';
import { ListingNotFound } from '#app/components/listing-not-found.tsx';
import { ListingPhoto } from '#app/components/listing-photo.tsx';
import { LoadFailure } from '#app/components/load-failure.tsx';
import { MatchingListings } from '#app/components/matches.tsx';
import { RequestStatusBadge } from '#app/components/request-card.tsx';
import { formHandler, handleIntents, type IntentOf } from '#app/forms/form-action.server.ts';
import { IntentInput } from '#app/forms/intent-input.tsx';
import { loadOrNull } from '#app/load-or-null.server.ts';
import { pageMeta } from '#app/page-meta.ts';
import { useFormSubmission } from '#app/forms/use-form-submission.ts';
import type { Route } from './+types/requested-property-detail';
import { getServices } from '#server/load-context.ts';

/** Closing or reopening sends the status alone, checked by the edit schema's own rule. */
const StatusInputSchema = RequestUpdateSchema.pick({ status: true }).required();
/** Deleting sends nothing but its intent. */
const NoInputSchema = z.object({});

const DETAIL_SIZES = '(min-width: 1152px) 720px, (min-width: 1024px) 60vw, 100vw';

/** A wanted-ad for signed-in users; a closed one only for its requester and admins. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const viewer = requireViewer(request, context);
  const { requests, matching } = getServices(context);
  const id = IdParamsSchema.safeParse(params);
  const requested = id.success
    ? await loadOrNull(() => requests.getRequest(id.data.id, viewer))
    : null;
  const canManage = Boolean(requested && isOwnerOrAdmin(viewer, requested.requesterId));
  const matches =
    requested && canManage ? await matching.listMatchesForRequest(requested._id, viewer) : [];
  const answer = { requested, canManage, matches };
  return requested ? answer : data(answer, { status: 404 });
}

/** The requester's controls (the service checks who may): close or reopen, and delete. */
export function action({ params, request, context }: Route.ActionArgs) {
  const viewer = requireViewer(request, context);
  const { requests } = getServices(context);
  const requestId = () => {
    const id = IdParamsSchema.safeParse(params);
    if (!id.success) throw new NotFoundError(t('request.notFound'));
    return id.data.id;
  };
  return handleIntents(
    { request, context },
    {
      status: formHandler(StatusInputSchema, async ({ status }) => {
        await requests.updateRequest(requestId(), { status }, [], viewer);
        return t(status === 'Closed' ? 'request.closed' : 'request.reopened');
      }),
      delete: formHandler(NoInputSchema, async () => {
        await requests.deleteRequest(requestId(), viewer);
        throw redirect('/property-requested');
      }),
    },
  );
}

type Intent = IntentOf<typeof action>;

export function meta({ data: loaderData }: Route.MetaArgs) {
  const requested = loaderData?.requested;
  if (!requested) return pageMeta({ title: t('request.notFound'), description: '' });
  return pageMeta({
    title: requested.title,
    description: `${formatPrice(requested.price, requested.pricePeriod)} · ${requested.location}`,
  });
}

/** The message the server gave with the failure, if it gave one. */
function serverMessageOf(error: unknown): string | undefined {
  if (!isRouteErrorResponse(error)) return undefined;
  const body: unknown = error.data;
  if (typeof body === 'object' && body !== null && 'message' in body) {
    const { message } = body;
    if (typeof message === 'string' && message !== '') return message;
  }
  return undefined;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <LoadFailure message={serverMessageOf(error) ?? t('request.detailLoadFailed')} />;
}

/** Close or reopen the request, edit it, or delete it (after a confirmation). */
function ManageRequest({ requestId, status }: { requestId: string; status: RequestStatus }) {
  const { fetcher, result, isSubmitting } = useFormSubmission({
    key: `request-status-${requestId}`,
  });
  const deleter = useFetcher<FormResult>({ key: `request-delete-${requestId}` });
  const nextStatus: RequestStatus = status === 'Open' ? 'Closed' : 'Open';
  return (
    <section
      aria-labelledby="manage-heading"
      className="space-y-3 rounded-xl border border-brand-100 bg-brand-50 p-5 shadow-sm"
    >
      <h2 id="manage-heading" className="text-lg font-bold">
        {t('request.manageHeading')}
      </h2>
      <div className="grid grid-cols-2 gap-3">
        <Link to={`/requested-property-detail/${requestId}/edit`} className="button-secondary">
          {t('request.edit')}
        </Link>
        <fetcher.Form method="post" className="contents">
          <IntentInput<Intent> value="status" />
          <input type="hidden" name="status" value={nextStatus} />
          <button type="submit" className="button-primary" disabled={isSubmitting}>
            {t(nextStatus === 'Closed' ? 'request.close' : 'request.reopen')}
          </button>
        </fetcher.Form>
      </div>
      <DeleteWithConfirm
        fetcher={deleter}
        confirmText={t('request.deleteConfirm')}
        label={t('request.delete')}
        busyLabel={t('request.deleting')}
        intent="delete"
      />
      <div aria-live="polite" className="space-y-2">
        {result && (
          <FormMessage tone={result.ok ? 'success' : 'error'} answer={answerToShow(result)}>
            {result.message}
          </FormMessage>
        )}
        {deleter.data && !deleter.data.ok && (
          <FormMessage tone="error" answer={deleter.data}>
            {deleter.data.message}
          </FormMessage>
        )}
      </div>
    </section>
  );
}

/** Who asks, and how to reach them: what a seller with a match needs. */
function RequesterPanel({ requested }: { requested: RequestView }) {
  const notGiven = t('listing.notGiven');
  return (
    <section className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <FactList
        facts={[
          { label: t('request.requester'), value: requested.requesterName || notGiven },
          {
            label: t('listing.contact'),
            value: requested.contact ? (
              <a href={telHref(requested.contact)} className="text-brand-800 underline">
                {requested.contact}
              </a>
            ) : (
              notGiven
            ),
          },
        ]}
      />
      <p className="mt-3 text-sm text-slate-600">
        {t('listing.listedAgo', { timeAgo: requested.timeAgo })}
      </p>
    </section>
  );
}

/** Type, rooms and area: only those the buyer gave. */
function detailFacts(requested: RequestView): Fact[] {
  const facts: Fact[] = [];
  if (requested.type) facts.push({ label: t('listing.type'), value: t(`type.${requested.type}`) });
  if (requested.bedrooms !== null) {
    facts.push({ label: t('listing.bedrooms'), value: requested.bedrooms });
  }
  if (requested.bathrooms !== null) {
    facts.push({ label: t('listing.bathrooms'), value: requested.bathrooms });
  }
  if (requested.toilets !== null) {
    facts.push({ label: t('listing.toilets'), value: requested.toilets });
  }
  if (requested.area !== null) {
    facts.push({ label: t('listing.area'), value: t('listing.areaSqm', { area: requested.area }) });
  }
  return facts;
}

export default function RequestedPropertyDetail({
  loaderData: { requested, canManage, matches },
}: Route.ComponentProps) {
  if (!requested) {
    return (
      <ListingNotFound message={t('request.notFound')}>
        <Link to="/property-requested" className="button-secondary">
          {t('requested.backToList')}
        </Link>
      </ListingNotFound>
    );
  }
  const photo = requested.photos[0];
  const facts = detailFacts(requested);
  return (
    <main id="main" className="container-page space-y-6 py-8">
      <BackLink to="/property-requested">{t('requested.backToList')}</BackLink>
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="space-y-8">
          {photo ? (
            <ListingPhoto
              photo={photo}
              alt={t('listing.photoOf', { title: requested.title })}
              sizes={DETAIL_SIZES}
              isPriority
              className="rounded-xl"
            />
          ) : (
            <div className="flex aspect-[4/3] w-full items-center justify-center rounded-xl bg-slate-200 text-slate-600">
              {t('request.noImage')}
            </div>
          )}
          <header className="space-y-3">
            <RequestStatusBadge status={requested.status} />
            <h1 className="text-2xl font-bold break-words sm:text-3xl">{requested.title}</h1>
            <p className="flex flex-wrap items-center gap-1 text-slate-700">
              <Icon name="mapPin" className="h-5 w-5" />
              {requested.location || t('listing.notGiven')}
            </p>
            <p className="text-3xl font-extrabold text-brand-800">
              {formatPrice(requested.price, requested.pricePeriod)}
            </p>
          </header>
          <DescriptionSection description={requested.description} />
          {facts.length > 0 && <DetailsSection facts={facts} />}
          {requested.features.length > 0 && (
            <FeatureList features={requested.features} emptyText={t('listing.notGiven')} />
          )}
          <ListingLocation
            place={requested.location}
            latitude={requested.latitude}
            longitude={requested.longitude}
            locationPrecision={requested.locationPrecision}
          />
          {canManage && requested.status === 'Open' && <MatchingListings listings={matches} />}
        </div>
        <aside className="space-y-6">
          {canManage && <ManageRequest requestId={requested._id} status={requested.status} />}
          <RequesterPanel requested={requested} />
        </aside>
      </div>
    </main>
  );
}
