/**
 * SMS notices through the API: a lister with a proved number hears of the first message of each
 * conversation by SMS, a visitor of the lister's answer; each kind is a choice; a person is sent
 * at most as many a day as the SMS settings allow; nothing a stranger typed goes into an SMS.
 */
import { randomUUID } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smsOutbox } from '#db/schema.ts';
import { createProperty } from '#seed/factories.ts';
import { createSignedInUser, createTestApp, type TestApp } from '#server/testing.ts';
import { DEFAULT_SMS_LIMITS } from '#modules/settings/settings.schema.ts';

let test: TestApp;

beforeAll(async () => {
  test = await createTestApp();
});

afterAll(async () => {
  await test.close();
});

function newPhone(): string {
  return `+25079${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`;
}

/** A signed-in user with a proved number. */
function createPhoneHolder(role: 'seller' | 'buyer') {
  return createSignedInUser(test.database, { role, phone: newPhone(), phoneProvedAt: new Date() });
}

const smsTo = (phone: string) =>
  test.database.db
    .select()
    .from(smsOutbox)
    .where(eq(smsOutbox.recipient, phone))
    .orderBy(desc(smsOutbox.createdAt));

/** The page an SMS's short link leads to. */
const pageOf = (body: string) =>
  test.app.services.shortLinks.resolve(/\/s\/(\w{7})$/.exec(body)![1]!);

function ask(listingId: string, headers: Record<string, string> = {}, email?: string) {
  return test.app.inject({
    method: 'POST',
    url: '/api/request-inform',
    headers,
    payload: {
      listingId,
      name: 'Call +250788000000 to claim your prize',
      email: email ?? `eric-${randomUUID()}@example.rw`,
      phone: '0788123456',
      role: 'buyer',
      message: 'Send your Mobile Money PIN to this number',
      agree: true,
    },
  });
}

