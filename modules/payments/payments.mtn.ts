/**
 * MTN MoMo behind the marketplace's MobileMoneyProvider: the Collection API asks the payer to
 * pay (request-to-pay) and the Disbursement API pays a refund back (refund V1), as MTN's Open API
 * documents them (momodeveloper.mtn.com). Each product has its own token, subscription key and
 * API user; the disbursement ones default to the collection ones.
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
  type IssuedToken,
  type TokenSource,
} from './payments.http.ts';

export type MtnMomoConfig = {
  /** e.g. `https://sandbox.momodeveloper.mtn.com`, or the simulator's URL. */
  baseUrl: string;
  subscriptionKey: string;
  apiUser: string;
  apiKey: string;
  /** `sandbox`, or the country's production name (`mtnrwanda`). */
  targetEnvironment: string;
  /** X-Callback-Url of each request-to-pay (MTN calls only hosts registered for the API user). */
  callbackUrl?: string;
  /** RWF by default; MTN's sandbox takes EUR only. */
  currency?: string;
  disbursementSubscriptionKey?: string;
  disbursementApiUser?: string;
  disbursementApiKey?: string;
  fetch?: typeof fetch;
  /** How long one HTTP exchange may take before its outcome counts as unknown (15 s). */
  timeoutMs?: number;
};

type Product = 'collection' | 'disbursement';
type ProductCredentials = { subscriptionKey: string; apiUser: string; apiKey: string };

const DEFAULT_TIMEOUT_MS = 15_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// MTN caps payerMessage and payeeNote; a longer description would get the request refused.
const MAX_NOTE_LENGTH = 160;

/** MTN's failure reasons (a status's `reason`, a refusal's `code`) in the marketplace's words. */
const REASONS: Readonly<Record<string, PaymentFailureReason>> = {
  PAYER_NOT_FOUND: 'PAYER_NOT_FOUND',
  NOT_ENOUGH_FUNDS: 'NOT_ENOUGH_FUNDS',
  APPROVAL_REJECTED: 'PAYER_DECLINED',
  EXPIRED: 'EXPIRED',
  PAYER_LIMIT_REACHED: 'LIMIT_REACHED',
  PAYEE_LIMIT_REACHED: 'LIMIT_REACHED',
  NOT_ALLOWED: 'NOT_ALLOWED',
  NOT_ALLOWED_TARGET_ENVIRONMENT: 'NOT_ALLOWED',
  PAYEE_NOT_ALLOWED_TO_RECEIVE: 'NOT_ALLOWED',
};

