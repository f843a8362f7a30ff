import { t } from '#lib/i18n.all.ts';
import { RequestListQuerySchema } from '#modules/requests/requests.schema.ts';
import { DeleteInputSchema } from './review.server.ts';
import { adminContext } from '#app/auth.server.ts';
import { ReviewList } from './review-list.tsx';
import { RequestReviewCard, REQUEST_DELETE_FETCHER } from './request-review-card.tsx';
import { LoadFailure } from '#app/components/load-failure.tsx';
import { handleForm } from '#app/forms/form-action.server.ts';
import { pageMeta } from '#app/page-meta.ts';
import type { Route } from './+types/requested-list';
import { getServices } from '#server/load-context.ts';
import { readListQuery } from '#lib/list-query.ts';
import { redirectPastLastPage } from '#app/last-page.server.ts';

/** Every buyer's request, open and closed, newest first (admins only). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = context.get(adminContext);
  const query = readListQuery(new URL(request.url), RequestListQuerySchema);
  const page = await getServices(context).requests.listAllRequests(query, admin);
  redirectPastLastPage(request, page);
  return { page };
}

/** Delete Request on a card. */
export function action({ request, context }: Route.ActionArgs) {
  const admin = context.get(adminContext);
  const { requests } = getServices(context);
  return handleForm(
    { request, context },
    DeleteInputSchema,
    async ({ id }) => {
      await requests.deleteRequest(id, admin);
      return t('adminReview.requestDeleted');
    },
    { failure: t('adminReview.requestDeleteFailed') },
  );
}

export function meta() {
  return pageMeta({
    title: t('adminReview.requestedHeading'),
    description: t('adminReview.requestedIntro'),
  });
}

export function ErrorBoundary() {
  return <LoadFailure message={t('adminReview.requestsLoadFailed')} />;
}

export default function AdminRequestedList({ loaderData: { page } }: Route.ComponentProps) {
  return (
    <ReviewList
      heading={t('adminReview.requestedHeading')}
      intro={t('adminReview.requestedIntro')}
      deleteFetcherKey={REQUEST_DELETE_FETCHER}
      deleteFailedText={t('adminReview.requestDeleteFailed')}
      emptyText={t('adminReview.requestsEmpty')}
      page={page}
      renderCard={(request) => <RequestReviewCard key={request._id} request={request} />}
    />
  );
}
