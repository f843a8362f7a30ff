/**
 * The words of paying on the marketplace, shared by the database, the server and the pages.
 * Money is whole Rwandan francs (integers) everywhere.
 */

/** The mobile networks that take payments. */
export const MOBILE_NETWORKS = ['mtn', 'airtel'] as const;
export type MobileNetwork = (typeof MOBILE_NETWORKS)[number];

/** What can be bought: the fee that sends a supply to review, and a boost to the top. */
export const PAYMENT_PRODUCTS = ['listingFee', 'boost'] as const;
export type PaymentProduct = (typeof PAYMENT_PRODUCTS)[number];

/** How long a boost lasts, in days. */
export const BOOST_DAYS = [7, 30] as const;
export type BoostDays = (typeof BOOST_DAYS)[number];

/**
 * A payment's life: `pending` until the provider settles it (`successful`, `failed`), or until
 * it has waited too long (`expired`); a successful one is `refunded` once all of it is paid back.
 */
export const PAYMENT_STATUSES = ['pending', 'successful', 'failed', 'expired', 'refunded'] as const;

/**
 * Why a provider refused or failed a payment, in the marketplace's words (each has a plain
 * message in the three languages). `UNKNOWN` stands for any code the provider gives that is
 * not one of these; the provider's own text is kept beside it.
 */
export const PAYMENT_FAILURE_REASONS = [
  'PAYER_NOT_FOUND',
  'NOT_ENOUGH_FUNDS',
  'PAYER_DECLINED',
  'EXPIRED',
  'LIMIT_REACHED',
  'NOT_ALLOWED',
  'UNKNOWN',
] as const;
export type PaymentFailureReason = (typeof PAYMENT_FAILURE_REASONS)[number];

/** What a payment's history records: each change, who asked, and what the provider said. */
export const PAYMENT_EVENTS = [
  'created',
  'sent',
  'callback',
  'settled',
  'grantSkipped',
  'refundAsked',
  'refunded',
  'refundFailed',
] as const;

/** A refund's life. */
export const REFUND_STATUSES = ['pending', 'successful', 'failed'] as const;

/**
 * Where a listing stands with its listing fee: `due` (its supply waits for the payment before
 * review), `paid`, or `waived` by an admin. Null: no fee was asked.
 */
export const FEE_STATES = ['due', 'paid', 'waived'] as const;
export type FeeState = (typeof FEE_STATES)[number];

/** The largest single payment taken, in francs (a mobile-money wallet's own ceiling is near). */
export const PAYMENT_MAX_RWF = 5_000_000;

/**
 * Which network a Rwandan number belongs to, from its prefix (078/079 MTN, 072/073 Airtel), or
 * null for another country's number or an unknown prefix. `phone` is E.164.
 */
export function networkOfPhone(phone: string): MobileNetwork | null {
  const match = /^\+250(7\d)\d{7}$/.exec(phone);
  if (!match) return null;
  if (match[1] === '78' || match[1] === '79') return 'mtn';
  if (match[1] === '72' || match[1] === '73') return 'airtel';
  return null;
}

/** A number shown on a receipt: its country code and last three digits (+250 7•• ••• 123). */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  if (digits.length < 6) return '•••';
  return `+${digits.slice(0, 3)} ${digits[3]}•• ••• ${digits.slice(-3)}`;
}
