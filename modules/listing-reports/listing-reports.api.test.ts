/**
 * Reporting listings, three established reporters hiding one (new accounts and visitors only
 * reaching the admins), and admins deciding on the reports.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  listingReports,
  notifications,
  properties,
  sessions,
  users,
} from '#db/schema.ts';
import { createAsset, createProperty } from '#seed/factories.ts';
import type { ReportReason } from '#lib/listing.ts';
import { createSignedInUser, createTestApp, type TestApp } from '#server/testing.ts';

type SignedIn = Awaited<ReturnType<typeof createSignedInUser>>;

let test: TestApp;
let owner: SignedIn;
let buyer: SignedIn;
let guest: SignedIn;
let neighbour: SignedIn;
let admin: SignedIn;

/** Older than REPORT_MIN_ACCOUNT_DAYS (7 by default): these accounts' reports count. */
const monthAgo = () => new Date(Date.now() - 30 * 24 * 60 * 60_000);

beforeAll(async () => {
  test = await createTestApp();
  owner = await createSignedInUser(test.database, { role: 'seller', name: 'Owner Olive' });
  buyer = await createSignedInUser(test.database, {
    role: 'buyer',
    name: 'Buyer Bosco',
    createdAt: monthAgo(),
  });
  guest = await createSignedInUser(test.database, {
    role: 'guest',
    name: 'Guest Gisa',
    locale: 'fr',
    createdAt: monthAgo(),
  });
  neighbour = await createSignedInUser(test.database, {
    role: 'buyer',
    name: 'Neighbour Nadine',
    createdAt: monthAgo(),
  });
  admin = await createSignedInUser(test.database, { role: 'admin' });
});

afterAll(async () => {
  await test.close();
});

let addressCount = 0;
/** A fresh client address, so each visitor is a different reporter with its own rate limit. */
const newAddress = () => `10.0.${Math.floor(addressCount / 250)}.${(addressCount++ % 250) + 1}`;

function reportAs(
  listingId: string,
  payload: object,
  who: { headers?: Record<string, string>; address?: string } = {},
) {
  return test.app.inject({
    method: 'POST',
    url: `/api/listings/${listingId}/reports`,
    headers: who.headers ?? {},
    remoteAddress: who.address ?? newAddress(),
    payload,
  });
}

const decide = (listingId: string, payload: object, headers = admin.bearer) =>
  test.app.inject({
    method: 'POST',
    url: `/api/listing-reports/${listingId}/decision`,
    headers,
    payload,
  });

const restore = (listingId: string, headers = admin.bearer) =>
  test.app.inject({
    method: 'POST',
    url: `/api/listing-reports/${listingId}/restore`,
    headers,
    payload: {},
  });

const isPublic = async (id: string) =>
  (await test.app.inject({ method: 'GET', url: `/api/get-property/${id}` })).statusCode === 200;

/** Three different established reporters, from three addresses: they hide the listing. */
async function reportThrice(listingId: string) {
  expect(
    (await reportAs(listingId, { reason: 'scam' }, { headers: neighbour.bearer })).statusCode,
  ).toBe(201);
  expect(
    (await reportAs(listingId, { reason: 'wrong' }, { headers: buyer.bearer })).statusCode,
  ).toBe(201);
  const third = await reportAs(
    listingId,
    { reason: 'other', details: 'The photos are from another site' },
    { headers: guest.bearer },
  );
  expect(third.statusCode).toBe(201);
}

const auditActions = async (targetId: string) =>
  (
    await test.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.targetId, targetId))
  ).map((row) => row.action);

