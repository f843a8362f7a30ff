/**
 * The listing reports service on its own: reporter keys, the visitors' hourly limit, which
 * reports count toward hiding a listing (the injected clock ages accounts), rollbacks.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listingReports, properties } from '#db/schema.ts';
import { createProperty, createUser } from '#seed/factories.ts';
import type { Actor } from '#lib/account.ts';
import { ForbiddenError, TooManyRequestsError } from '#lib/errors.ts';
import { countCatalogueChanges, createTestApp, type TestApp } from '#server/testing.ts';
import type { ReportNotCountedReason } from '#lib/listing.ts';
import { addressHashOf, reporterKeyOf } from './listing-reports.service.ts';

let test: TestApp;
let now = new Date('2025-03-01T08:00:00Z');
let owner: Actor;
let admin: Actor;

beforeAll(async () => {
  test = await createTestApp({ clock: () => now });
  owner = await createUser(test.database.db, { role: 'seller' });
  admin = await createUser(test.database.db, { role: 'admin' });
});

afterAll(async () => {
  await test.close();
});

const service = () => test.app.services.listingReports;
const visitor = (clientAddress: string) => ({ viewer: null, clientAddress });

const DAY_MS = 24 * 60 * 60_000;
/** REPORT_MIN_ACCOUNT_DAYS as the test app leaves it (the config default). */
const MIN_ACCOUNT_DAYS = 7;

/**
 * A buyer's account made `ageDays` before the clock's now (0: today, as an attacker's throwaway
 * accounts are), verified by the admin when `isVerified`.
 */
async function accountOf(ageDays: number, { isVerified = false } = {}): Promise<Actor> {
  const user = await createUser(test.database.db, {
    role: 'buyer',
    createdAt: new Date(now.getTime() - ageDays * DAY_MS),
    ...(isVerified ? { verifiedAt: now, verifiedBy: admin.id } : {}),
  });
  return { id: user.id, role: user.role };
}

const established = () => accountOf(MIN_ACCOUNT_DAYS + 1);
const signedIn = (viewer: Actor, clientAddress: string) => ({ viewer, clientAddress });

/** Reports the house as each of these reporters, a second apart (so the list's order is theirs). */
async function reportAll(
  houseId: string,
  reporters: { viewer: Actor | null; clientAddress: string }[],
) {
  for (const reporter of reporters) {
    now = new Date(now.getTime() + 1000);
    await service().report(houseId, { reason: 'scam', details: '' }, reporter);
  }
}

const isHidden = async (houseId: string) => {
  const [row] = await test.database.db.select().from(properties).where(eq(properties.id, houseId));
  return row!.hiddenAt !== null;
};

/** The house's reports as the admins' list gives them, oldest first. */
async function standingsOf(houseId: string, status: 'open' | 'closed' = 'open') {
  const page = await service().listReports({ status, page: 1, pageSize: 100 }, admin);
  return page.items
    .filter((report) => report.listingId === houseId)
    .reverse()
    .map(({ countsTowardHiding, notCountedReason, isReporterVerified }) => ({
      countsTowardHiding,
      notCountedReason,
      isReporterVerified,
    }));
}

const notCounted = (notCountedReason: ReportNotCountedReason) => ({
  countsTowardHiding: false,
  notCountedReason,
  isReporterVerified: false,
});
const counted = (isReporterVerified = false) => ({
  countsTowardHiding: true,
  notCountedReason: null,
  isReporterVerified,
});

