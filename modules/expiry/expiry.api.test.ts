/** Listing expiry: the warning e-mail and its link, renewal, expiry, sold listings, settings. */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assets, notifications, outbox, properties, sessions } from '#db/schema.ts';
import { createAsset, createProperty, createUser } from '#seed/factories.ts';
import { createSignedInUser, createTestApp, type TestApp } from '#server/testing.ts';

type SignedIn = Awaited<ReturnType<typeof createSignedInUser>>;

/** A signed-in user whose session outlives the clock these tests move years ahead. */
async function signedIn(role: 'seller' | 'admin'): Promise<SignedIn> {
  const user = await createSignedInUser(test.database, { role });
  await test.database.db
    .update(sessions)
    .set({ expiresAt: new Date('2100-01-01T00:00:00Z') })
    .where(eq(sessions.userId, user.user.id));
  return user;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const START = new Date('2031-03-01T08:00:00Z');
/** `days` (and a minute) after START. */
const day = (days: number) => new Date(START.getTime() + days * DAY_MS + 60_000);

let now = START;
let test: TestApp;
let admin: SignedIn;
let stranger: SignedIn;

beforeAll(async () => {
  test = await createTestApp({ clock: () => now });
  admin = await signedIn('admin');
  stranger = await signedIn('seller');
});

afterAll(async () => {
  await test.close();
});

/** A seller of their own (e-mails and notices are counted per owner) and a listing of theirs. */
async function listedHouse(overrides: Partial<typeof properties.$inferInsert> = {}) {
  const owner = await signedIn('seller');
  const house = await createProperty(test.database.db, owner.user.id, {
    title: `House ${owner.user.id.slice(0, 8)}`,
    confirmedAt: START,
    ...overrides,
  });
  return { owner, house };
}

const sweepAt = async (moment: Date) => {
  now = moment;
  return test.app.services.expiry.sweep();
};

const mailsTo = (email: string) =>
  test.database.db.select().from(outbox).where(eq(outbox.recipient, email));

const rowOf = async (id: string) =>
  (await test.database.db.select().from(properties).where(eq(properties.id, id)))[0]!;

/** The token of the first "still available" link in an e-mail's text. */
function linkToken(body: string): string {
  const match = /\/listings\/still-available\?token=([^\s]+)/.exec(body);
  if (!match) throw new Error(`no still-available link in: ${body}`);
  return decodeURIComponent(match[1]!);
}

const renewWithToken = (token: string) =>
  test.app.inject({ method: 'POST', url: '/api/listings/renew', payload: { token } });

const renew = (id: string, headers: Record<string, string> = {}) =>
  test.app.inject({ method: 'POST', url: `/api/listings/${id}/renew`, headers });

const isPublic = async (id: string) =>
  (await test.app.inject({ url: `/api/get-property/${id}` })).statusCode === 200;

describe('the warning e-mail', () => {
  it('goes out once at day 53, listing every listing of the owner, each with its link', async () => {
    const { owner, house } = await listedHouse();
    const car = await createAsset(test.database.db, owner.user.id, {
      name: 'Expiring car',
      confirmedAt: START,
    });
    expect(await sweepAt(day(52))).toMatchObject({ warned: 0 });
    expect(await mailsTo(owner.user.email)).toHaveLength(0);

    await sweepAt(day(53));
    await sweepAt(day(53.5));
    const mails = await mailsTo(owner.user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Are your 2 listings still available?');
    expect(mails[0]!.body).toContain(house.title);
    expect(mails[0]!.body).toContain('Expiring car');
    expect(mails[0]!.body.match(/still-available\?token=/g)).toHaveLength(2);
    expect((await rowOf(house.id)).expiryWarnedAt).toEqual(day(53));
    const [asset] = await test.database.db.select().from(assets).where(eq(assets.id, car.id));
    expect(asset!.expiryWarnedAt).toEqual(day(53));
    // Still listed until its lifetime ends.
    expect(await isPublic(house.id)).toBe(true);
    const notices = await test.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, owner.user.id));
    expect(notices).toHaveLength(2);
  });

  it('carries a link that renews without signing in, once', async () => {
    const { owner, house } = await listedHouse();
    await sweepAt(day(53));
    const [mail] = await mailsTo(owner.user.email);
    const token = linkToken(mail!.body);

    now = day(55);
    const answer = await renewWithToken(token);
    expect(answer.statusCode).toBe(200);
    const listedUntil = new Date(now.getTime() + 60 * DAY_MS);
    expect(answer.json()).toEqual({
      message: expect.stringMatching(/^Listed until /),
      listedUntil: listedUntil.toISOString(),
    });
    const row = await rowOf(house.id);
    expect(row).toMatchObject({ confirmedAt: now, expiryWarnedAt: null, expiredAt: null });

    // The same link again changes nothing: the listing was renewed since it was sent.
    now = day(56);
    const again = await renewWithToken(token);
    expect(again.statusCode).toBe(200);
    expect(again.json().listedUntil).toBe(listedUntil.toISOString());
    expect((await rowOf(house.id)).confirmedAt).toEqual(day(55));
  });

  it('refuses a forged link, another kind of signed link, one for another listing, an expired one', async () => {
    const { owner, house } = await listedHouse();
    const other = await createProperty(test.database.db, owner.user.id, { confirmedAt: START });
    await sweepAt(day(53));
    const [mail] = await mailsTo(owner.user.email);
    const tokens = [...mail!.body.matchAll(/still-available\?token=([^\s]+)/g)].map((match) =>
      decodeURIComponent(match[1]!),
    );
    expect(tokens).toHaveLength(2);
    const [payload, signature] = tokens[0]!.split('.');
    const [otherPayload] = tokens[1]!.split('.');

    const forged = `${payload}.${signature!.slice(0, -2)}AA`;
    const swapped = `${otherPayload}.${signature}`;
    const unsubscribe = await test.app.services.mail.unsubscribeUrl(owner.user.email, 'listing');
    const unsubscribeToken = new URL(unsubscribe).searchParams.get('token')!;
    for (const token of [forged, swapped, unsubscribeToken, 'nonsense', '']) {
      const answer = await renewWithToken(token);
      expect(answer.statusCode).toBe(400);
      expect(answer.json().message).toMatch(/^token: /);
    }
    expect((await rowOf(house.id)).confirmedAt).toEqual(START);
    expect((await rowOf(other.id)).confirmedAt).toEqual(START);

    // Two weeks after the listing would have left the lists, the link is spent.
    now = day(60 + 15);
    const expired = await renewWithToken(tokens[0]!);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toBe(
      'token: This link has expired. Sign in and renew the listing from its page.',
    );
  });
});

