/** The listing reports service on its own: reporter keys, the visitors' hourly limit, rollbacks. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listingReports, properties } from '#db/schema.ts';
import { createProperty, createUser } from '#db/seed/factories.ts';
import type { Actor } from '#lib/account.ts';
import { ForbiddenError, TooManyRequestsError } from '#lib/errors.ts';
import { countCatalogueChanges, createTestApp, type TestApp } from '#server/testing.ts';
import { reporterKeyOf } from './listing-reports.service.ts';

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
    await service().report(house.id, { reason: 'scam', details: '' }, visitor('198.51.100.1'));
    await service().report(house.id, { reason: 'scam', details: '' }, visitor('198.51.100.2'));
    expect(changes.count).toBe(0);
    await service().report(house.id, { reason: 'scam', details: '' }, visitor('198.51.100.3'));
    expect(changes.count).toBe(1);
    await service().decide(house.id, { outcome: 'dismissed' }, admin);
    expect(changes.count).toBe(2);
    changes.stop();
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
