/**
 * A stand-in for MTN MoMo and Airtel Money that speaks their HTTP contracts: the paths, headers,
 * bodies, refusals and callbacks that payments.mtn.ts and payments.airtel.ts expect of the real
 * services. The tests run the real clients against it, and the product's demo mounts it, with
 * its phone page standing for the payer's phone. Everything lives in memory, and nothing is
 * decided by chance or by the clock: each payment's outcome is the one set beforehand.
 */
import { randomBytes } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { escapeHtml } from '#lib/html.ts';
import type { MobileNetwork } from './payments.provider.ts';

type SimulatorOutcome =
  | 'success'
  | 'PAYER_NOT_FOUND'
  | 'NOT_ENOUGH_FUNDS'
  | 'APPROVAL_REJECTED'
  | 'EXPIRED'
  /** Stays pending until approved or declined on the phone page, or by confirm() / decline(). */
  | 'prompt'
  /** The request-to-pay call never answers, but the payment is recorded and succeeds. */
  | 'timeout'
  /** A 500, with nothing recorded. */
  | 'server-error';

type CallbackMode =
  | 'once'
  | 'twice'
  /** Sent lateMs after the payment settles. */
  | 'late'
  | 'never'
  /** A callback claiming success, whatever the payment's real outcome. */
  | 'forged';

type SimulatedRefund = {
  /** The refund's own reference (MTN's X-Reference-Id); Airtel's refund call carries none. */
  reference: string | null;
  amount: number;
  status: 'successful' | 'failed';
  providerTransactionId: string;
};

type SimulatedPayment = {
  reference: string;
  network: MobileNetwork;
  amount: number;
  currency: string;
  /** E.164. */
  phone: string;
  description: string;
  status: 'pending' | 'successful' | 'failed';
  /** Why it failed, in MTN's words (PAYER_NOT_FOUND, APPROVAL_REJECTED ...). */
  reason: SimulatedFailure | null;
  /** MTN's financialTransactionId or Airtel's airtel_money_id, once it succeeded. */
  providerTransactionId: string | null;
  refunds: SimulatedRefund[];
  createdAt: Date;
};

type SimulatorCredentials = {
  mtn: { subscriptionKey: string; apiUser: string; apiKey: string; targetEnvironment: string };
  airtel: { clientId: string; clientSecret: string };
};

export type PaymentsSimulatorOptions = {
  /** Where it is mounted inside another server, e.g. `/payments-simulator`; '' by default. */
  basePath?: string;
  credentials?: {
    mtn?: Partial<SimulatorCredentials['mtn']>;
    airtel?: Partial<SimulatorCredentials['airtel']>;
  };
  /** Where Airtel's callbacks go (Airtel registers it per merchant; MTN takes it per request). */
  airtelCallbackUrl?: string;
  /** The delay of a 'late' callback (1000 ms). */
  lateMs?: number;
  now?: () => Date;
  /** MTN documents callbacks as PUT or POST ("allow PUT & POST on your callback listener"). */
  mtnCallbackMethod?: 'POST' | 'PUT';
};

type OutcomeOptions = {
  /** E.164: the rule holds for this payer only. */
  phone?: string;
  callback?: CallbackMode;
  refund?: 'success' | 'failed';
};

export type PaymentsSimulator = {
  /** Answers one request; mountable in another server (before anything reads the body). */
  handle(req: IncomingMessage, res: ServerResponse): Promise<void>;
  /** What happens to the next payments (of `phone`, when given) and their refunds. */
  setOutcome(outcome: SimulatorOutcome, options?: OutcomeOptions): void;
  /** The payer approves a pending prompt, as on the phone page. */
  confirm(reference: string): Promise<void>;
  /** The payer declines a pending prompt, as on the phone page. */
  decline(reference: string): Promise<void>;
  payments(): SimulatedPayment[];
  callbacksSent(): number;
  requestsReceived(): { method: string; path: string }[];
  credentials: SimulatorCredentials;
};

/** The failures a simulated payment can end with, in MTN's words. */
type SimulatedFailure = 'PAYER_NOT_FOUND' | 'NOT_ENOUGH_FUNDS' | 'APPROVAL_REJECTED' | 'EXPIRED';
type Rule = { outcome: SimulatorOutcome; callback: CallbackMode; refund: 'success' | 'failed' };
type TokenScope = 'mtn:collection' | 'mtn:disbursement' | 'airtel';

type Payment = SimulatedPayment & {
  callbackMode: CallbackMode;
  /** MTN's X-Callback-Url of the request, when it had one. */
  callbackUrl: string | null;
  externalId: string;
  payerMessage: string;
  payeeNote: string;
};

