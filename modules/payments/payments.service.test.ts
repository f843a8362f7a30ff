import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, outbox, paymentLedger, payments, properties, smsOutbox } from '#db/schema.ts';
import { ConflictError, ForbiddenError, NotFoundError, TooManyRequestsError } from '#lib/errors.ts';
import { createPhoneUser, createProperty, createUser } from '#seed/factories.ts';
import { createTestApp, type TestApp } from '#server/testing.ts';
import { DEFAULT_PRICES } from '#modules/settings/settings.schema.ts';
import { startPaymentsSimulator, type StartedPaymentsSimulator } from './payments.simulator.ts';

type Actor = { id: string; role: 'seller' | 'admin'; name: string };

let now = new Date('2026-11-28T08:00:00.000Z');
let simulator: StartedPaymentsSimulator;
let test: TestApp;
let seller: Actor;
let admin: Actor;

/** A Rwandan MTN number of its own for each test: the prompt limits count per number. */
let phoneSeed = 1_000_000;
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
      // The 'timeout' outcome holds its answer: the client gives up after this.
      PAYMENTS_TIMEOUT_SECONDS: '2',
    },
  });
  const sellerRow = await createUser(test.database.db, { name: 'Aline Uwase', role: 'seller' });
  const adminRow = await createUser(test.database.db, { name: 'Site Admin', role: 'admin' });
  seller = { id: sellerRow.id, role: 'seller', name: sellerRow.name };
  admin = { id: adminRow.id, role: 'admin', name: adminRow.name };
  await services().settings.updatePrices(
    { ...DEFAULT_PRICES, listingFeePropertyOwner: 15_000, listingFeePropertyAgent: 20_000 },
    admin,
  );
});

afterAll(async () => {
  await test?.close();
  await simulator?.close();
});

beforeEach(() => {
  now = new Date(now.getTime() + 3_600_000);
  simulator.simulator.setOutcome('success', { callback: 'never' });
});

function services() {
  return test.app.services;
}

/** A seller's new house supply: its listing fee (15,000 Frw for an owner) is due. */
async function supplyWithFeeDue(lister: 'owner' | 'agent' = 'owner') {
  return services().supplies.createSupply(
    {
      type: 'House',
      title: `House ${randomUUID().slice(0, 8)}`,
      price: 300_000,
      status: 'Rent',
      pricePeriod: 'month',
      location: 'Kicukiro',
      features: [],
      listedBy: lister,
      ...(lister === 'agent' ? { commission: 10_000 } : {}),
    } as Parameters<ReturnType<typeof services>['supplies']['createSupply']>[0],
    [],
    seller,
  );
}

async function payFee(listingId: string, phone = mtnPhone(), key = randomUUID()) {
  return services().payments.startPayment(
    { listingId, product: 'listingFee', phone, idempotencyKey: key },
    seller,
    'en',
  );
}

async function paymentRow(id: string) {
  const [row] = await test.database.db.select().from(payments).where(eq(payments.id, id));
  return row!;
}

async function ledgerOf(id: string) {
  return test.database.db.select().from(paymentLedger).where(eq(paymentLedger.paymentId, id));
}

