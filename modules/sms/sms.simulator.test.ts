import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startSimulatorWithReceiver, type startReceiver } from '#test/sms-callbacks.ts';
import {
  createSmsSimulator,
  type SimulatedOutcome,
  type SimulatedSms,
  type SmsSimulator,
  startSmsSimulator,
  type StartedSmsSimulator,
} from './sms.simulator.ts';

const NOW = new Date('2026-03-01T08:00:00.000Z');
const PHONE = '+250788123456';

let started: StartedSmsSimulator;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let close: () => Promise<void>;

beforeEach(async () => {
  ({ started, receiver, close } = await startSimulatorWithReceiver(NOW));
});

afterEach(() => close());

type Form = Record<string, string>;

/** Posts to the send endpoint as Africa's Talking's clients do, with each part overridable. */
function post(
  url: string,
  simulator: SmsSimulator,
  form: Form = {},
  headers: Record<string, string> = {},
) {
  return fetch(`${url}/version1/messaging`, {
    method: 'POST',
    headers: {
      apiKey: simulator.credentials.apiKey,
      Accept: 'application/json',
      'Content-Type': 'application/x-www-form-urlencoded',
      ...headers,
    },
    body: new URLSearchParams({
      username: simulator.credentials.username,
      to: PHONE,
      message: 'Your listing is live.',
      ...form,
    }),
  });
}

const sendSms = (form: Form = {}, headers: Record<string, string> = {}) =>
  post(started.url, started.simulator, form, headers);

type Answer = {
  SMSMessageData: {
    Message: string;
    Recipients: {
      statusCode: number;
      number: string;
      status: string;
      cost: string;
      messageId: string;
      messageParts?: number;
    }[];
  };
};

async function answerOf(response: Response): Promise<Answer> {
  expect(response.status).toBe(201);
  return (await response.json()) as Answer;
}

describe('the simulator guards the send contract', () => {
  it('answers 401 in text to a wrong or missing apiKey or username, or a body that is not a form', async () => {
    for (const response of [
      await sendSms({}, { apiKey: 'wrong' }),
      await sendSms({ username: 'someone-else' }),
      await fetch(`${started.url}/version1/messaging`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ username: started.simulator.credentials.username }),
      }),
      await fetch(`${started.url}/version1/messaging`, {
        method: 'POST',
        headers: {
          apiKey: started.simulator.credentials.apiKey,
          'Content-Type': 'application/json',
        },
        body: JSON.stringify({ username: started.simulator.credentials.username, to: PHONE }),
      }),
      await fetch(`${started.url}/version1/messaging`, {
        method: 'POST',
        headers: {
          apiKey: started.simulator.credentials.apiKey,
          'Content-Type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams({ to: PHONE, message: 'Hi' }),
      }),
    ]) {
      expect(response.status).toBe(401);
      expect(await response.text()).toBe('The supplied authentication is invalid');
    }
    expect(started.simulator.messages()).toEqual([]);
  });

  it('answers 400 naming the missing field when `to` or `message` is missing or blank', async () => {
    for (const [form, field] of [
      [{ to: '' }, 'to'],
      [{ to: '  ' }, 'to'],
      [{ message: '' }, 'message'],
    ] as const) {
      const response = await sendSms(form);
      expect(response.status).toBe(400);
      expect(await response.text()).toContain(`'${field}'`);
    }
    expect(started.simulator.messages()).toEqual([]);
  });

  it('answers 404 off its path and 405 to a GET', async () => {
    expect((await fetch(`${started.url}/version1/airtime/send`, { method: 'POST' })).status).toBe(
      404,
    );
    expect((await fetch(`${started.url}/version1/messaging`)).status).toBe(405);
  });

  it("answers XML unless asked for JSON, as Africa's Talking does", async () => {
    const response = await sendSms({}, { Accept: '*/*' });

    expect(response.status).toBe(201);
    expect(response.headers.get('content-type')).toContain('application/xml');
    const text = await response.text();
    expect(text).toContain(
      '<SMSMessageData><Message>Sent to 1/1 Total Cost: RWF 10.0000</Message>',
    );
    expect(text).toContain('<statusCode>101</statusCode>');
  });
});

