import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAirtelMoneyProvider } from './payments.airtel.ts';
import { createMtnMomoProvider } from './payments.mtn.ts';
import {
  createPaymentsSimulator,
  startPaymentsSimulator,
  type StartedPaymentsSimulator,
} from './payments.simulator.ts';

let started: StartedPaymentsSimulator;

beforeAll(async () => {
  started = await startPaymentsSimulator();
});

afterAll(async () => {
  await started?.close();
});

const { mtn: mtnCredentials, airtel: airtelCredentials } = (() => {
  // The defaults every simulator starts with; the tests below read them from one.
  const { credentials } = createPaymentsSimulator();
  return credentials;
})();

async function mtnToken(url: string, product: 'collection' | 'disbursement' = 'collection') {
  const answer = await fetch(`${url}/${product}/token/`, {
    method: 'POST',
    headers: {
      Authorization: `Basic ${Buffer.from(`${mtnCredentials.apiUser}:${mtnCredentials.apiKey}`).toString('base64')}`,
      'Ocp-Apim-Subscription-Key': mtnCredentials.subscriptionKey,
    },
  });
  expect(answer.status).toBe(200);
  const body = (await answer.json()) as { access_token: string; expires_in: number };
  return body.access_token;
}

async function airtelToken(url: string) {
  const answer = await fetch(`${url}/auth/oauth2/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      client_id: airtelCredentials.clientId,
      client_secret: airtelCredentials.clientSecret,
      grant_type: 'client_credentials',
    }),
  });
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { access_token: string }).access_token;
}

const mtnHeaders = (token: string, reference: string = randomUUID()) => ({
  Authorization: `Bearer ${token}`,
  'X-Reference-Id': reference,
  'X-Target-Environment': mtnCredentials.targetEnvironment,
  'Ocp-Apim-Subscription-Key': mtnCredentials.subscriptionKey,
  'Content-Type': 'application/json',
});

const requestToPayBody = (phone = '250781234567') =>
  JSON.stringify({
    amount: '1000',
    currency: 'RWF',
    externalId: randomUUID(),
    payer: { partyIdType: 'MSISDN', partyId: phone },
    payerMessage: 'Boost',
    payeeNote: 'Boost',
  });

const airtelHeaders = (token: string) => ({
  Authorization: `Bearer ${token}`,
  'X-Country': 'RW',
  'X-Currency': 'RWF',
  'Content-Type': 'application/json',
});

const collectBody = (id = randomUUID(), msisdn = '731234567') =>
  JSON.stringify({
    reference: 'Boost',
    subscriber: { country: 'RW', currency: 'RWF', msisdn },
    transaction: { amount: 1000, country: 'RW', currency: 'RWF', id },
  });

describe('the simulator guards the MTN contract', () => {
  it('answers 401 without the subscription key, without a bearer token or with an unknown one', async () => {
    const token = await mtnToken(started.url);
    const url = `${started.url}/collection/v1_0/requesttopay`;
    const recordedBefore = started.simulator.payments().length;
    const { 'Ocp-Apim-Subscription-Key': _key, ...withoutKey } = mtnHeaders(token);
    const { Authorization: _bearer, ...withoutBearer } = mtnHeaders(token);

    for (const headers of [
      withoutKey,
      withoutBearer,
      { ...mtnHeaders(token), Authorization: 'Bearer made-up' },
      { ...mtnHeaders(token), 'Ocp-Apim-Subscription-Key': 'wrong' },
    ]) {
      const answer = await fetch(url, { method: 'POST', headers, body: requestToPayBody() });
      expect(answer.status).toBe(401);
    }
    expect(started.simulator.payments()).toHaveLength(recordedBefore);
  });

  it('answers 401 to a token request with the wrong API key, and to a collection token used for refunds', async () => {
    const refused = await fetch(`${started.url}/collection/token/`, {
      method: 'POST',
      headers: {
        Authorization: `Basic ${Buffer.from(`${mtnCredentials.apiUser}:wrong`).toString('base64')}`,
        'Ocp-Apim-Subscription-Key': mtnCredentials.subscriptionKey,
      },
    });
    expect(refused.status).toBe(401);

    const collectionToken = await mtnToken(started.url, 'collection');
    const answer = await fetch(`${started.url}/disbursement/v1_0/refund/${randomUUID()}`, {
      headers: mtnHeaders(collectionToken),
    });
    expect(answer.status).toBe(401);
  });

  it('answers 400 to a malformed body or reference, 409 to a reference it already holds', async () => {
    const token = await mtnToken(started.url);
    const url = `${started.url}/collection/v1_0/requesttopay`;

    for (const [headers, body] of [
      [mtnHeaders(token), '{"amount":'],
      [mtnHeaders(token), JSON.stringify({ amount: 1000, currency: 'RWF' })],
      [mtnHeaders(token), requestToPayBody('+250781234567')],
      [mtnHeaders(token, 'not-a-uuid'), requestToPayBody()],
      [{ ...mtnHeaders(token), 'X-Callback-Url': 'ftp://example.test' }, requestToPayBody()],
    ] as const) {
      const answer = await fetch(url, { method: 'POST', headers, body });
      expect(answer.status).toBe(400);
    }

    const headers = mtnHeaders(token);
    const first = await fetch(url, { method: 'POST', headers, body: requestToPayBody() });
    const second = await fetch(url, { method: 'POST', headers, body: requestToPayBody() });
    expect(first.status).toBe(202);
    expect(second.status).toBe(409);
    expect(await second.json()).toMatchObject({ code: 'RESOURCE_ALREADY_EXIST' });
  });

  it("stops taking a token once it expires, by the simulator's clock", async () => {
    let now = new Date('2026-03-01T08:00:00Z');
    const local = await startPaymentsSimulator({ now: () => now });
    try {
      const token = await mtnToken(local.url);
      const statusUrl = `${local.url}/collection/v1_0/requesttopay/${randomUUID()}`;

      expect((await fetch(statusUrl, { headers: mtnHeaders(token) })).status).toBe(404);
      now = new Date(now.getTime() + 3600 * 1000);
      expect((await fetch(statusUrl, { headers: mtnHeaders(token) })).status).toBe(401);
    } finally {
      await local.close();
    }
  });
});

describe('the simulator guards the Airtel contract', () => {
  it('answers 401 without a valid bearer token', async () => {
    const token = await airtelToken(started.url);
    for (const headers of [
      { ...airtelHeaders(token), Authorization: '' },
      { ...airtelHeaders(token), Authorization: 'Bearer made-up' },
    ]) {
      const answer = await fetch(`${started.url}/merchant/v1/payments/`, {
        method: 'POST',
        headers,
        body: collectBody(),
      });
      expect(answer.status).toBe(401);
    }

    const refused = await fetch(`${started.url}/auth/oauth2/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        client_id: airtelCredentials.clientId,
        client_secret: 'wrong',
        grant_type: 'client_credentials',
      }),
    });
    expect(refused.status).toBe(401);
  });

  it('answers 400 without X-Country, or to a malformed body', async () => {
    const token = await airtelToken(started.url);
    const { 'X-Country': _country, ...withoutCountry } = airtelHeaders(token);

    for (const [headers, body] of [
      [withoutCountry, collectBody()],
      [airtelHeaders(token), 'not json'],
      [
        airtelHeaders(token),
        JSON.stringify({ reference: 'Boost', transaction: { amount: '1000' } }),
      ],
    ] as const) {
      const answer = await fetch(`${started.url}/merchant/v1/payments/`, {
        method: 'POST',
        headers,
        body,
      });
      expect(answer.status).toBe(400);
      expect(await answer.json()).toMatchObject({ status: { success: false } });
    }
  });

  it('documents its tokens as Airtel does: expires_in as a string', async () => {
    const answer = await fetch(`${started.url}/auth/oauth2/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        client_id: airtelCredentials.clientId,
        client_secret: airtelCredentials.clientSecret,
        grant_type: 'client_credentials',
      }),
    });
    expect(await answer.json()).toEqual({
      access_token: expect.any(String),
      expires_in: '180',
      token_type: 'bearer',
    });
  });
});

describe('the phone page', () => {
  it('lists waiting prompts accessibly, with the number masked and the text escaped', async () => {
    const local = await startPaymentsSimulator();
    try {
      const empty = await fetch(`${local.url}/phone`);
      expect(empty.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(await empty.text()).toContain('No payment is waiting for approval.');

      local.simulator.setOutcome('prompt');
      const reference = randomUUID();
      await createMtnMomoProvider({
        baseUrl: local.url,
        ...local.simulator.credentials.mtn,
      }).requestToPay({
        reference,
        amount: 250_000,
        phone: '+250781234567',
        description: 'Deposit <script>alert(1)</script>',
      });

      const page = await (await fetch(`${local.url}/phone`)).text();
      expect(page).toContain('<title>Phone (payments simulator)</title>');
      expect(page).toContain('<h1>Phone (payments simulator)</h1>');
      expect(page).toContain('<html lang="en">');
      expect(page).toContain('MTN MoMo: +250 78• ••• 567');
      expect(page).not.toContain('781234567');
      expect(page).toContain('250,000 RWF');
      expect(page).toContain('Deposit &lt;script&gt;alert(1)&lt;/script&gt;');
      expect(page).not.toContain('<script>');
      expect(page).toContain(`<form method="post" action="/phone/${reference}/approve">`);
      expect(page).toContain(`<form method="post" action="/phone/${reference}/decline">`);
      expect(page).toMatch(
        /<button type="submit" aria-describedby="prompt-[^"]+">Approve<\/button>/,
      );
      expect(page).toMatch(
        /<button type="submit" aria-describedby="prompt-[^"]+">Decline<\/button>/,
      );
      expect(page).not.toMatch(/src=|href="http|<style|<link/);
    } finally {
      await local.close();
    }
  });

  it('answers 404 to an answer for no prompt, and confirm() and decline() refuse one', async () => {
    const answer = await fetch(`${started.url}/phone/${randomUUID()}/approve`, {
      method: 'POST',
      redirect: 'manual',
    });
    expect(answer.status).toBe(404);
    await expect(started.simulator.confirm(randomUUID())).rejects.toThrow(/no payment prompt/);
    await expect(started.simulator.decline(randomUUID())).rejects.toThrow(/no payment prompt/);
  });

  it('settles a prompt by confirm() and decline(), as the page does', async () => {
    const local = await startPaymentsSimulator();
    try {
      local.simulator.setOutcome('prompt');
      const provider = createAirtelMoneyProvider({
        baseUrl: local.url,
        ...local.simulator.credentials.airtel,
      });
      const [approved, declined] = [randomUUID(), randomUUID()];
      for (const reference of [approved, declined]) {
        await provider.requestToPay({
          reference,
          amount: 500,
          phone: '+250731234567',
          description: 'Boost',
        });
      }

      await local.simulator.confirm(approved);
      await local.simulator.decline(declined);

      expect(await provider.getPaymentStatus(approved)).toMatchObject({ state: 'successful' });
      expect(await provider.getPaymentStatus(declined)).toMatchObject({
        state: 'failed',
        reason: 'PAYER_DECLINED',
      });
      await expect(local.simulator.confirm(approved)).rejects.toThrow(/no payment prompt/);
    } finally {
      await local.close();
    }
  });
});

describe('the simulator as a whole', () => {
  it('mounts under a base path inside another server', async () => {
    const simulator = createPaymentsSimulator({ basePath: '/payments-simulator/' });
    const server = http.createServer((req, res) => {
      if (req.url?.startsWith('/payments-simulator')) return void simulator.handle(req, res);
      res.writeHead(200).end('the host server');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      simulator.setOutcome('prompt');
      const provider = createMtnMomoProvider({
        baseUrl: `${origin}/payments-simulator`,
        ...simulator.credentials.mtn,
      });
      const reference = randomUUID();
      await provider.requestToPay({
        reference,
        amount: 900,
        phone: '+250781111111',
        description: 'Boost',
      });

      const page = await (await fetch(`${origin}/payments-simulator/phone`)).text();
      expect(page).toContain(`action="/payments-simulator/phone/${reference}/approve"`);
      const answer = await fetch(`${origin}/payments-simulator/phone/${reference}/approve`, {
        method: 'POST',
        redirect: 'manual',
      });
      expect(answer.headers.get('location')).toBe('/payments-simulator/phone');
      expect(await provider.getPaymentStatus(reference)).toMatchObject({ state: 'successful' });
      expect(simulator.requestsReceived()).toContainEqual({ method: 'GET', path: '/phone' });
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('records nothing for a server error, and answers payments() with copies', async () => {
    const local = await startPaymentsSimulator();
    try {
      const provider = createMtnMomoProvider({
        baseUrl: local.url,
        ...local.simulator.credentials.mtn,
      });
      local.simulator.setOutcome('server-error');
      await expect(
        provider.requestToPay({
          reference: randomUUID(),
          amount: 100,
          phone: '+250781234567',
          description: 'x',
        }),
      ).rejects.toThrow(/500/);
      expect(local.simulator.payments()).toEqual([]);

      local.simulator.setOutcome('success');
      const reference = randomUUID();
      await provider.requestToPay({
        reference,
        amount: 100,
        phone: '+250781234567',
        description: 'x',
      });
      const [payment] = local.simulator.payments();
      payment!.status = 'failed';
      payment!.refunds.push({
        reference: null,
        amount: 1,
        status: 'successful',
        providerTransactionId: '1',
      });
      expect(local.simulator.payments()[0]).toMatchObject({
        reference,
        status: 'successful',
        refunds: [],
      });
    } finally {
      await local.close();
    }
  });

  it('sends MTN callbacks by PUT when asked, and ignores a callback it cannot deliver', async () => {
    const methods: string[] = [];
    let arrived: () => void = () => {};
    const arrival = new Promise<void>((resolve) => (arrived = resolve));
    const receiver = http.createServer((req, res) => {
      methods.push(req.method ?? '');
      req.resume();
      req.on('end', () => {
        res.end();
        arrived();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
    const local = await startPaymentsSimulator({ mtnCallbackMethod: 'PUT' });
    try {
      const provider = (callbackUrl: string) =>
        createMtnMomoProvider({
          baseUrl: local.url,
          ...local.simulator.credentials.mtn,
          callbackUrl,
        });

      await provider(receiverUrl).requestToPay({
        reference: randomUUID(),
        amount: 100,
        phone: '+250781234567',
        description: 'x',
      });
      await arrival;
      expect(methods).toEqual(['PUT']);

      // Port 9 (discard) on loopback: nothing listens there, so the callback cannot be delivered.
      const undelivered = randomUUID();
      await provider('http://127.0.0.1:9/callbacks').requestToPay({
        reference: undelivered,
        amount: 100,
        phone: '+250781234567',
        description: 'x',
      });
      expect(local.simulator.callbacksSent()).toBe(2);
      expect(await provider(receiverUrl).getPaymentStatus(undelivered)).toMatchObject({
        state: 'successful',
      });
    } finally {
      await local.close();
      await new Promise<void>((resolve) => receiver.close(() => resolve()));
    }
  });

  it('counts what it received, by method and path', async () => {
    const local = await startPaymentsSimulator();
    try {
      await fetch(`${local.url}/nowhere?x=1`);
      expect(local.simulator.requestsReceived()).toEqual([{ method: 'GET', path: '/nowhere' }]);
    } finally {
      await local.close();
    }
  });
});