type MtnRefund = {
  refund: SimulatedRefund;
  payment: Payment;
  currency: string;
  externalId: string;
  payerMessage: string;
  payeeNote: string;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MAX_BODY_BYTES = 64 * 1024;
const MTN_TOKEN_SECONDS = 3600;
const AIRTEL_TOKEN_SECONDS = 180;
const CALLBACK_TIMEOUT_MS = 5000;
// The sandbox takes EUR only; the marketplace pays in RWF.
const MTN_CURRENCIES = new Set(['RWF', 'EUR']);

const DEFAULT_CREDENTIALS: SimulatorCredentials = {
  mtn: {
    subscriptionKey: 'simulator-subscription-key',
    apiUser: '6f1c3a52-8d4e-4b7a-9c2f-0e5d7a1b3c4d',
    apiKey: 'simulator-api-key',
    targetEnvironment: 'sandbox',
  },
  airtel: { clientId: 'simulator-client-id', clientSecret: 'simulator-client-secret' },
};

/** How each failure reads at Airtel: enquiry status, response code (if any) and message. */
const AIRTEL_FAILURES: Record<
  SimulatedFailure,
  { status: 'TF' | 'TE'; code: string | null; message: string }
> = {
  PAYER_NOT_FOUND: {
    status: 'TF',
    code: null,
    message: 'Transaction Failed. Subscriber not found',
  },
  NOT_ENOUGH_FUNDS: {
    status: 'TF',
    code: 'DP00800001007',
    message: 'Transaction Failed. Not enough balance',
  },
  APPROVAL_REJECTED: {
    status: 'TF',
    code: 'DP00800001008',
    message: 'Transaction Failed. Declined by the subscriber',
  },
  EXPIRED: { status: 'TE', code: 'DP00800001029', message: 'Transaction Expired' },
};

const NETWORK_NAMES: Record<MobileNetwork, string> = { mtn: 'MTN MoMo', airtel: 'Airtel Money' };

class BodyError extends Error {
  constructor(readonly status: 400 | 413) {
    super(status === 413 ? 'body too large' : 'body unreadable');
  }
}

/** Builds the simulator: an HTTP handler with the controls the tests and the demo use. */
export function createPaymentsSimulator(options: PaymentsSimulatorOptions = {}): PaymentsSimulator {
  const basePath = normaliseBasePath(options.basePath ?? '');
  const now = options.now ?? (() => new Date());
  const lateMs = options.lateMs ?? 1000;
  const mtnCallbackMethod = options.mtnCallbackMethod ?? 'POST';
  const credentials: SimulatorCredentials = {
    mtn: { ...DEFAULT_CREDENTIALS.mtn, ...options.credentials?.mtn },
    airtel: { ...DEFAULT_CREDENTIALS.airtel, ...options.credentials?.airtel },
  };

  let defaultRule: Rule = { outcome: 'success', callback: 'once', refund: 'success' };
  const phoneRules = new Map<string, Rule>();
  const tokens = new Map<string, { scope: TokenScope; expiresAt: number }>();
  const mtnPayments = new Map<string, Payment>();
  const mtnRefunds = new Map<string, MtnRefund>();
  const airtelPayments = new Map<string, Payment>();
  const received: { method: string; path: string }[] = [];
  let callbacks = 0;
  let counter = 0;

  const ruleFor = (phone: string) => phoneRules.get(phone) ?? defaultRule;

  function issueToken(scope: TokenScope, seconds: number): string {
    const token = randomBytes(24).toString('base64url');
    tokens.set(token, { scope, expiresAt: now().getTime() + seconds * 1000 });
    return token;
  }

  function isTokenValid(req: IncomingMessage, scope: TokenScope): boolean {
    const match = /^Bearer (\S+)$/i.exec(header(req, 'authorization') ?? '');
    const token = match?.[1] ? tokens.get(match[1]) : undefined;
    return token !== undefined && token.scope === scope && now().getTime() < token.expiresAt;
  }

  function nextTransactionId(network: MobileNetwork): string {
    counter += 1;
    if (network === 'mtn') return String(1_000_000_000 + counter);
    // Shaped like Airtel's own ids (MP210603.1234.A00001).
    const iso = now().toISOString();
    const date = `${iso.slice(2, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}`;
    return `MP${date}.${iso.slice(11, 13)}${iso.slice(14, 16)}.A${String(counter).padStart(5, '0')}`;
  }

  function settle(payment: Payment, outcome: 'success' | SimulatedFailure): void {
    if (outcome === 'success') {
      payment.status = 'successful';
      payment.providerTransactionId = nextTransactionId(payment.network);
    } else {
      payment.status = 'failed';
      payment.reason = outcome;
    }
  }

  /** Records a payment and settles it as its rule says; 'prompt' leaves it pending. */
  function record(
    fields: Omit<
      Payment,
      'status' | 'reason' | 'providerTransactionId' | 'refunds' | 'createdAt' | 'callbackMode'
    >,
    rule: Rule,
  ): Payment {
    const payment: Payment = {
      ...fields,
      status: 'pending',
      reason: null,
      providerTransactionId: null,
      refunds: [],
      createdAt: now(),
      callbackMode: rule.callback,
    };
    (payment.network === 'mtn' ? mtnPayments : airtelPayments).set(payment.reference, payment);
    if (rule.outcome === 'success' || rule.outcome === 'timeout') settle(payment, 'success');
    else if (rule.outcome !== 'prompt' && rule.outcome !== 'server-error')
      settle(payment, rule.outcome);
    return payment;
  }

  // Callbacks

  async function deliver(url: string, method: string, body: unknown): Promise<void> {
    callbacks += 1;
    try {
      const response = await fetch(url, {
        method,
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(CALLBACK_TIMEOUT_MS),
      });
      await response.arrayBuffer();
    } catch {
      // A provider does not care whether the merchant took its callback: the merchant polls.
    }
  }

  function callbackOf(payment: Payment, forged: boolean): unknown {
    if (payment.network === 'mtn') {
      const view = mtnPaymentView(payment);
      return forged
        ? { ...view, status: 'SUCCESSFUL', reason: undefined, financialTransactionId: '9999999999' }
        : view;
    }
    const failure = payment.reason ? AIRTEL_FAILURES[payment.reason] : null;
    return {
      transaction: {
        id: payment.reference,
        message: forged || !failure ? 'Transaction is successful' : failure.message,
        status_code: forged || payment.status === 'successful' ? 'TS' : 'TF',
        airtel_money_id: forged ? 'MP000000.0000.F00000' : (payment.providerTransactionId ?? ''),
      },
    };
  }

  /** Tells the merchant a payment settled, as its callback mode says; resolves once sent. */
  async function notify(payment: Payment): Promise<void> {
    const url =
      payment.network === 'mtn' ? payment.callbackUrl : (options.airtelCallbackUrl ?? null);
    if (!url || payment.callbackMode === 'never') return;
    const method = payment.network === 'mtn' ? mtnCallbackMethod : 'POST';
    const body = callbackOf(payment, payment.callbackMode === 'forged');
    switch (payment.callbackMode) {
      case 'late':
        setTimeout(() => void deliver(url, method, body), lateMs).unref();
        return;
      case 'twice':
        await deliver(url, method, body);
        await deliver(url, method, body);
        return;
      default:
        await deliver(url, method, body);
    }
  }

  function pendingPayment(reference: string): Payment {
    const payment = mtnPayments.get(reference) ?? airtelPayments.get(reference);
    if (!payment || payment.status !== 'pending') {
      throw new Error(`no payment prompt of reference ${reference} is waiting on the phone`);
    }
    return payment;
  }

  // MTN MoMo

  function mtnPaymentView(payment: Payment): Record<string, unknown> {
    return {
      amount: String(payment.amount),
      currency: payment.currency,
      ...(payment.status === 'successful'
        ? { financialTransactionId: payment.providerTransactionId }
        : {}),
      externalId: payment.externalId,
      payer: { partyIdType: 'MSISDN', partyId: payment.phone.slice(1) },
      payerMessage: payment.payerMessage,
      payeeNote: payment.payeeNote,
      status: mtnStatus(payment.status),
      ...(payment.reason ? { reason: payment.reason } : {}),
    };
  }

  /** Checks what MTN's gateway checks before anything else; answers the refusal itself. */
  function isMtnAllowed(req: IncomingMessage, res: ServerResponse, scope: TokenScope): boolean {
    if (header(req, 'ocp-apim-subscription-key') !== credentials.mtn.subscriptionKey) {
      sendJson(res, 401, {
        statusCode: 401,
        message:
          'Access denied due to invalid subscription key. Make sure to provide a valid key for an active subscription.',
      });
      return false;
    }
    if (!isTokenValid(req, scope)) {
      sendJson(res, 401, {
        statusCode: 401,
        message: 'Access denied: invalid or expired access token.',
      });
      return false;
    }
    const environment = header(req, 'x-target-environment');
    if (!environment) {
      sendJson(res, 400, { code: 'BAD_REQUEST', message: 'X-Target-Environment is missing.' });
      return false;
    }
    if (environment !== credentials.mtn.targetEnvironment) {
      sendJson(res, 403, {
        code: 'NOT_ALLOWED_TARGET_ENVIRONMENT',
        message: 'Access to target environment is forbidden.',
      });
      return false;
    }
    return true;
  }

  function mtnToken(
    req: IncomingMessage,
    res: ServerResponse,
    product: 'collection' | 'disbursement',
  ) {
    if (header(req, 'ocp-apim-subscription-key') !== credentials.mtn.subscriptionKey) {
      return sendJson(res, 401, {
        statusCode: 401,
        message: 'Access denied due to missing or invalid subscription key.',
      });
    }
    const expected = `Basic ${Buffer.from(`${credentials.mtn.apiUser}:${credentials.mtn.apiKey}`).toString('base64')}`;
    if (header(req, 'authorization') !== expected)
      return sendJson(res, 401, { error: 'login_failed' });
    sendJson(res, 200, {
      access_token: issueToken(`mtn:${product}`, MTN_TOKEN_SECONDS),
      token_type: 'access_token',
      expires_in: MTN_TOKEN_SECONDS,
    });
  }

  async function mtnRequestToPay(req: IncomingMessage, res: ServerResponse) {
    if (!isMtnAllowed(req, res, 'mtn:collection')) return;
    const reference = header(req, 'x-reference-id');
    const callbackUrl = header(req, 'x-callback-url') ?? null;
    const body = recordOf(parseJson(await readBody(req)));
    const payer = recordOf(body?.payer);
    const amount = Number(stringOf(body?.amount));
    const currency = stringOf(body?.currency);
    const partyId = stringOf(payer?.partyId);
    if (
      !reference ||
      !UUID.test(reference) ||
      (callbackUrl !== null && !isHttpUrl(callbackUrl)) ||
      !/^\d+(\.\d+)?$/.test(stringOf(body?.amount) ?? '') ||
      !(amount > 0) ||
      !currency ||
      !stringOf(body?.externalId) ||
      payer?.partyIdType !== 'MSISDN' ||
      !partyId ||
      !/^\d{8,15}$/.test(partyId)
    ) {
      return sendJson(res, 400, {
        code: 'BAD_REQUEST',
        message: 'The request does not follow the specification of request-to-pay.',
      });
    }
    if (!MTN_CURRENCIES.has(currency)) {
      return sendJson(res, 400, {
        code: 'INVALID_CURRENCY',
        message: `Currency ${currency} is not supported.`,
      });
    }
    if (mtnPayments.has(reference)) {
      return sendJson(res, 409, {
        code: 'RESOURCE_ALREADY_EXIST',
        message: 'Duplicated reference id. Creation of resource failed.',
      });
    }
    const phone = `+${partyId}`;
    const rule = ruleFor(phone);
    if (rule.outcome === 'server-error') {
      return sendJson(res, 500, {
        code: 'INTERNAL_PROCESSING_ERROR',
        message: 'An internal error occurred while processing.',
      });
    }
    const payment = record(
      {
        reference,
        network: 'mtn',
        amount,
        currency,
        phone,
        description: stringOf(body?.payerMessage) ?? '',
        callbackUrl,
        externalId: stringOf(body?.externalId) ?? '',
        payerMessage: stringOf(body?.payerMessage) ?? '',
        payeeNote: stringOf(body?.payeeNote) ?? '',
      },
      rule,
    );
    // 'timeout': recorded and settled, but the answer never comes; the client gives up.
    if (rule.outcome !== 'timeout') sendJson(res, 202);
    if (payment.status !== 'pending') void notify(payment);
  }

  function mtnPaymentStatus(req: IncomingMessage, res: ServerResponse, reference: string) {
    if (!isMtnAllowed(req, res, 'mtn:collection')) return;
    const payment = mtnPayments.get(reference);
    if (!payment) return sendJson(res, 404, resourceNotFound());
    sendJson(res, 200, mtnPaymentView(payment));
  }

  async function mtnRefund(req: IncomingMessage, res: ServerResponse) {
    if (!isMtnAllowed(req, res, 'mtn:disbursement')) return;
    const reference = header(req, 'x-reference-id');
    const body = recordOf(parseJson(await readBody(req)));
    const amount = Number(stringOf(body?.amount));
    const currency = stringOf(body?.currency);
    const refunded = stringOf(body?.referenceIdToRefund);
    if (
      !reference ||
      !UUID.test(reference) ||
      !/^\d+(\.\d+)?$/.test(stringOf(body?.amount) ?? '') ||
      !(amount > 0) ||
      !currency ||
      !stringOf(body?.externalId) ||
      !refunded ||
      !UUID.test(refunded)
    ) {
      return sendJson(res, 400, {
        code: 'BAD_REQUEST',
        message: 'The request does not follow the specification of refund.',
      });
    }
    if (mtnRefunds.has(reference)) {
      return sendJson(res, 409, {
        code: 'RESOURCE_ALREADY_EXIST',
        message: 'Duplicated reference id. Creation of resource failed.',
      });
    }
    const payment = mtnPayments.get(refunded);
    if (!payment) return sendJson(res, 404, resourceNotFound());
    const alreadyRefunded = payment.refunds
      .filter((refund) => refund.status === 'successful')
      .reduce((sum, refund) => sum + refund.amount, 0);
    if (payment.status !== 'successful' || amount > payment.amount - alreadyRefunded) {
      return sendJson(res, 400, {
        code: 'NOT_ALLOWED',
        message: 'Only a successful payment can be refunded, up to what is left of it.',
      });
    }
    const refund: SimulatedRefund = {
      reference,
      amount,
      status: ruleFor(payment.phone).refund === 'success' ? 'successful' : 'failed',
      providerTransactionId: nextTransactionId('mtn'),
    };
    payment.refunds.push(refund);
    mtnRefunds.set(reference, {
      refund,
      payment,
      currency,
      externalId: stringOf(body?.externalId) ?? '',
      payerMessage: stringOf(body?.payerMessage) ?? '',
      payeeNote: stringOf(body?.payeeNote) ?? '',
    });
    sendJson(res, 202);
  }

  function mtnRefundStatus(req: IncomingMessage, res: ServerResponse, reference: string) {
    if (!isMtnAllowed(req, res, 'mtn:disbursement')) return;
    const found = mtnRefunds.get(reference);
    if (!found) return sendJson(res, 404, resourceNotFound());
    const { refund } = found;
    sendJson(res, 200, {
      amount: String(refund.amount),
      currency: found.currency,
      ...(refund.status === 'successful'
        ? { financialTransactionId: refund.providerTransactionId }
        : {}),
      externalId: found.externalId,
      payee: { partyIdType: 'MSISDN', partyId: found.payment.phone.slice(1) },
      payerMessage: found.payerMessage,
      payeeNote: found.payeeNote,
      status: mtnStatus(refund.status),
      // The merchant's disbursement account could not cover it.
      ...(refund.status === 'failed' ? { reason: 'NOT_ENOUGH_FUNDS' } : {}),
    });
  }

  // Airtel Money

  /** Checks the bearer token and the country and currency headers; answers the refusal itself. */
  function isAirtelAllowed(req: IncomingMessage, res: ServerResponse): boolean {
    if (!isTokenValid(req, 'airtel')) {
      sendJson(res, 401, {
        error: 'invalid_token',
        error_description: 'The access token is missing, unknown or expired.',
      });
      return false;
    }
    if (!header(req, 'x-country') || !header(req, 'x-currency')) {
      sendJson(
        res,
        400,
        airtelStatus(
          false,
          '400',
          'ROUTER003',
          'Mandatory parameters are missing either in the header or body.',
        ),
      );
      return false;
    }
    return true;
  }

  async function airtelToken(req: IncomingMessage, res: ServerResponse) {
    const body = recordOf(parseJson(await readBody(req)));
    if (!body || typeof body.client_id !== 'string' || typeof body.client_secret !== 'string') {
      return sendJson(res, 400, {
        error: 'invalid_request',
        error_description: 'client_id and client_secret are required.',
      });
    }
    if (
      body.grant_type !== 'client_credentials' ||
      body.client_id !== credentials.airtel.clientId ||
      body.client_secret !== credentials.airtel.clientSecret
    ) {
      return sendJson(res, 401, {
        error: 'invalid_client',
        error_description: 'Invalid client authentication',
      });
    }
    sendJson(res, 200, {
      access_token: issueToken('airtel', AIRTEL_TOKEN_SECONDS),
      // Airtel documents the lifetime as a string.
      expires_in: String(AIRTEL_TOKEN_SECONDS),
      token_type: 'bearer',
    });
  }

  async function airtelCollect(req: IncomingMessage, res: ServerResponse) {
    if (!isAirtelAllowed(req, res)) return;
    const body = recordOf(parseJson(await readBody(req)));
    const subscriber = recordOf(body?.subscriber);
    const transaction = recordOf(body?.transaction);
    const msisdn = stringOf(subscriber?.msisdn);
    const reference = stringOf(transaction?.id);
    const amount = transaction?.amount;
    const currency = stringOf(transaction?.currency);
    if (
      typeof body?.reference !== 'string' ||
      !msisdn ||
      !reference ||
      typeof amount !== 'number' ||
      !(amount > 0) ||
      !currency ||
      !stringOf(transaction?.country)
    ) {
      return sendJson(res, 400, airtelStatus(false, '400', 'ESB000008', 'Field validation'));
    }
    if (!/^7\d{8}$/.test(msisdn)) {
      return sendJson(
        res,
        400,
        airtelStatus(false, '400', 'ESB000036', 'Invalid MSISDN Length. MSISDN Length should be 9'),
      );
    }
    if (airtelPayments.has(reference)) {
      return sendJson(
        res,
        200,
        airtelStatus(false, '400', 'ESB000041', 'External Transaction ID already exists.'),
      );
    }
    const phone = `+250${msisdn}`;
    const rule = ruleFor(phone);
    if (rule.outcome === 'server-error') {
      return sendJson(res, 500, airtelStatus(false, '500', 'ESB000001', 'Something went wrong'));
    }
    const payment = record(
      {
        reference,
        network: 'airtel',
        amount,
        currency,
        phone,
        description: body.reference,
        callbackUrl: null,
        externalId: reference,
        payerMessage: body.reference,
        payeeNote: body.reference,
      },
      rule,
    );
    if (rule.outcome !== 'timeout') {
      sendJson(res, 200, {
        data: { transaction: { id: reference, status: 'Success.' } },
        ...airtelStatus(true, '200', 'ESB000010', 'Success.', 'DP00800001006'),
      });
    }
    if (payment.status !== 'pending') void notify(payment);
  }

  function airtelEnquiry(req: IncomingMessage, res: ServerResponse, reference: string) {
    if (!isAirtelAllowed(req, res)) return;
    const payment = airtelPayments.get(reference);
    if (!payment) {
      return sendJson(
        res,
        200,
        airtelStatus(
          false,
          '404',
          'ESB000045',
          'No Transaction Found With Provided Transaction Id.',
          'DP00800001025',
        ),
      );
    }
    const failure = payment.reason ? AIRTEL_FAILURES[payment.reason] : null;
    const view =
      payment.status === 'successful'
        ? { status: 'TS', code: 'DP00800001001', message: 'Transaction is successful' }
        : payment.status === 'pending'
          ? { status: 'TIP', code: 'DP00800001006', message: 'Transaction in pending state' }
          : {
              status: failure?.status ?? 'TF',
              code: failure?.code ?? null,
              message: failure?.message ?? 'Failed',
            };
    sendJson(res, 200, {
      data: {
        transaction: {
          ...(payment.providerTransactionId
            ? { airtel_money_id: payment.providerTransactionId }
            : {}),
          id: payment.reference,
          message: view.message,
          status: view.status,
        },
      },
      ...airtelStatus(true, '200', 'ESB000010', 'SUCCESS', view.code ?? undefined),
    });
  }

  async function airtelRefund(req: IncomingMessage, res: ServerResponse) {
    if (!isAirtelAllowed(req, res)) return;
    const body = recordOf(parseJson(await readBody(req)));
    const airtelMoneyId = stringOf(recordOf(body?.transaction)?.airtel_money_id);
    if (!airtelMoneyId)
      return sendJson(res, 400, airtelStatus(false, '400', 'ESB000008', 'Field validation'));
    const payment = [...airtelPayments.values()].find(
      (candidate) => candidate.providerTransactionId === airtelMoneyId,
    );
    if (!payment) {
      return sendJson(
        res,
        200,
        airtelStatus(
          false,
          '404',
          'ESB000045',
          'No Transaction Found With Provided Transaction Id.',
        ),
      );
    }
    if (
      payment.status !== 'successful' ||
      payment.refunds.some((refund) => refund.status === 'successful')
    ) {
      return sendJson(
        res,
        200,
        airtelStatus(
          false,
          '400',
          'ESB000011',
          'Refund not allowed: the transaction is not successful or already refunded',
        ),
      );
    }
    const succeeds = ruleFor(payment.phone).refund === 'success';
    const refund: SimulatedRefund = {
      reference: null,
      amount: payment.amount,
      status: succeeds ? 'successful' : 'failed',
      providerTransactionId: nextTransactionId('airtel'),
    };
    payment.refunds.push(refund);
    sendJson(res, 200, {
      data: {
        transaction: {
          airtel_money_id: refund.providerTransactionId,
          status: succeeds ? 'SUCCESS' : 'TF',
        },
      },
      ...(succeeds
        ? airtelStatus(true, '200', 'ESB000010', 'SUCCESS', 'DP00800001001')
        : airtelStatus(
            false,
            '200',
            'ESB000011',
            'Transaction Failed. Not enough balance',
            'DP00800001007',
          )),
    });
  }

  // The phone page

  function phonePage(res: ServerResponse) {
    const pending = [...mtnPayments.values(), ...airtelPayments.values()]
      .filter((payment) => payment.status === 'pending')
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    const items = pending.map((payment) => {
      const id = `prompt-${payment.reference}`;
      const action = `${basePath}/phone/${encodeURIComponent(payment.reference)}`;
      return `<li>
<article aria-labelledby="${id}">
<h3 id="${id}">${escapeHtml(NETWORK_NAMES[payment.network])}: ${escapeHtml(maskPhone(payment.phone))}</h3>
<p>Amount: <strong>${escapeHtml(payment.amount.toLocaleString('en-US'))} ${escapeHtml(payment.currency)}</strong></p>
<p>For: ${escapeHtml(payment.description)}</p>
<form method="post" action="${escapeHtml(action)}/approve"><button type="submit" aria-describedby="${id}">Approve</button></form>
<form method="post" action="${escapeHtml(action)}/decline"><button type="submit" aria-describedby="${id}">Decline</button></form>
</article>
</li>`;
    });
    // No styles, scripts or other assets: the site serves it under a CSP of default-src 'none'.
    const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Phone (payments simulator)</title>
</head>
<body>
<main>
<h1>Phone (payments simulator)</h1>
<p>This page stands for the payer's phone: approve or decline the payment prompts sent to it.</p>
<h2>Waiting prompts</h2>
${items.length > 0 ? `<ul>\n${items.join('\n')}\n</ul>` : '<p>No payment is waiting for approval.</p>'}
<p><a href="${escapeHtml(`${basePath}/phone`)}">Refresh</a></p>
</main>
</body>
</html>
`;
    res.writeHead(200, {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Length': Buffer.byteLength(html),
      'Cache-Control': 'no-store',
    });
    res.end(html);
  }

  function phoneAnswer(res: ServerResponse, reference: string, approve: boolean) {
    const payment = mtnPayments.get(reference) ?? airtelPayments.get(reference);
    if (!payment) {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('No payment prompt of that reference.');
      return;
    }
    // A second press (or a refreshed form) finds the payment settled: nothing more to do.
    if (payment.status === 'pending') {
      settle(payment, approve ? 'success' : 'APPROVAL_REJECTED');
      void notify(payment);
    }
    res.writeHead(303, { Location: `${basePath}/phone` });
    res.end();
  }

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const method = req.method ?? 'GET';
    let path = new URL(req.url ?? '/', 'http://simulator.invalid').pathname;
    if (basePath) {
      if (path !== basePath && !path.startsWith(`${basePath}/`))
        return sendJson(res, 404, resourceNotFound());
      path = path.slice(basePath.length) || '/';
    }
    received.push({ method, path });
    const key = `${method} ${path.replace(/\/$/, '')}`;
    let match: RegExpExecArray | null;

    if (key === 'POST /collection/token') return mtnToken(req, res, 'collection');
    if (key === 'POST /disbursement/token') return mtnToken(req, res, 'disbursement');
    if (key === 'POST /collection/v1_0/requesttopay') return mtnRequestToPay(req, res);
    if ((match = /^GET \/collection\/v1_0\/requesttopay\/([^/]+)$/.exec(key))) {
      return mtnPaymentStatus(req, res, decodeURIComponent(match[1]!));
    }
    if (key === 'POST /disbursement/v1_0/refund') return mtnRefund(req, res);
    if ((match = /^GET \/disbursement\/v1_0\/refund\/([^/]+)$/.exec(key))) {
      return mtnRefundStatus(req, res, decodeURIComponent(match[1]!));
    }
    if (key === 'POST /auth/oauth2/token') return airtelToken(req, res);
    if (key === 'POST /merchant/v1/payments') return airtelCollect(req, res);
    if (key === 'POST /standard/v1/payments/refund') return airtelRefund(req, res);
    if ((match = /^GET \/standard\/v1\/payments\/([^/]+)$/.exec(key))) {
      return airtelEnquiry(req, res, decodeURIComponent(match[1]!));
    }
    if (key === 'GET /phone') return phonePage(res);
    if ((match = /^POST \/phone\/([^/]+)\/(approve|decline)$/.exec(key))) {
      return phoneAnswer(res, decodeURIComponent(match[1]!), match[2] === 'approve');
    }
    sendJson(res, 404, resourceNotFound());
  }

  return {
    async handle(req, res) {
      try {
        await route(req, res);
      } catch (error) {
        if (res.headersSent) {
          res.destroy();
        } else if (error instanceof BodyError) {
          sendJson(res, error.status, { code: 'BAD_REQUEST', message: error.message });
        } else {
          sendJson(res, 500, {
            code: 'INTERNAL_PROCESSING_ERROR',
            message: 'The simulator failed.',
          });
        }
      }
    },

    setOutcome(outcome, outcomeOptions = {}) {
      const rule: Rule = {
        outcome,
        callback: outcomeOptions.callback ?? 'once',
        refund: outcomeOptions.refund ?? 'success',
      };
      if (outcomeOptions.phone) phoneRules.set(outcomeOptions.phone, rule);
      else defaultRule = rule;
    },

    async confirm(reference) {
      const payment = pendingPayment(reference);
      settle(payment, 'success');
      await notify(payment);
    },

    async decline(reference) {
      const payment = pendingPayment(reference);
      settle(payment, 'APPROVAL_REJECTED');
      await notify(payment);
    },

    payments() {
      return [...mtnPayments.values(), ...airtelPayments.values()].map((payment) => ({
        reference: payment.reference,
        network: payment.network,
        amount: payment.amount,
        currency: payment.currency,
        phone: payment.phone,
        description: payment.description,
        status: payment.status,
        reason: payment.reason,
        providerTransactionId: payment.providerTransactionId,
        refunds: payment.refunds.map((refund) => ({ ...refund })),
        createdAt: new Date(payment.createdAt),
      }));
    },

    callbacksSent: () => callbacks,
    requestsReceived: () => received.map((request) => ({ ...request })),
    credentials,
  };
}

export type StartedPaymentsSimulator = {
  /** The base URL for the clients' baseUrl (with the basePath, when one is set). */
  url: string;
  simulator: PaymentsSimulator;
  close(): Promise<void>;
};

/** Starts the simulator on its own server at 127.0.0.1 on a free port. */
export async function startPaymentsSimulator(
  options: PaymentsSimulatorOptions = {},
): Promise<StartedPaymentsSimulator> {
  const simulator = createPaymentsSimulator(options);
  const server = http.createServer((req, res) => void simulator.handle(req, res));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${normaliseBasePath(options.basePath ?? '')}`,
    simulator,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // Keep-alive sockets and the answers a 'timeout' holds back would keep it open.
        server.closeAllConnections();
      }),
  };
}

