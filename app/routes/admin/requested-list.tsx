import { t } from '#lib/i18n.ts';
import { RequestListQuerySchema } from '#modules/requests/requests.schema.ts';
import {
  DeleteInputSchema,
  failingWith,
  readListQuery,
  REVIEW_PAGE_SIZE,
} from '../../admin-review.server.ts';
import { requireViewer } from '../../auth.server.ts';
import { AdminReviewList } from '../../components/admin-review-list.tsx';
import {
  AdminReviewRequestCard,
  REQUEST_DELETE_FETCHER,
} from '../../components/admin-review-request-card.tsx';
import { LoadFailure } from '../../components/load-failure.tsx';
import { handleFormAction } from '../../form-action.server.ts';
import { pageMeta } from '../../page-meta.ts';
import type { Route } from './+types/requested-list';

/** Every buyer's request, open and closed, newest first (admins only). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = requireViewer(request, context, { role: 'admin' });
  const query = readListQuery(new URL(request.url), RequestListQuerySchema, {
    pageSize: String(REVIEW_PAGE_SIZE),
  });
  return { page: await context.services.requests.listAllRequests(query, admin) };
}

/** Delete Request on a card. */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = requireViewer(request, context, { role: 'admin' });
  return handleFormAction(request, context, DeleteInputSchema, async ({ id }) => {
    await failingWith(t('adminReview.requestDeleteFailed'), () =>
      context.services.requests.deleteRequest(id, admin),
    );
    return t('adminReview.requestDeleted');
  });
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
    <AdminReviewList
      heading={t('adminReview.requestedHeading')}
      intro={t('adminReview.requestedIntro')}
      deleteFetcherKey={REQUEST_DELETE_FETCHER}
      deleteFailedText={t('adminReview.requestDeleteFailed')}
      emptyText={t('adminReview.requestsEmpty')}
      page={page}
      renderCard={(request) => <AdminReviewRequestCard key={request._id} request={request} />}
    />
  );
}
