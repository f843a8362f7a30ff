import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAsset, createProperty, createPropertyRequest, createUser } from '#seed/factories.ts';
import { inquiries, paymentLedger, payments, requestMatches, smsOutbox } from '#db/schema.ts';
import { addDays, kigaliDay, startOfDay } from '#lib/kigali-days.ts';
import type { SMS_STATUSES } from '#lib/sms.ts';
import { createSignedInUser, createTestApp, type TestApp } from '#server/testing.ts';

let test: TestApp;

beforeAll(async () => {
  test = await createTestApp();
});

afterAll(async () => {
  await test.close();
});

describe('GET /api/dashboard-stats', () => {
  it('counts what each label says: published properties and assets apart, pending apart', async () => {
    const admin = await createSignedInUser(test.database, { role: 'admin' });
    const seller = await createUser(test.database.db, { role: 'seller' });
    const buyer = await createUser(test.database.db, { role: 'buyer' });
    // A deleted account is not a registered user any more.
    await createUser(test.database.db, { role: 'buyer', deletedAt: new Date(), status: 'Blocked' });
    const db = test.database.db;
    // Supplied by a seller: a published house for rent, a pending one, a sold car for rent.
    await createProperty(db, seller.id, { offer: 'Rent', moderation: 'Approved' });
    await createProperty(db, seller.id, { offer: 'Rent', moderation: 'Pending' });
    await createAsset(db, seller.id, { offer: 'Rent', availability: 'Sold' });
    // Supplied too, but not on the site: a rejected house, a pending car, an expired
    // house for rent.
    await createProperty(db, seller.id, { moderation: 'Rejected' });
    await createAsset(db, seller.id, { moderation: 'Pending' });
    await createProperty(db, seller.id, { offer: 'Rent', expiredAt: new Date() });
    // The admin's own listing for sale, and a deleted one that counts nowhere.
    await createProperty(db, admin.user.id, { offer: 'Sale' });
    await createProperty(db, seller.id, { moderation: 'Pending', deletedAt: new Date() });
    const request = await createPropertyRequest(db, buyer.id);
    await createPropertyRequest(db, buyer.id, { status: 'Closed' });
    // Leads of the last 7 days: two inquiries (an older one does not count) and one match told.
    const house = await createProperty(db, seller.id, { title: 'Asked about', offer: 'Sale' });
    const ask = {
      listingId: house.id,
      name: 'Eric',
      phone: '0788123456',
      role: 'buyer',
      message: 'Free?',
    };
    for (const email of ['one@example.rw', 'two@example.rw']) {
      await test.app.inject({
        method: 'POST',
        url: '/api/request-inform',
        payload: { ...ask, email },
      });
    }
    const longAgo = new Date(Date.now() - 8 * 24 * 3600 * 1000);
    await db.insert(inquiries).values({
      propertyId: house.id,
      ownerId: seller.id,
      name: 'Old',
      email: 'old@example.rw',
      phone: '0788123456',
      role: 'buyer',
      message: 'Old question',
      createdAt: longAgo,
      lastMessageAt: longAgo,
    });
    await db.insert(requestMatches).values([
      {
        requestId: request.id,
        requesterId: buyer.id,
        listingId: house.id,
        listingKind: 'property',
        notifiedAt: new Date(),
      },
    ]);

    // A boost paid this week (5,000) with 2,000 refunded, and a fee paid 40 days ago.
    const [payment] = await test.database.db
      .insert(payments)
      .values({
        payerId: seller.id,
        idempotencyKey: 'dashboard',
        product: 'boost',
        boostDays: 7,
        listingKind: 'property',
        listingId: house.id,
        listingTitle: house.title,
        amount: 5000,
        network: 'mtn',
        phone: '+250788123456',
        status: 'successful',
      })
      .returning();
    const fortyDaysAgo = new Date(Date.now() - 40 * 86_400_000);
    await test.database.db.insert(paymentLedger).values([
      { paymentId: payment!.id, entry: 'charge', amount: 5000, product: 'boost', network: 'mtn' },
      { paymentId: payment!.id, entry: 'refund', amount: -2000, product: 'boost', network: 'mtn' },
      {
        paymentId: payment!.id,
        entry: 'charge',
        amount: 7000,
        product: 'listingFee',
        network: 'mtn',
        createdAt: fortyDaysAgo,
      },
    ]);

    const response = await test.app.inject({ url: '/api/dashboard-stats', headers: admin.bearer });
    expect(response.statusCode).toBe(200);
    const { smsByDay: _smsByDay, ...counts } = response.json();
    expect(counts).toEqual({
      // The house for rent, the admin's and the one asked about: not the pending, rejected,
      // expired or deleted ones, nor the car.
      totalProperties: 3,
      totalAssets: 1,
      activeRentals: 1,
      registeredUsers: 3,
      requestedProperties: 1,
      suppliedProperties: 7,
      pendingApprovals: 2,
      inquiriesLast7Days: 2,
      matchesLast7Days: 1,
      revenueLast30Days: 3000,
    });
  });

  it('counts the SMS sent and failed on each of the last 14 Kigali days, today last', async () => {
    const admin = await createSignedInUser(test.database, { role: 'admin' });
    await test.database.db.delete(smsOutbox);
    const today = kigaliDay(new Date());
    const sms = (status: (typeof SMS_STATUSES)[number], createdAt: Date) => ({
      recipient: '+250788123456',
      body: 'Inzu: news',
      kind: 'listing' as const,
      parts: 1,
      status,
      createdAt,
    });
    const justBefore = (day: string) => new Date(startOfDay(day).getTime() - 1);
    await test.database.db.insert(smsOutbox).values([
      // Today, from Kigali's midnight: two sent (one delivered), one failed, one refused, one
      // uncertain; one still queued and one skipped count nowhere.
      sms('sent', startOfDay(today)),
      sms('delivered', startOfDay(today)),
      sms('failed', startOfDay(today)),
      sms('refused', startOfDay(today)),
      sms('uncertain', startOfDay(today)),
      sms('queued', startOfDay(today)),
      sms('skipped', startOfDay(today)),
      // A millisecond before Kigali's midnight is yesterday.
      sms('delivered', justBefore(today)),
      // The first day shown, and the day before it, which is not shown.
      sms('failed', startOfDay(addDays(today, -13))),
      sms('sent', justBefore(addDays(today, -13))),
    ]);

    const response = await test.app.inject({ url: '/api/dashboard-stats', headers: admin.bearer });
    const { smsByDay } = response.json();

    expect(smsByDay).toHaveLength(14);
    expect(smsByDay[13]).toEqual({ day: today, sent: 2, failed: 2, uncertain: 1 });
    expect(smsByDay[12]).toEqual({ day: addDays(today, -1), sent: 1, failed: 0, uncertain: 0 });
    expect(smsByDay[0]).toEqual({ day: addDays(today, -13), sent: 0, failed: 1, uncertain: 0 });
    expect(smsByDay.slice(1, 12)).toEqual(
      Array.from({ length: 11 }, (_, index) => ({
        day: addDays(today, index - 12),
        sent: 0,
        failed: 0,
        uncertain: 0,
      })),
    );
  });

  it('is for admins only', async () => {
    const seller = await createSignedInUser(test.database, { role: 'seller' });
    expect((await test.app.inject('/api/dashboard-stats')).statusCode).toBe(401);
    const refused = await test.app.inject({ url: '/api/dashboard-stats', headers: seller.bearer });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: 'Only admins can do this.' });
  });
});
