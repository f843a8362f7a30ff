import { useActionData, useFetcher } from 'react-router';
import type { FormResult } from '#lib/form-result.ts';
import { t } from '#lib/i18n.ts';
import { MESSAGE_CLEAR_MS } from '#lib/timings.ts';
import { RequestListQuerySchema } from '#modules/requests/requests.schema.ts';
import {
  DeleteInputSchema,
  failingWith,
  readListQuery,
  REVIEW_PAGE_SIZE,
} from '../../admin-review.server.ts';
import { requireViewer } from '../../auth.server.ts';
import {
  AdminReviewLoading,
  useIsReviewListLoading,
} from '../../components/admin-review-loading.tsx';
import {
  AdminReviewRequestCard,
  REQUEST_DELETE_FETCHER,
} from '../../components/admin-review-request-card.tsx';
import { FormMessage } from '../../components/form-message.tsx';
import { EmptyState, ListingGrid } from '../../components/listing-grid.tsx';
import { LoadFailure } from '../../components/load-failure.tsx';
import { Pagination } from '../../components/pagination.tsx';
import { handleFormAction } from '../../form-action.server.ts';
import { pageMeta } from '../../page-meta.ts';
import { useTransientResult } from '../../use-transient-result.ts';
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
  const deleter = useFetcher<FormResult>({ key: REQUEST_DELETE_FETCHER });
  const actionData = useActionData<FormResult>();
  const result = useTransientResult(deleter.data ?? actionData, MESSAGE_CLEAR_MS.admin);
  const isLoading = useIsReviewListLoading();
  return (
    <main id="main" className="container-page space-y-6 py-8">
      <header className="space-y-2">
        <h1 className="text-2xl font-bold sm:text-3xl">{t('adminReview.requestedHeading')}</h1>
        <p className="text-slate-700">{t('adminReview.requestedIntro')}</p>
      </header>
      <AdminReviewLoading isLoading={isLoading}>
        {result && (
          <FormMessage tone={result.ok ? 'success' : 'error'}>
            {result.ok ? result.message : t('adminReview.requestDeleteFailed')}
          </FormMessage>
        )}
      </AdminReviewLoading>
      <div aria-busy={isLoading} className={isLoading ? 'opacity-60' : ''}>
        {page.items.length === 0 ? (
          <EmptyState>{t('adminReview.requestsEmpty')}</EmptyState>
        ) : (
          <ListingGrid>
            {page.items.map((request) => (
              <AdminReviewRequestCard key={request._id} request={request} />
            ))}
          </ListingGrid>
        )}
      </div>
      <Pagination page={page} />
    </main>
  );
}