describe('expiry', () => {
  it('takes a listing off the lists, search and sitemap at day 60; renewal brings it back', async () => {
    const word = `zzexpiry${Date.now()}`;
    const { owner, house } = await listedHouse({ title: `Expiring ${word} house` });
    await sweepAt(day(53));
    await sweepAt(day(59.9));
    expect(await isPublic(house.id)).toBe(true);

    const { expired } = await sweepAt(day(60));
    expect(expired).toBeGreaterThanOrEqual(1);
    expect((await rowOf(house.id)).expiredAt).toEqual(day(60));
    expect(await isPublic(house.id)).toBe(false);
    const search = await test.app.inject({ url: '/api/search', query: { q: word } });
    expect(search.json().properties).toEqual([]);
    const sitemapIds = await test.app.services.catalogue.property.listPublishedIds(10_000);
    expect(sitemapIds.map((row) => row.id)).not.toContain(house.id);
    // Its owner still has it, marked expired, and is told how to renew it.
    const supply = await test.app.inject({
      url: `/api/supply-property/${house.id}`,
      headers: owner.bearer,
    });
    expect(supply.json().data).toMatchObject({ expiredAt: day(60).toISOString() });
    const [notice] = await test.database.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, owner.user.id),
          eq(notifications.link, `/supply-property-detail/${house.id}`),
          eq(notifications.title, `Your listing “${house.title}” left the lists`),
        ),
      );
    expect(notice).toBeDefined();
    expect(await test.app.services.expiry.getLife(house.id, owner.user)).toEqual({
      listedUntil: null,
      expiredAt: day(60).toISOString(),
      canRenew: true,
    });

    now = day(61);
    const renewed = await renew(house.id, owner.bearer);
    expect(renewed.statusCode).toBe(200);
    expect(await isPublic(house.id)).toBe(true);
    const found = await test.app.inject({ url: '/api/search', query: { q: word } });
    expect(found.json().properties.map((card: { _id: string }) => card._id)).toEqual([house.id]);
  });

  it('never expires a listing whose owner was not warned the warning days before', async () => {
    const { owner, house } = await listedHouse();
    // The first sweep in a long while: it warns now, and the listing stays 7 more days.
    await sweepAt(day(70));
    expect((await rowOf(house.id)).expiredAt).toBeNull();
    expect(await mailsTo(owner.user.email)).toHaveLength(1);
    await sweepAt(day(76.9));
    expect((await rowOf(house.id)).expiredAt).toBeNull();
    await sweepAt(day(77));
    expect((await rowOf(house.id)).expiredAt).toEqual(day(77));
  });

  it('takes Sold listings off after 14 days, not 13, and Available brings them back', async () => {
    const { owner, house } = await listedHouse({ confirmedAt: day(0) });
    now = day(1);
    const sold = await test.app.inject({
      method: 'PUT',
      url: `/api/property/${house.id}/availability`,
      headers: owner.bearer,
      payload: { availability: 'Sold' },
    });
    expect(sold.statusCode).toBe(200);
    expect((await rowOf(house.id)).availabilityChangedAt).toEqual(day(1));

    await sweepAt(day(1 + 13));
    expect(await isPublic(house.id)).toBe(true);
    await sweepAt(day(1 + 15));
    expect((await rowOf(house.id)).expiredAt).toEqual(day(16));
    expect(await isPublic(house.id)).toBe(false);

    now = day(17);
    await test.app.inject({
      method: 'PUT',
      url: `/api/property/${house.id}/availability`,
      headers: owner.bearer,
      payload: { availability: 'Available' },
    });
    expect(await rowOf(house.id)).toMatchObject({ expiredAt: null, confirmedAt: day(17) });
    expect(await isPublic(house.id)).toBe(true);
  });

  it('is safe to run twice at once: one e-mail, one notice per listing', async () => {
    const { owner, house } = await listedHouse();
    now = day(53);
    await Promise.all([
      test.app.services.expiry.sweep(),
      test.app.services.expiry.sweep(),
      test.app.services.expiry.sweep(),
    ]);
    expect(await mailsTo(owner.user.email)).toHaveLength(1);
    now = day(60);
    await Promise.all([test.app.services.expiry.sweep(), test.app.services.expiry.sweep()]);
    const expiredNotices = await test.database.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, owner.user.id),
          eq(notifications.title, `Your listing “${house.title}” left the lists`),
        ),
      );
    expect(expiredNotices).toHaveLength(1);
  });
});