describe('SMS notices of conversations', () => {
  it('tells the lister of a first message by SMS, with its link and never the visitor’s words', async () => {
    const seller = await createPhoneHolder('seller');
    const house = await createProperty(test.database.db, seller.user.id, {
      title: 'Three-bedroom house with a garden in Kimironko near the market',
    });
    const visitor = await createPhoneHolder('buyer');
    expect((await ask(house.id, visitor.bearer, visitor.user.email)).statusCode).toBe(201);

    const [sms] = await smsTo(seller.user.phone!);
    expect(sms).toMatchObject({ kind: 'inquiry', userId: seller.user.id, parts: 1 });
    expect(sms!.body).toMatch(
      /^Inzu: new inquiry about "Three-bedroom house with a\.\.\."\. Reply: http:\/\/localhost(:\d+)?\/s\/\w{7}$/,
    );
    expect(sms!.body).not.toMatch(/prize|PIN|\+250788000000/);
    const id = /^\/inquiries\/([\w-]+)$/.exec((await pageOf(sms!.body))!)![1]!;

    // The visitor's next message stays in the site: one SMS per conversation.
    const again = await test.app.inject({
      method: 'POST',
      url: `/api/inquiries/${id}/messages`,
      headers: visitor.bearer,
      payload: { body: 'Any news?' },
    });
    expect(again.statusCode).toBe(201);
    expect(await smsTo(seller.user.phone!)).toHaveLength(1);

    // The lister's answer reaches the visitor's phone.
    const answer = await test.app.inject({
      method: 'POST',
      url: `/api/inquiries/${id}/messages`,
      headers: seller.bearer,
      payload: { body: 'Yes, come on Saturday.' },
    });
    expect(answer.statusCode).toBe(201);
    const [reply] = await smsTo(visitor.user.phone!);
    expect(reply!.body).toMatch(/^Inzu: you have an answer about ".*"\. Read it: http/);
    expect(reply!.body).not.toContain('Saturday');
  });

  it('writes the SMS in the lister’s language', async () => {
    const seller = await createSignedInUser(test.database, {
      role: 'seller',
      phone: newPhone(),
      phoneProvedAt: new Date(),
      locale: 'rw',
    });
    const house = await createProperty(test.database.db, seller.user.id, { title: 'Inzu nziza' });
    expect((await ask(house.id)).statusCode).toBe(201);
    const [sms] = await smsTo(seller.user.phone!);
    expect(sms!.body).toMatch(/^Inzu: ikiganiro gishya kuri "Inzu nziza"\. Subiza: \S+\/s\/\w{7}$/);
    expect(await pageOf(sms!.body)).toMatch(/^\/rw\/inquiries\//);
  });

  it('sends nothing to a lister who turned the kind off, nor to one without a number', async () => {
    const seller = await createPhoneHolder('seller');
    const off = await test.app.inject({
      method: 'PUT',
      url: '/api/my-sms-preferences',
      headers: seller.bearer,
      payload: { inquiry: false },
    });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({
      data: { inquiry: false, match: true, listing: true, search: false, payment: true },
      phone: seller.user.phone,
    });
    const house = await createProperty(test.database.db, seller.user.id);
    expect((await ask(house.id)).statusCode).toBe(201);
    expect(await smsTo(seller.user.phone!)).toHaveLength(0);

    const mailOnly = await createSignedInUser(test.database, { role: 'seller' });
    const other = await createProperty(test.database.db, mailOnly.user.id);
    const before = (await test.database.db.select().from(smsOutbox)).length;
    expect((await ask(other.id)).statusCode).toBe(201);
    expect((await test.database.db.select().from(smsOutbox)).length).toBe(before);
  });

  it('sends one person at most as many notices a day as the SMS settings say', async () => {
    const seller = await createPhoneHolder('seller');
    const house = await createProperty(test.database.db, seller.user.id);
    const perUser = DEFAULT_SMS_LIMITS.noticesPerUserPerDay;
    for (let asked = 0; asked < perUser + 2; asked += 1) {
      expect((await ask(house.id)).statusCode).toBe(201);
    }
    expect(await smsTo(seller.user.phone!)).toHaveLength(perUser);

    // An admin lowers the share: the next person is sent that many.
    const admin = await createSignedInUser(test.database, { role: 'admin' });
    const saveLimits = (noticesPerUserPerDay: number) =>
      test.app.inject({
        method: 'PUT',
        url: '/api/settings/sms',
        headers: admin.bearer,
        payload: { noticesPerUserPerDay, noticesPerDay: 2000 },
      });
    expect((await saveLimits(2)).statusCode).toBe(200);
    const other = await createPhoneHolder('seller');
    const car = await createProperty(test.database.db, other.user.id);
    for (let asked = 0; asked < 4; asked += 1) {
      expect((await ask(car.id)).statusCode).toBe(201);
    }
    expect(await smsTo(other.user.phone!)).toHaveLength(2);
    expect((await saveLimits(perUser)).statusCode).toBe(200);
  });
});

describe('SMS notices of listings', () => {
  it('tells the seller by SMS that their listing is approved, with its link', async () => {
    const seller = await createPhoneHolder('seller');
    const admin = await createSignedInUser(test.database, { role: 'admin' });
    const pending = await createProperty(test.database.db, seller.user.id, {
      title: 'Apartment in Kacyiru',
      moderation: 'Pending',
    });
    const approved = await test.app.inject({
      method: 'PUT',
      url: `/api/supply-property/${pending.id}/approve`,
      headers: admin.bearer,
    });
    expect(approved.statusCode).toBe(200);
    const [sms] = await smsTo(seller.user.phone!);
    expect(sms).toMatchObject({ kind: 'listing', parts: 1 });
    expect(sms!.body).toMatch(
      /^Inzu: your listing "Apartment in Kacyiru" is approved and online\. See it: http\S+\/s\/\w{7}$/,
    );
    expect(await pageOf(sms!.body)).toBe(`/supply-property-detail/${pending.id}`);
  });
});

describe('/api/my-sms-preferences', () => {
  it('answers the defaults, and 400 naming an unknown kind or a value that is no boolean', async () => {
    const user = await createSignedInUser(test.database);
    const read = await test.app.inject({ url: '/api/my-sms-preferences', headers: user.bearer });
    expect(read.json()).toEqual({
      data: { inquiry: true, match: true, listing: true, search: false, payment: true },
      phone: null,
    });
    for (const payload of [{ account: false }, { inquiry: 'no' }]) {
      const bad = await test.app.inject({
        method: 'PUT',
        url: '/api/my-sms-preferences',
        headers: user.bearer,
        payload,
      });
      expect(bad.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });

  it('answers 401 to an anonymous caller', async () => {
    expect((await test.app.inject({ url: '/api/my-sms-preferences' })).statusCode).toBe(401);
  });
});
