/**
 * Africa's Talking behind the marketplace's SmsProvider: its SMS API (`POST /version1/messaging`,
 * a form, the `apiKey` header) and the two callbacks it makes to us, delivery reports and incoming
 * messages, as its documentation (developers.africastalking.com) describes them.
 *
 * Why not the official `africastalking` npm package (0.8.3): its base address cannot be set, so
 * the tests could not run it against the simulator. It builds `https://api.africastalking.com` or
 * `https://api.sandbox.africastalking.com` from a constant, picking the sandbox only when the
 * username is `sandbox`, and keeps that choice in module state shared by every client in the
 * process. It also takes no time-out (axios waits for ever) and ships no types. What it sends is
 * what this client sends: `username`, `to`, `message` and `from` as a form, with `apiKey` and
 * `Accept: application/json` headers (it adds `bulkSMSMode=1`, Africa's Talking's default,
 * which this client leaves out).
 */
import {
  type InboundSms,
  type SmsDeliveryReport,
  type SmsProvider,
  SmsProviderError,
  type SmsSendRequest,
  type SmsSendResult,
} from './sms.provider.ts';

type AfricasTalkingOptions = {
  /** Africa's Talking's API or its sandbox (config/env.ts AT_BASE_URL), or the simulator's URL. */
  baseUrl: string;
  username: string;
  apiKey: string;
  /** Our registered sender id or short code (`from`); Africa's Talking's default when omitted. */
  senderId?: string;
  /** How long one send may take before its outcome counts as unknown. */
  timeoutMs: number;
};

type RecipientStatus = {
  /** Africa's Talking's name for the code. */
  name: string;
  isAccepted: boolean;
  isPermanent: boolean;
  meaning: string;
};

/**
 * Africa's Talking's per-recipient status codes. A refusal is permanent when the number itself
 * cannot take the SMS, so sending to it again is pointless; it is not when the fault is ours (our
 * balance, our sender id, our account held for review) or passing (routing, a gateway down),
 * which leaves the number good for later.
 */
const RECIPIENT_STATUSES: Readonly<Record<number, RecipientStatus>> = {
  100: { name: 'Processed', isAccepted: true, isPermanent: false, meaning: 'processed' },
  101: { name: 'Sent', isAccepted: true, isPermanent: false, meaning: 'sent' },
  102: { name: 'Queued', isAccepted: true, isPermanent: false, meaning: 'queued' },
  401: {
    name: 'RiskHold',
    isAccepted: false,
    isPermanent: false,
    meaning: "held by Africa's Talking's risk checks on our account",
  },
  // The sender id is ours to fix (not registered, or not for this network): the number is fine.
  402: {
    name: 'InvalidSenderId',
    isAccepted: false,
    isPermanent: false,
    meaning: 'our sender id is not accepted',
  },
  403: {
    name: 'InvalidPhoneNumber',
    isAccepted: false,
    isPermanent: true,
    meaning: 'not a valid phone number',
  },
  404: {
    name: 'UnsupportedNumberType',
    isAccepted: false,
    isPermanent: true,
    meaning: 'the number cannot take SMS (a landline, or a kind of number not served)',
  },
  405: {
    name: 'InsufficientBalance',
    isAccepted: false,
    isPermanent: false,
    meaning: "our Africa's Talking balance is too low",
  },
  406: {
    name: 'UserInBlacklist',
    isAccepted: false,
    isPermanent: true,
    meaning: 'the subscriber has blocked messages from us',
  },
  407: {
    name: 'CouldNotRoute',
    isAccepted: false,
    isPermanent: false,
    meaning: 'no route to the network for now',
  },
  409: {
    name: 'DoNotDisturbRejection',
    isAccepted: false,
    isPermanent: true,
    meaning: 'the subscriber is on the do-not-disturb list',
  },
  500: {
    name: 'InternalServerError',
    isAccepted: false,
    isPermanent: false,
    meaning: "Africa's Talking failed",
  },
  501: { name: 'GatewayError', isAccepted: false, isPermanent: false, meaning: 'a gateway failed' },
  502: {
    name: 'RejectedByGateway',
    isAccepted: false,
    isPermanent: false,
    meaning: 'a gateway rejected it',
  },
};

