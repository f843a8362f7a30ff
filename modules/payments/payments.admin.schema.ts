import { z } from 'zod';
import { CheckboxSchema } from '#lib/form-fields.ts';
import { t } from '#lib/i18n.all.ts';
import { MAX_PAGE_SIZE } from '#lib/limits.ts';
import {
  MOBILE_NETWORKS,
  PAYMENT_EVENTS,
  PAYMENT_MAX_RWF,
  PAYMENT_PRODUCTS,
  PAYMENT_STATUSES,
  REFUND_STATUSES,
} from '#lib/payments.ts';
import { PaymentViewSchema } from './payments.schema.ts';

/** A filter left empty (a form's blank select) is no filter. */
const blankless = <Schema extends z.ZodType>(schema: Schema) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

/**
 * The transactions page's filters: words (a phone number, a receipt number, a reference, a
 * listing's title, a payer's name or e-mail), status, network, what was bought, and the days.
 */
export const PaymentListQuerySchema = z.object({
  q: blankless(z.string().trim().max(100)),
  status: blankless(z.enum(PAYMENT_STATUSES, { error: () => t('payments.admin.statusInvalid') })),
  network: blankless(z.enum(MOBILE_NETWORKS, { error: () => t('payments.networkInvalid') })),
  product: blankless(z.enum(PAYMENT_PRODUCTS, { error: () => t('payments.productInvalid') })),
  from: blankless(z.iso.date({ error: () => t('payments.admin.dateInvalid') })),
  to: blankless(z.iso.date({ error: () => t('payments.admin.dateInvalid') })),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(20),
});

export type PaymentListQuery = z.infer<typeof PaymentListQuerySchema>;

/** A payment as the admins see it: with its payer and its provider's words. */
export const AdminPaymentViewSchema = PaymentViewSchema.extend({
  payerId: z.uuid().nullable(),
  payerName: z.string().nullable(),
  payerEmail: z.string().nullable(),
  providerMessage: z.string().nullable(),
  providerTransactionId: z.string().nullable(),
});

export type AdminPaymentView = z.infer<typeof AdminPaymentViewSchema>;

/** The money of the payments a filter keeps, from the ledger: in, paid back, and what stays. */
export const PaymentTotalsSchema = z.object({
  count: z.number().int(),
  charged: z.number().int(),
  refunded: z.number().int(),
  net: z.number().int(),
});

export type PaymentTotals = z.infer<typeof PaymentTotalsSchema>;

export const RefundViewSchema = z.object({
  _id: z.uuid(),
  amount: z.number().int(),
  reason: z.string(),
  status: z.enum(REFUND_STATUSES),
  isEndingPurchase: z.boolean(),
  failureReason: z.string().nullable(),
  providerMessage: z.string().nullable(),
  createdAt: z.iso.datetime(),
  settledAt: z.iso.datetime().nullable(),
});

export type RefundView = z.infer<typeof RefundViewSchema>;

const PaymentEventViewSchema = z.object({
  event: z.enum(PAYMENT_EVENTS),
  fromStatus: z.string().nullable(),
  toStatus: z.string().nullable(),
  actorName: z.string().nullable(),
  createdAt: z.iso.datetime(),
});

/** One payment with its refunds and its history. */
export const PaymentDetailSchema = z.object({
  payment: AdminPaymentViewSchema,
  refunds: z.array(RefundViewSchema),
  events: z.array(PaymentEventViewSchema),
  /** What can still be paid back (the amount less refunds paid or under way). */
  refundable: z.number().int(),
  /** Airtel pays back a whole payment only. */
  isPartialRefundPossible: z.boolean(),
});

export type PaymentDetail = z.infer<typeof PaymentDetailSchema>;

/** An admin pays back all or part of a payment, saying why and whether what it bought ends. */
export const RefundInputSchema = z.object({
  amount: z.coerce
    .number({ error: () => t('payments.admin.refundAmountInvalid') })
    .int({ error: () => t('payments.admin.refundAmountInvalid') })
    .min(1, { error: () => t('payments.admin.refundAmountInvalid') })
    .max(PAYMENT_MAX_RWF, { error: () => t('payments.admin.refundAmountInvalid') }),
  reason: z
    .string({ error: () => t('payments.admin.refundReasonRequired') })
    .trim()
    .min(3, { error: () => t('payments.admin.refundReasonRequired') })
    .max(500, { error: () => t('validation.tooLong', { max: 500 }) }),
  isEndingPurchase: CheckboxSchema,
});

export type RefundInput = z.input<typeof RefundInputSchema>;

/** A payment whose status here and at its provider disagree (the daily reconciliation). */
export const MismatchViewSchema = z.object({
  _id: z.uuid(),
  paymentId: z.uuid(),
  number: z.number().int(),
  ourStatus: z.enum(PAYMENT_STATUSES),
  /** What the provider answered (payments.provider.ts ProviderPaymentStatus). */
  providerStatus: z.enum(['pending', 'successful', 'failed', 'unknown']),
  foundAt: z.iso.datetime(),
});

export type MismatchView = z.infer<typeof MismatchViewSchema>;
