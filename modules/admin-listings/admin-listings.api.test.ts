import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, properties } from '#db/schema.ts';
import { createAsset, createProperty } from '#seed/factories.ts';
import { createSignedInUser, createTestApp, type TestApp } from '#server/testing.ts';
import { call, fields, jpeg, photoPart, png } from '#test/form-requests.ts';
import type { AdminAssetView, AdminPropertyView } from './admin-listings.schema.ts';

type SignedIn = Awaited<ReturnType<typeof createSignedInUser>>;
type Saved<View> = { message: string; data: View };
type List<View> = { data: View[]; page: number; pageSize: number; total: number };

let test: TestApp;
let admin: SignedIn;
let seller: SignedIn;
let buyer: SignedIn;

beforeAll(async () => {
  test = await createTestApp();
  admin = await createSignedInUser(test.database, { name: 'Site Admin', role: 'admin' });
  seller = await createSignedInUser(test.database, { name: 'Eric Mugisha', role: 'seller' });
  buyer = await createSignedInUser(test.database, { name: 'Jean Bosco', role: 'buyer' });
});

afterAll(async () => {
  await test.close();
});

/** A word no other listing holds (letters only, so search reads it as one word). */
function uniqueWord(): string {
  return `zq${randomUUID()
    .replaceAll('-', '')
    .slice(0, 10)
    .replace(/[0-9a-f]/g, (digit) => String.fromCharCode(106 + parseInt(digit, 16)))}`;
}

/** Every required field of the admin property form. */
function propertyFields(overrides: Record<string, string | string[]> = {}) {
  return {
    title: 'Villa in Nyarutarama',
    location: 'Nyarutarama, Kigali',
    area: '300sqm',
    bedrooms: '5',
    bathrooms: '3',
    toilets: '4',
    price: '1500000',
    owner: 'Inzu Estates',
    contact: '0788000111',
    description: 'A large villa with a view over the city and a pool.',
    ...overrides,
  };
}

function expectStatus(response: LightMyRequestResponse, status: number) {
  expect(response.statusCode, response.body).toBe(status);
}

function expectFieldError(response: LightMyRequestResponse, field: string) {
  expectStatus(response, 400);
  expect(response.json<{ message: string }>().message).toMatch(new RegExp(`^${field}: `));
}

async function auditEntries(targetId: string) {
  return test.database.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.targetId, targetId))
    .orderBy(auditLog.createdAt, auditLog.id);
}

async function createdProperty(overrides: Record<string, string | string[]> = {}) {
  const response = await call(test, 'POST', '/api/create-property', admin.bearer, {
    json: propertyFields(overrides),
  });
  expectStatus(response, 201);
  return response.json<Saved<AdminPropertyView>>().data;
}

async function publicTitlesOfType(type: string): Promise<string[]> {
  const response = await call(test, 'GET', `/api/get-properties/type/${type}?pageSize=48`);
  expectStatus(response, 200);
  return response.json<{ properties: { title: string }[] }>().properties.map((p) => p.title);
}

