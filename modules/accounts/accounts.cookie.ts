import { parse, serialize } from 'cookie';
import { SESSION_TTL_MS } from './accounts.service.ts';

export const SESSION_COOKIE = 'session';

/** The session token from a Cookie header, if any. */
export function readSessionCookie(cookieHeader: string | undefined | null): string | undefined {
  if (!cookieHeader) return undefined;
  return parse(cookieHeader)[SESSION_COOKIE] || undefined;
}

/**
 * The Set-Cookie value that starts a browser session: httpOnly (scripts never see the token),
 * SameSite=Lax (not sent on cross-site posts), Secure whenever the site is served over HTTPS.
 */
export function sessionCookie(token: string, { isSecure }: { isSecure: boolean }): string {
  return serialize(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: isSecure,
    path: '/',
    maxAge: Math.floor(SESSION_TTL_MS / 1000),
  });
}

/** The Set-Cookie value that removes the session cookie. */
export function expiredSessionCookie({ isSecure }: { isSecure: boolean }): string {
  return serialize(SESSION_COOKIE, '', {
    httpOnly: true,
    sameSite: 'lax',
    secure: isSecure,
    path: '/',
    maxAge: 0,
  });
}
