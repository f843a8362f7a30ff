import type { LightMyRequestResponse } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '#db/schema.ts';
import { createProperty, createUser } from '#seed/factories.ts';
import { createSignedInUser, createTestApp, type TestApp } from '#server/testing.ts';
import { call, fields } from '#test/form-requests.ts';

/**
 * Who is listing: `listedBy` (owner, agent or commissioner), `commission` and `viewingFee` on
 * every listing input and view, and the `listedBy` filter of the lists, search and saved
 * searches.
 */

type Lister = { listedBy: string; commission: number | null; viewingFee: number | null };
type Saved = { data: Lister & { _id: string } };

let test: TestApp;
let seller: Awaited<ReturnType<typeof createSignedInUser>>;
let admin: Awaited<ReturnType<typeof createSignedInUser>>;

beforeAll(async () => {
  test = await createTestApp();
  seller = await createSignedInUser(test.database, { role: 'seller' });
  admin = await createSignedInUser(test.database, { role: 'admin' });
});

afterAll(async () => {
  await test.close();
});

function expectStatus(response: LightMyRequestResponse, status: number) {
  expect(response.statusCode, response.body).toBe(status);
}

function expectFieldError(response: LightMyRequestResponse, field: string) {
  expectStatus(response, 400);
  const body = response.json<{ message: string; issues?: { field: string }[] }>();
  expect(body.message).toMatch(new RegExp(`^${field}: `));
  expect(body.issues?.map((issue) => issue.field)).toContain(field);
}

const lister = (answer: Lister): Lister => ({
  listedBy: answer.listedBy,
  commission: answer.commission,
  viewingFee: answer.viewingFee,
});

/** The supply form's four required fields for a house. */
const house = (overrides: Record<string, unknown> = {}) => ({
  title: 'House in Kicukiro',
  type: 'House',
  price: '450000',
  location: 'Kicukiro, Kigali',
  ...overrides,
});

async function supply(json: Record<string, unknown>) {
  const response = await call(test, 'POST', '/api/supply-property', seller.bearer, { json });
  expectStatus(response, 201);
  return response.json<Saved>().data;
}

