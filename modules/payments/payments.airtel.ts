/**
 * Airtel Money behind the marketplace's MobileMoneyProvider, as Airtel Africa's Open API
 * documents it (developers.airtel.africa): USSD push collection, transaction enquiry and
 * refund. Airtel answers most refusals with HTTP 200 and `status.success: false`, so each answer
 * is read by its `status` block (`result_code` ESB…, `response_code` DP…), not its HTTP status.
 */
import {
  type CollectionRequest,
  type MobileMoneyProvider,
  type PaymentFailureReason,
  type ProviderPaymentStatus,
  type ProviderRefundStatus,
  ProviderRefusedError,
  type RefundRequest,
} from './payments.provider.ts';
import {
  createTokenSource,
  isTimeout,
  parseBody,
  recordOf,
  textOf,
  type Answer,
} from './payments.http.ts';

export type AirtelMoneyConfig = {
  /** e.g. `https://openapi.airtel.africa`, `https://openapiuat.airtel.africa`, the simulator. */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** RW by default. */
  country?: string;
  /** RWF by default. */
  currency?: string;
  fetch?: typeof fetch;
  /** How long one HTTP exchange may take before its outcome counts as unknown (15 s). */
  timeoutMs?: number;
};

const DEFAULT_TIMEOUT_MS = 15_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** "External Transaction ID already exists": the reference was taken by an earlier attempt. */
const DUPLICATE_ID = 'ESB000041';
/** "No Transaction Found With Provided Transaction Id" and its DP twin. */
const NOT_FOUND_CODES = new Set(['ESB000045', 'DP00800001025']);
/**
 * Codes Airtel documents as "the transaction may be in an ambiguous state, do an enquiry":
 * something went wrong, an error initiating the payment or reading its status, ambiguous.
 */
const AMBIGUOUS_CODES = new Set(['ESB000001', 'ESB000004', 'ESB000014', 'DP00800001000']);

/**
 * Airtel's documented codes that name one of the marketplace's reasons. DP00800001008
 * ("Refused") and DP00800001009 ("Do not honor") are generic: their message decides.
 */
const REASONS_BY_CODE: Readonly<Record<string, PaymentFailureReason>> = {
  DP00800001003: 'LIMIT_REACHED',
  DP00800001007: 'NOT_ENOUGH_FUNDS',
  DP00800001010: 'NOT_ALLOWED',
  DP00800001024: 'EXPIRED',
  DP00800001029: 'EXPIRED',
  ESB000033: 'PAYER_NOT_FOUND',
  ESB000036: 'PAYER_NOT_FOUND',
  ESB000039: 'NOT_ALLOWED',
};

const REASONS_BY_MESSAGE: readonly (readonly [RegExp, PaymentFailureReason])[] = [
  [/insufficient|not enough (balance|funds|money)/i, 'NOT_ENOUGH_FUNDS'],
  [/declin|cancel|reject/i, 'PAYER_DECLINED'],
  [/not (found|registered)|unregistered|invalid msisdn/i, 'PAYER_NOT_FOUND'],
  [/expired|timed? ?out/i, 'EXPIRED'],
  [/limit/i, 'LIMIT_REACHED'],
  [/not (permitted|allowed)|barred/i, 'NOT_ALLOWED'],
];