describe('POST /api/create-property', () => {
  it('creates a published property with a real photo, repeated features and defaults', async () => {
    const title = `Villa ${uniqueWord()}`;
    const response = await call(test, 'POST', '/api/create-property', admin.bearer, {
      form: [
        ...fields(propertyFields({ title, features: ['Pool', 'Garden', ' '] })),
        photoPart(await png(), 'front.png', 'image/png', 'image'),
      ],
    });
    expectStatus(response, 201);
    const { message, data } = response.json<Saved<AdminPropertyView>>();
    expect(message).toBe('Property created successfully!');
    expect(data).toMatchObject({
      title,
      type: 'House',
      status: 'Rent',
      moderation: 'Approved',
      availability: 'Available',
      owner: 'Inzu Estates',
      ownerId: admin.user.id,
      bedrooms: 5,
      bathrooms: 3,
      toilets: 4,
      area: 300,
      price: 1_500_000,
      features: ['Pool', 'Garden'],
      address: null,
    });
    expect(data.photos).toHaveLength(1);
    expect(data.image).toMatch(/^\/media\/[a-z0-9]+-640\.webp$/);
    const photo = await call(test, 'GET', data.image!);
    expectStatus(photo, 200);

    expect(await publicTitlesOfType('House')).toContain(title);
    const word = title.split(' ')[1]!;
    const search = await call(test, 'GET', `/api/search?q=${word}`);
    expect(search.json<{ properties: { _id: string }[] }>().properties.map((p) => p._id)).toEqual([
      data._id,
    ]);

    const [entry] = await auditEntries(data._id);
    expect(entry).toMatchObject({
      actorId: admin.user.id,
      action: 'property.create',
      targetType: 'property',
      before: null,
    });
    expect(entry!.after).toMatchObject({ title, moderation: 'Approved', photoCount: 1 });
  });

  it('saves a Pending property unpublished, a Hotel for Sale, and Available as a published Rent', async () => {
    const pending = await createdProperty({ title: `Hidden ${uniqueWord()}`, status: 'Pending' });
    expect(pending).toMatchObject({ moderation: 'Pending', status: 'Rent' });
    expect(await publicTitlesOfType('House')).not.toContain(pending.title);

    const hotel = await createdProperty({ type: 'hotel', status: 'Sale' });
    expect(hotel).toMatchObject({ type: 'Hotel', status: 'Sale', moderation: 'Approved' });

    const available = await createdProperty({ status: 'Available' });
    expect(available).toMatchObject({
      status: 'Rent',
      moderation: 'Approved',
      availability: 'Available',
    });
  });

  it('refuses a missing required field, rooms that are not whole numbers and a bad status', async () => {
    const { description: _description, ...withoutDescription } = propertyFields();
    expectFieldError(
      await call(test, 'POST', '/api/create-property', admin.bearer, {
        json: withoutDescription,
      }),
      'description',
    );
    for (const field of ['title', 'location', 'area', 'price', 'owner', 'contact']) {
      expectFieldError(
        await call(test, 'POST', '/api/create-property', admin.bearer, {
          json: propertyFields({ [field]: '' }),
        }),
        field,
      );
    }
    expectFieldError(
      await call(test, 'POST', '/api/create-property', admin.bearer, {
        json: propertyFields({ bedrooms: '2.5' }),
      }),
      'bedrooms',
    );
    expectFieldError(
      await call(test, 'POST', '/api/create-property', admin.bearer, {
        json: propertyFields({ toilets: '-1' }),
      }),
      'toilets',
    );
    expectFieldError(
      await call(test, 'POST', '/api/create-property', admin.bearer, {
        json: propertyFields({ status: 'Sold' }),
      }),
      'status',
    );
    expectFieldError(
      await call(test, 'POST', '/api/create-property', admin.bearer, {
        json: propertyFields({ type: 'Car' }),
      }),
      'type',
    );
    const notAPhoto = await call(test, 'POST', '/api/create-property', admin.bearer, {
      form: [
        ...fields(propertyFields()),
        photoPart(Buffer.from('not a picture'), 'x.jpg', 'image/jpeg'),
      ],
    });
    expectFieldError(notAPhoto, 'photos');
  });

  it('is refused to visitors (401) and to sellers and buyers (403)', async () => {
    const body = { json: propertyFields() };
    expectStatus(await call(test, 'POST', '/api/create-property', {}, body), 401);
    expectStatus(await call(test, 'POST', '/api/create-property', seller.bearer, body), 403);
    expectStatus(await call(test, 'POST', '/api/create-property', buyer.bearer, body), 403);
  });
});