describe('supplies: who is listing', () => {
  it("defaults to the owner, with no fees, for the spec's payload", async () => {
    const created = await supply(house());
    expect(lister(created)).toEqual({ listedBy: 'owner', commission: null, viewingFee: null });
  });

  it("keeps an agent's commission and a commissioner's viewing fee; the owner's view answers them", async () => {
    const agent = await supply(house({ listedBy: 'agent', commission: 50_000 }));
    expect(lister(agent)).toEqual({ listedBy: 'agent', commission: 50_000, viewingFee: null });

    const broker = await supply(
      house({ listedBy: 'Commissioner', commission: '100,000', viewingFee: '5 000' }),
    );
    expect(lister(broker)).toEqual({
      listedBy: 'commissioner',
      commission: 100_000,
      viewingFee: 5_000,
    });
    const mine = await call(test, 'GET', `/api/supply-property/${broker._id}`, seller.bearer);
    expectStatus(mine, 200);
    expect(lister(mine.json<Saved>().data)).toEqual(lister(broker));
  });

  it('reads the form: blank fees are none, and an owner keeps no fees', async () => {
    const agent = await call(test, 'POST', '/api/supply-property', seller.bearer, {
      form: fields(house({ listedBy: 'agent', commission: '30,000', viewingFee: '' })),
    });
    expectStatus(agent, 201);
    expect(lister(agent.json<Saved>().data)).toEqual({
      listedBy: 'agent',
      commission: 30_000,
      viewingFee: null,
    });

    const owner = await call(test, 'POST', '/api/supply-property', seller.bearer, {
      form: fields(house({ listedBy: 'owner', commission: '30000', viewingFee: '2000' })),
    });
    expectStatus(owner, 201);
    expect(lister(owner.json<Saved>().data)).toEqual({
      listedBy: 'owner',
      commission: null,
      viewingFee: null,
    });
  });

  it('edits: a field left out is kept, null clears a fee, turning owner drops the fees', async () => {
    const created = await supply(
      house({ listedBy: 'agent', commission: 40_000, viewingFee: 1_000 }),
    );
    const edit = (json: Record<string, unknown>) =>
      call(test, 'PUT', `/api/supply-property/${created._id}`, seller.bearer, { json });

    const priced = await edit({ price: '460000' });
    expectStatus(priced, 200);
    expect(lister(priced.json<Saved>().data)).toEqual(lister(created));

    const noFee = await edit({ viewingFee: null });
    expect(lister(noFee.json<Saved>().data)).toEqual({
      listedBy: 'agent',
      commission: 40_000,
      viewingFee: null,
    });

    const owner = await edit({ listedBy: 'owner' });
    expect(lister(owner.json<Saved>().data)).toEqual({
      listedBy: 'owner',
      commission: null,
      viewingFee: null,
    });

    // An owner's listing takes no fee, even alone in an edit.
    const fee = await edit({ commission: 10_000 });
    expect(lister(fee.json<Saved>().data).commission).toBeNull();
  });

  it.each([
    [{ listedBy: 'landlord' }, 'listedBy'],
    [{ listedBy: 'agent', commission: -5 }, 'commission'],
    [{ listedBy: 'agent', commission: 'a lot' }, 'commission'],
    [{ listedBy: 'agent', commission: 1.5 }, 'commission'],
    [{ listedBy: 'commissioner', viewingFee: '5k' }, 'viewingFee'],
    [{ listedBy: 'commissioner', viewingFee: -1 }, 'viewingFee'],
  ])('answers 400 naming the field for %j, writing nothing', async (extra, field) => {
    const response = await call(test, 'POST', '/api/supply-property', seller.bearer, {
      json: house({ title: 'Refused house', ...extra }),
    });
    expectFieldError(response, field);
  });

  it('answers 400 naming listedBy on an edit, and 404 for a missing supply', async () => {
    const created = await supply(house());
    expectFieldError(
      await call(test, 'PUT', `/api/supply-property/${created._id}`, seller.bearer, {
        json: { listedBy: 'broker' },
      }),
      'listedBy',
    );
    const missing = await call(
      test,
      'PUT',
      '/api/supply-property/00000000-0000-4000-8000-000000000000',
      seller.bearer,
      { json: { listedBy: 'agent' } },
    );
    expectStatus(missing, 404);
  });

  it('answers 401 to a visitor and 403 to another seller', async () => {
    const created = await supply(house());
    expectStatus(
      await call(test, 'POST', '/api/supply-property', {}, { json: house({ listedBy: 'agent' }) }),
      401,
    );
    const other = await createSignedInUser(test.database, { role: 'seller' });
    expectStatus(
      await call(test, 'PUT', `/api/supply-property/${created._id}`, other.bearer, {
        json: { listedBy: 'agent' },
      }),
      403,
    );
  });
});