describe('publishing starts the lifetime', () => {
  it('an approved supply and an admin-created listing get confirmedAt', async () => {
    const seller = await signedIn('seller');
    const supply = await createProperty(test.database.db, seller.user.id, {
      moderation: 'Pending',
      confirmedAt: null,
    });
    now = day(3);
    const approved = await test.app.inject({
      method: 'PUT',
      url: `/api/supply-property/${supply.id}/approve`,
      headers: admin.bearer,
    });
    expect(approved.statusCode).toBe(200);
    expect(await rowOf(supply.id)).toMatchObject({ confirmedAt: day(3), expiryWarnedAt: null });
  });
});

describe('POST /api/listings/:id/renew', () => {
  it('renews for its owner and admins; refuses strangers (403), visitors (401)', async () => {
    const { owner, house } = await listedHouse();
    now = day(20);
    expect((await renew(house.id)).statusCode).toBe(401);
    expect((await renew(house.id, stranger.bearer)).statusCode).toBe(403);
    const mine = await renew(house.id, owner.bearer);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().listedUntil).toBe(new Date(day(20).getTime() + 60 * DAY_MS).toISOString());
    now = day(21);
    expect((await renew(house.id, admin.bearer)).statusCode).toBe(200);
    expect((await rowOf(house.id)).confirmedAt).toEqual(day(21));
  });

  it('answers 404 for a bad id or none, 409 for a listing not published', async () => {
    const { owner } = await listedHouse();
    // As on every owner route, an id that cannot name a row is simply not found.
    expect((await renew('not-an-id', owner.bearer)).statusCode).toBe(404);
    expect((await renew('00000000-0000-4000-8000-000000000000', owner.bearer)).statusCode).toBe(
      404,
    );
    const pending = await createProperty(test.database.db, owner.user.id, {
      moderation: 'Pending',
    });
    expect((await renew(pending.id, owner.bearer)).statusCode).toBe(409);
  });
});

describe('settings', () => {
  const platform = async () =>
    (await test.app.inject({ url: '/api/settings', headers: admin.bearer })).json();
  const save = (changes: Record<string, unknown>) =>
    test.app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: admin.bearer,
      payload: { ...changes },
    });

  it('reads the defaults until saved, refuses a warning as long as the lifetime', async () => {
    expect(await platform()).toMatchObject({
      listingLifetimeDays: 60,
      expiryWarningDays: 7,
      soldListingDays: 14,
    });
    const tooLong = await save({ listingLifetimeDays: 10, expiryWarningDays: 10 });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toMatch(/^expiryWarningDays: /);
    const outOfRange = await save({ soldListingDays: 91 });
    expect(outOfRange.statusCode).toBe(400);
    expect(outOfRange.json().message).toMatch(/^soldListingDays: /);
  });

  it('changes the numbers the sweep uses', async () => {
    const { owner, house } = await listedHouse();
    expect(
      (await save({ listingLifetimeDays: 30, expiryWarningDays: 5, soldListingDays: 2 }))
        .statusCode,
    ).toBe(200);
    try {
      await sweepAt(day(24.9));
      expect(await mailsTo(owner.user.email)).toHaveLength(0);
      await sweepAt(day(25));
      expect(await mailsTo(owner.user.email)).toHaveLength(1);
      await sweepAt(day(30));
      expect((await rowOf(house.id)).expiredAt).toEqual(day(30));
    } finally {
      await save({});
    }
  });
});

describe('an owner without listings due', () => {
  it('hears nothing', async () => {
    const quiet = await createUser(test.database.db, { role: 'seller' });
    await createProperty(test.database.db, quiet.id, { confirmedAt: day(100) });
    await sweepAt(day(120));
    expect(await mailsTo(quiet.email)).toHaveLength(0);
  });
});