/** Speaks the MTN MoMo Open API (collection; disbursement for refunds) as a MobileMoneyProvider. */
export function createMtnMomoProvider(config: MtnMomoConfig): MobileMoneyProvider {
  const base = config.baseUrl.replace(/\/+$/, '');
  const currency = config.currency ?? 'RWF';
  const timeoutMs = config.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const fetchImpl = config.fetch ?? fetch;
  const credentials: Record<Product, ProductCredentials> = {
    collection: {
      subscriptionKey: config.subscriptionKey,
      apiUser: config.apiUser,
      apiKey: config.apiKey,
    },
    disbursement: {
      subscriptionKey: config.disbursementSubscriptionKey ?? config.subscriptionKey,
      apiUser: config.disbursementApiUser ?? config.apiUser,
      apiKey: config.disbursementApiKey ?? config.apiKey,
    },
  };

  async function exchange(url: string, init: RequestInit): Promise<Answer> {
    try {
      const response = await fetchImpl(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
      return { status: response.status, body: parseBody(await response.text()) };
    } catch (error) {
      const what = isTimeout(error) ? `no answer within ${timeoutMs} ms` : 'the connection failed';
      throw new Error(`MTN MoMo: ${what} (${init.method ?? 'GET'} ${url})`, { cause: error });
    }
  }

  async function fetchToken(product: Product): Promise<IssuedToken> {
    const { subscriptionKey, apiUser, apiKey } = credentials[product];
    const answer = await exchange(`${base}/${product}/token/`, {
      method: 'POST',
      headers: {
        Authorization: `Basic ${Buffer.from(`${apiUser}:${apiKey}`).toString('base64')}`,
        'Ocp-Apim-Subscription-Key': subscriptionKey,
      },
    });
    if (answer.status === 200) {
      const token = textOf(answer.body, 'access_token');
      const lifetimeSeconds = Number(textOf(answer.body, 'expires_in'));
      if (token && Number.isFinite(lifetimeSeconds) && lifetimeSeconds > 0) {
        return { token, lifetimeMs: lifetimeSeconds * 1000 };
      }
      throw new Error(`MTN MoMo gave a ${product} token answer without a token or lifetime`);
    }
    if (isRefusal(answer.status)) {
      // Nothing can have been charged: the request the token was for was never sent.
      throw new ProviderRefusedError(
        'NOT_ALLOWED',
        `the ${product} credentials were refused: ${describe(answer)}`,
      );
    }
    throw new Error(`MTN MoMo answered ${answer.status} to the ${product} token request`);
  }

  const tokens: Record<Product, TokenSource> = {
    collection: createTokenSource(() => fetchToken('collection')),
    disbursement: createTokenSource(() => fetchToken('disbursement')),
  };

  async function call(
    product: Product,
    method: 'GET' | 'POST',
    path: string,
    extraHeaders: Record<string, string> = {},
    body?: unknown,
  ): Promise<Answer> {
    const send = async (token: string) =>
      exchange(`${base}${path}`, {
        method,
        headers: {
          Authorization: `Bearer ${token}`,
          'X-Target-Environment': config.targetEnvironment,
          'Ocp-Apim-Subscription-Key': credentials[product].subscriptionKey,
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
          ...extraHeaders,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    const token = await tokens[product].get();
    const answer = await send(token);
    if (answer.status !== 401) return answer;
    // A token can be revoked or expire early on MTN's side: one fresh token before the 401 counts.
    // Repeating the request is safe, as MTN refuses a second one with the same X-Reference-Id.
    tokens[product].forget(token);
    return send(await tokens[product].get());
  }

  /** A status read never refuses a payment: any failure to read it leaves it unknown for now. */
  async function read(product: Product, path: string): Promise<Answer> {
    try {
      return await call(product, 'GET', path);
    } catch (error) {
      if (error instanceof ProviderRefusedError) throw new Error(error.message, { cause: error });
      throw error;
    }
  }

  async function getRefundStatus(reference: string): Promise<ProviderRefundStatus> {
    const answer = await read(
      'disbursement',
      `/disbursement/v1_0/refund/${encodeURIComponent(reference)}`,
    );
    if (answer.status === 200) return refundStatusOf(answer.body);
    // A 404 may mean the refund never reached MTN, or that MTN has not stored it yet: calling it
    // failed could make the marketplace pay a second refund, so the outcome stays unknown.
    throw new Error(`MTN MoMo answered ${answer.status} to the status of refund ${reference}`);
  }

  return {
    network: 'mtn',

    async requestToPay(request: CollectionRequest): Promise<void> {
      const answer = await call(
        'collection',
        'POST',
        '/collection/v1_0/requesttopay',
        {
          'X-Reference-Id': request.reference,
          ...(config.callbackUrl ? { 'X-Callback-Url': config.callbackUrl } : {}),
        },
        {
          amount: amountText(request.amount),
          currency,
          externalId: request.reference,
          payer: { partyIdType: 'MSISDN', partyId: mtnPartyId(request.phone) },
          payerMessage: note(request.description),
          payeeNote: note(request.description),
        },
      );
      // 409 is MTN's answer to a reference it already holds: the first attempt was accepted.
      if ((answer.status >= 200 && answer.status < 300) || answer.status === 409) return;
      if (isRefusal(answer.status)) throw refusalOf(answer);
      throw new Error(`MTN MoMo answered ${answer.status} to request-to-pay ${request.reference}`);
    },

    async getPaymentStatus(reference: string): Promise<ProviderPaymentStatus> {
      const answer = await read(
        'collection',
        `/collection/v1_0/requesttopay/${encodeURIComponent(reference)}`,
      );
      if (answer.status === 404) return { state: 'unknown' };
      if (answer.status !== 200) {
        throw new Error(`MTN MoMo answered ${answer.status} to the status of payment ${reference}`);
      }
      const status = textOf(answer.body, 'status')?.toUpperCase();
      switch (status) {
        case 'PENDING':
          return { state: 'pending' };
        case 'SUCCESSFUL':
          return {
            state: 'successful',
            providerTransactionId: textOf(answer.body, 'financialTransactionId'),
          };
        case 'FAILED':
          return { state: 'failed', ...failureOf(answer.body) };
        default:
          throw new Error(
            `MTN MoMo gave payment ${reference} a status it does not document: ${status}`,
          );
      }
    },

    async refund(request: RefundRequest): Promise<ProviderRefundStatus> {
      const answer = await call(
        'disbursement',
        'POST',
        '/disbursement/v1_0/refund',
        { 'X-Reference-Id': request.reference },
        {
          amount: amountText(request.amount),
          currency,
          externalId: request.reference,
          payerMessage: note(request.description),
          payeeNote: note(request.description),
          referenceIdToRefund: request.paymentReference,
        },
      );
      const accepted = (answer.status >= 200 && answer.status < 300) || answer.status === 409;
      if (!accepted && isRefusal(answer.status)) throw refusalOf(answer);
      if (!accepted) {
        throw new Error(`MTN MoMo answered ${answer.status} to refund ${request.reference}`);
      }
      try {
        return await getRefundStatus(request.reference);
      } catch {
        // MTN took the refund (202) but its status cannot be read yet: it is under way.
        return { state: 'pending' };
      }
    },

    getRefundStatus,

    referenceOfCallback(body: unknown): string | null {
      const record = recordOf(typeof body === 'string' ? parseBody(body) : body);
      if (!record) return null;
      // externalId is the reference we sent; some callbacks also name it referenceId.
      for (const key of ['referenceId', 'externalId']) {
        const value = record[key];
        if (typeof value === 'string' && UUID.test(value)) return value.toLowerCase();
      }
      return null;
    },
  };
}

/** MTN's MSISDN: the country code and number, digits only (`+250781234567` -> `250781234567`). */
function mtnPartyId(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return /^0\d{9}$/.test(digits) ? `250${digits.slice(1)}` : digits;
}

function amountText(amount: number): string {
  if (!Number.isSafeInteger(amount) || amount <= 0) {
    throw new RangeError(`a payment amount is a whole number of francs above 0, not ${amount}`);
  }
  return String(amount);
}

function note(description: string): string {
  return description.slice(0, MAX_NOTE_LENGTH);
}

/** A 4xx that means "not taken": 408 and 429 say "not now", which leaves it open, as a 5xx does. */
function isRefusal(status: number): boolean {
  return status >= 400 && status < 500 && status !== 408 && status !== 429;
}

function reasonOf(code: string): PaymentFailureReason {
  // MTN's own tables spell some codes with a space ("NOT ENOUGH_FUNDS").
  return (
    REASONS[
      code
        .trim()
        .toUpperCase()
        .replace(/[\s-]+/g, '_')
    ] ?? 'UNKNOWN'
  );
}

/** A status's `reason`: a code (the current API) or `{ code, message }` (older answers). */
function failureOf(body: unknown): {
  reason: PaymentFailureReason;
  providerMessage: string | null;
} {
  const raw = recordOf(body)?.reason;
  const code = typeof raw === 'string' ? raw : textOf(raw, 'code');
  const message = textOf(raw, 'message');
  return {
    reason: code ? reasonOf(code) : 'UNKNOWN',
    providerMessage: [code, message].filter(Boolean).join(': ') || null,
  };
}

function refundStatusOf(body: unknown): ProviderRefundStatus {
  const status = textOf(body, 'status')?.toUpperCase();
  switch (status) {
    case 'PENDING':
      return { state: 'pending' };
    case 'SUCCESSFUL':
      return { state: 'successful' };
    case 'FAILED':
      return { state: 'failed', ...failureOf(body) };
    default:
      throw new Error(`MTN MoMo gave a refund a status it does not document: ${status}`);
  }
}

function refusalOf(answer: Answer): ProviderRefusedError {
  const code = textOf(answer.body, 'code');
  let reason: PaymentFailureReason = code ? reasonOf(code) : 'UNKNOWN';
  if (reason === 'UNKNOWN' && (answer.status === 401 || answer.status === 403)) {
    reason = 'NOT_ALLOWED';
  }
  return new ProviderRefusedError(reason, describe(answer));
}

/** MTN's own words for an answer, for the logs and the payment's record. */
function describe(answer: Answer): string {
  const words = [
    textOf(answer.body, 'code') ?? textOf(answer.body, 'error'),
    textOf(answer.body, 'message') ?? textOf(answer.body, 'error_description'),
  ].filter(Boolean);
  if (words.length === 0 && typeof answer.body === 'string') words.push(answer.body.slice(0, 200));
  return [String(answer.status), ...words].join(' ');
}
