import { redirect, type AppLoadContext } from 'react-router';
import { loginPathReturningTo, type UserRole } from '#lib/account.ts';
import type { Viewer } from '#modules/accounts/accounts.service.ts';

/**
 * The signed-in user a page needs, or a redirect to /login that comes back here afterwards.
 * With `role`, a user of another role is sent to sign in with an account that has it.
 */
export function requireViewer(
  request: Request,
  context: AppLoadContext,
  options: { role?: UserRole } = {},
): Viewer {
  const viewer = context.viewer;
  if (!viewer || (options.role && viewer.role !== options.role)) {
    throw redirect(loginPathReturningTo(pagePathOf(request)));
  }
  return viewer;
}

/**
 * The page a request is for, with its query. A client-side navigation asks for the page's
 * data at `/path.data` (`/_root.data` for the home page) with a `_routes` parameter; the user
 * came for `/path`.
 */
export function pagePathOf(request: Request): string {
  const url = new URL(request.url);
  url.searchParams.delete('_routes');
  const pathname = url.pathname === '/_root.data' ? '/' : url.pathname.replace(/\.data$/, '');
  return `${pathname}${url.search}`;
}
