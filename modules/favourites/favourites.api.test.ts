/** Saved listings: saving, listing and forgetting them, and hearing when their price drops. */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, outbox } from '#db/schema.ts';
import { createProperty } from '#seed/factories.ts';
import { createSignedInUser, createTestApp, type TestApp } from '#server/testing.ts';

type SignedIn = Awaited<ReturnType<typeof createSignedInUser>>;

let test: TestApp;
let buyer: SignedIn;
let seller: SignedIn;
let admin: SignedIn;

beforeAll(async () => {
  test = await createTestApp();
  buyer = await createSignedInUser(test.database, { role: 'buyer' });
  seller = await createSignedInUser(test.database, { role: 'seller' });
  admin = await createSignedInUser(test.database, { role: 'admin' });
});

afterAll(async () => {
  await test.close();
});

const save = (listingId: string, headers: Record<string, string> = buyer.bearer) =>
  test.app.inject({ method: 'POST', url: '/api/favourites', headers, payload: { listingId } });

const mine = async () =>
  (await test.app.inject({ method: 'GET', url: '/api/favourites', headers: buyer.bearer })).json()
    .data as { listingId: string; title: string; path: string }[];

describe('saved listings', () => {
  it('saves a published listing once, lists it and forgets it', async () => {
    const house = await createProperty(test.database.db, seller.user.id, { title: 'Heart house' });
    // What every page's hearts show, kept per user once read: each save and removal shows at once.
    const heartsShow = () =>
      test.app.services.favourites.listSavedIds({ id: buyer.user.id, role: 'buyer' });
    expect(await heartsShow()).not.toContain(house.id);
    expect((await save(house.id)).statusCode).toBe(201);
    expect((await save(house.id)).statusCode).toBe(201);
    expect((await mine()).filter((item) => item.listingId === house.id)).toMatchObject([
      { title: 'Heart house', path: `/property/${house.id}` },
    ]);
    expect(await heartsShow()).toContain(house.id);

    const removed = await test.app.inject({
      method: 'DELETE',
      url: `/api/favourites/${house.id}`,
      headers: buyer.bearer,
    });
    expect(removed.statusCode).toBe(200);
    expect((await mine()).some((item) => item.listingId === house.id)).toBe(false);
    expect(await heartsShow()).not.toContain(house.id);
  });

  it('refuses an unpublished listing (404), a bad id (400 naming listingId) and strangers (401)', async () => {
    const pending = await createProperty(test.database.db, seller.user.id, {
      moderation: 'Pending',
    });
    expect((await save(pending.id)).statusCode).toBe(404);
    const bad = await save('not-an-id');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^listingId: /);
    const anonymous = await test.app.inject({
      method: 'POST',
      url: '/api/favourites',
      payload: { listingId: pending.id },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('tells the savers when the price drops and when it is sold, once each', async () => {
    const house = await createProperty(test.database.db, admin.user.id, {
      title: 'Dropping house',
      price: 500_000,
    });
    await save(house.id);
    const update = await test.app.inject({
      method: 'PUT',
      url: `/api/update-property/${house.id}`,
      headers: admin.bearer,
      payload: { price: '450000' },
    });
    expect(update.statusCode).toBe(200);
    await test.app.inject({
      method: 'PUT',
      url: `/api/property/${house.id}/availability`,
      headers: admin.bearer,
      payload: { availability: 'Sold' },
    });
    await test.app.services.jobs.runDue();
    await test.app.services.jobs.runDue();

    const told = await test.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, buyer.user.id), eq(notifications.kind, 'favourite')));
    expect(told.map((notice) => notice.title).sort()).toEqual([
      'Dropping house has been sold',
      'Price drop: Dropping house',
    ]);
    expect(told.find((notice) => notice.title.startsWith('Price'))?.message).toBe(
      'Dropping house now costs RWF 450,000 (was RWF 500,000).',
    );
    const mails = await test.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.recipient, buyer.user.email));
    expect(mails.filter((mail) => mail.subject.includes('Dropping house'))).toHaveLength(2);
  });

  it('tells the savers of a seller’s price cut once the edit is approved, once, by their choice', async () => {
    const saver = await createSignedInUser(test.database, { role: 'buyer' });
    const quiet = await createSignedInUser(test.database, { role: 'buyer' });
    const supplier = await createSignedInUser(test.database, { role: 'seller' });
    const house = await createProperty(test.database.db, supplier.user.id, {
      title: 'Cut house',
      price: 800_000,
    });
    for (const user of [saver, quiet])
      expect((await save(house.id, user.bearer)).statusCode).toBe(201);
    await test.app.inject({
      method: 'PUT',
      url: '/api/my-email-preferences',
      headers: quiet.bearer,
      payload: { favourite: false },
    });

    // The seller's edit waits for approval: nothing is told while it is pending.
    const edit = await test.app.inject({
      method: 'PUT',
      url: `/api/supply-property/${house.id}`,
      headers: supplier.bearer,
      payload: { price: '700000' },
    });
    expect(edit.statusCode).toBe(200);
    await test.app.services.jobs.runDue();
    const toldOf = (user: typeof saver) =>
      test.database.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, user.user.id), eq(notifications.kind, 'favourite')));
    expect(await toldOf(saver)).toEqual([]);

    for (let round = 0; round < 2; round += 1) {
      const approve = await test.app.inject({
        method: 'PUT',
        url: `/api/supply-property/${house.id}/approve`,
        headers: admin.bearer,
      });
      expect(approve.statusCode).toBe(200);
      await test.app.services.jobs.runDue();
    }

    for (const user of [saver, quiet]) {
      expect((await toldOf(user)).map((notice) => notice.message)).toEqual([
        'Cut house now costs RWF 700,000 (was RWF 800,000).',
      ]);
    }
    const mailsTo = (user: typeof saver) =>
      test.database.db.select().from(outbox).where(eq(outbox.recipient, user.user.email));
    expect((await mailsTo(saver)).map((mail) => mail.subject)).toEqual(['Price drop: Cut house']);
    expect(await mailsTo(quiet)).toEqual([]);
  });
});