/** Delivery-report statuses: only Success means it reached the handset. */
const REPORT_STATES: Readonly<Record<string, SmsDeliveryReport['state']>> = {
  Success: 'delivered',
  Failed: 'failed',
  Rejected: 'failed',
  AbsentSubscriber: 'failed',
  Expired: 'failed',
  Sent: 'pending',
  Submitted: 'pending',
  Buffered: 'pending',
};

/** Speaks Africa's Talking's SMS API as an SmsProvider. */
export function createAfricasTalkingProvider(options: AfricasTalkingOptions): SmsProvider {
  const url = `${options.baseUrl.replace(/\/+$/, '')}/version1/messaging`;

  return {
    name: 'africastalking',

    async send(request: SmsSendRequest): Promise<SmsSendResult> {
      const form = new URLSearchParams({
        username: options.username,
        to: request.to,
        message: request.message,
      });
      if (options.senderId) form.set('from', options.senderId);

      let status: number;
      let text: string;
      try {
        const response = await fetch(url, {
          method: 'POST',
          headers: {
            apiKey: options.apiKey,
            Accept: 'application/json',
            'Content-Type': 'application/x-www-form-urlencoded',
          },
          body: form,
          signal: AbortSignal.timeout(options.timeoutMs),
        });
        status = response.status;
        text = await response.text();
      } catch (error) {
        const isTimedOut = isTimeout(error);
        const what = isTimedOut
          ? `no answer within ${options.timeoutMs} ms (the SMS may have been sent)`
          : 'the connection failed';
        throw new SmsProviderError(`Africa's Talking: ${what} (POST ${url})`, true, {
          cause: error,
          // Unless the connection was never made, the request may have reached Africa's Talking
          // before the answer was lost.
          mayHaveSent: isTimedOut || !isNeverConnected(error),
        });
      }

      if (status >= 200 && status < 300) return resultOf(text, request.to, url);
      // 401 is the wrong key or username (and, by users' reports, a sender id the account does
      // not own); 400 a malformed request. Neither mends by waiting; 408 and 429 do, as a 5xx may.
      const isRetryable = status >= 500 || status === 408 || status === 429;
      throw new SmsProviderError(
        `Africa's Talking answered ${status} to POST ${url}${excerpt(text)}`,
        isRetryable,
        // A 502 or 504 comes from a gateway in front, which may have lost an answer Africa's
        // Talking gave; any other error status is its own, given instead of sending.
        { mayHaveSent: status === 502 || status === 504 },
      );
    },
  };
}

/** Reads a delivery-report callback's form fields; undefined when they are not one. */
export function readDeliveryReport(
  fields: Record<string, string | undefined>,
): SmsDeliveryReport | undefined {
  const id = filled(fields.id);
  const status = filled(fields.status);
  const phone = filled(fields.phoneNumber);
  if (!id || !status || !phone) return undefined;
  return {
    providerMessageId: id,
    phone: e164Of(phone),
    // A status Africa's Talking adds later is kept in providerStatus and changes nothing yet.
    state: REPORT_STATES[status] ?? 'pending',
    providerStatus: status,
    failureReason: filled(fields.failureReason),
  };
}

/** Reads an incoming-message callback's form fields; undefined when they are not one. */
export function readInboundSms(fields: Record<string, string | undefined>): InboundSms | undefined {
  const id = filled(fields.id);
  const from = filled(fields.from);
  const to = filled(fields.to);
  const text = fields.text;
  if (!id || !from || !to || text === undefined) return undefined;
  return { providerMessageId: id, from: e164Of(from), to, text, receivedAt: dateOf(fields.date) };
}

