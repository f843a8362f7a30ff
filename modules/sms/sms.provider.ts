/**
 * What the marketplace asks of an SMS provider, whoever it is (Africa's Talking, or the simulator
 * speaking its contract). One SMS goes to one number; every number is E.164 (`+2507…`).
 *
 * A send ends in one of three ways, and the caller treats each differently:
 * - accepted: the provider took it; its delivery report comes later, by callback;
 * - refused: the provider said no, for a reason it named; nothing was sent;
 * - SmsProviderError: the answer cannot be known (no answer in time, a 5xx, bad credentials, an
 *   answer that cannot be read). After a time-out the SMS may still have gone.
 */

/** One SMS to one number. */
export type SmsSendRequest = {
  /** E.164, e.g. +250788123456. */
  to: string;
  message: string;
};

/** What the provider said about one SMS it was asked to send. */
export type SmsSendResult =
  | {
      outcome: 'accepted';
      /** The id its delivery reports will name. */
      providerMessageId: string;
      /** The provider's own word for it (Africa's Talking: `Success`, `Sent`, `Queued` ...). */
      providerStatus: string;
      /** As the provider wrote it (`RWF 10.0000`); null when it named none. */
      cost: string | null;
    }
  | {
      outcome: 'refused';
      /** The provider's own word for it (`InvalidPhoneNumber`, `InsufficientBalance` ...). */
      providerStatus: string;
      /** Why, in words for a log or an admin page. */
      reason: string;
      /**
       * True when that number will never take this SMS (not a phone number, a landline, the
       * subscriber blocked us): stop sending to it. False when trying later may work (our balance,
       * our sender id, the provider's or the network's trouble).
       */
      isPermanent: boolean;
    };

/**
 * A provider of SMS. `send` throws (SmsProviderError) when the answer cannot be known: network
 * failure, timeout, 5xx, 401, unreadable body.
 */
export type SmsProvider = {
  name: 'africastalking';
  send(request: SmsSendRequest): Promise<SmsSendResult>;
};

/**
 * The provider's answer to a send cannot be known. `isRetryable` says whether sending again later
 * may succeed (a time-out, a 5xx, a broken connection), as against a fault that repeating will not
 * mend (refused credentials, a malformed request, an answer we cannot read). `mayHaveSent` says
 * whether the SMS may have gone all the same (no answer in time, a connection cut after the
 * request left, a gateway that lost the provider's answer, a 2xx we could not read): sending it
 * again may then send it twice, so the two are separate questions.
 */
export class SmsProviderError extends Error {
  readonly mayHaveSent: boolean;

  constructor(
    message: string,
    readonly isRetryable: boolean,
    options: { cause?: unknown; mayHaveSent?: boolean } = {},
  ) {
    super(message, 'cause' in options ? { cause: options.cause } : undefined);
    this.name = 'SmsProviderError';
    this.mayHaveSent = options.mayHaveSent ?? false;
  }
}

/** A delivery report, as read from the provider's callback. */
export type SmsDeliveryReport = {
  providerMessageId: string;
  /** E.164. */
  phone: string;
  /** `pending` reports a step on the way (sent to the network, buffered); the others are final. */
  state: 'delivered' | 'failed' | 'pending';
  /** The provider's own word (`Success`, `Failed`, `Buffered` ...). */
  providerStatus: string;
  /** The provider's reason for a failure (`UserInBlackList`, `DeliveryFailure` ...), when it gave one. */
  failureReason: string | null;
};

/** An SMS someone sent to us (a reply such as STOP). */
export type InboundSms = {
  providerMessageId: string;
  /** E.164: who sent it. */
  from: string;
  /** Our short code or number it was sent to. */
  to: string;
  text: string;
  /** When the provider received it; null when its date cannot be read without guessing. */
  receivedAt: Date | null;
};