describe('the simulator sends', () => {
  it('answers 201 with one recipient, an ATXid_ id from a counter and a cost, and records the SMS', async () => {
    const first = await answerOf(await sendSms({ from: 'INZU' }));
    const second = await answerOf(await sendSms());

    expect(first).toEqual({
      SMSMessageData: {
        Message: 'Sent to 1/1 Total Cost: RWF 10.0000',
        Recipients: [
          {
            statusCode: 101,
            number: PHONE,
            status: 'Success',
            cost: 'RWF 10.0000',
            messageId: 'ATXid_00000000000000000000000000000001',
          },
        ],
      },
    });
    expect(second.SMSMessageData.Recipients[0]?.messageId).toBe(
      'ATXid_00000000000000000000000000000002',
    );
    const recorded: SimulatedSms = {
      messageId: 'ATXid_00000000000000000000000000000001',
      to: PHONE,
      from: 'INZU',
      message: 'Your listing is live.',
      statusCode: 101,
      deliveryState: 'pending',
      receivedAt: NOW,
    };
    expect(started.simulator.messages()).toEqual([
      recorded,
      expect.objectContaining({ messageId: 'ATXid_00000000000000000000000000000002', from: null }),
    ]);
  });

  it('refuses a number without its + (403 InvalidPhoneNumber, cost 0, id None) beside one it takes', async () => {
    const answer = await answerOf(await sendSms({ to: `${PHONE},0788000002` }));

    expect(answer.SMSMessageData).toEqual({
      Message: 'Sent to 1/2 Total Cost: RWF 10.0000',
      Recipients: [
        expect.objectContaining({ statusCode: 101, number: PHONE }),
        {
          statusCode: 403,
          number: '0788000002',
          status: 'InvalidPhoneNumber',
          cost: '0',
          messageId: 'None',
        },
      ],
    });
    expect(started.simulator.messages().map((sms) => sms.deliveryState)).toEqual([
      'pending',
      'refused',
    ]);
  });

  it.each<[SimulatedOutcome, number, string]>([
    ['invalid-number', 403, 'InvalidPhoneNumber'],
    ['blacklisted', 406, 'UserInBlacklist'],
    ['insufficient-balance', 405, 'InsufficientBalance'],
  ])('refuses as set: %s answers %i %s', async (outcome, statusCode, status) => {
    started.simulator.setOutcome(outcome, PHONE);

    const answer = await answerOf(await sendSms());

    expect(answer.SMSMessageData).toEqual({
      Message: 'Sent to 0/1 Total Cost: 0',
      Recipients: [{ statusCode, number: PHONE, status, cost: '0', messageId: 'None' }],
    });
    expect(started.simulator.messages()).toEqual([
      expect.objectContaining({ messageId: null, statusCode, deliveryState: 'refused' }),
    ]);
  });

  it('holds an outcome set for one number to that number, and one set for all to the others', async () => {
    started.simulator.setOutcome('blacklisted');
    started.simulator.setOutcome('delivered', PHONE);

    const answer = await answerOf(await sendSms({ to: `${PHONE},+250788000002` }));

    expect(answer.SMSMessageData.Recipients.map((recipient) => recipient.statusCode)).toEqual([
      101, 406,
    ]);
  });

  it('answers 500 to a server error, recording nothing', async () => {
    started.simulator.setOutcome('server-error', PHONE);

    expect((await sendSms()).status).toBe(500);
    expect(started.simulator.messages()).toEqual([]);
  });

  it.each([
    ['160 GSM characters', 'a'.repeat(160), 1],
    ['161 GSM characters', 'a'.repeat(161), 2],
    ['80 GSM characters, 80 of them from the extension table', '{'.repeat(80), 1],
    ['70 UCS-2 characters', 'œ'.repeat(70), 1],
    ['71 UCS-2 characters', 'œ'.repeat(71), 2],
  ] as const)('charges RWF 10 a part: %s take %i', async (_what, message, parts) => {
    const answer = await answerOf(await sendSms({ message }));

    expect(answer.SMSMessageData.Recipients[0]).toMatchObject({
      cost: `RWF ${(parts * 10).toFixed(4)}`,
      ...(parts > 1 ? { messageParts: parts } : {}),
    });
  });

  it('records a timed-out SMS as sent, and holds its answer until the server closes', async () => {
    // Mounted in a host server, which learns when the simulator is done with the request.
    const simulator = createSmsSimulator({ basePath: '/africastalking' });
    simulator.setOutcome('timeout');
    let handled!: () => void;
    const isHandled = new Promise<void>((resolve) => (handled = resolve));
    const host = http.createServer((req, res) => {
      void simulator.handle(req, res).then(handled);
    });
    await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(host.address() as AddressInfo).port}/africastalking`;

    const response = post(url, simulator).then(
      () => 'answered',
      () => 'cut off',
    );
    await isHandled;

    expect(simulator.messages()).toEqual([
      expect.objectContaining({ to: PHONE, statusCode: 101, deliveryState: 'pending' }),
    ]);
    host.closeAllConnections();
    await new Promise<void>((resolve) => host.close(() => resolve()));
    expect(await response).toBe('cut off');
  });
});

describe('the simulator mounted in another server', () => {
  it('answers under its base path and hands other paths back to the host', async () => {
    const simulator = createSmsSimulator({ basePath: '/africastalking' });
    const host = http.createServer((req, res) => {
      void simulator.handle(req, res).then((isHandled) => {
        if (isHandled) return;
        res.writeHead(200, { 'Content-Type': 'text/plain' });
        res.end('the host');
      });
    });
    await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
    try {
      expect((await post(`${origin}/africastalking`, simulator)).status).toBe(201);
      expect(await (await fetch(`${origin}/version1/messaging`)).text()).toBe('the host');
      expect(await (await fetch(`${origin}/africastalking-else`)).text()).toBe('the host');
      expect(simulator.messages()).toHaveLength(1);
    } finally {
      host.closeAllConnections();
      await new Promise<void>((resolve) => host.close(() => resolve()));
    }
  });
});

describe('the simulator reports', () => {
  it('posts a form per accepted SMS when asked, once, with failureReason only on a failure', async () => {
    const failing = '+250722000001';
    started.simulator.setOutcome('delivery-failed', failing);
    started.simulator.setOutcome('invalid-number', '+250788000003');
    await sendSms({ to: `${PHONE},${failing},+250788000003` });
    expect(receiver.arrivals).toEqual([]);

    expect(await started.simulator.sendDeliveryReports()).toBe(2);

    expect(receiver.arrivals).toEqual([
      {
        path: '/sms/delivery-reports',
        contentType: 'application/x-www-form-urlencoded',
        fields: {
          id: 'ATXid_00000000000000000000000000000001',
          status: 'Success',
          phoneNumber: PHONE,
          networkCode: '63510',
          retryCount: '0',
        },
      },
      {
        path: '/sms/delivery-reports',
        contentType: 'application/x-www-form-urlencoded',
        fields: {
          id: 'ATXid_00000000000000000000000000000002',
          status: 'Failed',
          phoneNumber: failing,
          networkCode: '63514',
          failureReason: 'DeliveryFailure',
          retryCount: '0',
        },
      },
    ]);
    expect(started.simulator.messages().map((sms) => sms.deliveryState)).toEqual([
      'delivered',
      'failed',
      'refused',
    ]);
    expect(await started.simulator.sendDeliveryReports()).toBe(0);
    expect(receiver.arrivals).toHaveLength(2);
  });

  it('sends a report the callback refused again on the next call, its retryCount up by one', async () => {
    await sendSms();
    receiver.answerWith(503);

    expect(await started.simulator.sendDeliveryReports()).toBe(0);
    // The network delivered it: only the report is still due.
    expect(started.simulator.messages()[0]?.deliveryState).toBe('delivered');

    receiver.answerWith(200);
    expect(await started.simulator.sendDeliveryReports()).toBe(1);
    expect(receiver.arrivals.map((arrival) => arrival.fields.retryCount)).toEqual(['0', '1']);
  });

  it('sends each report right after its send with autoReport', async () => {
    const auto = await startSmsSimulator({
      deliveryReportUrl: `${receiver.url}/sms/delivery-reports`,
      autoReport: true,
    });
    try {
      await answerOf(await post(auto.url, auto.simulator));

      const [report] = await receiver.arrived(1);
      expect(report?.fields).toMatchObject({ status: 'Success', phoneNumber: PHONE });
      expect(await auto.simulator.sendDeliveryReports()).toBe(0);
    } finally {
      await auto.close();
    }
  });

  it('refuses to report or post an incoming SMS without the callback address', async () => {
    const bare = createSmsSimulator();

    await expect(bare.sendDeliveryReports()).rejects.toThrow('deliveryReportUrl');
    await expect(bare.sendInbound(PHONE, 'STOP')).rejects.toThrow('inboundUrl');
  });
});

describe('the simulator posts incoming messages', () => {
  it("posts a STOP as Africa's Talking would, to our short code, and answers the callback's status", async () => {
    expect(await started.simulator.sendInbound(PHONE, 'STOP')).toBe(200);

    expect(receiver.arrivals).toEqual([
      {
        path: '/sms/inbound',
        contentType: 'application/x-www-form-urlencoded',
        fields: {
          date: NOW.toISOString(),
          from: PHONE,
          id: expect.any(String),
          linkId: expect.any(String),
          text: 'STOP',
          to: '20880',
          networkCode: '63510',
        },
      },
    ]);

    receiver.answerWith(500);
    expect(await started.simulator.sendInbound(PHONE, 'HAGARIKA')).toBe(500);
    expect(receiver.arrivals[1]?.fields.id).not.toBe(receiver.arrivals[0]?.fields.id);
  });

  it('posts a reply to the sender id the last SMS to that number came from', async () => {
    await sendSms({ from: 'INZU' });

    await started.simulator.sendInbound(PHONE, 'STOP');

    expect(receiver.arrivals[0]?.fields.to).toBe('INZU');
  });
});
