import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startSimulatorWithReceiver, type startReceiver } from '#test/sms-callbacks.ts';
import {
  createAfricasTalkingProvider,
  readDeliveryReport,
  readInboundSms,
} from './sms.africastalking.ts';
import { SmsProviderError, type SmsSendRequest } from './sms.provider.ts';
import type { StartedSmsSimulator } from './sms.simulator.ts';

/** A server answering every request with one fixed answer, for answers the simulator never gives. */
async function startFixedAnswer(status: number, body: string) {
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(status, { 'Content-Type': 'application/json' });
      res.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const RECEIVED_AT = new Date('2026-03-01T08:00:00.000Z');
const PHONE = '+250788123456';

let simulator: StartedSmsSimulator;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let close: () => Promise<void>;

beforeEach(async () => {
  ({ started: simulator, receiver, close } = await startSimulatorWithReceiver(RECEIVED_AT));
});

afterEach(() => close());

const provider = (overrides: Partial<Parameters<typeof createAfricasTalkingProvider>[0]> = {}) =>
  createAfricasTalkingProvider({
    baseUrl: simulator.url,
    ...simulator.simulator.credentials,
    senderId: 'INZU',
    timeoutMs: 5000,
    ...overrides,
  });

const send = (message = 'Your listing is live.', to = PHONE): SmsSendRequest => ({ to, message });

/** What a rejected promise rejected with. */
const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected the send to fail');
    },
    (error: unknown) => error,
  );

describe("sending through Africa's Talking", () => {
  it("sends the form Africa's Talking reads, and reads the accepted answer with its id and cost", async () => {
    const result = await provider().send(send('Murakoze! Your listing is live.'));

    expect(result).toEqual({
      outcome: 'accepted',
      providerMessageId: expect.stringMatching(/^ATXid_[0-9a-f]+$/),
      providerStatus: 'Success',
      cost: 'RWF 10.0000',
    });
    // The simulator took the apiKey, the username and the form (a wrong one is refused below),
    // and recorded the fields as it read them.
    expect(simulator.simulator.messages()).toEqual([
      {
        messageId: result.outcome === 'accepted' ? result.providerMessageId : null,
        to: PHONE,
        from: 'INZU',
        message: 'Murakoze! Your listing is live.',
        statusCode: 101,
        deliveryState: 'pending',
        receivedAt: RECEIVED_AT,
      },
    ]);
  });

  it("leaves `from` out without a sender id, so Africa's Talking uses its default", async () => {
    await provider({ senderId: undefined }).send(send());

    expect(simulator.simulator.messages()[0]).toMatchObject({ to: PHONE, from: null });
  });

  it.each([
    ['invalid-number', 'InvalidPhoneNumber', '403', true],
    ['blacklisted', 'UserInBlacklist', '406', true],
    ['insufficient-balance', 'InsufficientBalance', '405', false],
  ] as const)(
    'reads the %s refusal as %s (permanent: %s)',
    async (outcome, providerStatus, code, isPermanent) => {
      simulator.simulator.setOutcome(outcome, PHONE);

      const result = await provider().send(send());

      expect(result).toEqual({
        outcome: 'refused',
        providerStatus,
        reason: expect.stringContaining(code),
        isPermanent,
      });
      expect(simulator.simulator.messages()).toMatchObject([
        { messageId: null, deliveryState: 'refused' },
      ]);
    },
  );

  it("reads a number Africa's Talking cannot read as a permanent refusal", async () => {
    expect(await provider().send(send('Hello', '0788123456'))).toMatchObject({
      outcome: 'refused',
      providerStatus: 'InvalidPhoneNumber',
      isPermanent: true,
    });
  });

  it.each([
    ['API key', { apiKey: 'wrong-key-9f3a' }],
    ['username', { username: 'someone-else' }],
  ] as const)(
    'throws a non-retryable error when the %s is refused (401), without naming the key',
    async (_what, overrides) => {
      const error = await failureOf(provider(overrides).send(send()));

      expect(error).toBeInstanceOf(SmsProviderError);
      expect(error).toMatchObject({ isRetryable: false, mayHaveSent: false });
      expect(String(error)).toContain('401');
      expect(String(error)).toContain('The supplied authentication is invalid');
      expect(String(error)).not.toContain('wrong-key-9f3a');
      expect(String(error)).not.toContain(simulator.simulator.credentials.apiKey);
      expect(simulator.simulator.messages()).toEqual([]);
    },
  );

  it('throws a retryable error on a 500, with nothing sent', async () => {
    simulator.simulator.setOutcome('server-error');

    const error = await failureOf(provider().send(send()));

    expect(error).toBeInstanceOf(SmsProviderError);
    expect(error).toMatchObject({ isRetryable: true, mayHaveSent: false });
    expect(simulator.simulator.messages()).toEqual([]);
  });

  it('gives up on an answer that does not come in time (retryable), though the SMS went', async () => {
    simulator.simulator.setOutcome('timeout', PHONE);

    const error = await failureOf(provider({ timeoutMs: 200 }).send(send()));

    expect(error).toBeInstanceOf(SmsProviderError);
    expect(error).toMatchObject({ isRetryable: true, mayHaveSent: true });
    expect(String(error)).toContain('may have been sent');
    expect(simulator.simulator.messages()).toMatchObject([
      { to: PHONE, statusCode: 101, messageId: expect.stringMatching(/^ATXid_/) },
    ]);
  });

  it('throws a retryable error when nothing listens at the address', async () => {
    const closed = await startFixedAnswer(201, '');
    await closed.close();

    const error = await failureOf(provider({ baseUrl: closed.url }).send(send()));

    expect(error).toBeInstanceOf(SmsProviderError);
    // The connection was refused: nothing can have gone.
    expect(error).toMatchObject({ isRetryable: true, mayHaveSent: false });
  });
});