/** Speaks Airtel Africa's Open API (collection, enquiry, refund) as a MobileMoneyProvider. */
export function createAirtelMoneyProvider(config: AirtelMoneyConfig): MobileMoneyProvider {
  const base = config.baseUrl.replace(/\/+$/, '');
  const country = config.country ?? 'RW';
  const currency = config.currency ?? 'RWF';
  const timeoutMs = config.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const fetchImpl = config.fetch ?? fetch;

  async function exchange(url: string, init: RequestInit): Promise<Answer> {
    try {
      const response = await fetchImpl(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
      return { status: response.status, body: parseBody(await response.text()) };
    } catch (error) {
      const what = isTimeout(error) ? `no answer within ${timeoutMs} ms` : 'the connection failed';
      throw new Error(`Airtel Money: ${what} (${init.method ?? 'GET'} ${url})`, { cause: error });
    }
  }

  const token = createTokenSource(async () => {
    const answer = await exchange(`${base}/auth/oauth2/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: '*/*' },
      body: JSON.stringify({
        client_id: config.clientId,
        client_secret: config.clientSecret,
        grant_type: 'client_credentials',
      }),
    });
    if (answer.status === 200) {
      const accessToken = textOf(answer.body, 'access_token');
      // Airtel documents expires_in as a string ("180").
      const lifetimeSeconds = Number(textOf(answer.body, 'expires_in'));
      if (accessToken && Number.isFinite(lifetimeSeconds) && lifetimeSeconds > 0) {
        return { token: accessToken, lifetimeMs: lifetimeSeconds * 1000 };
      }
      throw new Error('Airtel Money gave a token answer without a token or lifetime');
    }
    if (isRefusal(answer.status)) {
      // Nothing can have been charged: the request the token was for was never sent.
      throw new ProviderRefusedError(
        'NOT_ALLOWED',
        `the credentials were refused: ${describe(answer)}`,
      );
    }
    throw new Error(`Airtel Money answered ${answer.status} to the token request`);
  });

  async function call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Answer> {
    const send = async (accessToken: string) =>
      exchange(`${base}${path}`, {
        method,
        headers: {
          Authorization: `Bearer ${accessToken}`,
          'X-Country': country,
          'X-Currency': currency,
          'Content-Type': 'application/json',
          Accept: '*/*',
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    const accessToken = await token.get();
    const answer = await send(accessToken);
    if (answer.status !== 401) return answer;
    // A token can be revoked or expire early on Airtel's side: one fresh token before the 401
    // counts. Repeating a collection is safe: Airtel refuses a second one with the same id.
    token.forget(accessToken);
    return send(await token.get());
  }

  async function getPaymentStatus(reference: string): Promise<ProviderPaymentStatus> {
    let answer: Answer;
    try {
      answer = await call('GET', `/standard/v1/payments/${encodeURIComponent(reference)}`);
    } catch (error) {
      // A status read never refuses a payment: failing to read it leaves it unknown for now.
      if (error instanceof ProviderRefusedError) throw new Error(error.message, { cause: error });
      throw error;
    }
    const outcome = statusBlockOf(answer.body);
    if (answer.status === 404 || outcome.codes.some((code) => NOT_FOUND_CODES.has(code))) {
      return { state: 'unknown' };
    }
    if (answer.status !== 200 || outcome.success === false) {
      throw new Error(
        `Airtel Money could not tell the status of payment ${reference}: ${describe(answer)}`,
      );
    }
    const transaction = transactionOf(answer.body);
    const status = textOf(transaction, 'status')?.toUpperCase();
    switch (status) {
      case 'TS':
        return {
          state: 'successful',
          providerTransactionId: textOf(transaction, 'airtel_money_id'),
        };
      case 'TF': {
        const message = textOf(transaction, 'message') ?? outcome.message;
        return {
          state: 'failed',
          reason: reasonOf(outcome.codes, message),
          providerMessage: message,
        };
      }
      case 'TE':
        return {
          state: 'failed',
          reason: 'EXPIRED',
          providerMessage: textOf(transaction, 'message'),
        };
      // TA: ambiguous, TIP: in progress; either may still settle.
      case 'TA':
      case 'TIP':
        return { state: 'pending' };
      default:
        throw new Error(
          `Airtel Money gave payment ${reference} a status it does not document: ${status}`,
        );
    }
  }

  return {
    network: 'airtel',

    async requestToPay(request: CollectionRequest): Promise<void> {
      const answer = await call('POST', '/merchant/v1/payments/', {
        reference: request.description,
        subscriber: { country, currency, msisdn: airtelMsisdn(request.phone) },
        transaction: { amount: amountOf(request.amount), country, currency, id: request.reference },
      });
      if (answer.status >= 500 || answer.status === 408 || answer.status === 429) {
        throw new Error(
          `Airtel Money answered ${answer.status} to collection ${request.reference}`,
        );
      }
      const outcome = statusBlockOf(answer.body);
      if (outcome.codes.includes(DUPLICATE_ID)) return;
      if (answer.status >= 200 && answer.status < 300 && outcome.success === true) return;
      if (outcome.codes.some((code) => AMBIGUOUS_CODES.has(code))) {
        throw new Error(
          `Airtel Money left collection ${request.reference} ambiguous: ${describe(answer)}`,
        );
      }
      if (outcome.success === false || isRefusal(answer.status)) throw refusalOf(answer);
      throw new Error(
        `Airtel Money gave collection ${request.reference} an answer it does not document`,
      );
    },

    getPaymentStatus,

    /**
     * Airtel's refund (v1) names only the payment's airtel_money_id, refunds all of it and
     * answers at once; the refund's own reference and amount are not sent.
     */
    async refund(request: RefundRequest): Promise<ProviderRefundStatus> {
      let airtelMoneyId = request.providerTransactionId;
      if (!airtelMoneyId) {
        const payment = await getPaymentStatus(request.paymentReference);
        if (payment.state !== 'successful' || !payment.providerTransactionId) {
          throw new ProviderRefusedError(
            'NOT_ALLOWED',
            `payment ${request.paymentReference} is ${payment.state} at Airtel Money: nothing to refund`,
          );
        }
        airtelMoneyId = payment.providerTransactionId;
      }
      const answer = await call('POST', '/standard/v1/payments/refund', {
        transaction: { airtel_money_id: airtelMoneyId },
      });
      if (answer.status >= 500 || answer.status === 408 || answer.status === 429) {
        throw new Error(`Airtel Money answered ${answer.status} to refund ${request.reference}`);
      }
      const outcome = statusBlockOf(answer.body);
      // The transaction's own status is the answer; Airtel's sample refund answer even pairs
      // "status": "SUCCESS" with success: false in the status block.
      const status = textOf(transactionOf(answer.body), 'status')?.toUpperCase();
      if (status === 'TS' || status === 'SUCCESS' || status === 'SUCCESSFUL') {
        return { state: 'successful' };
      }
      if (status === 'TF' || status === 'FAILED') {
        return {
          state: 'failed',
          reason: reasonOf(outcome.codes, outcome.message),
          providerMessage: outcome.message,
        };
      }
      if (status === 'TIP' || status === 'TA' || status === 'PENDING') return { state: 'pending' };
      if (outcome.codes.some((code) => AMBIGUOUS_CODES.has(code))) {
        throw new Error(
          `Airtel Money left refund ${request.reference} ambiguous: ${describe(answer)}`,
        );
      }
      if (outcome.success === false || isRefusal(answer.status)) throw refusalOf(answer);
      throw new Error(
        `Airtel Money gave refund ${request.reference} an answer it does not document`,
      );
    },

    /**
     * Airtel documents no refund enquiry, and its refund call carries none of our references,
     * so a refund whose answer was lost cannot be read back here: it stays pending until someone
     * checks it in Airtel's merchant portal.
     */
    async getRefundStatus(): Promise<ProviderRefundStatus> {
      return { state: 'pending' };
    },

    referenceOfCallback(body: unknown): string | null {
      const record = typeof body === 'string' ? parseBody(body) : body;
      const id = textOf(recordOf(record)?.transaction, 'id');
      return id && UUID.test(id) ? id.toLowerCase() : null;
    },
  };
}

/** Airtel's MSISDN: the national number, no country code nor 0 (`+250731234567` -> `731234567`). */
function airtelMsisdn(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  if (digits.startsWith('250') && digits.length === 12) return digits.slice(3);
  return digits.replace(/^0/, '');
}

function amountOf(amount: number): number {
  if (!Number.isSafeInteger(amount) || amount <= 0) {
    throw new RangeError(`a payment amount is a whole number of francs above 0, not ${amount}`);
  }
  return amount;
}

/** A 4xx that means "not taken": 408 and 429 say "not now", which leaves it open, as a 5xx does. */
function isRefusal(status: number): boolean {
  return status >= 400 && status < 500 && status !== 408 && status !== 429;
}

type StatusBlock = { success: boolean | null; codes: string[]; message: string | null };

/** Every Airtel answer's `status`: `{ code, message, result_code, response_code, success }`. */
function statusBlockOf(body: unknown): StatusBlock {
  const status = recordOf(body)?.status;
  const success = recordOf(status)?.success;
  return {
    success: typeof success === 'boolean' ? success : null,
    codes: [textOf(status, 'response_code'), textOf(status, 'result_code')].filter(
      (code): code is string => code !== null,
    ),
    message: textOf(status, 'message'),
  };
}

function transactionOf(body: unknown): unknown {
  return recordOf(recordOf(body)?.data)?.transaction;
}

function reasonOf(codes: readonly string[], message: string | null): PaymentFailureReason {
  for (const code of codes) {
    const reason = REASONS_BY_CODE[code];
    if (reason) return reason;
  }
  for (const [pattern, reason] of REASONS_BY_MESSAGE) {
    if (message && pattern.test(message)) return reason;
  }
  return 'UNKNOWN';
}

function refusalOf(answer: Answer): ProviderRefusedError {
  const outcome = statusBlockOf(answer.body);
  let reason = reasonOf(outcome.codes, outcome.message);
  if (reason === 'UNKNOWN' && (answer.status === 401 || answer.status === 403)) {
    reason = 'NOT_ALLOWED';
  }
  return new ProviderRefusedError(reason, describe(answer));
}

/** Airtel's own words for an answer, for the logs and the payment's record. */
function describe(answer: Answer): string {
  const outcome = statusBlockOf(answer.body);
  const words = [
    ...outcome.codes,
    outcome.message ??
      textOf(answer.body, 'error_description') ??
      textOf(answer.body, 'error') ??
      (typeof answer.body === 'string' ? answer.body.slice(0, 200) : null),
  ].filter(Boolean);
  return [String(answer.status), ...words].join(' ');
}