describe('a listing fee', () => {
  it('holds the supply out of review until it is paid, then sends it there once', async () => {
    const supply = await supplyWithFeeDue();
    expect(supply.feeState).toBe('due');
    const queue = async () =>
      (
        await services().supplies.listSupplies(
          { page: 1, pageSize: 50, moderation: 'Pending' },
          admin,
        )
      ).items.map((item) => item._id);
    expect(await queue()).not.toContain(supply._id);
    await expect(services().supplies.approveSupply(supply._id, admin)).rejects.toThrow(
      ConflictError,
    );

    const payment = await payFee(supply._id);
    expect(payment).toMatchObject({ status: 'pending', amount: 15_000, network: 'mtn' });
    expect(payment!.phone).toMatch(/^\+250 7•• ••• \d{3}$/);
    expect(await queue()).not.toContain(supply._id);

    const settled = await services().payments.checkPayment(payment!._id);
    expect(settled?.status).toBe('successful');
    expect((await services().supplies.getSupply(supply._id, seller)).feeState).toBe('paid');
    expect(await queue()).toContain(supply._id);
    expect((await ledgerOf(payment!._id)).map((line) => [line.entry, line.amount])).toEqual([
      ['charge', 15_000],
    ]);
    const receipts = await test.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.subject, `Your receipt #${String(settled!.number).padStart(6, '0')}`));
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.body).toContain('15,000');

    // Read again (a late poll, a second callback): nothing more is charged or granted.
    await services().payments.checkPayment(payment!._id);
    expect(await ledgerOf(payment!._id)).toHaveLength(1);
  });

  it('sends the receipt by SMS to a payer with a proved number, who may have no e-mail', async () => {
    const phone = mtnPhone();
    const payerRow = await createPhoneUser(test.database.db, { phone, locale: 'rw' });
    const payer = { id: payerRow.id, role: 'seller' as const, name: payerRow.name };
    const supply = await services().supplies.createSupply(
      {
        type: 'House',
        title: 'Inzu i Gikondo',
        price: 300_000,
        status: 'Rent',
        pricePeriod: 'month',
        location: 'Kicukiro',
        features: [],
        listedBy: 'owner',
      } as Parameters<ReturnType<typeof services>['supplies']['createSupply']>[0],
      [],
      payer,
    );
    const payment = await services().payments.startPayment(
      { listingId: supply._id, product: 'listingFee', phone, idempotencyKey: randomUUID() },
      payer,
      'rw',
    );
    const settled = await services().payments.checkPayment(payment!._id);
    expect(settled?.status).toBe('successful');

    const sms = await test.database.db
      .select()
      .from(smsOutbox)
      .where(eq(smsOutbox.recipient, phone));
    expect(sms).toHaveLength(1);
    const [, text, code] = /^(.+) http:\/\/localhost:3000\/s\/(\w{7})$/.exec(sms[0]!.body)!;
    expect([sms[0]!.kind, text]).toEqual([
      'payment',
      `Inzu: twakiriye 15.000 Frw. Inyemezabwishyu #${String(settled!.number).padStart(6, '0')}:`,
    ]);
    expect(await services().shortLinks.resolve(code!)).toBe(`/rw/payments/${payment!._id}`);
  });

  it('is priced by who lists: an agent pays the agent fee', async () => {
    const supply = await supplyWithFeeDue('agent');
    const offers = await services().payments.getOffers(supply._id, seller);
    expect(offers.listingFee).toBe(20_000);
  });

  it('is not asked when it is free', async () => {
    await services().settings.updatePrices(DEFAULT_PRICES, admin);
    try {
      const supply = await supplyWithFeeDue();
      expect(supply.feeState).toBeNull();
    } finally {
      await services().settings.updatePrices(
        { ...DEFAULT_PRICES, listingFeePropertyOwner: 15_000, listingFeePropertyAgent: 20_000 },
        admin,
      );
    }
  });

  it('may be waived by an admin, audited, and only while it is due', async () => {
    const supply = await supplyWithFeeDue();
    await expect(services().payments.waiveListingFee(supply._id, seller)).rejects.toThrow(
      ForbiddenError,
    );
    await services().payments.waiveListingFee(supply._id, admin);
    expect((await services().supplies.getSupply(supply._id, admin)).feeState).toBe('waived');
    const [entry] = await test.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, supply._id));
    expect(entry).toMatchObject({ action: 'payment.waive', actorId: admin.id });
    await expect(services().payments.waiveListingFee(supply._id, admin)).rejects.toThrow(
      ConflictError,
    );
    await expect(services().supplies.approveSupply(supply._id, admin)).resolves.toMatchObject({
      moderation: 'Approved',
    });
  });
});

describe('one purchase is charged once', () => {
  it('answers the first payment to the same key, and to a second tap with another key', async () => {
    const supply = await supplyWithFeeDue();
    const key = randomUUID();
    const phone = mtnPhone();
    const first = await payFee(supply._id, phone, key);
    const again = await payFee(supply._id, phone, key);
    const otherTap = await payFee(supply._id, phone);
    expect(again!._id).toBe(first!._id);
    expect(otherTap!._id).toBe(first!._id);
    expect(simulator.simulator.payments().filter((p) => p.reference === first!._id)).toHaveLength(
      1,
    );
    expect(simulator.simulator.payments().filter((p) => p.phone === phone)).toHaveLength(1);
  });

  it('writes one payment when the same purchase arrives twice at once', async () => {
    const supply = await supplyWithFeeDue();
    const key = randomUUID();
    const phone = mtnPhone();
    const answers = await Promise.all([
      payFee(supply._id, phone, key),
      payFee(supply._id, phone, key),
      payFee(supply._id, phone),
    ]);
    expect(new Set(answers.map((answer) => answer!._id)).size).toBe(1);
    const rows = await test.database.db
      .select()
      .from(payments)
      .where(eq(payments.listingId, supply._id));
    expect(rows).toHaveLength(1);
    expect(simulator.simulator.payments().filter((p) => p.phone === phone)).toHaveLength(1);
  });

  it('settles once when two checks (two processes, a callback and the poll) race', async () => {
    const supply = await supplyWithFeeDue();
    const payment = await payFee(supply._id);
    const results = await Promise.all([
      services().payments.checkPayment(payment!._id),
      services().payments.checkPayment(payment!._id),
      services().payments.checkPayment(payment!._id),
    ]);
    expect(results.every((row) => row?.status === 'successful')).toBe(true);
    expect(await ledgerOf(payment!._id)).toHaveLength(1);
  });
});

