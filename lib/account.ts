/** Account facts shared by the database schema, the services and the browser. */

import { ForbiddenError } from './errors.ts';
import { t } from './i18n.ts';

export const USER_ROLES = ['buyer', 'seller', 'guest', 'admin'] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** The roles anyone may pick at registration; admin is reached only by promotion or bootstrap. */
export const SIGNUP_ROLES = ['buyer', 'seller', 'guest'] as const;

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

/**
 * A `next` parameter is followed only when it is a path on this site: never another origin
 * (`//evil.example`, `https://...`), never a backslash trick browsers read as one.
 */
export function safeNextPath(next: string | null | undefined): string | undefined {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.includes('\\')) {
    return undefined;
  }
  return next;
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
export type StoredUser = { username: string; email: string; role: string };
export const STORED_USER_KEY = 'user';

/** The signed-in user as every page shows it (the header strip). */
export type SignedInUser = StoredUser & { id: string };
