import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { paymentLedger, properties } from '#db/schema.ts';
import { createProperty, createUser } from '#seed/factories.ts';
import { kigaliDay } from '#lib/kigali-days.ts';
import { createSignedInUser, createTestApp, type TestApp } from '#server/testing.ts';
import { startPaymentsSimulator, type StartedPaymentsSimulator } from './payments.simulator.ts';

let now = new Date('2026-11-20T08:00:00.000Z');
let simulator: StartedPaymentsSimulator;
let test: TestApp;
let seller: { id: string; role: 'seller'; name: string };
let admin: Awaited<ReturnType<typeof createSignedInUser>>;
let adminActor: { id: string; role: 'admin' };

let phoneSeed = 2_000_000;
const mtnPhone = () => `+25078${String((phoneSeed += 1)).padStart(7, '0')}`;
const airtelPhone = () => `+25073${String((phoneSeed += 1)).padStart(7, '0')}`;

beforeAll(async () => {
  simulator = await startPaymentsSimulator();
  const { mtn, airtel } = simulator.simulator.credentials;
  test = await createTestApp({
    clock: () => now,
    env: {
      PAYMENTS: 'live',
      MOMO_BASE_URL: simulator.url,
      MOMO_SUBSCRIPTION_KEY: mtn.subscriptionKey,
      MOMO_API_USER: mtn.apiUser,
      MOMO_API_KEY: mtn.apiKey,
      MOMO_TARGET_ENVIRONMENT: mtn.targetEnvironment,
      AIRTEL_BASE_URL: simulator.url,
      AIRTEL_CLIENT_ID: airtel.clientId,
      AIRTEL_CLIENT_SECRET: airtel.clientSecret,
    },
  });
  const row = await createUser(test.database.db, { name: 'Aline Uwase', role: 'seller' });
  seller = { id: row.id, role: 'seller', name: row.name };
  admin = await createSignedInUser(test.database, { role: 'admin' });
  adminActor = { id: admin.user.id, role: 'admin' };
});

afterAll(async () => {
  await test?.close();
  await simulator?.close();
});

beforeEach(() => {
  now = new Date(now.getTime() + 3_600_000);
  simulator.simulator.setOutcome('success', { callback: 'never' });
});

const services = () => test.app.services;

/** A paid 7-day boost of a new published listing titled `title`. */
async function paidBoost({ title = `House ${randomUUID().slice(0, 6)}`, phone = mtnPhone() } = {}) {
  const listing = await createProperty(test.database.db, seller.id, {
    title,
    moderation: 'Approved',
    confirmedAt: now,
  });
  const started = await services().payments.startPayment(
    {
      listingId: listing.id,
      product: 'boost',
      boostDays: 7,
      phone,
      idempotencyKey: randomUUID(),
    },
    seller,
    'en',
  );
  const payment = await services().payments.checkPayment(started!._id);
  expect(payment?.status).toBe('successful');
  return { listing, payment: payment! };
}

async function ledgerOf(paymentId: string) {
  return (
    await test.database.db
      .select()
      .from(paymentLedger)
      .where(eq(paymentLedger.paymentId, paymentId))
  ).map((line) => line.amount);
}

