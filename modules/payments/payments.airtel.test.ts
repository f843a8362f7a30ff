import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AirtelMoneyConfig, createAirtelMoneyProvider } from './payments.airtel.ts';
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
  simulator = await startPaymentsSimulator({
    airtelCallbackUrl: `${receiver.url}/callbacks/airtel`,
    lateMs: 20,
  });
});

afterAll(async () => {
  await simulator?.close();
  await receiver?.close();
});

const airtel = (overrides: Partial<AirtelMoneyConfig> = {}) =>
  createAirtelMoneyProvider({
    baseUrl: simulator.url,
    ...simulator.simulator.credentials.airtel,
    ...overrides,
  });

let phones = 0;
/** Each test pays from its own number, so the outcome it sets holds for it alone. */
const newPhone = () => `+25073${String((phones += 1)).padStart(7, '0')}`;

const collection = (phone: string, reference = randomUUID()) => ({
  reference,
  amount: 8_500,
  phone,
  description: 'Boost: 7 days',
});

const tokenRequests = () =>
  simulator.simulator.requestsReceived().filter((request) => request.path === '/auth/oauth2/token')
    .length;

const recorded = (reference: string) =>
  simulator.simulator.payments().find((payment) => payment.reference === reference);

describe('Airtel Money collection', () => {
  it('pushes the prompt, then reads the payment successful with its airtel_money_id', async () => {
    const provider = airtel();
    const phone = newPhone();
    const request = collection(phone);

    await provider.requestToPay(request);

    const status = await provider.getPaymentStatus(request.reference);
    expect(status).toEqual({
      state: 'successful',
      providerTransactionId: expect.stringMatching(/^MP/),
    });
    expect(recorded(request.reference)).toMatchObject({
      network: 'airtel',
      amount: 8_500,
      currency: 'RWF',
      phone,
      description: 'Boost: 7 days',
      status: 'successful',
    });
    const [callback] = await receiver.arrivalsFor(request.reference);
    expect(callback?.body).toEqual({
      transaction: {
        id: request.reference,
        message: expect.any(String),
        status_code: 'TS',
        airtel_money_id:
          status.state === 'successful' ? status.providerTransactionId : 'not successful',
      },
    });
  });

  it.each([
    ['PAYER_NOT_FOUND', 'PAYER_NOT_FOUND'],
    ['NOT_ENOUGH_FUNDS', 'NOT_ENOUGH_FUNDS'],
    ['APPROVAL_REJECTED', 'PAYER_DECLINED'],
    ['EXPIRED', 'EXPIRED'],
  ] as const)('reads the simulated %s as %s, keeping Airtel words', async (outcome, reason) => {
    const provider = airtel();
    const phone = newPhone();
    simulator.simulator.setOutcome(outcome, { phone });
    const request = collection(phone);

    await provider.requestToPay(request);

    expect(await provider.getPaymentStatus(request.reference)).toEqual({
      state: 'failed',
      reason,
      providerMessage: expect.any(String),
    });
  });

  it('takes a repeated request (ESB000041, the id already exists) as the accepted first one', async () => {
    const provider = airtel();
    const request = collection(newPhone());

    await provider.requestToPay(request);
    await provider.requestToPay(request);

    expect(
      simulator.simulator.payments().filter((p) => p.reference === request.reference),
    ).toHaveLength(1);
  });

  it('throws ProviderRefusedError, with the reason mapped, when Airtel refuses the request', async () => {
    const request = collection('+2507312');

    const refusal = await airtel()
      .requestToPay(request)
      .catch((error: unknown) => error);

    expect(refusal).toBeInstanceOf(ProviderRefusedError);
    expect(refusal).toMatchObject({
      reason: 'PAYER_NOT_FOUND',
      providerMessage: expect.stringContaining('ESB000036'),
    });
    expect(recorded(request.reference)).toBeUndefined();
  });

  it('throws a plain Error on a 500: the outcome is unknown, and here nothing was recorded', async () => {
    const provider = airtel();
    const phone = newPhone();
    simulator.simulator.setOutcome('server-error', { phone });
    const request = collection(phone);

    const error = await provider.requestToPay(request).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(ProviderRefusedError);
    expect(await provider.getPaymentStatus(request.reference)).toEqual({ state: 'unknown' });
  });

  it('gives up on a request Airtel does not answer in time, and the enquiry settles it', async () => {
    const phone = newPhone();
    simulator.simulator.setOutcome('timeout', { phone });
    const request = collection(phone);

    const error = await airtel({ timeoutMs: 1000 })
      .requestToPay(request)
      .catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(ProviderRefusedError);
    expect(await airtel().getPaymentStatus(request.reference)).toEqual({
      state: 'successful',
      providerTransactionId: expect.any(String),
    });
  });

  it('reads a reference Airtel never received (ESB000045) as unknown', async () => {
    expect(await airtel().getPaymentStatus(randomUUID())).toEqual({ state: 'unknown' });
  });

  it('reuses one token across calls, with one token request for concurrent callers', async () => {
    const provider = airtel();
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

  it('refuses a request when Airtel refuses the credentials (401), but only fails a status read', async () => {
    const provider = airtel({ clientSecret: 'not-the-secret' });
    const request = collection(newPhone());

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
    expect(recorded(request.reference)).toBeUndefined();
  });
});

describe('Airtel Money refunds', () => {
  async function paidPayment(phone = newPhone()) {
    const provider = airtel();
    const request = collection(phone);
    await provider.requestToPay(request);
    const status = await provider.getPaymentStatus(request.reference);
    if (status.state !== 'successful') throw new Error(`the payment is ${status.state}`);
    return { provider, request, providerTransactionId: status.providerTransactionId };
  }

  const refundOf = (
    payment: Awaited<ReturnType<typeof paidPayment>>,
    providerTransactionId = payment.providerTransactionId,
  ) => ({
    reference: randomUUID(),
    paymentReference: payment.request.reference,
    providerTransactionId,
    amount: payment.request.amount,
    phone: payment.request.phone,
    description: 'Refund: boost',
  });

  it('refunds the payment named by its airtel_money_id', async () => {
    const payment = await paidPayment();

    expect(await payment.provider.refund(refundOf(payment))).toEqual({ state: 'successful' });
    expect(recorded(payment.request.reference)?.refunds).toEqual([
      expect.objectContaining({ amount: 8_500, status: 'successful' }),
    ]);
  });

  it('finds the airtel_money_id by an enquiry when the marketplace has none', async () => {
    const payment = await paidPayment();

    expect(await payment.provider.refund(refundOf(payment, null))).toEqual({ state: 'successful' });
    expect(recorded(payment.request.reference)?.refunds).toHaveLength(1);
  });

  it('reads a refund Airtel could not pay as failed, with the reason', async () => {
    const phone = newPhone();
    simulator.simulator.setOutcome('success', { phone, refund: 'failed' });
    const payment = await paidPayment(phone);

    expect(await payment.provider.refund(refundOf(payment))).toEqual({
      state: 'failed',
      reason: 'NOT_ENOUGH_FUNDS',
      providerMessage: expect.stringContaining('Not enough balance'),
    });
  });

  it('throws ProviderRefusedError for a second refund, and for a payment that failed', async () => {
    const payment = await paidPayment();
    await payment.provider.refund(refundOf(payment));

    const again = await payment.provider.refund(refundOf(payment)).catch((error: unknown) => error);
    expect(again).toBeInstanceOf(ProviderRefusedError);
    expect(again).toMatchObject({ reason: 'NOT_ALLOWED' });

    const phone = newPhone();
    simulator.simulator.setOutcome('NOT_ENOUGH_FUNDS', { phone });
    const failed = collection(phone);
    await payment.provider.requestToPay(failed);
    const refusal = await payment.provider
      .refund({ ...refundOf(payment, null), paymentReference: failed.reference })
      .catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ProviderRefusedError);
    expect(refusal).toMatchObject({ reason: 'NOT_ALLOWED' });
  });

  it('cannot read a refund back (Airtel documents no refund enquiry): it stays pending', async () => {
    expect(await airtel().getRefundStatus(randomUUID())).toEqual({ state: 'pending' });
  });
});

describe('Airtel Money callbacks', () => {
  it('sends one callback by default, naming the reference', async () => {
    const provider = airtel();
    const request = collection(newPhone());
    const before = simulator.simulator.callbacksSent();

    await provider.requestToPay(request);

    expect(simulator.simulator.callbacksSent() - before).toBe(1);
    const [callback] = await receiver.arrivalsFor(request.reference);
    expect(callback?.method).toBe('POST');
    expect(callback?.path).toBe('/callbacks/airtel');
    expect(provider.referenceOfCallback(callback?.body)).toBe(request.reference);
  });

  it('may send the same callback twice', async () => {
    const phone = newPhone();
    simulator.simulator.setOutcome('success', { phone, callback: 'twice' });
    const request = collection(phone);

    await airtel().requestToPay(request);

    const callbacks = await receiver.arrivalsFor(request.reference, 2);
    expect(callbacks[1]?.body).toEqual(callbacks[0]?.body);
  });

  it('may send none: the payment settles all the same', async () => {
    const provider = airtel();
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
    simulator.simulator.setOutcome('NOT_ENOUGH_FUNDS', { phone, callback: 'late' });
    const request = collection(phone);

    await airtel().requestToPay(request);

    const [callback] = await receiver.arrivalsFor(request.reference);
    expect(callback?.body).toMatchObject({ transaction: { status_code: 'TF' } });
  });

  it('may forge success for a payment that failed: the enquiry tells the truth', async () => {
    const provider = airtel();
    const phone = newPhone();
    simulator.simulator.setOutcome('APPROVAL_REJECTED', { phone, callback: 'forged' });
    const request = collection(phone);

    await provider.requestToPay(request);

    const [callback] = await receiver.arrivalsFor(request.reference);
    expect(callback?.body).toMatchObject({ transaction: { status_code: 'TS' } });
    expect(provider.referenceOfCallback(callback?.body)).toBe(request.reference);
    expect(await provider.getPaymentStatus(request.reference)).toMatchObject({
      state: 'failed',
      reason: 'PAYER_DECLINED',
    });
  });

  it('finds the reference in real callback bodies only', () => {
    const provider = airtel();
    const reference = randomUUID();

    expect(
      provider.referenceOfCallback({
        transaction: { id: reference, message: 'ok', status_code: 'TS', airtel_money_id: 'MP1' },
      }),
    ).toBe(reference);
    expect(provider.referenceOfCallback(JSON.stringify({ transaction: { id: reference } }))).toBe(
      reference,
    );
    for (const junk of [
      null,
      undefined,
      'not json',
      7,
      [],
      {},
      { id: reference },
      { transaction: null },
      { transaction: { id: 'order-7' } },
      { transaction: { id: 42 } },
      { transaction: { airtel_money_id: reference } },
    ]) {
      expect(provider.referenceOfCallback(junk)).toBeNull();
    }
  });
});

describe('Airtel Money prompts on the phone page', () => {
  it('fails as declined when the payer declines on the phone page', async () => {
    const provider = airtel();
    const phone = newPhone();
    simulator.simulator.setOutcome('prompt', { phone });
    const request = collection(phone);

    await provider.requestToPay(request);
    expect(await provider.getPaymentStatus(request.reference)).toEqual({ state: 'pending' });

    const page = await (await fetch(`${simulator.url}/phone`)).text();
    const action = `/phone/${request.reference}/decline`;
    expect(page).toContain(`action="${action}"`);
    expect(page).toContain('8,500 RWF');

    const answer = await fetch(`${simulator.url}${action}`, { method: 'POST', redirect: 'manual' });
    expect(answer.status).toBe(303);

    expect(await provider.getPaymentStatus(request.reference)).toMatchObject({
      state: 'failed',
      reason: 'PAYER_DECLINED',
    });
    const [callback] = await receiver.arrivalsFor(request.reference);
    expect(callback?.body).toMatchObject({
      transaction: { id: request.reference, status_code: 'TF' },
    });
  });
});
