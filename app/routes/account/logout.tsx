import { redirect } from '#app/locale-redirect.ts';
import { expiredSessionCookie } from '#modules/accounts/accounts.cookie.ts';
import type { Route } from './+types/logout';
import { getServices, requestContext } from '#server/load-context.ts';

/** Signing out is a POST; a link or prefetch to /logout signs nobody out. */
export function loader() {
  return redirect('/');
}

/**
 * Logout for a page without JavaScript yet (the strip's form posts here; with JavaScript it
 * calls POST /api/logout). Ends the session and clears the cookie either way.
 */
export async function action({ context }: Route.ActionArgs) {
  const services = getServices(context);
  const { viewer, isSecureRequest } = context.get(requestContext);
  if (viewer) await services.accounts.endSession(viewer.sessionId);
  return redirect('/login?loggedOut', {
    headers: { 'set-cookie': expiredSessionCookie({ isSecure: isSecureRequest }) },
  });
}
