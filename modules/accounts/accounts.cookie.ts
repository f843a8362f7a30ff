import { parse, serialize } from 'cookie';
import { SESSION_TTL_MS } from './accounts.service.ts';

export const SESSION_COOKIE = 'session';
/** Remembers that an account signed in on this browser (accounts.limits.ts, device cookies). */
const DEVICE_COOKIE = 'device';
const DEVICE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

type CookieOptions = { isSecure: boolean };

/**
 * A Set-Cookie value for what scripts must never see: httpOnly, SameSite=Lax (not sent on
 * cross-site posts), Secure whenever the site is served over HTTPS; a max age of 0 removes it.
 */
function httpOnlyCookie(
  name: string,
  value: string,
  maxAgeSeconds: number,
  options: CookieOptions,
) {
  return serialize(name, value, {
    httpOnly: true,
    sameSite: 'lax',
    secure: options.isSecure,
    path: '/',
    maxAge: maxAgeSeconds,
  });
}

/** A cookie's value from a Cookie header, if any. */
function readCookie(cookieHeader: string | undefined | null, name: string): string | undefined {
  if (!cookieHeader) return undefined;
  return parse(cookieHeader)[name] || undefined;
}

/** The session token from a Cookie header, if any. */
export function readSessionCookie(cookieHeader: string | undefined | null): string | undefined {
  return readCookie(cookieHeader, SESSION_COOKIE);
}

/** The device cookie's value from a Cookie header, if any. */
export function readDeviceCookie(cookieHeader: string | undefined | null): string | undefined {
  return readCookie(cookieHeader, DEVICE_COOKIE);
}

/**
 * The Set-Cookie values that start a browser session: the session cookie, and the device cookie,
 * kept a year, that vouches for this browser's next sign-ins to the account so that a stranger's
 * wrong passwords do not hold them. The device cookie signs nobody in.
 */
export function browserSessionCookies(
  grant: { token: string; deviceToken: string },
  options: CookieOptions,
): string[] {
  return [
    httpOnlyCookie(SESSION_COOKIE, grant.token, Math.floor(SESSION_TTL_MS / 1000), options),
    httpOnlyCookie(DEVICE_COOKIE, grant.deviceToken, DEVICE_COOKIE_MAX_AGE_SECONDS, options),
  ];
}

/** The Set-Cookie value that removes the session cookie. */
export function expiredSessionCookie(options: CookieOptions): string {
  return httpOnlyCookie(SESSION_COOKIE, '', 0, options);
}
