import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, outbox, savedSearches, smsOutbox } from '#db/schema.ts';
import { MAX_SAVED_SEARCHES } from '#lib/limits.ts';
import { createSignedInUser, createTestApp, type TestApp } from '#server/testing.ts';
import { call } from '#test/form-requests.ts';
import { secondsToDailyDigest } from './saved-searches.service.ts';

let test: TestApp;
let buyer: Awaited<ReturnType<typeof createSignedInUser>>;
let seller: Awaited<ReturnType<typeof createSignedInUser>>;
let admin: Awaited<ReturnType<typeof createSignedInUser>>;

beforeAll(async () => {
  test = await createTestApp();
  buyer = await createSignedInUser(test.database, { role: 'buyer', name: 'Diane' });
  seller = await createSignedInUser(test.database, { role: 'seller' });
  admin = await createSignedInUser(test.database, { role: 'admin' });
});

afterAll(async () => {
  await test.close();
});

type Saved = {
  _id: string;
  name: string;
  filters: Record<string, unknown>;
  frequency: string;
  path: string;
};

const KICUKIRO_HOUSES = {
  type: 'house',
  offer: 'rent',
  district: 'kicukiro',
  maxPrice: '500000',
  bedrooms: 3,
};

async function saveSearch(
  who: { bearer: Record<string, string> },
  json: Record<string, unknown>,
): Promise<Saved> {
  const response = await call(test, 'POST', '/api/saved-searches', who.bearer, { json });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ data: Saved }>().data;
}

/** A seller's house supplied and approved: it comes on offer. */
async function publishHouse(fields: Record<string, string>): Promise<string> {
  const supplied = await call(test, 'POST', '/api/supply-property', seller.bearer, {
    json: { type: 'House', status: 'Rent', ...fields },
  });
  expect(supplied.statusCode, supplied.body).toBe(201);
  const id = supplied.json<{ data: { _id: string } }>().data._id;
  const approved = await call(test, 'PUT', `/api/supply-property/${id}/approve`, admin.bearer);
  expect(approved.statusCode, approved.body).toBe(200);
  return id;
}

const smsTo = (phone: string) =>
  test.database.db.select().from(smsOutbox).where(eq(smsOutbox.recipient, phone));

async function alertsOf(userId: string) {
  return test.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.kind, 'search')));
}

async function mailsTo(email: string) {
  return test.database.db.select().from(outbox).where(eq(outbox.recipient, email));
}