describe('admin listings: who is listing', () => {
  const property = (overrides: Record<string, unknown> = {}) => ({
    title: 'Villa in Nyarutarama',
    location: 'Nyarutarama, Kigali',
    area: '300sqm',
    bedrooms: '5',
    bathrooms: '3',
    toilets: '4',
    price: '1500000',
    owner: 'Inzu Estates',
    contact: '0788000111',
    description: 'A large villa with a view over the city.',
    ...overrides,
  });
  const car = (overrides: Record<string, unknown> = {}) => ({
    name: 'Toyota RAV4',
    type: 'Car',
    price: '25000000',
    location: 'Remera, Kigali',
    owner: 'Inzu Motors',
    contact: '0788222333',
    ...overrides,
  });

  it('creates and edits a property with its lister; the public and admin views answer them', async () => {
    const created = await call(test, 'POST', '/api/create-property', admin.bearer, {
      json: property({ listedBy: 'commissioner', commission: '200000', viewingFee: '5000' }),
    });
    expectStatus(created, 201);
    const { _id: id } = created.json<Saved>().data;
    expect(lister(created.json<Saved>().data)).toEqual({
      listedBy: 'commissioner',
      commission: 200_000,
      viewingFee: 5_000,
    });

    const shown = await call(test, 'GET', `/api/get-property/${id}`);
    expectStatus(shown, 200);
    expect(lister(shown.json<{ property: Lister }>().property)).toEqual({
      listedBy: 'commissioner',
      commission: 200_000,
      viewingFee: 5_000,
    });

    const edited = await call(test, 'PUT', `/api/update-property/${id}`, admin.bearer, {
      json: { listedBy: 'agent', viewingFee: null },
    });
    expectStatus(edited, 200);
    expect(lister(edited.json<Saved>().data)).toEqual({
      listedBy: 'agent',
      commission: 200_000,
      viewingFee: null,
    });
    const table = await call(test, 'GET', '/api/get-properties?pageSize=48', admin.bearer);
    const row = table.json<{ data: (Lister & { _id: string })[] }>().data.find((p) => p._id === id);
    expect(row && lister(row)).toEqual(lister(edited.json<Saved>().data));
  });

  it("defaults an admin's listing without the fields to the owner", async () => {
    const created = await call(test, 'POST', '/api/create-property', admin.bearer, {
      json: property(),
    });
    expectStatus(created, 201);
    expect(lister(created.json<Saved>().data)).toEqual({
      listedBy: 'owner',
      commission: null,
      viewingFee: null,
    });
  });

  it('creates an asset by an agent; the public asset view answers the fields', async () => {
    const created = await call(test, 'POST', '/api/create-asset', admin.bearer, {
      json: car({ listedBy: 'agent', commission: '250,000' }),
    });
    expectStatus(created, 201);
    const { _id: id } = created.json<Saved>().data;
    const shown = await call(test, 'GET', `/api/property-asset/${id}`);
    expectStatus(shown, 200);
    expect(lister(shown.json<Lister>())).toEqual({
      listedBy: 'agent',
      commission: 250_000,
      viewingFee: null,
    });
  });

  it('answers 400 naming each bad field, 404 for a missing listing, 401 and 403', async () => {
    expectFieldError(
      await call(test, 'POST', '/api/create-property', admin.bearer, {
        json: property({ listedBy: 'nobody' }),
      }),
      'listedBy',
    );
    expectFieldError(
      await call(test, 'POST', '/api/create-asset', admin.bearer, {
        json: car({ listedBy: 'agent', commission: '-1' }),
      }),
      'commission',
    );
    expectFieldError(
      await call(test, 'POST', '/api/create-asset', admin.bearer, {
        json: car({ listedBy: 'agent', viewingFee: 'free' }),
      }),
      'viewingFee',
    );
    const missing = await call(
      test,
      'PUT',
      '/api/update-property/00000000-0000-4000-8000-000000000000',
      admin.bearer,
      { json: { listedBy: 'agent' } },
    );
    expectStatus(missing, 404);
    expectStatus(
      await call(
        test,
        'POST',
        '/api/create-property',
        {},
        { json: property({ listedBy: 'agent' }) },
      ),
      401,
    );
    expectStatus(
      await call(test, 'POST', '/api/create-property', seller.bearer, {
        json: property({ listedBy: 'agent' }),
      }),
      403,
    );
  });
});

