import type { Page } from '#lib/pagination.ts';
import { useFormSubmission } from '#app/forms/use-form-submission.ts';
import { ReviewLoading, useIsReviewListLoading } from './review-loading.tsx';
import { FormMessage } from '#app/components/form-message.tsx';
import { EmptyState, ListingGrid } from '#app/components/listing-grid.tsx';
import { Pagination } from '#app/components/pagination.tsx';

/**
 * An admin review list page: heading, optional filters, the latest answer of a card's Delete
 * (until the next action; its failure in the spec's words), the cards and the pages.
 */
export function ReviewList<Item extends { _id: string }>({
  heading,
  intro,
  filters,
  deleteFetcherKey,
  deleteFailedText,
  emptyText,
  page,
  renderCard,
}: {
  heading: string;
  intro: string;
  filters?: React.ReactNode;
  deleteFetcherKey: string;
  deleteFailedText: string;
  emptyText: string;
  page: Page<Item>;
  renderCard: (item: Item) => React.ReactNode;
}) {
  const { result } = useFormSubmission({ key: deleteFetcherKey });
  const isLoading = useIsReviewListLoading();
  return (
    <main id="main" className="container-page space-y-6 py-8">
      <header className="space-y-2">
        <h1 className="text-2xl font-bold sm:text-3xl">{heading}</h1>
        <p className="text-slate-700">{intro}</p>
      </header>
      {filters}
      <ReviewLoading isLoading={isLoading}>
        {result && (
          <FormMessage tone={result.ok ? 'success' : 'error'} answer={result}>
            {result.ok ? result.message : deleteFailedText}
          </FormMessage>
        )}
      </ReviewLoading>
      <div aria-busy={isLoading} className={isLoading ? 'opacity-60' : ''}>
        {page.items.length === 0 ? (
          <EmptyState>{emptyText}</EmptyState>
        ) : (
          <ListingGrid>{page.items.map((item) => renderCard(item))}</ListingGrid>
        )}
      </div>
      <Pagination page={page} />
    </main>
  );
}
