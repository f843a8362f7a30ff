import { redirect } from 'react-router';
import { expiredSessionCookie } from '#modules/accounts/accounts.cookie.ts';
import type { Route } from './+types/logout';

/** Signing out is a POST; a link or prefetch to /logout signs nobody out. */
export function loader() {
  return redirect('/');
}

/**
 * Logout for a page without JavaScript yet (the strip's form posts here; with JavaScript it
 * calls POST /api/logout). Ends the session and clears the cookie either way.
 */
export async function action({ context }: Route.ActionArgs) {
  if (context.viewer) await context.services.accounts.endSession(context.viewer.sessionId);
  return redirect('/login?loggedOut', {
    headers: { 'set-cookie': expiredSessionCookie({ isSecure: context.isSecureRequest }) },
  });
}
