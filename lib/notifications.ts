/** Notification facts shared by the database schema, the services and the browser. */

/** Who a broadcast notification reaches. */
export const NOTIFICATION_AUDIENCES = ['everyone', 'buyers', 'sellers'] as const;
export type NotificationAudience = (typeof NOTIFICATION_AUDIENCES)[number];

/**
 * What a notification is about, which is also what a user can turn e-mail off for: admins'
 * notices, inquiries and their replies, buyer-request matches, saved listings' changes, news
 * about one's own listings (approval, rejection), and new listings for a saved search.
 */
export const NOTIFICATION_KINDS = [
  'notice',
  'inquiry',
  'match',
  'favourite',
  'listing',
  'search',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/**
 * What a person can stop receiving by e-mail: each notification kind, and the newsletter.
 * E-mails about one's account (a password reset) are always sent.
 */
export const EMAIL_CHOICES = [...NOTIFICATION_KINDS, 'newsletter'] as const;
export type EmailChoice = (typeof EMAIL_CHOICES)[number];

/** What an e-mail is about: a choice its recipient can turn off, or their account. */
export type MailKind = EmailChoice | 'account';