describe('GET /api/get-properties', () => {
  it('lists every non-deleted property whatever its moderation, with filters and pages', async () => {
    const word = uniqueWord();
    const mine = {
      pendingHouse: await createProperty(test.database.db, seller.user.id, {
        title: `A ${word}`,
        moderation: 'Pending',
        location: `Kicukiro, Kigali ${word}`,
      }),
      approvedHotel: await createProperty(test.database.db, seller.user.id, {
        title: `B ${word}`,
        type: 'Hotel',
        location: `Karongi ${word}`,
      }),
      deleted: await createProperty(test.database.db, seller.user.id, {
        title: `C ${word}`,
        location: `Kigali ${word}`,
        deletedAt: new Date(),
      }),
    };
    const titles = async (query: string) => {
      const response = await call(
        test,
        'GET',
        `/api/get-properties?location=${word}&${query}`,
        admin.bearer,
      );
      expectStatus(response, 200);
      return response
        .json<List<AdminPropertyView>>()
        .data.map((p) => p.title)
        .sort();
    };
    expect(await titles('')).toEqual([mine.pendingHouse.title, mine.approvedHotel.title]);
    expect(await titles('status=Pending')).toEqual([mine.pendingHouse.title]);
    expect(await titles('status=Approved')).toEqual([mine.approvedHotel.title]);
    expect(await titles('type=Hotel')).toEqual([mine.approvedHotel.title]);
    expect(await titles('type=&status=')).toHaveLength(2);

    const kigali = await call(test, 'GET', `/api/get-properties?location=kigali`, admin.bearer);
    const kigaliTitles = kigali.json<List<AdminPropertyView>>().data.map((p) => p.title);
    expect(kigaliTitles).toContain(mine.pendingHouse.title);
    expect(kigaliTitles).not.toContain(mine.approvedHotel.title);

    const paged = await call(test, 'GET', `/api/get-properties?pageSize=1&page=2`, admin.bearer);
    expectStatus(paged, 200);
    const page = paged.json<List<AdminPropertyView> & { isTotalCapped: boolean }>();
    expect(page).toMatchObject({ page: 2, pageSize: 1, isTotalCapped: false });
    expect(page.data).toHaveLength(1);
    expect(page.total).toBeGreaterThanOrEqual(2);
  });

  it('refuses a bad filter (400 naming it) and non-admins', async () => {
    expectFieldError(
      await call(test, 'GET', '/api/get-properties?type=Flat', admin.bearer),
      'type',
    );
    expectStatus(await call(test, 'GET', '/api/get-properties'), 401);
    expectStatus(await call(test, 'GET', '/api/get-properties', {}, {}), 401);
    expectStatus(await call(test, 'GET', '/api/get-properties', seller.bearer), 403);
  });
});

describe('PUT /api/update-property/:id', () => {
  it('approves with {status: Approved} and unpublishes with Pending, each audited', async () => {
    const pending = await createProperty(test.database.db, seller.user.id, {
      title: `Pending ${uniqueWord()}`,
      moderation: 'Pending',
      offer: 'Sale',
    });
    const approve = await call(test, 'PUT', `/api/update-property/${pending.id}`, admin.bearer, {
      json: { status: 'Approved' },
    });
    expectStatus(approve, 200);
    expect(approve.json<Saved<AdminPropertyView>>().data).toMatchObject({
      moderation: 'Approved',
      status: 'Sale',
      title: pending.title,
    });
    expect(await publicTitlesOfType('House')).toContain(pending.title);

    const unpublish = await call(test, 'PUT', `/api/update-property/${pending.id}`, admin.bearer, {
      json: { status: 'Pending' },
    });
    expect(unpublish.json<Saved<AdminPropertyView>>().data.moderation).toBe('Pending');
    expect(await publicTitlesOfType('House')).not.toContain(pending.title);

    const entries = await auditEntries(pending.id);
    expect(entries.map((entry) => entry.action)).toEqual(['property.approve', 'property.update']);
    expect(entries[0]!.before).toMatchObject({ moderation: 'Pending' });
    expect(entries[0]!.after).toMatchObject({ moderation: 'Approved' });
  });

  it('edits from a multipart form: the fields sent replace, the photos stay unless new ones come', async () => {
    const created = await call(test, 'POST', '/api/create-property', admin.bearer, {
      form: [...fields(propertyFields()), photoPart(await jpeg(800, 600))],
    });
    const original = created.json<Saved<AdminPropertyView>>().data;
    const newTitle = `Renamed ${uniqueWord()}`;

    const edit = await call(test, 'PUT', `/api/update-property/${original._id}`, admin.bearer, {
      form: fields({ title: newTitle, features: ['Lift', 'Gym'], status: 'Sale' }),
    });
    expectStatus(edit, 200);
    const edited = edit.json<Saved<AdminPropertyView>>();
    expect(edited.message).toBe('Property updated successfully!');
    expect(edited.data).toMatchObject({
      title: newTitle,
      features: ['Lift', 'Gym'],
      status: 'Sale',
      description: original.description,
      bedrooms: 5,
      photos: original.photos,
    });
    expect(await publicTitlesOfType('House')).toContain(newTitle);

    const replaced = await call(test, 'PUT', `/api/update-property/${original._id}`, admin.bearer, {
      form: [photoPart(await png(), 'new.png', 'image/png')],
    });
    const photos = replaced.json<Saved<AdminPropertyView>>().data.photos;
    expect(photos).toHaveLength(1);
    expect(photos[0]!.src).not.toBe(original.photos[0]!.src);

    const actions = (await auditEntries(original._id)).map((entry) => entry.action);
    expect(actions).toEqual(['property.create', 'property.update', 'property.update']);
  });

  it('refuses bad input (400 naming the field), absent ids (404) and non-admins', async () => {
    const property = await createProperty(test.database.db, seller.user.id);
    const url = `/api/update-property/${property.id}`;
    expectFieldError(
      await call(test, 'PUT', url, admin.bearer, { json: { status: 'Flat' } }),
      'status',
    );
    expectFieldError(await call(test, 'PUT', url, admin.bearer, { json: { title: ' ' } }), 'title');
    expectFieldError(
      await call(test, 'PUT', url, admin.bearer, { json: { bedrooms: 'two' } }),
      'bedrooms',
    );
    expectStatus(
      await call(test, 'PUT', `/api/update-property/${randomUUID()}`, admin.bearer, {
        json: { status: 'Approved' },
      }),
      404,
    );
    expectStatus(
      await call(test, 'PUT', '/api/update-property/not-an-id', admin.bearer, {
        json: { status: 'Approved' },
      }),
      400,
    );
    const body = { json: { status: 'Approved' } };
    expectStatus(await call(test, 'PUT', url, {}, body), 401);
    expectStatus(await call(test, 'PUT', url, seller.bearer, body), 403);
  });
});

