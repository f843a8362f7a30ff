import { pageCount, type Page } from '#lib/pagination.ts';
import { redirect } from '#app/locale-redirect.ts';

/**
 * Every list page, public or admin, answers a page number past its end the same way: it sends
 * the visitor to its last page (the first when nothing is left), with the other parameters as
 * they were, rather than "Page 500 of 3" over nothing. A page past a capped total ("120+") is
 * past the end only when it comes back empty.
 */
export function redirectPastLastPage(
  request: Request,
  page: Pick<Page<unknown>, 'page' | 'pageSize' | 'total' | 'isTotalCapped'> & {
    items: readonly unknown[];
  },
): void {
  if (page.page === 1 || page.items.length > 0) return;
  const last = pageCount(page);
  // An empty page within the count: rows gone since it was taken; sending it on could loop.
  if (page.page <= last) return;
  const url = new URL(request.url);
  if (last === 1) url.searchParams.delete('page');
  else url.searchParams.set('page', String(last));
  const search = url.searchParams.toString();
  throw redirect(`${url.pathname}${search ? `?${search}` : ''}`);
}
