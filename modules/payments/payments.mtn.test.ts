import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMtnMomoProvider, type MtnMomoConfig } from './payments.mtn.ts';
import { ProviderRefusedError } from './payments.provider.ts';
import { startPaymentsSimulator, type StartedPaymentsSimulator } from './payments.simulator.ts';

type Arrival = { method: string; path: string; body: unknown };

/** A merchant's callback listener: records what arrives, and lets a test await an arrival. */
async function startReceiver() {
  const arrivals: Arrival[] = [];
  const listeners = new Set<() => void>();
  const server = http.createServer((req, res) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (text += chunk));
    req.on('end', () => {
      arrivals.push({ method: req.method ?? '', path: req.url ?? '', body: JSON.parse(text) });
      res.end();
      for (const listener of listeners) listener();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    /** Resolves once at least `count` callbacks naming `reference` arrived. */
    async arrivalsFor(reference: string, count = 1): Promise<Arrival[]> {
      for (;;) {
        const found = arrivals.filter((arrival) =>
          JSON.stringify(arrival.body).includes(reference),
        );
        if (found.length >= count) return found;
        await new Promise<void>((resolve) => {
          const listener = () => {
            listeners.delete(listener);
            resolve();
          };
          listeners.add(listener);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let simulator: StartedPaymentsSimulator;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

beforeAll(async () => {
  receiver = await startReceiver();
  simulator = await startPaymentsSimulator({ lateMs: 20 });
});

afterAll(async () => {
  await simulator?.close();
  await receiver?.close();
});

const mtn = (overrides: Partial<MtnMomoConfig> = {}) =>
  createMtnMomoProvider({
    baseUrl: simulator.url,
    ...simulator.simulator.credentials.mtn,
    callbackUrl: `${receiver.url}/callbacks/mtn`,
    ...overrides,
  });

let phones = 0;
/** Each test pays from its own number, so the outcome it sets holds for it alone. */
const newPhone = () => `+25078${String((phones += 1)).padStart(7, '0')}`;

const collection = (phone: string, reference = randomUUID()) => ({
  reference,
  amount: 12_000,
  phone,
  description: 'Featured listing, 30 days',
});

const tokenRequests = () =>
  simulator.simulator.requestsReceived().filter((request) => request.path === '/collection/token/')
    .length;

const recorded = (reference: string) =>
  simulator.simulator.payments().find((payment) => payment.reference === reference);

describe('MTN MoMo collection', () => {
  it('asks the payer to pay, then reads the payment successful with its transaction id', async () => {
    const provider = mtn();
    const phone = newPhone();
    const request = collection(phone);

    await provider.requestToPay(request);

    const status = await provider.getPaymentStatus(request.reference);
    expect(status).toEqual({ state: 'successful', providerTransactionId: expect.any(String) });
    expect(recorded(request.reference)).toMatchObject({
      network: 'mtn',
      amount: 12_000,
      currency: 'RWF',
      phone,
      description: 'Featured listing, 30 days',
      status: 'successful',
    });
    const [callback] = await receiver.arrivalsFor(request.reference);
    expect(callback?.body).toMatchObject({
      externalId: request.reference,
      amount: '12000',
      payer: { partyIdType: 'MSISDN', partyId: phone.slice(1) },
      status: 'SUCCESSFUL',
    });
  });

  it.each([
    ['PAYER_NOT_FOUND', 'PAYER_NOT_FOUND'],
    ['NOT_ENOUGH_FUNDS', 'NOT_ENOUGH_FUNDS'],
    ['APPROVAL_REJECTED', 'PAYER_DECLINED'],
    ['EXPIRED', 'EXPIRED'],
  ] as const)('reads MTN reason %s as %s, keeping MTN words', async (outcome, reason) => {
    const provider = mtn();
    const phone = newPhone();
    simulator.simulator.setOutcome(outcome, { phone });
    const request = collection(phone);

    await provider.requestToPay(request);

    expect(await provider.getPaymentStatus(request.reference)).toEqual({
      state: 'failed',
      reason,
      providerMessage: outcome,
    });
  });

  it('takes a repeated request (409, the same reference) as the accepted first one', async () => {
    const provider = mtn();
    const request = collection(newPhone());

    await provider.requestToPay(request);
    await provider.requestToPay(request);

    const posts = simulator.simulator
      .requestsReceived()
      .filter((r) => r.method === 'POST' && r.path === '/collection/v1_0/requesttopay');
    expect(posts.length).toBeGreaterThanOrEqual(2);
    expect(
      simulator.simulator.payments().filter((p) => p.reference === request.reference),
    ).toHaveLength(1);
  });

  it('throws ProviderRefusedError, with the reason mapped, when MTN refuses the request', async () => {
    const wrongEnvironment = mtn({ targetEnvironment: 'mtnrwanda' });
    const request = collection(newPhone());

    const refusal = await wrongEnvironment.requestToPay(request).catch((error: unknown) => error);

    expect(refusal).toBeInstanceOf(ProviderRefusedError);
    expect(refusal).toMatchObject({
      reason: 'NOT_ALLOWED',
      providerMessage: expect.stringContaining('NOT_ALLOWED_TARGET_ENVIRONMENT'),
    });
    expect(recorded(request.reference)).toBeUndefined();

    const unsupportedCurrency = await mtn({ currency: 'USD' })
      .requestToPay(collection(newPhone()))
      .catch((error: unknown) => error);
    expect(unsupportedCurrency).toBeInstanceOf(ProviderRefusedError);
    expect(unsupportedCurrency).toMatchObject({
      reason: 'UNKNOWN',
      providerMessage: expect.stringContaining('INVALID_CURRENCY'),
    });
  });

  it('throws a plain Error on a 500: the outcome is unknown, and here nothing was recorded', async () => {
    const provider = mtn();
    const phone = newPhone();
    simulator.simulator.setOutcome('server-error', { phone });
    const request = collection(phone);

    const error = await provider.requestToPay(request).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(ProviderRefusedError);
    expect(await provider.getPaymentStatus(request.reference)).toEqual({ state: 'unknown' });
  });

  it('gives up on a request MTN does not answer in time, and the status read settles it', async () => {
    const phone = newPhone();
    simulator.simulator.setOutcome('timeout', { phone });
    const request = collection(phone);

    const error = await mtn({ timeoutMs: 1000 })
      .requestToPay(request)
      .catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(ProviderRefusedError);
    expect(await mtn().getPaymentStatus(request.reference)).toEqual({
      state: 'successful',
      providerTransactionId: expect.any(String),
    });
  });

  it('reads a reference MTN never received as unknown', async () => {
    expect(await mtn().getPaymentStatus(randomUUID())).toEqual({ state: 'unknown' });
  });

  it('reuses one token across calls, with one token request for concurrent callers', async () => {
    const provider = mtn();
    const before = tokenRequests();

    await Promise.all([
      provider.getPaymentStatus(randomUUID()),
      provider.getPaymentStatus(randomUUID()),
      provider.getPaymentStatus(randomUUID()),
    ]);
    const request = collection(newPhone());
    await provider.requestToPay(request);
    await provider.getPaymentStatus(request.reference);

    expect(tokenRequests() - before).toBe(1);
  });

  it('refuses a request when MTN refuses the credentials (401), but only fails a status read', async () => {
    const wrongKey = mtn({ apiKey: 'not-the-key' });
    const wrongSubscription = mtn({ subscriptionKey: 'not-the-subscription' });
    const request = collection(newPhone());

    for (const provider of [wrongKey, wrongSubscription]) {
      const refusal = await provider.requestToPay(request).catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(ProviderRefusedError);
      expect(refusal).toMatchObject({
        reason: 'NOT_ALLOWED',
        providerMessage: expect.stringContaining('401'),
      });

      const readError = await provider
        .getPaymentStatus(request.reference)
        .catch((error: unknown) => error);
      expect(readError).toBeInstanceOf(Error);
      expect(readError).not.toBeInstanceOf(ProviderRefusedError);
    }
    expect(recorded(request.reference)).toBeUndefined();
  });
});

describe('MTN MoMo refunds (Disbursement API, refund V1)', () => {
  async function paidPayment(phone = newPhone()) {
    const provider = mtn();
    const request = collection(phone);
    await provider.requestToPay(request);
    const status = await provider.getPaymentStatus(request.reference);
    if (status.state !== 'successful') throw new Error(`the payment is ${status.state}`);
    return { provider, request, providerTransactionId: status.providerTransactionId };
  }

  const refundOf = (
    payment: Awaited<ReturnType<typeof paidPayment>>,
    amount = payment.request.amount,
  ) => ({
    reference: randomUUID(),
    paymentReference: payment.request.reference,
    providerTransactionId: payment.providerTransactionId,
    amount,
    phone: payment.request.phone,
    description: 'Refund: featured listing',
  });

  it('pays a refund back, and reads it successful', async () => {
    const payment = await paidPayment();
    const refund = refundOf(payment, 5_000);

    expect(await payment.provider.refund(refund)).toEqual({ state: 'successful' });
    expect(await payment.provider.getRefundStatus(refund.reference)).toEqual({
      state: 'successful',
    });
    expect(recorded(payment.request.reference)?.refunds).toEqual([
      expect.objectContaining({ reference: refund.reference, amount: 5_000, status: 'successful' }),
    ]);
    expect(simulator.simulator.requestsReceived()).toContainEqual({
      method: 'POST',
      path: '/disbursement/token/',
    });
  });

  it('reads a refund MTN could not pay as failed, with the reason', async () => {
    const phone = newPhone();
    simulator.simulator.setOutcome('success', { phone, refund: 'failed' });
    const payment = await paidPayment(phone);
    const refund = refundOf(payment);

    expect(await payment.provider.refund(refund)).toEqual({
      state: 'failed',
      reason: 'NOT_ENOUGH_FUNDS',
      providerMessage: 'NOT_ENOUGH_FUNDS',
    });
  });

  it('throws ProviderRefusedError for a refund of a payment that did not succeed', async () => {
    const provider = mtn();
    const phone = newPhone();
    simulator.simulator.setOutcome('NOT_ENOUGH_FUNDS', { phone });
    const request = collection(phone);
    await provider.requestToPay(request);

    const refusal = await provider
      .refund({
        reference: randomUUID(),
        paymentReference: request.reference,
        providerTransactionId: null,
        amount: request.amount,
        phone,
        description: 'Refund',
      })
      .catch((error: unknown) => error);

    expect(refusal).toBeInstanceOf(ProviderRefusedError);
    expect(refusal).toMatchObject({ reason: 'NOT_ALLOWED' });
  });

  it('leaves the status of a refund MTN does not know unknown (an error), never failed', async () => {
    const error = await mtn()
      .getRefundStatus(randomUUID())
      .catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(ProviderRefusedError);
  });
});

describe('MTN MoMo callbacks', () => {
  it('sends one callback by default, naming the reference', async () => {
    const provider = mtn();
    const request = collection(newPhone());
    const before = simulator.simulator.callbacksSent();

    await provider.requestToPay(request);

    expect(simulator.simulator.callbacksSent() - before).toBe(1);
    const [callback] = await receiver.arrivalsFor(request.reference);
    expect(callback?.method).toBe('POST');
    expect(callback?.path).toBe('/callbacks/mtn');
    expect(provider.referenceOfCallback(callback?.body)).toBe(request.reference);
  });

  it('may send the same callback twice', async () => {
    const phone = newPhone();
    simulator.simulator.setOutcome('success', { phone, callback: 'twice' });
    const request = collection(phone);

    await mtn().requestToPay(request);

    const callbacks = await receiver.arrivalsFor(request.reference, 2);
    expect(callbacks.map((callback) => callback.body)).toEqual([
      callbacks[0]?.body,
      callbacks[0]?.body,
    ]);
  });

  it('may send none: the payment settles all the same', async () => {
    const provider = mtn();
    const phone = newPhone();
    simulator.simulator.setOutcome('success', { phone, callback: 'never' });
    const request = collection(phone);
    const before = simulator.simulator.callbacksSent();

    await provider.requestToPay(request);

    // A callback is counted as the answer goes out, so by now any would have been.
    expect(simulator.simulator.callbacksSent()).toBe(before);
    expect(await provider.getPaymentStatus(request.reference)).toMatchObject({
      state: 'successful',
    });
  });

  it('may send it late', async () => {
    const phone = newPhone();
    simulator.simulator.setOutcome('success', { phone, callback: 'late' });
    const request = collection(phone);

    await mtn().requestToPay(request);

    const [callback] = await receiver.arrivalsFor(request.reference);
    expect(callback?.body).toMatchObject({ status: 'SUCCESSFUL' });
  });

  it('may forge success for a payment that failed: the status read tells the truth', async () => {
    const provider = mtn();
    const phone = newPhone();
    simulator.simulator.setOutcome('NOT_ENOUGH_FUNDS', { phone, callback: 'forged' });
    const request = collection(phone);

    await provider.requestToPay(request);

    const [callback] = await receiver.arrivalsFor(request.reference);
    expect(callback?.body).toMatchObject({ status: 'SUCCESSFUL' });
    expect(provider.referenceOfCallback(callback?.body)).toBe(request.reference);
    expect(await provider.getPaymentStatus(request.reference)).toMatchObject({
      state: 'failed',
      reason: 'NOT_ENOUGH_FUNDS',
    });
  });

  it('finds the reference in real callback bodies only', () => {
    const provider = mtn();
    const reference = randomUUID();

    expect(provider.referenceOfCallback({ externalId: reference, status: 'SUCCESSFUL' })).toBe(
      reference,
    );
    expect(provider.referenceOfCallback({ referenceId: reference.toUpperCase() })).toBe(reference);
    expect(provider.referenceOfCallback(JSON.stringify({ externalId: reference }))).toBe(reference);
    for (const junk of [
      null,
      undefined,
      42,
      'not json',
      [],
      [{ externalId: reference }],
      {},
      { externalId: 'order-42' },
      { externalId: `${reference}x` },
      { financialTransactionId: '1234567890' },
      { externalId: 12 },
    ]) {
      expect(provider.referenceOfCallback(junk)).toBeNull();
    }
  });
});

describe('MTN MoMo prompts on the phone page', () => {
  it('stays pending until the payer approves on the phone page', async () => {
    const provider = mtn();
    const phone = newPhone();
    simulator.simulator.setOutcome('prompt', { phone });
    const request = collection(phone);

    await provider.requestToPay(request);
    expect(await provider.getPaymentStatus(request.reference)).toEqual({ state: 'pending' });

    const page = await (await fetch(`${simulator.url}/phone`)).text();
    const action = `/phone/${request.reference}/approve`;
    expect(page).toContain(`action="${action}"`);
    expect(page).toContain('12,000 RWF');

    const answer = await fetch(`${simulator.url}${action}`, { method: 'POST', redirect: 'manual' });
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe('/phone');

    expect(await provider.getPaymentStatus(request.reference)).toEqual({
      state: 'successful',
      providerTransactionId: expect.any(String),
    });
    const [callback] = await receiver.arrivalsFor(request.reference);
    expect(callback?.body).toMatchObject({ status: 'SUCCESSFUL' });
    expect(await (await fetch(`${simulator.url}/phone`)).text()).not.toContain(request.reference);
  });
});