describe('reporting a listing', () => {
  it('takes a visitor’s report of a property and a signed-in user’s report of an asset', async () => {
    const house = await createProperty(test.database.db, owner.user.id);
    const answer = await reportAs(house.id, { reason: 'unavailable' });
    expect(answer.statusCode).toBe(201);
    expect(answer.json()).toMatchObject({
      message: 'Thank you. An administrator will review this listing.',
      report: { listingId: house.id, listingKind: 'property', reason: 'unavailable', details: '' },
    });
    expect(await isPublic(house.id)).toBe(true);

    const car = await createAsset(test.database.db, owner.user.id);
    const carReport = await reportAs(
      car.id,
      { reason: 'duplicate', details: '  Same car as another listing  ' },
      { headers: buyer.bearer },
    );
    expect(carReport.statusCode).toBe(201);
    expect(carReport.json().report).toMatchObject({
      listingKind: 'asset',
      details: 'Same car as another listing',
    });
    const [row] = await test.database.db
      .select()
      .from(listingReports)
      .where(eq(listingReports.listingId, car.id));
    expect(row).toMatchObject({ reporterId: buyer.user.id, reporterKey: `user:${buyer.user.id}` });
  });

  it('answers 400 naming reason or details, 404 for a listing not published, 400 for a bad id', async () => {
    const house = await createProperty(test.database.db, owner.user.id);
    const noReason = await reportAs(house.id, { details: 'hm' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toMatch(/^reason: /);
    const badReason = await reportAs(house.id, { reason: 'ugly' });
    expect(badReason.json().message).toMatch(/^reason: /);
    const noDetails = await reportAs(house.id, { reason: 'other', details: '   ' });
    expect(noDetails.statusCode).toBe(400);
    expect(noDetails.json().message).toMatch(/^details: /);
    const longDetails = await reportAs(house.id, { reason: 'scam', details: 'x'.repeat(1001) });
    expect(longDetails.json().message).toMatch(/^details: /);

    const pending = await createProperty(test.database.db, owner.user.id, {
      moderation: 'Pending',
    });
    expect((await reportAs(pending.id, { reason: 'scam' })).statusCode).toBe(404);
    const hidden = await createProperty(test.database.db, owner.user.id, { hiddenAt: new Date() });
    expect((await reportAs(hidden.id, { reason: 'scam' })).statusCode).toBe(404);
    expect((await reportAs(randomUUID(), { reason: 'scam' })).statusCode).toBe(404);
    const badId = await reportAs('not-an-id', { reason: 'scam' });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().message).toMatch(/^id: /);
    expect(
      await test.database.db
        .select()
        .from(listingReports)
        .where(eq(listingReports.listingId, house.id)),
    ).toEqual([]);
  });

  it('keeps one open report per reporter and listing (409), and refuses the owner (403)', async () => {
    const house = await createProperty(test.database.db, owner.user.id);
    const address = newAddress();
    expect((await reportAs(house.id, { reason: 'scam' }, { address })).statusCode).toBe(201);
    const again = await reportAs(house.id, { reason: 'wrong' }, { address });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(
      'You have already reported this listing. An administrator will look at your report.',
    );
    expect(
      (await reportAs(house.id, { reason: 'scam' }, { headers: buyer.bearer })).statusCode,
    ).toBe(201);
    expect(
      (await reportAs(house.id, { reason: 'scam' }, { headers: buyer.bearer })).statusCode,
    ).toBe(409);
    const own = await reportAs(house.id, { reason: 'scam' }, { headers: owner.bearer });
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe('You cannot report your own listing.');
  });

  it('hides a listing at the third established reporter, and tells the admins and the owner', async () => {
    const house = await createProperty(test.database.db, owner.user.id, {
      title: 'Reported villa',
    });
    await reportAs(house.id, { reason: 'scam' });
    await reportAs(house.id, { reason: 'scam' }, { headers: neighbour.bearer });
    await reportAs(house.id, { reason: 'scam' }, { headers: buyer.bearer });
    expect(await isPublic(house.id)).toBe(true);
    await reportAs(house.id, { reason: 'offensive' }, { headers: guest.bearer });
    expect(await isPublic(house.id)).toBe(false);
    const [row] = await test.database.db
      .select()
      .from(properties)
      .where(eq(properties.id, house.id));
    expect(row!.hiddenAt).not.toBeNull();

    const told = await test.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.title, 'Listing hidden after reports: “Reported villa”'));
    expect(told.map((notice) => notice.userId)).toContain(admin.user.id);
    const [ownerNotice] = await test.database.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, owner.user.id),
          eq(notifications.title, 'Your listing “Reported villa” is hidden pending review'),
        ),
      );
    expect(ownerNotice).toMatchObject({ kind: 'listing' });
  });

  it('keeps a listing three accounts made today report from one address, each report listed as not counted', async () => {
    const house = await createProperty(test.database.db, owner.user.id);
    const address = newAddress();
    const throwaways = await Promise.all(
      [1, 2, 3].map(() => createSignedInUser(test.database, { role: 'buyer' })),
    );
    for (const throwaway of throwaways) {
      const answer = await reportAs(
        house.id,
        { reason: 'scam' },
        { headers: throwaway.bearer, address },
      );
      // The reporter is not told whether the report counted.
      expect(answer.statusCode).toBe(201);
      expect(answer.json().report).not.toHaveProperty('countsTowardHiding');
    }
    expect(await isPublic(house.id)).toBe(true);

    const list = await test.app.inject({
      method: 'GET',
      url: '/api/listing-reports?pageSize=48',
      headers: admin.bearer,
    });
    const mine = list
      .json()
      .data.filter((report: { listingId: string }) => report.listingId === house.id);
    expect(mine).toHaveLength(3);
    for (const report of mine) {
      expect(report).toMatchObject({
        openReports: 3,
        countsTowardHiding: false,
        notCountedReason: 'newAccount',
        isReporterVerified: false,
      });
      expect(report).not.toHaveProperty('addressHash');
    }
  });

  it('counts new accounts’ reports when REPORT_MIN_ACCOUNT_DAYS is 0', async () => {
    const lenient = await createTestApp({ env: { REPORT_MIN_ACCOUNT_DAYS: '0' } });
    try {
      const seller = await createSignedInUser(lenient.database, { role: 'seller' });
      const house = await createProperty(lenient.database.db, seller.user.id);
      for (const address of ['10.9.0.1', '10.9.0.2', '10.9.0.3']) {
        const reporter = await createSignedInUser(lenient.database, { role: 'buyer' });
        const answer = await lenient.app.inject({
          method: 'POST',
          url: `/api/listings/${house.id}/reports`,
          headers: reporter.bearer,
          remoteAddress: address,
          payload: { reason: 'scam' },
        });
        expect(answer.statusCode).toBe(201);
      }
      const [row] = await lenient.database.db
        .select()
        .from(properties)
        .where(eq(properties.id, house.id));
      expect(row!.hiddenAt).not.toBeNull();
    } finally {
      await lenient.close();
    }
  });

  it('does not hide a listing one reporter keeps reporting', async () => {
    const house = await createProperty(test.database.db, owner.user.id);
    const address = newAddress();
    for (const reason of ['scam', 'wrong', 'duplicate'] satisfies ReportReason[]) {
      await reportAs(house.id, { reason }, { address });
    }
    await reportAs(house.id, { reason: 'scam' }, { headers: buyer.bearer });
    expect(await isPublic(house.id)).toBe(true);
    const open = await test.database.db
      .select()
      .from(listingReports)
      .where(eq(listingReports.listingId, house.id));
    expect(open).toHaveLength(2);
  });

  it('lets a visitor send 5 reports an hour from one address (429 after)', async () => {
    const address = newAddress();
    for (let index = 0; index < 5; index += 1) {
      const house = await createProperty(test.database.db, owner.user.id);
      expect((await reportAs(house.id, { reason: 'scam' }, { address })).statusCode).toBe(201);
    }
    const sixth = await createProperty(test.database.db, owner.user.id);
    const refused = await reportAs(sixth.id, { reason: 'scam' }, { address });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect((await reportAs(sixth.id, { reason: 'scam' })).statusCode).toBe(201);
  });
});

