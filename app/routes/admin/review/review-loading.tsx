import { useFetchers, useLocation, useNavigation, useRevalidator } from 'react-router';
import { t } from '#lib/i18n.all.ts';

/**
 * Whether this page's data is being fetched again: a client navigation to it (a filter or
 * another page of the list), a revalidation after a delete. The first paint is server-rendered.
 */
export function useIsReviewListLoading(): boolean {
  const navigation = useNavigation();
  const location = useLocation();
  const revalidator = useRevalidator();
  const fetchers = useFetchers();
  return (
    (navigation.state === 'loading' && navigation.location.pathname === location.pathname) ||
    revalidator.state === 'loading' ||
    fetchers.some((fetcher) => fetcher.state === 'loading')
  );
}

/** 'Loading...' while the list is fetched again, then the latest answer of a card's action. */
export function ReviewLoading({
  isLoading,
  children,
}: {
  isLoading: boolean;
  children?: React.ReactNode;
}) {
  return (
    <div role="status" aria-live="polite" className="space-y-2 empty:hidden">
      {isLoading && (
        <p className="text-sm font-medium text-slate-600">{t('adminReview.loading')}</p>
      )}
      {children}
    </div>
  );
}