describe('/api/saved-searches', () => {
  it('saves filters in their official spelling, lists, renames and deletes them', async () => {
    const saved = await saveSearch(buyer, {
      name: 'Family house',
      filters: KICUKIRO_HOUSES,
    });
    expect(saved).toMatchObject({
      name: 'Family house',
      frequency: 'instant',
      filters: {
        type: 'House',
        offer: 'Rent',
        district: 'Kicukiro',
        maxPrice: 500000,
        bedrooms: 3,
      },
      path: '/search?type=House&offer=Rent&district=Kicukiro&maxPrice=500000&bedrooms=3',
    });

    const list = await call(test, 'GET', '/api/saved-searches', buyer.bearer);
    expect(list.json<{ data: Saved[] }>().data.map((search) => search.name)).toContain(
      'Family house',
    );

    const renamed = await call(test, 'PATCH', `/api/saved-searches/${saved._id}`, buyer.bearer, {
      json: { name: 'Near the schools', frequency: 'daily' },
    });
    expect(renamed.json<{ data: Saved }>().data).toMatchObject({
      name: 'Near the schools',
      frequency: 'daily',
    });

    const deleted = await call(test, 'DELETE', `/api/saved-searches/${saved._id}`, buyer.bearer);
    expect(deleted.statusCode).toBe(200);
    const rows = await test.database.db
      .select()
      .from(savedSearches)
      .where(eq(savedSearches.id, saved._id));
    expect(rows).toEqual([]);
  });

  it('reads the words of q that name a filter, in any of the three languages, as that filter', async () => {
    for (const q of ['inzu ikodeshwa ibyumba bitatu garden', 'maison à louer 3 chambres garden']) {
      const saved = await saveSearch(buyer, { name: q, filters: { q } });
      expect(saved.filters).toEqual({ q: 'garden', type: 'House', offer: 'Rent', bedrooms: 3 });
      expect(saved.path).toBe('/search?q=garden&type=House&offer=Rent&bedrooms=3');
      await call(test, 'DELETE', `/api/saved-searches/${saved._id}`, buyer.bearer);
    }
  });

  it.each([
    [{ name: '', filters: {} }, 'name'],
    [{ name: 'x', filters: { maxPrice: 'cheap' } }, 'filters.maxPrice'],
    [{ name: 'x', filters: { district: 'Kampala' } }, 'filters.district'],
    [{ name: 'x', frequency: 'hourly' }, 'frequency'],
  ])('refuses %j with a 400 naming %s', async (json, field) => {
    const response = await call(test, 'POST', '/api/saved-searches', buyer.bearer, { json });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toMatch(new RegExp(`^${field}: `));
  });

  it("keeps each user's searches their own", async () => {
    const saved = await saveSearch(buyer, { name: 'Mine' });
    const other = await createSignedInUser(test.database, { role: 'buyer' });

    const renamed = await call(test, 'PATCH', `/api/saved-searches/${saved._id}`, other.bearer, {
      json: { name: 'Theirs' },
    });
    expect(renamed.statusCode).toBe(404);
    const deleted = await call(test, 'DELETE', `/api/saved-searches/${saved._id}`, other.bearer);
    expect(deleted.statusCode).toBe(404);
    const anonymous = await test.app.inject({ method: 'GET', url: '/api/saved-searches' });
    expect(anonymous.statusCode).toBe(401);
  });

  it(`keeps at most ${MAX_SAVED_SEARCHES} per user`, async () => {
    const collector = await createSignedInUser(test.database, { role: 'buyer' });
    for (let index = 0; index < MAX_SAVED_SEARCHES; index += 1) {
      await saveSearch(collector, { name: `Search ${index}` });
    }
    const response = await call(test, 'POST', '/api/saved-searches', collector.bearer, {
      json: { name: 'One too many' },
    });
    expect(response.statusCode).toBe(409);
  });
});

