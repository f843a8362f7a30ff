import { createContext, type MiddlewareFunction } from 'react-router';
import { redirect } from '#app/locale-redirect.ts';
import { loginPathReturningTo, type UserRole } from '#lib/account.ts';
import type { Viewer } from '#modules/accounts/accounts.service.ts';
import { getServices, getViewer, type PageContext } from '#server/load-context.ts';

/**
 * The signed-in user a page needs, or a redirect to /login that comes back here afterwards.
 * With `role`, a user of another role is sent to sign in with an account that has it.
 */
export function requireViewer(
  request: Request,
  context: PageContext,
  options: { role?: UserRole } = {},
): Viewer {
  const viewer = getViewer(context);
  if (!viewer || (options.role && viewer.role !== options.role)) {
    throw redirect(loginPathReturningTo(pagePathOf(request)));
  }
  return viewer;
}

/** The admin of an /admin-panel request, set by `requireAdmin` before any loader or action. */
export const adminContext = createContext<Viewer>();

/**
 * The admin panel's one guard: middleware of its layout route, so it runs before every loader
 * and every action below it (React Router runs a child's action without the parents' loaders,
 * but never without their middleware). Anyone but an admin goes to /login and back; an admin
 * who must first turn two-step sign-in on goes to the security page.
 */
export const requireAdmin: MiddlewareFunction<Response> = ({ request, context }) => {
  const services = getServices(context);
  const viewer = getViewer(context);
  // ADMIN_2FA=required: no admin page (nor its forms) until two-step sign-in is on; the
  // security page, where it is turned on, says why.
  if (viewer && services.accounts.mustTurnOnTwoStep(viewer)) {
    throw redirect('/account/security?adminTwoStep=required');
  }
  context.set(adminContext, requireViewer(request, context, { role: 'admin' }));
};

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
