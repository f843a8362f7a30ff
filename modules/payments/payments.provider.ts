/**
 * What the marketplace asks of a mobile-money provider, whoever it is (MTN MoMo, Airtel Money,
 * or the simulator speaking their contracts). Every amount is whole Rwandan francs; every phone
 * number is E.164 (`+2507…`); every reference is a UUID the marketplace makes and stores before
 * it calls, so a retried call can be matched to the first.
 */

import type { MobileNetwork, PaymentFailureReason } from '#lib/payments.ts';

export type { MobileNetwork, PaymentFailureReason };

/** A collection (a prompt on the payer's phone) as the provider sees it. */
export type ProviderPaymentStatus =
  | { state: 'pending' }
  | { state: 'successful'; providerTransactionId: string | null }
  | { state: 'failed'; reason: PaymentFailureReason; providerMessage: string | null }
  /** The provider has no payment of that reference: the request never reached it. */
  | { state: 'unknown' };

/** A refund as the provider sees it. */
export type ProviderRefundStatus =
  | { state: 'pending' }
  | { state: 'successful' }
  | { state: 'failed'; reason: PaymentFailureReason; providerMessage: string | null };

export type CollectionRequest = {
  /** The payment's UUID: MTN's X-Reference-Id, Airtel's transaction id. */
  reference: string;
  amount: number;
  /** E.164, +250… */
  phone: string;
  /** Shown to the payer on the prompt and their statement: short, no personal data. */
  description: string;
};

export type RefundRequest = {
  /** A new UUID for the refund itself. */
  reference: string;
  /** The refunded payment's reference. */
  paymentReference: string;
  /** The provider's own id of the refunded payment, when its status gave one. */
  providerTransactionId: string | null;
  amount: number;
  /** E.164: the number the payment came from, which the refund goes back to. */
  phone: string;
  description: string;
};

/**
 * The provider refused the request outright (a 4xx answer): nothing was charged. Any other
 * error (a time-out, a 5xx, a broken connection) leaves the outcome unknown, and the payment
 * is then settled by asking for its status.
 */
export class ProviderRefusedError extends Error {
  constructor(
    readonly reason: PaymentFailureReason,
    readonly providerMessage: string | null,
  ) {
    super(
      `the provider refused the request: ${reason}${providerMessage ? ` (${providerMessage})` : ''}`,
    );
    this.name = 'ProviderRefusedError';
  }
}

export interface MobileMoneyProvider {
  readonly network: MobileNetwork;
  /** Sends the prompt to the payer's phone; resolves once the provider has accepted the request. */
  requestToPay(request: CollectionRequest): Promise<void>;
  /** The payment's status, read from the provider (never from a callback). */
  getPaymentStatus(reference: string): Promise<ProviderPaymentStatus>;
  /** Asks the provider to pay `amount` of a successful payment back. */
  refund(request: RefundRequest): Promise<ProviderRefundStatus>;
  /** A refund's status, read from the provider. */
  getRefundStatus(reference: string): Promise<ProviderRefundStatus>;
  /**
   * The payment reference a callback body names, or null when it names none. A callback is
   * only a hint to check that payment now: nothing in it is believed.
   */
  referenceOfCallback(body: unknown): string | null;
}
