/** Web push facts shared by the database schema, the services, the pages and the service worker. */
import { SMS_NOTICE_KINDS, type SmsNoticeKind } from './sms.ts';

/**
 * The kinds of notice a person may choose to receive as a push notification on their phone: the
 * same as by SMS, since a push carries the same short text (lib/sms.ts).
 */
export const PUSH_NOTICE_KINDS = SMS_NOTICE_KINDS;
export type PushNoticeKind = SmsNoticeKind;

/** What a push message carries, once decrypted by the service worker. */
export type PushPayload = {
  title: string;
  body: string;
  /** A path on this site (in the recipient's language), or null. */
  link: string | null;
  /** Notices with the same tag replace each other in the phone's list (one per kind). */
  tag: string;
};

/**
 * Whether `link` is a path on this site: it starts with one `/` (never `//host` nor `/\host`,
 * which browsers read as another site). The service worker opens nothing else.
 */
export function isSitePath(link: unknown): link is string {
  return typeof link === 'string' && /^\/(?![/\\])/.test(link) && !/[\s\\]/.test(link);
}

/** A push payload from the service worker's point of view: anything else is shown as nothing. */
export function readPushPayload(value: unknown): PushPayload | null {
  if (typeof value !== 'object' || value === null) return null;
  const { title, body, link, tag } = value as Record<string, unknown>;
  if (typeof title !== 'string' || typeof body !== 'string' || typeof tag !== 'string') return null;
  return { title, body, tag, link: isSitePath(link) ? link : null };
}

/**
 * A notice's SMS text as a push message's body: without the prompt that introduces the SMS's
 * link ("Reply:", "Lisez-la :"), since tapping the notification opens the page itself.
 */
export function pushBodyOf(smsText: string): string {
  return smsText.replace(/(?<=[.!?»”"])\s+[^.!?»”"]+:\s*$/u, '');
}
