/** SMS facts shared by the database schema, the services and the admin pages. */

/**
 * What an SMS is about: the codes that prove a number or sign in (always sent), or a notice its
 * recipient chose to hear of by SMS: an inquiry or a reply, a match for a request, news about
 * one's listing, a saved search's daily digest, a payment's receipt.
 */
export const SMS_KINDS = ['account', 'inquiry', 'match', 'listing', 'search', 'payment'] as const;
export type SmsKind = (typeof SMS_KINDS)[number];

/** The kinds of notice a person may choose to hear of by SMS (`/account/notifications`). */
export const SMS_NOTICE_KINDS = ['inquiry', 'match', 'listing', 'search', 'payment'] as const;
export type SmsNoticeKind = (typeof SMS_NOTICE_KINDS)[number];

/**
 * Each kind's choice until its owner makes one: on, but for the saved searches' daily digest,
 * which most people read in the site (and which would cost the most).
 */
export const SMS_CHOICE_DEFAULTS: Record<SmsNoticeKind, boolean> = {
  inquiry: true,
  match: true,
  listing: true,
  search: false,
  payment: true,
};

/**
 * Where an SMS stands: `queued` for its job; `kept` in the outbox, with no provider configured;
 * `sending` while the provider is asked; `sent` (accepted by the provider), then `delivered` or
 * `failed` by its delivery report; `refused` by the provider for good (an invalid number);
 * `uncertain` when the provider may have taken it but never said so (a timeout): never sent
 * again, so never twice; `skipped` when its number had turned SMS off before it left.
 */
export const SMS_STATUSES = [
  'queued',
  'kept',
  'sending',
  'sent',
  'delivered',
  'failed',
  'refused',
  'uncertain',
  'skipped',
] as const;

/**
 * A reply that turns SMS off for its number, in any case and with any spaces or punctuation
 * around it: STOP as every network reads it, and "Hagarika" (stop) in Kinyarwanda; French
 * readers write STOP too, or ARRET.
 */
const SMS_STOP_WORDS = ['STOP', 'HAGARIKA', 'ARRET', 'ARRÊT'] as const;

/** A reply that turns SMS back on: START, or "Tangira" (start) in Kinyarwanda. */
const SMS_START_WORDS = ['START', 'TANGIRA'] as const;

/** What a reply asks of SMS for its number: off, back on, or nothing (any other text). */
export function replyCommand(text: string): 'stop' | 'start' | null {
  const word = text
    .trim()
    .replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '')
    .toUpperCase();
  if ((SMS_STOP_WORDS as readonly string[]).includes(word)) return 'stop';
  if ((SMS_START_WORDS as readonly string[]).includes(word)) return 'start';
  return null;
}