describe('answers the simulator does not give', () => {
  it('reads a request refused as a whole (no recipient, the reason in Message) as not permanent', async () => {
    const fixed = await startFixedAnswer(
      201,
      JSON.stringify({ SMSMessageData: { Message: 'InvalidSenderId', Recipients: [] } }),
    );
    try {
      expect(await provider({ baseUrl: fixed.url }).send(send())).toEqual({
        outcome: 'refused',
        providerStatus: 'InvalidSenderId',
        reason: expect.stringContaining('InvalidSenderId'),
        isPermanent: false,
      });
    } finally {
      await fixed.close();
    }
  });

  it.each([
    ['a body that is not JSON', 'Created'],
    ['JSON without recipients', JSON.stringify({ SMSMessageData: { Message: 'Sent' } })],
    [
      'an accepted recipient without a message id',
      JSON.stringify({
        SMSMessageData: {
          Message: 'Sent to 1/1',
          Recipients: [{ statusCode: 101, number: PHONE, status: 'Success', messageId: 'None' }],
        },
      }),
    ],
  ])('throws a non-retryable error on %s, as the SMS may have gone', async (_what, body) => {
    const fixed = await startFixedAnswer(201, body);
    try {
      const error = await failureOf(provider({ baseUrl: fixed.url }).send(send()));

      expect(error).toBeInstanceOf(SmsProviderError);
      expect(error).toMatchObject({ isRetryable: false, mayHaveSent: true });
    } finally {
      await fixed.close();
    }
  });

  it.each([
    [402, 'InvalidSenderId', false],
    [404, 'UnsupportedNumberType', true],
    [407, 'CouldNotRoute', false],
    [409, 'DoNotDisturbRejection', true],
    [401, 'RiskHold', false],
    [502, 'RejectedByGateway', false],
    [499, 'SomethingNew', false],
  ] as const)(
    'reads recipient status %i %s (permanent: %s)',
    async (statusCode, status, isPermanent) => {
      const fixed = await startFixedAnswer(
        201,
        JSON.stringify({
          SMSMessageData: {
            Message: 'Sent to 0/1 Total Cost: 0',
            Recipients: [{ statusCode, number: PHONE, status, cost: '0', messageId: 'None' }],
          },
        }),
      );
      try {
        expect(await provider({ baseUrl: fixed.url }).send(send())).toEqual({
          outcome: 'refused',
          providerStatus: status,
          reason: expect.stringContaining(String(statusCode)),
          isPermanent,
        });
      } finally {
        await fixed.close();
      }
    },
  );
  it.each([
    [502, true, true],
    [504, true, true],
    [503, true, false],
    [429, true, false],
    [400, false, false],
  ] as const)(
    'reads HTTP %i as retryable: %s, may have sent: %s',
    async (status, isRetryable, mayHaveSent) => {
      const fixed = await startFixedAnswer(status, 'Bad Gateway');
      try {
        const error = await failureOf(provider({ baseUrl: fixed.url }).send(send()));

        expect(error).toBeInstanceOf(SmsProviderError);
        expect(error).toMatchObject({ isRetryable, mayHaveSent });
      } finally {
        await fixed.close();
      }
    },
  );
});