describe('callbacks only wake a check', () => {
  it('grants nothing on a forged success while the provider says the payment waits', async () => {
    simulator.simulator.setOutcome('prompt', { callback: 'never' });
    const supply = await supplyWithFeeDue();
    const payment = await payFee(supply._id);
    const forged = await test.app.inject({
      method: 'POST',
      url: '/api/payments/callback/mtn',
      payload: {
        externalId: payment!._id,
        referenceId: payment!._id,
        status: 'SUCCESSFUL',
        financialTransactionId: '123456789',
        amount: '15000',
        currency: 'RWF',
      },
    });
    expect(forged.statusCode).toBe(200);
    expect((await paymentRow(payment!._id)).status).toBe('pending');
    expect(await ledgerOf(payment!._id)).toHaveLength(0);
    expect((await services().supplies.getSupply(supply._id, seller)).feeState).toBe('due');

    // The payer approves: the next callback (even sent twice) settles it once.
    await simulator.simulator.confirm(payment!._id);
    now = new Date(now.getTime() + 5_000);
    for (let sent = 0; sent < 2; sent += 1) {
      await test.app.inject({
        method: 'POST',
        url: '/api/payments/callback/mtn',
        payload: { externalId: payment!._id, status: 'SUCCESSFUL' },
      });
    }
    expect((await paymentRow(payment!._id)).status).toBe('successful');
    expect(await ledgerOf(payment!._id)).toHaveLength(1);
  });

  it('ignores callbacks naming no payment of ours, or junk', async () => {
    for (const payload of [{ externalId: randomUUID() }, { nothing: true }, 'junk', [1, 2], null]) {
      const answer = await test.app.inject({
        method: 'POST',
        url: '/api/payments/callback/airtel',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(payload),
      });
      expect(answer.statusCode).toBe(200);
    }
  });
});

describe('a payment whose outcome is unknown at first', () => {
  it('is settled by reading its status after the request-to-pay call timed out', async () => {
    simulator.simulator.setOutcome('timeout', { callback: 'never' });
    const supply = await supplyWithFeeDue();
    const payment = await payFee(supply._id);
    expect(payment!.status).toBe('pending');
    expect((await paymentRow(payment!._id)).requestedAt).toBeNull();
    const settled = await services().payments.checkPayment(payment!._id);
    expect(settled?.status).toBe('successful');
  });

  it('is sent again with the same reference when the provider never received it', async () => {
    simulator.simulator.setOutcome('server-error');
    const supply = await supplyWithFeeDue();
    const payment = await payFee(supply._id);
    expect(payment!.status).toBe('pending');
    simulator.simulator.setOutcome('success', { callback: 'never' });
    // The first reading finds nothing at the provider and sends the prompt again ...
    await services().payments.checkPayment(payment!._id);
    expect(simulator.simulator.payments().some((p) => p.reference === payment!._id)).toBe(true);
    // ... the next one settles it.
    now = new Date(now.getTime() + 5_000);
    expect((await services().payments.checkPayment(payment!._id))?.status).toBe('successful');
  });

  it('is recovered by the sweep when its polling was lost (a crash after the payer paid)', async () => {
    const supply = await supplyWithFeeDue();
    const payment = await payFee(supply._id);
    // Nothing read it since: the process that sent it stopped. Minutes later, the sweep runs.
    now = new Date(now.getTime() + 6 * 60_000);
    expect(await services().payments.checkStalePayments()).toBeGreaterThanOrEqual(1);
    expect((await paymentRow(payment!._id)).status).toBe('successful');
    expect(await ledgerOf(payment!._id)).toHaveLength(1);
  });

  it('expires when the payer never answers the prompt', async () => {
    simulator.simulator.setOutcome('prompt', { callback: 'never' });
    const supply = await supplyWithFeeDue();
    const payment = await payFee(supply._id);
    expect((await services().payments.checkPayment(payment!._id))?.status).toBe('pending');
    now = new Date(now.getTime() + 16 * 60_000);
    const expired = await services().payments.checkPayment(payment!._id);
    expect(expired).toMatchObject({ status: 'expired', failureReason: 'EXPIRED' });
    expect((await services().supplies.getSupply(supply._id, seller)).feeState).toBe('due');
    // The listing is free to be paid for again.
    const retry = await payFee(supply._id);
    expect(retry!._id).not.toBe(payment!._id);
  });
});