function normaliseBasePath(basePath: string): string {
  const trimmed = basePath.replace(/\/+$/, '');
  return trimmed === '' || trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
}

function mtnStatus(status: 'pending' | 'successful' | 'failed'): string {
  return { pending: 'PENDING', successful: 'SUCCESSFUL', failed: 'FAILED' }[status];
}

function resourceNotFound() {
  return { code: 'RESOURCE_NOT_FOUND', message: 'Requested resource was not found.' };
}

function airtelStatus(
  success: boolean,
  code: string,
  resultCode: string,
  message: string,
  responseCode?: string,
) {
  return {
    status: {
      code,
      message,
      result_code: resultCode,
      ...(responseCode ? { response_code: responseCode } : {}),
      success,
    },
  };
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function sendJson(res: ServerResponse, status: number, body?: unknown): void {
  if (body === undefined) {
    res.writeHead(status, { 'Content-Length': 0 });
    res.end();
    return;
  }
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
  });
  res.end(text);
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of req) {
      const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
      size += buffer.length;
      if (size > MAX_BODY_BYTES) throw new BodyError(413);
      chunks.push(buffer);
    }
  } catch (error) {
    throw error instanceof BodyError ? error : new BodyError(400);
  }
  return Buffer.concat(chunks).toString('utf8');
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
  return typeof value === 'string' && value !== '' ? value : null;
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** `+250781234567` -> `+250 78• ••• 567`: enough for the payer to know it is theirs. */
function maskPhone(phone: string): string {
  const national = phone.replace(/^\+250/, '');
  if (national.length < 6) return phone;
  return `+250 ${national.slice(0, 2)}• ••• ${national.slice(-3)}`;
}
