import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { z } from 'zod';
import { t } from '#lib/i18n.all.ts';
import { LISTING_KINDS } from '#lib/listing.ts';
import {
  BOOST_DAYS,
  MOBILE_NETWORKS,
  PAYMENT_PRODUCTS,
  PAYMENT_STATUSES,
  type BoostDays,
} from '#lib/payments.ts';

/** A Rwandan mobile number in any common shape (0788…, 788…, +250 788…), as E.164, or null. */
export function toPayerPhone(value: string): string | null {
  const parsed = parsePhoneNumberFromString(value.trim(), 'RW');
  if (!parsed?.isValid() || parsed.countryCallingCode !== '250') return null;
  return parsed.number;
}

/** A boost needs its length; a listing fee has none. */
const hasBoostDays = {
  check: ({ product, boostDays }: { product: string; boostDays?: number }) =>
    product !== 'boost' || boostDays !== undefined,
  params: { path: ['boostDays'], error: () => t('payments.boostDaysInvalid') },
};

/**
 * What the pay form sends: what (a listing fee, or a boost of 7 or 30 days), paid from which
 * number on which network (from the number's prefix when not given). The idempotency key is the
 * payer's for this purchase: the pay form makes one when it is shown, so a second tap, a retried
 * request or a refresh finds the first payment instead of charging twice.
 */
const paymentChoiceFields = {
  product: z.enum(PAYMENT_PRODUCTS, { error: () => t('payments.productInvalid') }),
  boostDays: z.coerce
    .number({ error: () => t('payments.boostDaysInvalid') })
    .refine((days): days is BoostDays => (BOOST_DAYS as readonly number[]).includes(days), {
      error: () => t('payments.boostDaysInvalid'),
    })
    .optional(),
  phone: z
    .string({ error: () => t('payments.phoneInvalid') })
    .max(30, { error: () => t('payments.phoneInvalid') })
    .transform((value, context) => {
      const phone = toPayerPhone(value);
      if (phone) return phone;
      context.addIssue({ code: 'custom', message: t('payments.phoneInvalid') });
      return z.NEVER;
    }),
  network: z
    .enum(MOBILE_NETWORKS, { error: () => t('payments.networkInvalid') })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  idempotencyKey: z
    .string({ error: () => t('payments.keyInvalid') })
    .regex(/^[A-Za-z0-9_-]{8,100}$/, { error: () => t('payments.keyInvalid') }),
};

/** The pay form of a listing's page (the listing is the page's). */
export const PaymentFormSchema = z
  .object(paymentChoiceFields)
  .refine(hasBoostDays.check, hasBoostDays.params);

/** A purchase asked for through the API: the pay form's fields and the listing. */
export const StartPaymentSchema = z
  .object({
    listingId: z.uuid({ error: () => t('payments.listingRequired') }),
    ...paymentChoiceFields,
  })
  .refine(hasBoostDays.check, hasBoostDays.params);

export type StartPaymentInput = z.input<typeof StartPaymentSchema>;

/** A payment as its payer and the admins see it: the number masked, no provider internals. */
export const PaymentViewSchema = z.object({
  _id: z.uuid(),
  number: z.number().int(),
  product: z.enum(PAYMENT_PRODUCTS),
  boostDays: z.number().int().nullable(),
  listingKind: z.enum(LISTING_KINDS),
  listingId: z.uuid(),
  listingTitle: z.string(),
  amount: z.number().int(),
  refundedAmount: z.number().int(),
  network: z.enum(MOBILE_NETWORKS),
  phone: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  failureReason: z.string().nullable(),
  createdAt: z.iso.datetime(),
  settledAt: z.iso.datetime().nullable(),
});

export type PaymentView = z.infer<typeof PaymentViewSchema>;

/** What a listing's owner may buy for it now, at today's prices (RWF). */
export const PaymentOffersSchema = z.object({
  listingId: z.uuid(),
  listingKind: z.enum(LISTING_KINDS),
  listingTitle: z.string(),
  /** Whether payments can be taken at all (a provider is configured). */
  isPayingOn: z.boolean(),
  /** The fee its supply waits for, or null when none is due. */
  listingFee: z.number().int().nullable(),
  /** The boosts on sale for it (a published listing), with their prices. */
  boosts: z.array(z.object({ days: z.number().int(), price: z.number().int() })),
  /** Until when a boost features it; null when none runs. */
  featuredUntil: z.iso.datetime().nullable(),
  /** The payment it waits for, if one is under way. */
  pendingPaymentId: z.uuid().nullable(),
});

export type PaymentOffers = z.infer<typeof PaymentOffersSchema>;

export const PaymentIdParamsSchema = z.object({ id: z.string() });

/** A payment's receipt number as people read it: #000042. */
export function receiptNumber(number: number): string {
  return `#${String(number).padStart(6, '0')}`;
}

/** What a payment bought, in the current language: "Listing fee: …" or "7-day boost: …". */
export function purchaseText(
  payment: Pick<PaymentView, 'product' | 'boostDays' | 'listingTitle'>,
): string {
  return payment.product === 'listingFee'
    ? t('payments.whatFee', { title: payment.listingTitle })
    : t('payments.whatBoost', { days: payment.boostDays ?? 0, title: payment.listingTitle });
}