/** Reads a 2xx answer: `{ SMSMessageData: { Message, Recipients: [...] } }`. */
function resultOf(text: string, to: string, url: string): SmsSendResult {
  const data = recordOf(recordOf(parseJson(text))?.SMSMessageData);
  const recipients = data?.Recipients;
  if (!data || !Array.isArray(recipients)) {
    // Whether the SMS went cannot be told, and an answer we cannot read will not become readable.
    throw new SmsProviderError(
      `Africa's Talking gave an answer without SMSMessageData.Recipients to POST ${url}${excerpt(text)}`,
      false,
      { mayHaveSent: true },
    );
  }
  const entries = recipients.map(recordOf).filter((entry) => entry !== null);
  const recipient =
    entries.find((entry) => stringOf(entry.number) === to) ??
    (entries.length === 1 ? entries[0] : undefined);
  if (!recipient) {
    // Africa's Talking lists no recipient when it refuses the whole request, and names the reason
    // in Message (`InvalidSenderId`): nothing went, and the number was not judged.
    const message = stringOf(data.Message) ?? 'NoRecipients';
    return {
      outcome: 'refused',
      providerStatus: message,
      reason: `Africa's Talking sent to no recipient: ${message}`,
      isPermanent: false,
    };
  }

  const statusCode = Number(recipient.statusCode);
  const known = RECIPIENT_STATUSES[statusCode];
  const providerStatus = stringOf(recipient.status) ?? known?.name ?? String(statusCode);
  const isAccepted = known?.isAccepted ?? (statusCode >= 100 && statusCode < 200);
  if (isAccepted) {
    const messageId = stringOf(recipient.messageId);
    if (!messageId || messageId === 'None') {
      throw new SmsProviderError(
        `Africa's Talking accepted an SMS (${statusCode} ${providerStatus}) without a messageId`,
        false,
        { mayHaveSent: true },
      );
    }
    return {
      outcome: 'accepted',
      providerMessageId: messageId,
      providerStatus,
      cost: stringOf(recipient.cost),
    };
  }
  return {
    outcome: 'refused',
    providerStatus,
    reason: `${statusCode} ${known?.name ?? providerStatus}: ${known?.meaning ?? "a status Africa's Talking does not document"}`,
    // A code we do not know says nothing against the number.
    isPermanent: known?.isPermanent ?? false,
  };
}

function isTimeout(error: unknown): boolean {
  return error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
}

/** Connection errors raised before a request could leave: nothing reached Africa's Talking. */
const NEVER_CONNECTED = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
]);

/** fetch wraps the socket's error (`TypeError: fetch failed`, its cause naming the code). */
function isNeverConnected(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current instanceof Error; depth += 1) {
    const code = (current as Error & { code?: unknown }).code;
    if (typeof code === 'string' && NEVER_CONNECTED.has(code)) return true;
    current = current.cause;
  }
  return false;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function recordOf(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

function stringOf(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

function filled(value: string | undefined): string | null {
  return stringOf(value);
}

/** Africa's Talking writes numbers with their +; a form decoded carelessly turns it into a space. */
function e164Of(phone: string): string {
  return /^\d{8,15}$/.test(phone) ? `+${phone}` : phone;
}

/**
 * The callback's `date`, when it carries its zone (ISO 8601 with Z or an offset). Africa's Talking
 * does not document the zone of a bare `2026-03-01 08:00:00`, so that is left unread (null)
 * rather than guessed; the caller then uses its own clock.
 */
function dateOf(value: string | undefined): Date | null {
  const text = filled(value);
  if (!text || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/.test(text)) {
    return null;
  }
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Africa's Talking's own words after a failure (its 401 and 400 answers are plain text). */
function excerpt(text: string): string {
  const trimmed = text.trim().replace(/\s+/g, ' ').slice(0, 200);
  return trimmed === '' ? '' : `: ${trimmed}`;
}
