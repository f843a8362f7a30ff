/**
 * Buyers' requests and listings find each other: which pairs fit, that a requester is told of
 * them once and in one e-mail, and who may see them.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, outbox, requestMatches, smsOutbox } from '#db/schema.ts';
import { createProperty, createPropertyRequest } from '#seed/factories.ts';
import { RequestInputSchema } from '#modules/requests/requests.schema.ts';
import { createSignedInUser, createTestApp, type TestApp } from '#server/testing.ts';

type SignedIn = Awaited<ReturnType<typeof createSignedInUser>>;

let test: TestApp;
let admin: SignedIn;
let seller: SignedIn;

beforeAll(async () => {
  test = await createTestApp();
  admin = await createSignedInUser(test.database, { role: 'admin' });
  seller = await createSignedInUser(test.database, { role: 'seller' });
});

afterAll(async () => {
  await test.close();
});

/** A place no other test uses, so each test's requests only meet its own listings. */
const newPlace = () => `Zone${randomUUID().replaceAll('-', '').slice(0, 8)}`;

async function buyerWanting(overrides: Parameters<typeof createPropertyRequest>[2]) {
  const buyer = await createSignedInUser(test.database, { role: 'buyer' });
  const request = await createPropertyRequest(test.database.db, buyer.user.id, overrides);
  return { buyer, request };
}

/** A seller's pending supply, approved by the admin through the API. */
async function approvedSupply(overrides: Parameters<typeof createProperty>[2]) {
  const supply = await createProperty(test.database.db, seller.user.id, {
    moderation: 'Pending',
    ...overrides,
  });
  const answer = await test.app.inject({
    method: 'PUT',
    url: `/api/supply-property/${supply.id}/approve`,
    headers: admin.bearer,
  });
  expect(answer.statusCode).toBe(200);
  return supply;
}

/** Runs the matching jobs, then the digests without their wait. */
async function runMatching() {
  await test.app.services.jobs.runDue();
  await test.app.services.jobs.runDue({ isIncludingLater: true });
}

const pairsOf = (requestId: string) =>
  test.database.db.select().from(requestMatches).where(eq(requestMatches.requestId, requestId));

const noticesOf = (userId: string) =>
  test.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.kind, 'match')));

const mailsTo = (email: string) =>
  test.database.db.select().from(outbox).where(eq(outbox.recipient, email));