describe('refunds', () => {
  it('pay back part, then the rest: the ledger, the status and the boost follow', async () => {
    const { listing, payment } = await paidBoost();
    const first = await services().paymentsAdmin.refundPayment(
      payment.id,
      { amount: 2000, reason: 'Asked for by the seller', isEndingPurchase: false },
      adminActor,
    );
    expect(first.status).toBe('successful');
    let detail = await services().paymentsAdmin.getPaymentDetail(payment.id, adminActor);
    expect(detail.payment).toMatchObject({ status: 'successful', refundedAmount: 2000 });
    expect(detail.refundable).toBe(3000);

    const rest = await services().paymentsAdmin.refundPayment(
      payment.id,
      { amount: 3000, reason: 'Listing sold', isEndingPurchase: true },
      adminActor,
    );
    expect(rest.status).toBe('successful');
    detail = await services().paymentsAdmin.getPaymentDetail(payment.id, adminActor);
    expect(detail.payment).toMatchObject({ status: 'refunded', refundedAmount: 5000 });
    expect(detail.events.map((event) => event.event)).toEqual([
      'created',
      'sent',
      'settled',
      'refundAsked',
      'refunded',
      'refundAsked',
      'refunded',
    ]);
    expect(await ledgerOf(payment.id)).toEqual([5000, -2000, -3000]);
    const [row] = await test.database.db
      .select({ featuredUntil: properties.featuredUntil })
      .from(properties)
      .where(eq(properties.id, listing.id));
    expect(row!.featuredUntil).toBeNull();
    await expect(
      services().paymentsAdmin.refundPayment(
        payment.id,
        { amount: 1, reason: 'Again', isEndingPurchase: false },
        adminActor,
      ),
    ).rejects.toThrow('Only a successful payment can be refunded');
  });

  it('refuses more than is left, names the field, and charges nothing back', async () => {
    const { payment } = await paidBoost();
    const answer = await test.app.inject({
      method: 'POST',
      url: `/api/admin/payments/${payment.id}/refunds`,
      headers: admin.bearer,
      payload: { amount: 9000, reason: 'Too much', isEndingPurchase: false },
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().issues[0].field).toBe('amount');
    const noReason = await test.app.inject({
      method: 'POST',
      url: `/api/admin/payments/${payment.id}/refunds`,
      headers: admin.bearer,
      payload: { amount: 100, reason: '' },
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().issues[0].field).toBe('reason');
    expect(await ledgerOf(payment.id)).toEqual([5000]);
  });

  it('keeps a refund the network refused visible, with its answer, and the money untouched', async () => {
    const phone = mtnPhone();
    simulator.simulator.setOutcome('success', { phone, callback: 'never', refund: 'failed' });
    const { payment } = await paidBoost({ phone });
    const refund = await services().paymentsAdmin.refundPayment(
      payment.id,
      { amount: 5000, reason: 'Duplicate', isEndingPurchase: false },
      adminActor,
    );
    expect(refund.status).toBe('failed');
    const detail = await services().paymentsAdmin.getPaymentDetail(payment.id, adminActor);
    expect(detail.refunds[0]).toMatchObject({ status: 'failed' });
    expect(detail.payment).toMatchObject({ status: 'successful', refundedAmount: 0 });
    expect(detail.refundable).toBe(5000);
    expect(await ledgerOf(payment.id)).toEqual([5000]);
  });

  it('pays back an Airtel payment whole only', async () => {
    const { payment } = await paidBoost({ phone: airtelPhone() });
    await expect(
      services().paymentsAdmin.refundPayment(
        payment.id,
        { amount: 1000, reason: 'Part', isEndingPurchase: false },
        adminActor,
      ),
    ).rejects.toThrow('Airtel Money refunds a whole payment only');
    const whole = await services().paymentsAdmin.refundPayment(
      payment.id,
      { amount: 5000, reason: 'All of it', isEndingPurchase: false },
      adminActor,
    );
    expect(whole.status).toBe('successful');
  });
});

describe('the transactions list', () => {
  it('finds payments by phone, receipt number and listing, filters them and totals them from the ledger', async () => {
    const phone = mtnPhone();
    const { payment } = await paidBoost({ title: '=HYPERLINK("x") house', phone });
    const list = (query: Record<string, string>) =>
      services().paymentsAdmin.listPayments(query, adminActor);
    expect((await list({ q: `0${phone.slice(4)}` })).items.map((item) => item._id)).toEqual([
      payment.id,
    ]);
    expect((await list({ q: `#${payment.number}` })).items.map((item) => item._id)).toEqual([
      payment.id,
    ]);
    expect((await list({ q: 'hyperlink' })).items.map((item) => item._id)).toEqual([payment.id]);
    const mine = await list({ q: `0${phone.slice(4)}`, status: 'successful' });
    expect(mine.totals).toEqual({ count: 1, charged: 5000, refunded: 0, net: 5000 });
    expect((await list({ q: `0${phone.slice(4)}`, status: 'failed' })).items).toEqual([]);

    const csv = await services().paymentsAdmin.paymentsCsv({ q: `#${payment.number}` }, adminActor);
    const [header, line] = csv.trim().split('\r\n');
    expect(header).toMatch(/^number,createdAt,status,product/);
    expect(line).toContain(`"'=HYPERLINK(""x"") house"`);
  });

  it('is for admins only (403), and names a bad filter (400)', async () => {
    const seller = await createSignedInUser(test.database, { role: 'seller' });
    for (const url of ['/api/admin/payments', '/api/admin/payments.csv']) {
      expect((await test.app.inject({ url, headers: seller.bearer })).statusCode).toBe(403);
      expect((await test.app.inject({ url })).statusCode).toBe(401);
    }
    const bad = await test.app.inject({
      url: '/api/admin/payments?status=lost',
      headers: admin.bearer,
    });
    expect(bad.statusCode).toBe(400);
    const missing = await test.app.inject({
      url: `/api/admin/payments/${randomUUID()}`,
      headers: admin.bearer,
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('the daily reconciliation', () => {
  it('lists once a payment expired here that the payer approved late at the provider', async () => {
    simulator.simulator.setOutcome('prompt', { callback: 'never' });
    const listing = await createProperty(test.database.db, seller.id, {
      moderation: 'Approved',
      confirmedAt: now,
    });
    const started = await services().payments.startPayment(
      {
        listingId: listing.id,
        product: 'boost',
        boostDays: 7,
        phone: mtnPhone(),
        idempotencyKey: randomUUID(),
      },
      seller,
      'en',
    );
    const day = kigaliDay(now);
    now = new Date(now.getTime() + 16 * 60_000);
    expect((await services().payments.checkPayment(started!._id))?.status).toBe('expired');
    await simulator.simulator.confirm(started!._id);

    expect(await services().paymentsAdmin.reconcile(day)).toBe(1);
    expect(await services().paymentsAdmin.reconcile(day)).toBe(0);
    const [finding] = (await services().paymentsAdmin.listMismatches(adminActor)).filter(
      (mismatch) => mismatch.paymentId === started!._id,
    );
    expect(finding).toMatchObject({ ourStatus: 'expired', providerStatus: 'successful' });
    await services().paymentsAdmin.resolveMismatch(finding!._id, adminActor);
    expect(
      (await services().paymentsAdmin.listMismatches(adminActor)).some(
        (mismatch) => mismatch.paymentId === started!._id,
      ),
    ).toBe(false);
  });
});