describe('DELETE /api/delete-property/:id', () => {
  it('hides the property everywhere, keeps the row and records the deletion', async () => {
    const property = await createdProperty({ title: `Gone ${uniqueWord()}` });
    expect(await publicTitlesOfType('House')).toContain(property.title);

    expectStatus(
      await call(test, 'DELETE', `/api/delete-property/${property._id}`, seller.bearer),
      403,
    );
    expectStatus(await call(test, 'DELETE', `/api/delete-property/${property._id}`), 401);

    const response = await call(
      test,
      'DELETE',
      `/api/delete-property/${property._id}`,
      admin.bearer,
    );
    expectStatus(response, 200);
    expect(await publicTitlesOfType('House')).not.toContain(property.title);
    expectStatus(await call(test, 'GET', `/api/get-property/${property._id}`), 404);
    const [row] = await test.database.db
      .select()
      .from(properties)
      .where(and(eq(properties.id, property._id)));
    expect(row!.deletedAt).not.toBeNull();
    const entries = await auditEntries(property._id);
    expect(entries.at(-1)).toMatchObject({ action: 'property.delete', actorId: admin.user.id });

    expectStatus(
      await call(test, 'DELETE', `/api/delete-property/${property._id}`, admin.bearer),
      404,
    );
    expectStatus(await call(test, 'DELETE', '/api/delete-property/nope', admin.bearer), 400);
  });
});

