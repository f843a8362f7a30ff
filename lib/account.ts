/** Account facts shared by the database schema, the services and the browser. */

import { ForbiddenError } from './errors.ts';
import { t } from './i18n.ts';

export const USER_ROLES = ['buyer', 'seller', 'guest', 'admin'] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** The roles anyone may pick at registration; admin is reached only by promotion or bootstrap. */
export const SIGNUP_ROLES = ['buyer', 'seller', 'guest'] as const;

/**
 * What proving a phone number by its SMS code does: finish a registration, add the number to an
 * account, sign in without a password, or let a new password be set.
 */
export const PHONE_CODE_PURPOSES = ['signup', 'add', 'login', 'reset'] as const;
export type PhoneCodePurpose = (typeof PHONE_CODE_PURPOSES)[number];

/** A registration by phone number, kept with its code until the code is typed. */
export type PendingSignup = {
  name: string;
  role: (typeof SIGNUP_ROLES)[number];
  passwordHash: string;
  locale: string;
  email: string | null;
};

export const USER_STATUSES = ['Active', 'Blocked'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/** Where each role lands after signing in (spec section 6); any other role goes home. */
export function landingPathFor(role: string): string {
  switch (role) {
    case 'seller':
      return '/supplied-property';
    case 'buyer':
      return '/property-requested';
    case 'admin':
      return '/admin-panel';
    default:
      return '/';
  }
}

// Any origin works as the base: a relative reference that stays on it stays on every origin.
// `.invalid` can never be a real host, so nothing resolved against it is mistaken for one.
const NEXT_BASE = new URL('http://site.invalid');

// Browsers drop tabs and newlines from an address (`/\t/evil.example` is `//evil.example`)
// and a header cannot carry CR, LF or NUL: no control character is ever followed.
// eslint-disable-next-line no-control-regex -- matching them is the point
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f]/;

/**
 * A `next` parameter is followed only when it is a path on this site: resolved against the
 * site's own address, it must keep that origin. Answers the normalised path, query and fragment
 * (percent-encoded, so it fits in a Location header), or undefined.
 */
export function safeNextPath(next: string | null | undefined): string | undefined {
  if (!next?.startsWith('/') || next.includes('\\') || CONTROL_CHARACTER.test(next)) {
    return undefined;
  }
  let url: URL;
  try {
    url = new URL(next, NEXT_BASE);
  } catch {
    return undefined;
  }
  if (url.origin !== NEXT_BASE.origin) return undefined;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // Dot segments can leave an empty first segment (`/.//evil.example` is `//evil.example`),
  // which a browser would read as another host.
  return path.startsWith('//') ? undefined : path;
}

/** The path to the login page that returns to `path` afterwards. */
export function loginPathReturningTo(path: string): string {
  return `/login?next=${encodeURIComponent(path)}`;
}

/** Whoever acts on something: enough to decide what they may do. */
export type Actor = { id: string; role: UserRole };

/** Services re-check the admin-only actions themselves: ForbiddenError for anyone else. */
export function assertAdmin(actor: Actor): void {
  if (actor.role !== 'admin') throw new ForbiddenError(t('auth.adminOnly'));
}

/** The rule for everything a user owns: its owner may change it, and so may any admin. */
export function isOwnerOrAdmin(actor: Actor, ownerId: string): boolean {
  return actor.role === 'admin' || actor.id === ownerId;
}

/** What the browser keeps in localStorage under `user`: nothing secret. */
export type StoredUser = { username: string; email: string | null; role: string };
export const STORED_USER_KEY = 'user';

/** The signed-in user as every page shows it (the header strip). */
export type SignedInUser = StoredUser & { id: string; role: UserRole };