describe('the listedBy filter', () => {
  let owner: { id: string };
  const district = 'Rusizi';

  beforeAll(async () => {
    owner = await createUser(test.database.db);
    const made = [
      { title: 'Rusizi owner rent', listedBy: 'owner', offer: 'Rent' },
      { title: 'Rusizi owner sale', listedBy: 'owner', offer: 'Sale' },
      { title: 'Rusizi agent rent', listedBy: 'agent', offer: 'Rent', commission: 50_000 },
      { title: 'Rusizi broker rent', listedBy: 'commissioner', offer: 'Rent', viewingFee: 5_000 },
    ] as const;
    for (const [index, listing] of made.entries()) {
      await createProperty(test.database.db, owner.id, {
        ...listing,
        type: 'House',
        location: 'Kamembe',
        district,
        sector: 'Kamembe',
        price: 300_000,
        createdAt: new Date(Date.UTC(2026, 0, 1 + index)),
      });
    }
  });

  const titles = async (query: string) => {
    const response = await call(test, 'GET', `/api/get-properties/type/House?${query}`);
    expectStatus(response, 200);
    return response.json<{ properties: { title: string }[] }>().properties.map((p) => p.title);
  };

  it('lists only the owners’ listings, alone and with other filters', async () => {
    expect(await titles(`district=${district}&listedBy=owner`)).toEqual([
      'Rusizi owner sale',
      'Rusizi owner rent',
    ]);
    expect(await titles(`district=${district}&listedBy=OWNER&offer=Rent`)).toEqual([
      'Rusizi owner rent',
    ]);
    expect(await titles(`district=${district}&listedBy=agent`)).toEqual(['Rusizi agent rent']);
    expect(await titles(`district=${district}&listedBy=commissioner`)).toEqual([
      'Rusizi broker rent',
    ]);
    // Blank is no filter.
    expect(await titles(`district=${district}&listedBy=`)).toHaveLength(4);
  });

  it('filters GET /api/search too, and the views say who lists', async () => {
    const response = await call(test, 'GET', `/api/search?q=rusizi&listedBy=owner`);
    expectStatus(response, 200);
    const { properties } = response.json<{ properties: (Lister & { title: string })[] }>();
    expect(properties.map((p) => p.title).sort()).toEqual([
      'Rusizi owner rent',
      'Rusizi owner sale',
    ]);
    expect(properties.every((p) => p.listedBy === 'owner' && p.commission === null)).toBe(true);

    const agents = await call(test, 'GET', `/api/search?q=rusizi&listedBy=agent`);
    const [agent] = agents.json<{ properties: (Lister & { title: string })[] }>().properties;
    expect(agent && lister(agent)).toEqual({
      listedBy: 'agent',
      commission: 50_000,
      viewingFee: null,
    });
  });

  it.each([
    '/api/get-properties/type/House?listedBy=landlord',
    '/api/property-asset/type/Car?listedBy=1',
    '/api/search?q=house&listedBy=broker',
  ])('answers 400 naming listedBy for %s', async (url) => {
    expectFieldError(await call(test, 'GET', url), 'listedBy');
  });

  it('saves a search with listedBy, which alerts only for owner listings', async () => {
    const buyer = await createSignedInUser(test.database, { role: 'buyer' });
    const saved = await call(test, 'POST', '/api/saved-searches', buyer.bearer, {
      json: {
        name: 'Owners in Nyamasheke',
        filters: { listedBy: 'Owner', district: 'nyamasheke' },
      },
    });
    expectStatus(saved, 201);
    const { data } = saved.json<{ data: { filters: unknown; path: string } }>();
    expect(data.filters).toEqual({ listedBy: 'owner', district: 'Nyamasheke' });
    expect(data.path).toBe('/search?district=Nyamasheke&listedBy=owner');
    expectFieldError(
      await call(test, 'POST', '/api/saved-searches', buyer.bearer, {
        json: { name: 'Bad', filters: { listedBy: 'someone' } },
      }),
      'filters.listedBy',
    );

    const publish = async (title: string, extra: Record<string, unknown>) => {
      const created = await supply({
        title,
        type: 'House',
        price: '200000',
        district: 'Nyamasheke',
        sector: 'Kagano',
        ...extra,
      });
      const approved = await call(
        test,
        'PUT',
        `/api/supply-property/${created._id}/approve`,
        admin.bearer,
      );
      expectStatus(approved, 200);
    };
    await publish('Nyamasheke by its owner', {});
    await publish('Nyamasheke by an agent', { listedBy: 'agent', commission: 20_000 });
    await test.app.services.jobs.runDue({ isIncludingLater: true });

    const alerts = await test.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, buyer.user.id), eq(notifications.kind, 'search')));
    expect(alerts.map((alert) => alert.message)).toEqual(['Nyamasheke by its owner']);
  });
});