describe('assets', () => {
  const carFields = (overrides: Record<string, string | string[]> = {}) => ({
    name: `Toyota RAV4 ${uniqueWord()}`,
    type: 'Car',
    price: '25000000',
    location: 'Remera, Kigali',
    owner: 'Inzu Motors',
    contact: '0788222333',
    transmission: 'Automatic',
    fuel: 'Petrol',
    certified: 'on',
    size: '40 m2',
    ...overrides,
  });

  it('creates a car with its kind fields only, published, with a photo and audited', async () => {
    const response = await call(test, 'POST', '/api/create-asset', admin.bearer, {
      form: [...fields(carFields({ status: 'Sale' })), photoPart(await jpeg(640, 480))],
    });
    expectStatus(response, 201);
    const { message, data } = response.json<Saved<AdminAssetView>>();
    expect(message).toBe('Asset created successfully!');
    expect(data).toMatchObject({
      type: 'Car',
      status: 'Sale',
      moderation: 'Approved',
      transmission: 'Automatic',
      fuel: 'Petrol',
      certified: true,
      size: null,
      ownerId: admin.user.id,
    });
    expect(data.photos).toHaveLength(1);
    const cars = await call(test, 'GET', '/api/property-asset/type/Car?pageSize=48');
    expect(cars.json<{ name: string }[]>().map((asset) => asset.name)).toContain(data.name);
    expect((await auditEntries(data._id)).map((entry) => entry.action)).toEqual(['asset.create']);
  });

  it('lists, filters, edits (a change of kind empties the old fields), approves and deletes', async () => {
    const word = uniqueWord();
    const land = await createAsset(test.database.db, seller.user.id, {
      name: `Plot ${word}`,
      type: 'Land',
      moderation: 'Pending',
      location: `Musanze ${word}`,
      transmission: null,
      fuel: null,
      isCertified: null,
      isInspected: null,
      warranty: null,
      rentalPrice: null,
      rentDuration: null,
      size: '600 m2',
    });
    const list = await call(
      test,
      'GET',
      `/api/get-assets?location=musanze ${word}&status=Pending&type=Land`,
      admin.bearer,
    );
    expectStatus(list, 200);
    expect(list.json<List<AdminAssetView>>().data.map((asset) => asset._id)).toEqual([land.id]);

    const approve = await call(test, 'PUT', `/api/update-asset/${land.id}`, admin.bearer, {
      json: { status: 'Approved' },
    });
    expectStatus(approve, 200);
    expect(approve.json<Saved<AdminAssetView>>().data).toMatchObject({
      moderation: 'Approved',
      size: '600 m2',
    });

    const edit = await call(test, 'PUT', `/api/update-asset/${land.id}`, admin.bearer, {
      json: { type: 'Clothes', condition: 'New', sizeCloth: 'M' },
    });
    expectStatus(edit, 200);
    expect(edit.json<Saved<AdminAssetView>>().data).toMatchObject({
      type: 'Clothes',
      condition: 'New',
      sizeCloth: 'M',
      size: null,
      name: land.name,
    });

    expectFieldError(
      await call(test, 'PUT', `/api/update-asset/${land.id}`, admin.bearer, {
        json: { type: 'House' },
      }),
      'type',
    );
    expectStatus(await call(test, 'DELETE', `/api/delete-asset/${land.id}`, admin.bearer), 200);
    expectStatus(await call(test, 'GET', `/api/property-asset/${land.id}`), 404);
    expectStatus(await call(test, 'DELETE', `/api/delete-asset/${land.id}`, admin.bearer), 404);
    expect((await auditEntries(land.id)).map((entry) => entry.action)).toEqual([
      'asset.approve',
      'asset.update',
      'asset.delete',
    ]);
  });

  it('refuses bad input, absent ids and non-admins on every asset call', async () => {
    const { name: _name, ...withoutName } = carFields();
    expectFieldError(
      await call(test, 'POST', '/api/create-asset', admin.bearer, { json: withoutName }),
      'name',
    );
    expectFieldError(
      await call(test, 'POST', '/api/create-asset', admin.bearer, {
        json: carFields({ price: 'cheap' }),
      }),
      'price',
    );
    expectFieldError(
      await call(test, 'GET', '/api/get-assets?status=Gone', admin.bearer),
      'status',
    );
    const absent = randomUUID();
    expectStatus(
      await call(test, 'PUT', `/api/update-asset/${absent}`, admin.bearer, { json: { name: 'x' } }),
      404,
    );
    expectStatus(await call(test, 'DELETE', `/api/delete-asset/${absent}`, admin.bearer), 404);
    for (const [method, url] of [
      ['GET', '/api/get-assets'],
      ['POST', '/api/create-asset'],
      ['PUT', `/api/update-asset/${absent}`],
      ['DELETE', `/api/delete-asset/${absent}`],
    ] as const) {
      expectStatus(await call(test, method, url, {}, { json: carFields() }), 401);
      expectStatus(await call(test, method, url, buyer.bearer, { json: carFields() }), 403);
    }
  });
});
