import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProperty } from '#seed/factories.ts';
import { DEFAULT_PRICES } from '#modules/settings/settings.schema.ts';
import { createSignedInUser, createTestApp, type TestApp } from '#server/testing.ts';
import { startPaymentsSimulator, type StartedPaymentsSimulator } from './payments.simulator.ts';

let simulator: StartedPaymentsSimulator;
let test: TestApp;
let seller: Awaited<ReturnType<typeof createSignedInUser>>;
let stranger: Awaited<ReturnType<typeof createSignedInUser>>;
let admin: Awaited<ReturnType<typeof createSignedInUser>>;

beforeAll(async () => {
  simulator = await startPaymentsSimulator();
  simulator.simulator.setOutcome('prompt', { callback: 'never' });
  const { mtn } = simulator.simulator.credentials;
  test = await createTestApp({
    env: {
      PAYMENTS: 'live',
      MOMO_BASE_URL: simulator.url,
      MOMO_SUBSCRIPTION_KEY: mtn.subscriptionKey,
      MOMO_API_USER: mtn.apiUser,
      MOMO_API_KEY: mtn.apiKey,
      MOMO_TARGET_ENVIRONMENT: mtn.targetEnvironment,
    },
  });
  seller = await createSignedInUser(test.database, { role: 'seller' });
  stranger = await createSignedInUser(test.database, { role: 'seller' });
  admin = await createSignedInUser(test.database, { role: 'admin' });
});

afterAll(async () => {
  await test?.close();
  await simulator?.close();
});

async function publishedListing() {
  return createProperty(test.database.db, seller.user.id, { moderation: 'Approved' });
}

function startBoost(listingId: string, headers: Record<string, string>, phone = '0788123456') {
  return test.app.inject({
    method: 'POST',
    url: '/api/payments',
    headers,
    payload: {
      listingId,
      product: 'boost',
      boostDays: 7,
      phone,
      idempotencyKey: randomUUID(),
    },
  });
}

describe('GET /api/payments/offers/:id', () => {
  it('tells the owner what a published listing can buy, at the set prices', async () => {
    const listing = await publishedListing();
    const answer = await test.app.inject({
      url: `/api/payments/offers/${listing.id}`,
      headers: seller.bearer,
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data).toMatchObject({
      listingId: listing.id,
      isPayingOn: true,
      listingFee: null,
      boosts: [
        { days: 7, price: DEFAULT_PRICES.boost7DaysPrice },
        { days: 30, price: DEFAULT_PRICES.boost30DaysPrice },
      ],
      pendingPaymentId: null,
    });
  });

  it('refuses a stranger (403), the signed out (401), and an unknown listing (404)', async () => {
    const listing = await publishedListing();
    const url = `/api/payments/offers/${listing.id}`;
    expect((await test.app.inject({ url, headers: stranger.bearer })).statusCode).toBe(403);
    expect((await test.app.inject({ url })).statusCode).toBe(401);
    const missing = await test.app.inject({
      url: `/api/payments/offers/${randomUUID()}`,
      headers: seller.bearer,
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('POST /api/payments', () => {
  it('starts a boost: 201, the payment waiting, the prompt at the provider', async () => {
    const listing = await publishedListing();
    const answer = await startBoost(listing.id, seller.bearer);
    expect(answer.statusCode).toBe(201);
    const { message, data } = answer.json();
    expect(message).toBe('Confirm on your phone…');
    expect(data).toMatchObject({
      status: 'pending',
      product: 'boost',
      boostDays: 7,
      amount: DEFAULT_PRICES.boost7DaysPrice,
      network: 'mtn',
      phone: '+250 7•• ••• 456',
    });
    expect(simulator.simulator.payments().map((payment) => payment.reference)).toContain(data._id);

    const read = await test.app.inject({
      url: `/api/payments/${data._id}`,
      headers: seller.bearer,
    });
    expect(read.json().data._id).toBe(data._id);
  });

  it('names the field of a bad input (400)', async () => {
    const listing = await publishedListing();
    const answer = await startBoost(listing.id, seller.bearer, '12345');
    expect(answer.statusCode).toBe(400);
    expect(answer.json().issues).toEqual([
      { field: 'phone', message: 'Enter a Rwandan mobile number, such as 0788123456' },
    ]);
    const noDays = await test.app.inject({
      method: 'POST',
      url: '/api/payments',
      headers: seller.bearer,
      payload: {
        listingId: listing.id,
        product: 'boost',
        phone: '0788123456',
        idempotencyKey: randomUUID(),
      },
    });
    expect(noDays.statusCode).toBe(400);
    expect(noDays.json().issues[0].field).toBe('boostDays');
  });

  it('asks for the network of a Rwandan number neither MTN nor Airtel serves (400)', async () => {
    const listing = await publishedListing();
    const answer = await startBoost(listing.id, seller.bearer, '+250 75 123 4567');
    expect(answer.statusCode).toBe(400);
    expect(answer.json().issues[0].field).toBe('network');
  });

  it('refuses a stranger (403), the signed out (401) and an unknown listing (404)', async () => {
    const listing = await publishedListing();
    expect((await startBoost(listing.id, stranger.bearer)).statusCode).toBe(403);
    expect((await startBoost(listing.id, {})).statusCode).toBe(401);
    expect((await startBoost(randomUUID(), seller.bearer)).statusCode).toBe(404);
  });
});

describe('GET /api/payments/:id', () => {
  it('hides a payment from anyone but its payer and the admins (404)', async () => {
    const listing = await publishedListing();
    const { data } = (await startBoost(listing.id, seller.bearer, '0788765432')).json();
    const url = `/api/payments/${data._id}`;
    expect((await test.app.inject({ url, headers: stranger.bearer })).statusCode).toBe(404);
    expect((await test.app.inject({ url, headers: admin.bearer })).statusCode).toBe(200);
    expect((await test.app.inject({ url })).statusCode).toBe(401);
    const junk = await test.app.inject({ url: '/api/payments/not-an-id', headers: seller.bearer });
    expect(junk.statusCode).toBe(404);
  });
});

describe('POST /api/admin/listings/:id/fee-waiver', () => {
  it('is for admins only, and refuses a listing with no fee due (409)', async () => {
    const listing = await publishedListing();
    const url = `/api/admin/listings/${listing.id}/fee-waiver`;
    expect(
      (await test.app.inject({ method: 'POST', url, headers: seller.bearer })).statusCode,
    ).toBe(403);
    expect((await test.app.inject({ method: 'POST', url, headers: admin.bearer })).statusCode).toBe(
      409,
    );
    const missing = await test.app.inject({
      method: 'POST',
      url: `/api/admin/listings/${randomUUID()}/fee-waiver`,
      headers: admin.bearer,
    });
    expect(missing.statusCode).toBe(404);
  });
});
