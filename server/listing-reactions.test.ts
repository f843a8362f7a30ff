/** The reactions to a written listing, as the services are wired: each one happens exactly once. */
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '#db/schema.ts';
import type { Actor } from '#lib/account.ts';
import { SupplyInputSchema, SupplyUpdateSchema } from '#modules/supplies/supplies.schema.ts';
import { createUser } from '#seed/factories.ts';
import { createTestApp, type TestApp } from './testing.ts';

/** The jobs waiting in the queues a listing write adds to (the test app runs none itself). */
type WaitingJobs = {
  'listing-matching': number;
  'saved-search-matching': number;
  'favourite-alert': number;
};

let test: TestApp;
let seller: Actor & { name: string };
let buyer: Actor;
let admin: Actor;

beforeAll(async () => {
  test = await createTestApp();
  const sellerRow = await createUser(test.database.db, { role: 'seller' });
  seller = { id: sellerRow.id, role: 'seller', name: sellerRow.name };
  buyer = { id: (await createUser(test.database.db, { role: 'buyer' })).id, role: 'buyer' };
  admin = { id: (await createUser(test.database.db, { role: 'admin' })).id, role: 'admin' };
});

afterAll(async () => {
  await test.close();
});

async function countWaitingJobs(): Promise<WaitingJobs> {
  const stats = await test.app.services.jobs.stats();
  const waiting = (queue: string) => stats.find((stat) => stat.queue === queue)?.waiting ?? 0;
  return {
    'listing-matching': waiting('listing-matching'),
    'saved-search-matching': waiting('saved-search-matching'),
    'favourite-alert': waiting('favourite-alert'),
  };
}

/** The jobs `write` added, per queue. */
async function jobsAddedBy(write: () => Promise<unknown>): Promise<WaitingJobs> {
  const before = await countWaitingJobs();
  await write();
  const after = await countWaitingJobs();
  return {
    'listing-matching': after['listing-matching'] - before['listing-matching'],
    'saved-search-matching': after['saved-search-matching'] - before['saved-search-matching'],
    'favourite-alert': after['favourite-alert'] - before['favourite-alert'],
  };
}

const supplyHouse = (fields: { title: string; upi?: string }) =>
  test.app.services.supplies.createSupply(
    SupplyInputSchema.parse({ type: 'House', price: '500000', location: 'Kicukiro', ...fields }),
    [],
    seller,
  );

describe('a listing written', () => {
  it('is matched and looked for by saved searches once when published, and its savers told once of each change', async () => {
    const { supplies, favourites, catalogue } = test.app.services;
    let supplyId = '';
    expect(
      await jobsAddedBy(async () => {
        supplyId = (await supplyHouse({ title: 'House under review' }))._id;
      }),
    ).toEqual({ 'listing-matching': 0, 'saved-search-matching': 0, 'favourite-alert': 0 });

    expect(await jobsAddedBy(() => supplies.approveSupply(supplyId, admin))).toEqual({
      'listing-matching': 1,
      'saved-search-matching': 1,
      'favourite-alert': 0,
    });

    await favourites.save(supplyId, buyer);
    const cheaper = SupplyUpdateSchema.parse({ price: '400000' });
    expect(await jobsAddedBy(() => supplies.updateSupply(supplyId, cheaper, [], admin))).toEqual({
      'listing-matching': 0,
      'saved-search-matching': 0,
      'favourite-alert': 1,
    });

    expect(
      await jobsAddedBy(() => catalogue.property.setAvailability(supplyId, 'Rented', seller)),
    ).toEqual({ 'listing-matching': 0, 'saved-search-matching': 0, 'favourite-alert': 1 });
  });

  it('tells each admin once when it is published with the UPI of another published listing', async () => {
    const upi = '1/02/03/04/5566';
    for (const title of ['Plot with a UPI', 'House with the same UPI']) {
      const supply = await supplyHouse({ title, upi });
      await test.app.services.supplies.approveSupply(supply._id, admin);
    }

    const flags = await test.database.db
      .select({ title: notifications.title })
      .from(notifications)
      .where(and(eq(notifications.userId, admin.id), like(notifications.title, `%${upi}%`)));
    expect(flags).toHaveLength(1);
  });
});