describe('the admins’ list of reports', () => {
  it('lists open reports with their listing, reporter and open count; closed ones on demand', async () => {
    const house = await createProperty(test.database.db, owner.user.id, { title: 'Listed house' });
    await reportAs(house.id, { reason: 'scam' });
    await reportAs(
      house.id,
      { reason: 'wrong', details: 'Price is double' },
      { headers: buyer.bearer },
    );
    const answer = await test.app.inject({
      method: 'GET',
      url: '/api/listing-reports?pageSize=48',
      headers: admin.bearer,
    });
    expect(answer.statusCode).toBe(200);
    const body = answer.json();
    const mine = body.data.filter((report: { listingId: string }) => report.listingId === house.id);
    expect(mine).toHaveLength(2);
    expect(mine[0]).toMatchObject({
      reason: 'wrong',
      details: 'Price is double',
      status: 'open',
      outcome: null,
      reporter: { id: buyer.user.id, name: 'Buyer Bosco' },
      openReports: 2,
      listing: {
        title: 'Listed house',
        type: 'House',
        isHidden: false,
        ownerId: owner.user.id,
        ownerName: 'Owner Olive',
      },
    });
    expect(mine[0]).toMatchObject({
      countsTowardHiding: true,
      notCountedReason: null,
      isReporterVerified: false,
    });
    expect(mine[1]).toMatchObject({
      reason: 'scam',
      reporter: null,
      countsTowardHiding: false,
      notCountedReason: 'visitor',
    });
    expect(body).toMatchObject({ page: 1, pageSize: 48 });

    await decide(house.id, { outcome: 'dismissed' });
    const closed = await test.app.inject({
      method: 'GET',
      url: '/api/listing-reports?status=closed&pageSize=48',
      headers: admin.bearer,
    });
    const closedMine = closed
      .json()
      .data.filter((report: { listingId: string }) => report.listingId === house.id);
    expect(closedMine).toHaveLength(2);
    expect(closedMine[0]).toMatchObject({ status: 'closed', outcome: 'dismissed', openReports: 0 });
  });

  it('answers 400 naming status, 401 to visitors and 403 to non-admins', async () => {
    const bad = await test.app.inject({
      method: 'GET',
      url: '/api/listing-reports?status=pending',
      headers: admin.bearer,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^status: /);
    expect((await test.app.inject({ method: 'GET', url: '/api/listing-reports' })).statusCode).toBe(
      401,
    );
    for (const user of [buyer, owner]) {
      const refused = await test.app.inject({
        method: 'GET',
        url: '/api/listing-reports',
        headers: user.bearer,
      });
      expect(refused.statusCode).toBe(403);
    }
  });
});

describe('deciding on reports', () => {
  it('dismisses: the hidden listing comes back, every open report closes, audited, reporters told', async () => {
    const house = await createProperty(test.database.db, owner.user.id, { title: 'Fine house' });
    await reportThrice(house.id);
    expect(await isPublic(house.id)).toBe(false);

    const answer = await decide(house.id, { outcome: 'dismissed', note: 'Checked with owner' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().message).toBe('Reports dismissed: the listing is shown again.');
    expect(await isPublic(house.id)).toBe(true);
    const reports = await test.database.db
      .select()
      .from(listingReports)
      .where(eq(listingReports.listingId, house.id));
    expect(reports.every((report) => report.status === 'closed')).toBe(true);
    expect(reports.every((report) => report.outcome === 'dismissed')).toBe(true);
    expect(reports.every((report) => report.closedBy === admin.user.id)).toBe(true);
    const [entry] = await test.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, house.id), eq(auditLog.action, 'listing.report.dismissed')));
    expect(entry).toMatchObject({
      actorId: admin.user.id,
      targetType: 'property',
      after: { hiddenAt: null, outcome: 'dismissed', note: 'Checked with owner' },
    });

    // The guest chose French: told in French; the buyer in English.
    const [french] = await test.database.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, guest.user.id),
          eq(notifications.title, 'Votre signalement de «\u00a0Fine house\u00a0»'),
        ),
      );
    expect(french).toMatchObject({ kind: 'notice' });
    const [english] = await test.database.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, buyer.user.id),
          eq(notifications.title, 'Your report on “Fine house”'),
        ),
      );
    expect(english!.message).toMatch(/found nothing wrong/);

    const none = await decide(house.id, { outcome: 'hidden' });
    expect(none.statusCode).toBe(409);
  });

  it('hides: the listing stays off the public pages, and can be restored later', async () => {
    const house = await createProperty(test.database.db, owner.user.id);
    await reportAs(house.id, { reason: 'scam' });
    expect(await isPublic(house.id)).toBe(true);
    expect((await decide(house.id, { outcome: 'hidden' })).statusCode).toBe(200);
    expect(await isPublic(house.id)).toBe(false);
    expect(await auditActions(house.id)).toContain('listing.report.hidden');

    const restored = await restore(house.id);
    expect(restored.statusCode).toBe(200);
    expect(await isPublic(house.id)).toBe(true);
    expect(await auditActions(house.id)).toContain('listing.restore');
    expect((await restore(house.id)).statusCode).toBe(409);
  });

  it('restores a hidden listing with open reports by dismissing them', async () => {
    const house = await createProperty(test.database.db, owner.user.id);
    await reportThrice(house.id);
    expect((await restore(house.id)).statusCode).toBe(200);
    expect(await isPublic(house.id)).toBe(true);
    expect(await auditActions(house.id)).toContain('listing.report.dismissed');
  });

  it('blocks the owner: hidden, account blocked with its sessions ended, both audited', async () => {
    const scammer = await createSignedInUser(test.database, { role: 'seller' });
    const house = await createProperty(test.database.db, scammer.user.id);
    await reportAs(house.id, { reason: 'scam' }, { headers: buyer.bearer });
    const answer = await decide(house.id, { outcome: 'blocked' });
    expect(answer.statusCode).toBe(200);
    expect(await isPublic(house.id)).toBe(false);
    const [account] = await test.database.db
      .select()
      .from(users)
      .where(eq(users.id, scammer.user.id));
    expect(account!.status).toBe('Blocked');
    expect(
      await test.database.db.select().from(sessions).where(eq(sessions.userId, scammer.user.id)),
    ).toEqual([]);
    expect(await auditActions(house.id)).toContain('listing.report.blocked');
    expect(await auditActions(scammer.user.id)).toContain('user.block');
  });

  it('answers 400 naming outcome, 404 for no listing, 401 and 403 for non-admins', async () => {
    const house = await createProperty(test.database.db, owner.user.id);
    await reportAs(house.id, { reason: 'scam' });
    const bad = await decide(house.id, { outcome: 'deleted' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^outcome: /);
    expect((await decide(randomUUID(), { outcome: 'hidden' })).statusCode).toBe(404);
    expect((await restore(randomUUID())).statusCode).toBe(404);
    const badId = await decide('nope', { outcome: 'hidden' });
    expect(badId.json().message).toMatch(/^listingId: /);
    expect(
      (
        await test.app.inject({
          method: 'POST',
          url: `/api/listing-reports/${house.id}/decision`,
          payload: { outcome: 'hidden' },
        })
      ).statusCode,
    ).toBe(401);
    expect((await decide(house.id, { outcome: 'hidden' }, buyer.bearer)).statusCode).toBe(403);
    expect((await restore(house.id, owner.bearer)).statusCode).toBe(403);
    expect(await isPublic(house.id)).toBe(true);
  });
});

describe('the access matrix rows of these routes', () => {
  it('declares reporting public and every admin route admin', () => {
    const rows = test.app.declaredRoutes
      .filter((route) => /listing-reports|\/listings\/:id\/reports/.test(route.url))
      .map((route) => `${route.method} ${route.url} ${String(route.access)}`)
      .sort();
    expect(rows).toEqual([
      'GET /api/listing-reports admin',
      'POST /api/listing-reports/:listingId/decision admin',
      'POST /api/listing-reports/:listingId/restore admin',
      'POST /api/listings/:id/reports public',
    ]);
  });
});