describe('listing reports service', () => {
  it('keys a visitor by a hash of the address, never the address itself', async () => {
    const house = await createProperty(test.database.db, owner.id);
    await service().report(house.id, { reason: 'scam', details: '' }, visitor('192.0.2.7'));
    const [row] = await test.database.db
      .select()
      .from(listingReports)
      .where(eq(listingReports.listingId, house.id));
    expect(row!.reporterKey).toMatch(/^address:[0-9a-f]{64}$/);
    expect(row!.reporterKey).not.toContain('192.0.2.7');
    expect(row!.reporterId).toBeNull();
    expect(reporterKeyOf({ viewer: owner, clientAddress: '192.0.2.7' })).toBe(`user:${owner.id}`);
    expect(row!.addressHash).toBe(addressHashOf('192.0.2.7'));
    expect(row!.addressHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('hashes an IPv6 address by its /64 network, and an IPv4 one written as IPv6 as IPv4', () => {
    const network = addressHashOf('2001:db8:1:2::1');
    expect(addressHashOf('2001:0db8:0001:0002:ffff:ffff:ffff:fffe')).toBe(network);
    expect(addressHashOf('2001:db8:1:2:aa::%eth0')).toBe(network);
    expect(addressHashOf('2001:db8:1:3::1')).not.toBe(network);
    expect(addressHashOf('2001:db8::1')).toBe(addressHashOf('2001:db8:0:0:ffff::'));
    expect(addressHashOf('::ffff:192.0.2.7')).toBe(addressHashOf('192.0.2.7'));
    expect(addressHashOf('192.0.2.7')).not.toBe(addressHashOf('192.0.2.8'));
  });

  it('counts a visitor’s reports per hour: the sixth waits until the hour is over', async () => {
    const address = '192.0.2.50';
    const houses = await Promise.all(
      Array.from({ length: 7 }, () => createProperty(test.database.db, owner.id)),
    );
    for (const house of houses.slice(0, 5)) {
      await service().report(house.id, { reason: 'wrong', details: '' }, visitor(address));
    }
    await expect(
      service().report(houses[5]!.id, { reason: 'wrong', details: '' }, visitor(address)),
    ).rejects.toBeInstanceOf(TooManyRequestsError);
    now = new Date(now.getTime() + 61 * 60_000);
    await service().report(houses[5]!.id, { reason: 'wrong', details: '' }, visitor(address));
    // Signed-in users are not counted per address.
    const user = await createUser(test.database.db, { role: 'buyer' });
    await service().report(
      houses[6]!.id,
      { reason: 'wrong', details: '' },
      { viewer: user, clientAddress: address },
    );
  });

  it('announces a catalogue change when the third reporter hides a listing, not before', async () => {
    const house = await createProperty(test.database.db, owner.id);
    const changes = countCatalogueChanges(test);
    await reportAll(house.id, [
      signedIn(await established(), '198.51.100.1'),
      signedIn(await established(), '198.51.100.2'),
    ]);
    expect(changes.count).toBe(0);
    await reportAll(house.id, [signedIn(await established(), '198.51.100.3')]);
    expect(changes.count).toBe(1);
    await service().decide(house.id, { outcome: 'dismissed' }, admin);
    expect(changes.count).toBe(2);
    changes.stop();
  });

  it('keeps a listing that three accounts made today from one address report: none counts', async () => {
    const house = await createProperty(test.database.db, owner.id);
    const address = '203.0.113.20';
    await reportAll(house.id, [
      signedIn(await accountOf(0), address),
      signedIn(await accountOf(0), address),
      signedIn(await accountOf(MIN_ACCOUNT_DAYS - 0.01), address),
    ]);
    expect(await isHidden(house.id)).toBe(false);
    // The admins still see every report, each saying why it did not count.
    expect(await standingsOf(house.id)).toEqual([
      notCounted('newAccount'),
      notCounted('newAccount'),
      notCounted('newAccount'),
    ]);
  });

  it('hides a listing that three accounts older than REPORT_MIN_ACCOUNT_DAYS report from three addresses', async () => {
    const house = await createProperty(test.database.db, owner.id);
    await reportAll(house.id, [
      signedIn(await established(), '203.0.113.31'),
      signedIn(await accountOf(MIN_ACCOUNT_DAYS), '203.0.113.32'),
    ]);
    expect(await isHidden(house.id)).toBe(false);
    await reportAll(house.id, [signedIn(await accountOf(400), '203.0.113.33')]);
    expect(await isHidden(house.id)).toBe(true);
    expect(await standingsOf(house.id)).toEqual([counted(), counted(), counted()]);
  });

  it('counts accounts made today once the clock passes REPORT_MIN_ACCOUNT_DAYS', async () => {
    const house = await createProperty(test.database.db, owner.id);
    const accounts = [await accountOf(0), await accountOf(0), await accountOf(0)];
    now = new Date(now.getTime() + MIN_ACCOUNT_DAYS * DAY_MS);
    await reportAll(
      house.id,
      accounts.map((account, index) => signedIn(account, `203.0.113.${40 + index}`)),
    );
    expect(await isHidden(house.id)).toBe(true);
  });

  it('counts one of three established accounts reporting from one address; verified ones all count', async () => {
    const house = await createProperty(test.database.db, owner.id);
    const address = '2001:db8:77::1';
    await reportAll(house.id, [
      signedIn(await established(), address),
      signedIn(await established(), '2001:db8:77::2'),
      signedIn(await established(), address),
    ]);
    expect(await isHidden(house.id)).toBe(false);
    expect(await standingsOf(house.id)).toEqual([
      counted(),
      notCounted('sameAddress'),
      notCounted('sameAddress'),
    ]);

    // Accounts an admin verified count from any address, even made today, beside the one above.
    const office = await createProperty(test.database.db, owner.id);
    await reportAll(office.id, [
      signedIn(await established(), address),
      signedIn(await accountOf(0, { isVerified: true }), address),
    ]);
    expect(await isHidden(office.id)).toBe(false);
    await reportAll(office.id, [signedIn(await accountOf(0, { isVerified: true }), address)]);
    expect(await isHidden(office.id)).toBe(true);
    expect(await standingsOf(office.id)).toEqual([counted(), counted(true), counted(true)]);
  });

  it('decides reports sent at the same moment one after the other: one counts per address', async () => {
    const house = await createProperty(test.database.db, owner.id);
    const accounts = [await established(), await established(), await established()];
    await Promise.all(
      accounts.map((account) =>
        service().report(
          house.id,
          { reason: 'scam', details: '' },
          signedIn(account, '203.0.113.50'),
        ),
      ),
    );
    expect(await isHidden(house.id)).toBe(false);
    const standings = await standingsOf(house.id);
    expect(standings.filter((standing) => standing.countsTowardHiding)).toHaveLength(1);
  });

  it('no longer counts reporters whose reports an admin dismissed, on that listing', async () => {
    const house = await createProperty(test.database.db, owner.id);
    const reporters = [
      signedIn(await established(), '203.0.113.61'),
      signedIn(await established(), '203.0.113.62'),
      signedIn(await accountOf(0, { isVerified: true }), '203.0.113.63'),
    ];
    await reportAll(house.id, reporters);
    expect(await isHidden(house.id)).toBe(true);
    await service().decide(house.id, { outcome: 'dismissed' }, admin);
    expect(await isHidden(house.id)).toBe(false);

    // The same three report again: stored and listed, never counted.
    await reportAll(house.id, reporters);
    expect(await isHidden(house.id)).toBe(false);
    expect(await standingsOf(house.id)).toEqual([
      notCounted('dismissedBefore'),
      notCounted('dismissedBefore'),
      { ...notCounted('dismissedBefore'), isReporterVerified: true },
    ]);
    // Nor does a new account from a dismissed reporter's address.
    await reportAll(house.id, [signedIn(await established(), '203.0.113.61')]);
    expect((await standingsOf(house.id)).at(-1)).toEqual(notCounted('dismissedBefore'));

    // Other people can still hide it, and on another listing the same reporters count.
    await reportAll(house.id, [
      signedIn(await established(), '203.0.113.64'),
      signedIn(await established(), '203.0.113.65'),
      signedIn(await established(), '203.0.113.66'),
    ]);
    expect(await isHidden(house.id)).toBe(true);
    const other = await createProperty(test.database.db, owner.id);
    await reportAll(other.id, reporters);
    expect(await isHidden(other.id)).toBe(true);
  });

  it('never hides a listing on visitors’ reports, however many addresses send them', async () => {
    const house = await createProperty(test.database.db, owner.id);
    await reportAll(
      house.id,
      Array.from({ length: 5 }, (_, index) => visitor(`198.51.100.${80 + index}`)),
    );
    expect(await isHidden(house.id)).toBe(false);
    expect(await standingsOf(house.id)).toEqual(Array(5).fill(notCounted('visitor')));
  });

  it('leaves everything as it was when blocking the owner is refused', async () => {
    const adminsHouse = await createProperty(test.database.db, admin.id);
    await service().report(adminsHouse.id, { reason: 'scam', details: '' }, visitor('203.0.113.9'));
    await expect(
      service().decide(adminsHouse.id, { outcome: 'blocked' }, admin),
    ).rejects.toBeInstanceOf(ForbiddenError);
    const [report] = await test.database.db
      .select()
      .from(listingReports)
      .where(eq(listingReports.listingId, adminsHouse.id));
    expect(report).toMatchObject({ status: 'open', outcome: null });
    const [row] = await test.database.db
      .select()
      .from(properties)
      .where(eq(properties.id, adminsHouse.id));
    expect(row!.hiddenAt).toBeNull();
  });

  it('lets only admins list, decide and restore', async () => {
    const house = await createProperty(test.database.db, owner.id);
    await expect(
      service().listReports({ status: 'open', page: 1, pageSize: 10 }, owner),
    ).rejects.toBeInstanceOf(ForbiddenError);
    await expect(service().decide(house.id, { outcome: 'hidden' }, owner)).rejects.toBeInstanceOf(
      ForbiddenError,
    );
    await expect(service().restore(house.id, owner)).rejects.toBeInstanceOf(ForbiddenError);
  });
});
