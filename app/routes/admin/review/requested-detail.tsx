import { data, useActionData, useFetcher } from 'react-router';
import { redirect } from '#app/locale-redirect.ts';
import { Link } from '#app/components/link.tsx';
import { z } from 'zod';
import { NotFoundError } from '#lib/errors.ts';
import { formatPrice } from '#lib/format.ts';
import type { FormResult } from '#lib/form-result.ts';
import { t } from '#lib/i18n.all.ts';
import { IdParamsSchema } from '#lib/listing-schemas.ts';
import { adminContext } from '#app/auth.server.ts';
import { ReviewPhoto } from './review-photo.tsx';
import { BackLink } from '#app/components/back-link.tsx';
import { DeleteWithConfirm } from '#app/components/delete-with-confirm.tsx';
import { DescriptionSection } from '#app/components/detail-sections.tsx';
import { FactList } from '#app/components/fact-list.tsx';
import { FormMessage } from '#app/components/form-message.tsx';
import { Icon } from '#app/components/icon.tsx';
import { EmptyState } from '#app/components/listing-grid.tsx';
import { LoadFailure } from '#app/components/load-failure.tsx';
import { RequestStatusBadge } from '#app/components/request-card.tsx';
import { handleForm } from '#app/forms/form-action.server.ts';
import { loadOrNull } from '#app/load-or-null.server.ts';
import { pageMeta } from '#app/page-meta.ts';
import type { Route } from './+types/requested-detail';
import { getServices } from '#server/load-context.ts';

const LIST_PATH = '/admin-panel/requested-property';
const DETAIL_SIZES = '(min-width: 1152px) 720px, (min-width: 1024px) 60vw, 100vw';

/** One buyer's request, open or closed (admins only); absent: 'Property not found.' (404). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const admin = context.get(adminContext);
  const id = IdParamsSchema.safeParse(params);
  const requested = id.success
    ? await loadOrNull(() => getServices(context).requests.getRequest(id.data.id, admin))
    : null;
  return requested ? { requested } : data({ requested }, { status: 404 });
}

/** Delete Request: back to the list once it is gone. */
export function action({ params, request, context }: Route.ActionArgs) {
  const admin = context.get(adminContext);
  const { requests } = getServices(context);
  return handleForm(
    { request, context },
    z.object({}),
    async () => {
      const id = IdParamsSchema.safeParse(params);
      if (!id.success) throw new NotFoundError(t('adminReview.notFound'));
      await requests.deleteRequest(id.data.id, admin);
      throw redirect(LIST_PATH);
    },
    { failure: t('adminReview.requestDeleteFailed') },
  );
}

export function meta({ data: loaderData }: Route.MetaArgs) {
  const requested = loaderData?.requested;
  return pageMeta({
    title: requested?.title ?? t('adminReview.notFound'),
    description: requested
      ? `${formatPrice(requested.price, requested.pricePeriod)} · ${requested.location}`
      : '',
  });
}

export function ErrorBoundary() {
  return <LoadFailure message={t('adminReview.detailLoadFailed')} />;
}

function BackToList() {
  return <BackLink to={LIST_PATH}>{t('adminReview.backToRequested')}</BackLink>;
}

function DeleteRequest() {
  const deleter = useFetcher<FormResult>();
  const actionData = useActionData<FormResult>();
  const answer = deleter.data ?? actionData;
  return (
    <div className="space-y-3">
      <DeleteWithConfirm
        fetcher={deleter}
        confirmText={t('adminReview.deleteRequestConfirm')}
        label={t('adminReview.deleteRequest')}
        busyLabel={t('adminReview.deletingRequest')}
      />
      <div aria-live="polite">
        {answer && !answer.ok && (
          <FormMessage tone="error">{t('adminReview.requestDeleteFailed')}</FormMessage>
        )}
      </div>
    </div>
  );
}

export default function AdminRequestedDetail({ loaderData: { requested } }: Route.ComponentProps) {
  if (!requested) {
    return (
      <main id="main" className="container-page space-y-6 py-10">
        <BackToList />
        <EmptyState>{t('adminReview.notFound')}</EmptyState>
      </main>
    );
  }
  const notGiven = t('listing.notGiven');
  return (
    <main id="main" className="container-page space-y-6 py-8">
      <BackToList />
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="space-y-6">
          <ReviewPhoto
            photo={requested.photos[0]}
            title={requested.title}
            sizes={DETAIL_SIZES}
            isPriority
            className="rounded-xl"
          />
          <header className="space-y-3">
            <RequestStatusBadge status={requested.status} />
            <h1 className="text-2xl font-bold break-words sm:text-3xl">
              {requested.title || notGiven}
            </h1>
            <p className="text-3xl font-extrabold text-brand-800">
              {formatPrice(requested.price, requested.pricePeriod)}
            </p>
            <p className="flex flex-wrap items-center gap-1 text-slate-700">
              <Icon name="mapPin" className="h-5 w-5" />
              {requested.location || notGiven}
            </p>
          </header>
          <DescriptionSection description={requested.description} />
        </div>
        <aside className="space-y-6">
          <section className="space-y-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
            <FactList
              facts={[
                {
                  label: t('adminReview.requester'),
                  value: (
                    <Link
                      to={`/admin-panel/users/${requested.requesterId}`}
                      className="text-brand-800 underline"
                    >
                      {requested.requesterName || notGiven}
                    </Link>
                  ),
                },
                { label: t('adminReview.contact'), value: requested.contact || notGiven },
              ]}
            />
            <p className="text-sm text-slate-600">
              {t('listing.listedAgo', { timeAgo: requested.timeAgo })}
            </p>
          </section>
          <DeleteRequest />
        </aside>
      </div>
    </main>
  );
}
