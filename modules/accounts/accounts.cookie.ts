import { parse, serialize } from 'cookie';
import { SESSION_TTL_MS } from './accounts.service.ts';

export const SESSION_COOKIE = 'session';
/** Remembers that an account signed in on this browser (accounts.limits.ts, device cookies). */
const DEVICE_COOKIE = 'device';
const DEVICE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** The session token from a Cookie header, if any. */
export function readSessionCookie(cookieHeader: string | undefined | null): string | undefined {
  if (!cookieHeader) return undefined;
  return parse(cookieHeader)[SESSION_COOKIE] || undefined;
}

/**
 * The Set-Cookie value that starts a browser session: httpOnly (scripts never see the token),
 * SameSite=Lax (not sent on cross-site posts), Secure whenever the site is served over HTTPS.
 */
function sessionCookie(token: string, { isSecure }: { isSecure: boolean }): string {
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

/** The device cookie's value from a Cookie header, if any. */
export function readDeviceCookie(cookieHeader: string | undefined | null): string | undefined {
  if (!cookieHeader) return undefined;
  return parse(cookieHeader)[DEVICE_COOKIE] || undefined;
}

/**
 * The Set-Cookie value of a device cookie: kept a year, so that this browser's sign-ins to the
 * account are not held by a stranger's wrong passwords. httpOnly and SameSite=Lax like the
 * session's; it signs nobody in.
 */
function deviceCookie(token: string, { isSecure }: { isSecure: boolean }): string {
  return serialize(DEVICE_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: isSecure,
    path: '/',
    maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS,
  });
}

/**
 * The Set-Cookie values that start a browser session: the session cookie, and the device cookie
 * that vouches for this browser's next sign-ins to the account.
 */
export function browserSessionCookies(
  grant: { token: string; deviceToken: string },
  options: { isSecure: boolean },
): string[] {
  return [sessionCookie(grant.token, options), deviceCookie(grant.deviceToken, options)];
}