describe('a listing that comes on offer', () => {
  it('reaches the buyer whose request it fits: one notification and one e-mail, never twice', async () => {
    const place = newPlace();
    const { buyer, request } = await buyerWanting({
      location: `${place}, Kigali`,
      price: 400_000,
      bedrooms: 3,
    });
    const house = await approvedSupply({
      title: `House in ${place} Kigali`,
      location: `${place}, Kigali`,
      price: 430_000,
      bedrooms: 3,
    });

    await runMatching();

    expect(await pairsOf(request.id)).toMatchObject([
      { listingId: house.id, listingKind: 'property' },
    ]);
    const notices = await noticesOf(buyer.user.id);
    expect(notices).toMatchObject([
      {
        title: `1 listing matches your request "${request.title}"`,
        link: `/requested-property-detail/${request.id}`,
      },
    ]);
    const mails = await mailsTo(buyer.user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('A listing matches what you are looking for');
    expect(mails[0]!.body).toContain(`http://localhost:3000/property/${house.id}`);

    // Sold, then back to Available: the pair is known, nobody is told again.
    for (const availability of ['Sold', 'Available']) {
      await test.app.inject({
        method: 'PUT',
        url: `/api/property/${house.id}/availability`,
        headers: seller.bearer,
        payload: { availability },
      });
    }
    await runMatching();
    expect(await noticesOf(buyer.user.id)).toHaveLength(1);
    expect(await mailsTo(buyer.user.email)).toHaveLength(1);
  });

  it('skips requests of another type, place, budget (beyond 10%) or with more rooms', async () => {
    const place = newPlace();
    const base = { location: place, price: 400_000, bedrooms: 2 };
    const fits = await buyerWanting(base);
    const apartment = await buyerWanting({ ...base, type: 'Apartment' });
    const elsewhere = await buyerWanting({ ...base, location: `${place} Musanze` });
    const smallBudget = await buyerWanting({ ...base, price: 300_000 });
    const moreRooms = await buyerWanting({ ...base, bedrooms: 5 });
    const anyType = await buyerWanting({ ...base, type: null });

    await approvedSupply({ location: `${place}, Kigali`, price: 440_000, bedrooms: 3 });
    await runMatching();

    expect(await pairsOf(fits.request.id)).toHaveLength(1);
    expect(await pairsOf(anyType.request.id)).toHaveLength(1);
    for (const other of [apartment, elsewhere, smallBudget, moreRooms]) {
      expect(await pairsOf(other.request.id)).toEqual([]);
    }
  });

  it('ignores case and accents in the place: a request for "Rémera" fits a listing in "REMERA"', async () => {
    const place = newPlace();
    const { request } = await buyerWanting({ location: `Rémera ${place}`, price: 400_000 });
    await approvedSupply({ location: `REMERA ${place}, Gasabo`, price: 400_000 });
    await runMatching();
    expect(await pairsOf(request.id)).toHaveLength(1);
  });

  it('places by district and sector, whatever the texts say; a rent budget fits its period only', async () => {
    const { request } = await buyerWanting({
      location: 'near the market',
      district: 'Nyabihu',
      sector: 'Mukamira',
      pricePeriod: 'month',
      price: 400_000,
      bedrooms: 1,
    });
    const fits = await approvedSupply({
      location: 'KN 3 Rd',
      district: 'Nyabihu',
      sector: 'Mukamira',
      price: 380_000,
      bedrooms: 2,
    });
    const otherSector = await approvedSupply({
      district: 'Nyabihu',
      sector: 'Jenda',
      price: 380_000,
    });
    const weekly = await approvedSupply({
      district: 'Nyabihu',
      sector: 'Mukamira',
      price: 100_000,
      pricePeriod: 'week',
    });
    const forSale = await approvedSupply({
      district: 'Nyabihu',
      sector: 'Mukamira',
      price: 400_000,
      offer: 'Sale',
    });
    await runMatching();

    const matched = (await pairsOf(request.id)).map((pair) => pair.listingId);
    expect(matched).toContain(fits.id);
    for (const other of [otherSector, weekly, forSale]) expect(matched).not.toContain(other.id);
  });

  it('places by distance when the request and the listing both have a point', async () => {
    const heights = { latitude: -1.95286, longitude: 30.09268 };
    const { request } = await buyerWanting({
      district: 'Gasabo',
      sector: 'Kimihurura',
      ...heights,
      locationPrecision: 'exact',
      price: 900_000,
      bedrooms: 1,
    });
    // Across the district line, 1 km away: near enough.
    const nearby = await approvedSupply({
      district: 'Nyarugenge',
      sector: 'Nyarugenge',
      latitude: heights.latitude,
      longitude: heights.longitude - 0.009,
      locationPrecision: 'exact',
      price: 800_000,
    });
    // In the request's sector by its name, but pinned 6 km away.
    const far = await approvedSupply({
      district: 'Gasabo',
      sector: 'Kimihurura',
      latitude: heights.latitude - 0.054,
      longitude: heights.longitude,
      locationPrecision: 'exact',
      price: 800_000,
    });
    // No pin: its sector decides.
    const unpinned = await approvedSupply({
      district: 'Gasabo',
      sector: 'Kimihurura',
      price: 800_000,
    });
    await runMatching();

    const matched = (await pairsOf(request.id)).map((pair) => pair.listingId);
    expect(matched).toContain(nearby.id);
    expect(matched).toContain(unpinned.id);
    expect(matched).not.toContain(far.id);

    // A request posted after them finds the same ones.
    const later = await buyerWanting({});
    const posted = await test.app.inject({
      method: 'POST',
      url: '/api/request-property',
      headers: later.buyer.bearer,
      payload: {
        title: 'A flat by Kigali Heights',
        price: '900000',
        district: 'Gasabo',
        sector: 'Kimihurura',
        latitude: heights.latitude,
        longitude: heights.longitude,
      },
    });
    expect(posted.statusCode, posted.body).toBe(201);
    await runMatching();
    const laterMatched = (await pairsOf(posted.json<{ data: { _id: string } }>().data._id)).map(
      (pair) => pair.listingId,
    );
    expect(laterMatched).toContain(nearby.id);
    expect(laterMatched).toContain(unpinned.id);
    expect(laterMatched).not.toContain(far.id);
  });

  it('gathers several new matches for one buyer into one e-mail', async () => {
    const place = newPlace();
    const { buyer, request } = await buyerWanting({ location: place, price: 500_000, bedrooms: 1 });
    const first = await approvedSupply({
      title: `First in ${place}`,
      location: place,
      price: 450_000,
    });
    const second = await approvedSupply({
      title: `Second in ${place}`,
      location: place,
      price: 480_000,
    });

    await runMatching();

    const mails = await mailsTo(buyer.user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('2 listings match what you are looking for');
    expect(mails[0]!.body).toContain(first.title);
    expect(mails[0]!.body).toContain(second.title);
    expect(await noticesOf(buyer.user.id)).toMatchObject([
      { title: `2 listings match your request "${request.title}"` },
    ]);
  });

  it('sends one SMS for the digest, with the requester’s words only, to a proved number', async () => {
    const place = newPlace();
    const phone = `+25072${String(Date.now()).slice(-7)}`;
    const buyer = await createSignedInUser(test.database, {
      role: 'buyer',
      phone,
      phoneProvedAt: new Date(),
      locale: 'fr',
    });
    const request = await createPropertyRequest(test.database.db, buyer.user.id, {
      title: 'Maison à Kicukiro',
      location: place,
      price: 500_000,
      bedrooms: 1,
    });
    for (const title of [`Villa in ${place}, call 0788000000`, `Flat in ${place}`]) {
      await approvedSupply({ title, location: place, price: 450_000 });
    }

    await runMatching();

    const sms = await test.database.db
      .select()
      .from(smsOutbox)
      .where(eq(smsOutbox.recipient, phone));
    expect(sms).toHaveLength(1);
    expect(sms[0]).toMatchObject({ kind: 'match', userId: buyer.user.id });
    // In the requester's language, in GSM characters (the quotes too), with a short link to the
    // request's page: one part.
    const [, text, code] = /^(.+) http:\/\/localhost:3000\/s\/(\w{7})$/.exec(sms[0]!.body)!;
    expect(text).toBe(
      'Inzu : 2 nouvelles annonces correspondent à votre demande "Maison à Kicukiro". Voyez-les :',
    );
    expect(await test.app.services.shortLinks.resolve(code!)).toBe(
      `/fr/requested-property-detail/${request.id}`,
    );
    expect(sms[0]!.parts).toBe(1);
  });

  it('writes each price in the e-mail as its card does: a rent with its period', async () => {
    const place = newPlace();
    const { buyer } = await buyerWanting({ location: place, price: 500_000, bedrooms: 1 });
    await approvedSupply({
      title: `Rent in ${place}`,
      location: place,
      price: 450_000,
      offer: 'Rent',
      pricePeriod: 'month',
    });
    await approvedSupply({
      title: `Sale in ${place}`,
      location: place,
      price: 480_000,
      offer: 'Sale',
    });

    await runMatching();

    const [mail] = await mailsTo(buyer.user.email);
    expect(mail!.body).toContain(`Rent in ${place}, RWF 450,000 /\u00a0month:`);
    expect(mail!.body).toContain(`Sale in ${place}, RWF 480,000:`);
  });

  it('adds the matching job in the approval’s transaction and runs nothing before', async () => {
    const place = newPlace();
    const { request } = await buyerWanting({ location: place });
    await approvedSupply({ location: place, price: 400_000 });
    expect(await pairsOf(request.id)).toEqual([]);
    expect(await test.app.services.jobs.runDue()).toBeGreaterThanOrEqual(1);
    expect(await pairsOf(request.id)).toHaveLength(1);
  });
});

describe('a request posted after the listings', () => {
  it('is matched with the listings already on offer', async () => {
    const place = newPlace();
    const house = await createProperty(test.database.db, seller.user.id, {
      location: place,
      price: 350_000,
      bedrooms: 3,
    });
    const buyer = await createSignedInUser(test.database, { role: 'buyer', name: 'Diane' });
    const request = await test.app.services.requests.createRequest(
      RequestInputSchema.parse({
        title: 'House wanted',
        price: '400000',
        location: place,
        type: 'House',
        bedrooms: '2',
      }),
      [],
      { id: buyer.user.id, role: 'buyer', name: 'Diane' },
    );
    await runMatching();
    expect(await pairsOf(request._id)).toMatchObject([{ listingId: house.id }]);
    expect(await mailsTo(buyer.user.email)).toHaveLength(1);
  });
});

describe('who sees the matches', () => {
  it('shows the requester the matching listings, closest price first; others get 403', async () => {
    const place = newPlace();
    const { buyer, request } = await buyerWanting({ location: place, price: 400_000 });
    const far = await approvedSupply({ title: 'Far price', location: place, price: 200_000 });
    const close = await approvedSupply({ title: 'Close price', location: place, price: 410_000 });
    await runMatching();

    const url = `/api/request-property/${request.id}/matches`;
    const mine = await test.app.inject({ method: 'GET', url, headers: buyer.bearer });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data.map((item: { listingId: string }) => item.listingId)).toEqual([
      close.id,
      far.id,
    ]);
    expect(mine.json().data[0]).toMatchObject({
      kind: 'property',
      title: 'Close price',
      price: 410_000,
      path: `/property/${close.id}`,
    });
    expect((await test.app.inject({ method: 'GET', url, headers: admin.bearer })).statusCode).toBe(
      200,
    );
    expect((await test.app.inject({ method: 'GET', url, headers: seller.bearer })).statusCode).toBe(
      403,
    );
    expect((await test.app.inject({ method: 'GET', url })).statusCode).toBe(401);

    const requestsUrl = `/api/listings/${close.id}/matching-requests`;
    const forSeller = await test.app.inject({
      method: 'GET',
      url: requestsUrl,
      headers: seller.bearer,
    });
    expect(forSeller.json()).toMatchObject({
      total: 1,
      data: [{ requestId: request.id, path: `/requested-property-detail/${request.id}` }],
    });
    expect(
      (await test.app.inject({ method: 'GET', url: requestsUrl, headers: buyer.bearer }))
        .statusCode,
    ).toBe(403);
  });
});

describe('bad input, unknown ids and strangers', () => {
  const MESSAGES = {
    signInRequired: 'Please log in to continue.',
    forbidden: 'You do not have permission to do this.',
    notFound: 'Not found',
    requestNotFound: 'Property not found.',
    listingNotFound: 'Listing not found.',
  } as const;

  const get = (url: string, headers?: Record<string, string>) =>
    test.app.inject({ method: 'GET', url, ...(headers && { headers }) });
  const matchesUrl = (id: string) => `/api/request-property/${id}/matches`;
  const matchingRequestsUrl = (id: string) => `/api/listings/${id}/matching-requests`;

  it('answers 400 naming `id` to an admin for ids that are not uuids', async () => {
    for (const url of [matchesUrl('not-a-uuid'), matchingRequestsUrl('not-a-uuid')]) {
      const response = await get(url, admin.bearer);
      expect(response.statusCode, url).toBe(400);
      expect(response.json().message, url).toMatch(/^id: /);
    }
  });

  it('answers 404 to anyone else for ids that are not uuids (access is checked first)', async () => {
    const { buyer } = await buyerWanting({ location: newPlace() });
    for (const [url, caller] of [
      [matchesUrl('not-a-uuid'), buyer],
      [matchingRequestsUrl('not-a-uuid'), seller],
    ] as const) {
      const response = await get(url, caller.bearer);
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toEqual({ message: MESSAGES.notFound });
    }
  });

  it('answers 404 for a request nobody posted, to a buyer and to an admin', async () => {
    const { buyer } = await buyerWanting({ location: newPlace() });
    const url = matchesUrl(randomUUID());
    const forBuyer = await get(url, buyer.bearer);
    expect(forBuyer.statusCode).toBe(404);
    expect(forBuyer.json()).toEqual({ message: MESSAGES.notFound });
    const forAdmin = await get(url, admin.bearer);
    expect(forAdmin.statusCode).toBe(404);
    expect(forAdmin.json()).toEqual({ message: MESSAGES.requestNotFound });
  });

  it('answers 404 for a listing nobody published, to a seller and to an admin', async () => {
    const url = matchingRequestsUrl(randomUUID());
    const forSeller = await get(url, seller.bearer);
    expect(forSeller.statusCode).toBe(404);
    expect(forSeller.json()).toEqual({ message: MESSAGES.notFound });
    const forAdmin = await get(url, admin.bearer);
    expect(forAdmin.statusCode).toBe(404);
    expect(forAdmin.json()).toEqual({ message: MESSAGES.listingNotFound });
  });

  it('answers 401 to anonymous callers of both', async () => {
    const { request } = await buyerWanting({ location: newPlace() });
    const house = await createProperty(test.database.db, seller.user.id);
    for (const url of [matchesUrl(request.id), matchingRequestsUrl(house.id)]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(401);
      expect(response.json(), url).toEqual({ message: MESSAGES.signInRequired });
    }
  });

  it('answers 403 to another buyer for a request, and to another seller for a listing', async () => {
    const { request } = await buyerWanting({ location: newPlace() });
    const otherBuyer = await createSignedInUser(test.database, { role: 'buyer' });
    const house = await createProperty(test.database.db, seller.user.id);
    const otherSeller = await createSignedInUser(test.database, { role: 'seller' });
    for (const [url, caller] of [
      [matchesUrl(request.id), otherBuyer],
      [matchingRequestsUrl(house.id), otherSeller],
    ] as const) {
      const response = await get(url, caller.bearer);
      expect(response.statusCode, url).toBe(403);
      expect(response.json(), url).toEqual({ message: MESSAGES.forbidden });
    }
  });
});