describe('saved search alerts', () => {
  it('tell the user of a new listing that fits, in-app and by e-mail, once', async () => {
    const user = await createSignedInUser(test.database, { role: 'buyer' });
    await saveSearch(user, { name: 'Kicukiro rent', filters: KICUKIRO_HOUSES });

    await publishHouse({
      title: 'Fitting house in Gikondo',
      price: '450000',
      bedrooms: '3',
      district: 'Kicukiro',
      sector: 'Gikondo',
    });
    await publishHouse({
      title: 'House in Gasabo',
      price: '450000',
      bedrooms: '3',
      district: 'Gasabo',
      sector: 'Kimironko',
    });
    await publishHouse({
      title: 'Too dear in Kicukiro',
      price: '900000',
      bedrooms: '3',
      district: 'Kicukiro',
      sector: 'Kanombe',
    });
    await publishHouse({
      title: 'Weekly rent in Kicukiro',
      price: '200000',
      pricePeriod: 'week',
      bedrooms: '3',
      district: 'Kicukiro',
      sector: 'Kanombe',
    });
    await test.app.services.jobs.runDue({ isIncludingLater: true });

    const alerts = await alertsOf(user.user.id);
    expect(alerts.map((alert) => [alert.title, alert.message])).toEqual([
      ['A new listing for “Kicukiro rent”', 'Fitting house in Gikondo'],
    ]);
    const mails = await mailsTo(user.user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('A new listing for your saved search');
    expect(mails[0]!.body).toContain('Fitting house in Gikondo, RWF 450,000 /\u00a0month');
    // The page where they change their searches is a link, not only a name.
    expect(mails[0]!.body).toContain(
      'Change or delete your saved searches on your Saved searches page: http://localhost:3000/saved-searches',
    );
    expect(mails[0]!.unsubscribeUrl).toMatch(/\/unsubscribe\?token=/);

    // Nothing is told twice.
    await test.app.services.jobs.runDue({ isIncludingLater: true });
    expect(await alertsOf(user.user.id)).toHaveLength(1);
    expect(await mailsTo(user.user.email)).toHaveLength(1);
  });

  it('honour near: only listings whose public point is within the radius', async () => {
    const user = await createSignedInUser(test.database, { role: 'buyer' });
    const saved = await saveSearch(user, {
      name: 'Near the Convention Centre',
      filters: { near: 'convention-centre', radiusKm: '1' },
    });
    expect(saved.filters).toMatchObject({ near: 'convention-centre', radiusKm: 1 });

    await publishHouse({
      title: 'Pinned beside Kigali Heights',
      price: '700000',
      district: 'Gasabo',
      sector: 'Kimihurura',
      latitude: '-1.9529',
      longitude: '30.0927',
      locationPrecision: 'exact',
    });
    await publishHouse({
      title: 'Pinned in Kicukiro centre',
      price: '700000',
      district: 'Kicukiro',
      sector: 'Kicukiro',
      latitude: '-1.9813',
      longitude: '30.1048',
      locationPrecision: 'exact',
    });
    await test.app.services.jobs.runDue({ isIncludingLater: true });

    expect((await alertsOf(user.user.id)).map((alert) => alert.message)).toEqual([
      'Pinned beside Kigali Heights',
    ]);
  });

  it('gather a daily search until the morning digest', async () => {
    const user = await createSignedInUser(test.database, { role: 'buyer' });
    await saveSearch(user, {
      name: 'Musanze, daily',
      filters: { district: 'Musanze' },
      frequency: 'daily',
    });

    await publishHouse({
      title: 'Muhoza home',
      price: '300000',
      district: 'Musanze',
      sector: 'Muhoza',
    });
    await test.app.services.jobs.runDue();
    expect(await alertsOf(user.user.id)).toEqual([]);

    await test.app.services.jobs.runDue({ isIncludingLater: true });
    expect((await alertsOf(user.user.id)).map((alert) => alert.message)).toEqual(['Muhoza home']);
  });

  it('send the daily digest, and not each instant alert, by SMS to those who chose it', async () => {
    const phone = `+25078${String(Date.now()).slice(-7)}`;
    const user = await createSignedInUser(test.database, {
      role: 'buyer',
      phone,
      phoneProvedAt: new Date(),
    });
    const chosen = await call(test, 'PUT', '/api/my-sms-preferences', user.bearer, {
      json: { search: true },
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    await saveSearch(user, { name: 'Rubavu now', filters: { district: 'Rubavu' } });
    await saveSearch(user, {
      name: 'Rubavu, every morning',
      filters: { district: 'Rubavu' },
      frequency: 'daily',
    });

    await publishHouse({
      title: 'Gisenyi house by the lake, call 0788000000',
      price: '300000',
      district: 'Rubavu',
      sector: 'Gisenyi',
    });
    await test.app.services.jobs.runDue({ isIncludingLater: true });
    // Both searches alert in the site; only the daily one's digest goes by SMS.
    expect(await alertsOf(user.user.id)).toHaveLength(2);
    const sms = await smsTo(phone);
    expect(sms).toHaveLength(1);
    expect(sms[0]).toMatchObject({ kind: 'search', userId: user.user.id, parts: 1 });
    // The user's own words (the search's name), never the seller's (the listing's title).
    expect(sms[0]!.body).toMatch(
      /^Inzu: 1 new listing for your search "Rubavu, every morning"\. See it: http:\/\/localhost:3000\/\S+$/,
    );
    expect(sms[0]!.body).not.toContain('0788000000');
  });

  it('leave out the listings of the user who saved the search', async () => {
    await saveSearch(seller, { name: 'My own district', filters: { district: 'Huye' } });
    await publishHouse({
      title: 'Tumba house',
      price: '300000',
      district: 'Huye',
      sector: 'Tumba',
    });
    await test.app.services.jobs.runDue({ isIncludingLater: true });

    expect(await alertsOf(seller.user.id)).toEqual([]);
  });

  it('send the daily digest at 07:00 in Kigali', () => {
    expect(secondsToDailyDigest(new Date('2026-11-24T04:00:00Z'))).toBe(3600);
    expect(secondsToDailyDigest(new Date('2026-11-24T05:00:00Z'))).toBe(24 * 3600);
    expect(secondsToDailyDigest(new Date('2026-11-24T22:30:00Z'))).toBe(6.5 * 3600);
  });
});