describe('a refused or failed payment', () => {
  it.each([
    ['PAYER_NOT_FOUND', 'PAYER_NOT_FOUND'],
    ['NOT_ENOUGH_FUNDS', 'NOT_ENOUGH_FUNDS'],
    ['APPROVAL_REJECTED', 'PAYER_DECLINED'],
  ] as const)('%s ends failed with the reason %s and grants nothing', async (outcome, reason) => {
    simulator.simulator.setOutcome(outcome, { callback: 'never' });
    const supply = await supplyWithFeeDue();
    const started = await payFee(supply._id, airtelPhone());
    const payment = (await services().payments.checkPayment(started!._id))!;
    expect(payment).toMatchObject({ status: 'failed', failureReason: reason, network: 'airtel' });
    expect(await ledgerOf(payment.id)).toHaveLength(0);
    expect((await services().supplies.getSupply(supply._id, seller)).feeState).toBe('due');
  });
});

describe('a boost', () => {
  it('features a published listing for its days, a second one after the first', async () => {
    const listing = await createProperty(test.database.db, seller.id, {
      moderation: 'Approved',
      confirmedAt: now,
    });
    const offers = await services().payments.getOffers(listing.id, seller);
    expect(offers.boosts).toEqual([
      { days: 7, price: DEFAULT_PRICES.boost7DaysPrice },
      { days: 30, price: DEFAULT_PRICES.boost30DaysPrice },
    ]);
    const boost = (days: 7 | 30) =>
      services().payments.startPayment(
        {
          listingId: listing.id,
          product: 'boost',
          boostDays: days,
          phone: mtnPhone(),
          idempotencyKey: randomUUID(),
        },
        seller,
        'en',
      );
    const first = await boost(7);
    await services().payments.checkPayment(first!._id);
    const featured = async () =>
      (
        await test.database.db
          .select({ featuredUntil: properties.featuredUntil })
          .from(properties)
          .where(eq(properties.id, listing.id))
      )[0]!.featuredUntil;
    expect(await featured()).toEqual(new Date(now.getTime() + 7 * 86_400_000));
    const second = await boost(30);
    await services().payments.checkPayment(second!._id);
    expect(await featured()).toEqual(new Date(now.getTime() + 37 * 86_400_000));
  });

  it('tells its owner once, a day before it ends, then leaves the first places by itself', async () => {
    const listing = await createProperty(test.database.db, seller.id, {
      title: `Boosted ${randomUUID().slice(0, 6)}`,
      moderation: 'Approved',
      confirmedAt: now,
      featuredUntil: new Date(now.getTime() + 10 * 3_600_000),
    });
    const reminders = async () =>
      test.database.db
        .select()
        .from(outbox)
        .where(eq(outbox.subject, `The boost of “${listing.title}” ends soon`));
    const round = () => test.database.db.transaction((tx) => services().payments.endBoosts(tx));
    await round();
    await round();
    expect(await reminders()).toHaveLength(1);
    expect((await reminders())[0]!.body).toContain(`/supply-property-detail/${listing.id}`);

    now = new Date(now.getTime() + 11 * 3_600_000);
    await round();
    const [row] = await test.database.db
      .select({ featuredUntil: properties.featuredUntil })
      .from(properties)
      .where(eq(properties.id, listing.id));
    expect(row!.featuredUntil).toBeNull();
    expect(await reminders()).toHaveLength(1);
  });

  it('is not sold for a listing that is not published', async () => {
    const supply = await supplyWithFeeDue();
    await expect(
      services().payments.startPayment(
        {
          listingId: supply._id,
          product: 'boost',
          boostDays: 7,
          phone: mtnPhone(),
          idempotencyKey: randomUUID(),
        },
        seller,
        'en',
      ),
    ).rejects.toThrow(ConflictError);
  });
});

describe('who may pay and see', () => {
  it('lets only the owner pay for a listing, and only the payer or an admin read it', async () => {
    const supply = await supplyWithFeeDue();
    const stranger = await createUser(test.database.db, { role: 'seller' });
    const strangerActor = { id: stranger.id, role: 'seller' as const, name: stranger.name };
    await expect(
      services().payments.startPayment(
        {
          listingId: supply._id,
          product: 'listingFee',
          phone: mtnPhone(),
          idempotencyKey: randomUUID(),
        },
        strangerActor,
        'en',
      ),
    ).rejects.toThrow(ForbiddenError);
    const payment = await payFee(supply._id);
    await expect(services().payments.getPayment(payment!._id, strangerActor)).rejects.toThrow(
      NotFoundError,
    );
    await expect(services().payments.getPayment(payment!._id, admin)).resolves.toMatchObject({
      _id: payment!._id,
    });
  });

  it('rings one phone at most five times an hour, whoever types its number', async () => {
    simulator.simulator.setOutcome('PAYER_NOT_FOUND', { callback: 'never' });
    const victim = mtnPhone();
    for (let prompt = 0; prompt < 5; prompt += 1) {
      const supply = await supplyWithFeeDue();
      await payFee(supply._id, victim);
    }
    const supply = await supplyWithFeeDue();
    await expect(payFee(supply._id, victim)).rejects.toThrow(TooManyRequestsError);
  });
});
