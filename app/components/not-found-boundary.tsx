import { lazy, Suspense } from 'react';
import { isRouteErrorResponse } from 'react-router';

// Loaded only for a 404: every page's JavaScript would otherwise carry the search and category
// links it offers. The server renders it in full before answering; the browser keeps that
// HTML until the chunk arrives.
const NotFoundPage = lazy(() =>
  import('./not-found-page.tsx').then((module) => ({ default: module.NotFoundPage })),
);

/** Whether a route's error is an absent page (a thrown 404), not a failure to load one. */
export function isNotFoundError(error: unknown): boolean {
  return isRouteErrorResponse(error) && error.status === 404;
}

/**
 * The site's 404 page, for the error boundary of the route that found nothing: the same page
 * wherever the address went wrong (an unknown path, or a list page's unknown type).
 */
export function NotFoundBoundary() {
  return (
    <Suspense>
      <NotFoundPage />
    </Suspense>
  );
}