describe('reading the callbacks', () => {
  it('reads the delivery reports the simulator posts, delivered and failed', async () => {
    const failing = '+250722000001';
    simulator.simulator.setOutcome('delivery-failed', failing);
    const delivered = await provider().send(send());
    const failed = await provider().send(send('Your listing is live.', failing));
    if (delivered.outcome !== 'accepted' || failed.outcome !== 'accepted') {
      throw new Error('both sends should have been accepted');
    }

    expect(await simulator.simulator.sendDeliveryReports()).toBe(2);

    expect(receiver.arrivals.map((arrival) => arrival.path)).toEqual([
      '/sms/delivery-reports',
      '/sms/delivery-reports',
    ]);
    expect(receiver.arrivals[0]?.contentType).toBe('application/x-www-form-urlencoded');
    expect(receiver.arrivals.map((arrival) => readDeliveryReport(arrival.fields))).toEqual([
      {
        providerMessageId: delivered.providerMessageId,
        phone: PHONE,
        state: 'delivered',
        providerStatus: 'Success',
        failureReason: null,
      },
      {
        providerMessageId: failed.providerMessageId,
        phone: failing,
        state: 'failed',
        providerStatus: 'Failed',
        failureReason: 'DeliveryFailure',
      },
    ]);
  });

  it('reads a STOP reply the simulator posts', async () => {
    await provider().send(send());

    expect(await simulator.simulator.sendInbound(PHONE, 'STOP')).toBe(200);

    expect(receiver.arrivals).toHaveLength(1);
    expect(receiver.arrivals[0]?.path).toBe('/sms/inbound');
    expect(readInboundSms(receiver.arrivals[0]!.fields)).toEqual({
      providerMessageId: expect.any(String),
      from: PHONE,
      // The reply goes to the sender id the SMS came from.
      to: 'INZU',
      text: 'STOP',
      receivedAt: RECEIVED_AT,
    });
  });

  it.each([
    ['Success', 'delivered'],
    ['Failed', 'failed'],
    ['Rejected', 'failed'],
    ['AbsentSubscriber', 'failed'],
    ['Expired', 'failed'],
    ['Sent', 'pending'],
    ['Submitted', 'pending'],
    ['Buffered', 'pending'],
    ['SomethingNew', 'pending'],
  ] as const)('reads delivery status %s as %s', (status, state) => {
    expect(
      readDeliveryReport({ id: 'ATXid_1', status, phoneNumber: PHONE, networkCode: '63510' }),
    ).toMatchObject({ state, providerStatus: status, failureReason: null });
  });

  it('gives back the + a careless form decoding turned into a space', () => {
    const fields = Object.fromEntries(
      new URLSearchParams(`id=ATXid_1&status=Success&phoneNumber=${PHONE}`),
    );
    expect(readDeliveryReport(fields)?.phone).toBe(PHONE);
    expect(
      readInboundSms({ id: '1', from: ' 250788123456', to: '20880', text: 'STOP' }),
    ).toMatchObject({ from: PHONE });
  });

  it('leaves a date without its zone unread rather than guess it', () => {
    expect(
      readInboundSms({
        id: '1',
        from: PHONE,
        to: '20880',
        text: 'STOP',
        date: '2026-03-01 08:00:00',
      })?.receivedAt,
    ).toBeNull();
  });

  it('answers undefined for forms that are not reports or incoming messages', () => {
    const report = { id: 'ATXid_1', status: 'Success', phoneNumber: PHONE };
    const inbound = { id: '1', from: PHONE, to: '20880', text: 'STOP', date: '' };

    for (const junk of [
      {},
      { id: 'ATXid_1' },
      { status: 'Success', phoneNumber: PHONE },
      inbound,
    ]) {
      expect(readDeliveryReport(junk)).toBeUndefined();
    }
    for (const junk of [
      {},
      { from: PHONE, text: 'STOP' },
      { id: '1', from: PHONE, to: '20880' },
      report,
    ]) {
      expect(readInboundSms(junk)).toBeUndefined();
    }
    expect(readDeliveryReport({ ...report, id: '  ' })).toBeUndefined();
  });
});
