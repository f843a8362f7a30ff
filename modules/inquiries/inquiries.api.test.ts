import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inquiries } from '#db/schema.ts';
import { createAsset, createProperty, createUser } from '#db/seed/factories.ts';
import { createTestApp, type TestApp } from '#server/testing.ts';

let test: TestApp;
let ownerId: string;
let propertyId: string;

beforeAll(async () => {
  test = await createTestApp();
  ownerId = (await createUser(test.database.db)).id;
  propertyId = (await createProperty(test.database.db, ownerId, { title: 'Inquired house' })).id;
});

afterAll(async () => {
  await test.close();
});

/** A valid form for the shared property, from an address no other test uses. */
function validForm(overrides: Record<string, unknown> = {}) {
  return {
    listingId: propertyId,
    name: 'Jean Habimana',
    email: `jean-${randomUUID()}@example.rw`,
    phone: '0788123456',
    role: 'buyer',
    message: 'Is the house still available next month?',
    agree: true,
    ...overrides,
  };
}

function post(payload: Record<string, unknown>) {
  return test.app.inject({ method: 'POST', url: '/api/request-inform', payload });
}

async function rowsFrom(email: string) {
  return test.database.db.select().from(inquiries).where(eq(inquiries.email, email));
}

async function countAll(): Promise<number> {
  return (await test.database.db.select({ id: inquiries.id }).from(inquiries)).length;
}

describe('POST /api/request-inform', () => {
  it('stores an inquiry about a property and answers 201 with the spec message', async () => {
    const form = validForm({ phone: ' 0788 123 456 ' });
    const response = await post(form);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ message: 'Request information submitted successfully!' });

    const rows = await rowsFrom(form.email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      propertyId,
      assetId: null,
      name: 'Jean Habimana',
      email: form.email,
      phone: '0788 123 456',
      role: 'buyer',
      message: 'Is the house still available next month?',
      isAgreedToEmails: true,
    });
  });

  it('stores an inquiry about an asset against that asset', async () => {
    const car = await createAsset(test.database.db, ownerId, { name: 'Inquired car' });
    const form = validForm({ listingId: car.id, role: 'seller', phone: '+250722123456' });
    const response = await post(form);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ message: 'Request information submitted successfully!' });

    const rows = await rowsFrom(form.email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ propertyId: null, assetId: car.id, role: 'seller' });
  });

  it('stores the agree box: true, false, a ticked checkbox or absent', async () => {
    const cases: [unknown, boolean][] = [
      [true, true],
      ['on', true],
      [false, false],
      [undefined, false],
    ];
    for (const [agree, stored] of cases) {
      const form = validForm({ agree, role: 'guest' });
      if (agree === undefined) delete (form as Record<string, unknown>).agree;
      const response = await post(form);
      expect(response.statusCode, String(agree)).toBe(201);
      const [row] = await rowsFrom(form.email);
      expect(row?.isAgreedToEmails, String(agree)).toBe(stored);
    }
  });

  it('trims the text fields and lowercases the email', async () => {
    const address = `Mixed-${randomUUID()}@Example.RW`;
    const response = await post(
      validForm({ email: `  ${address} `, name: '  Aline  ', message: '  Hello  ' }),
    );
    expect(response.statusCode).toBe(201);
    const rows = await rowsFrom(address.toLowerCase());
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: 'Aline', message: 'Hello' });
  });

  it.each(['name', 'email', 'phone', 'role', 'message', 'listingId'])(
    'answers 400 naming %s when it is missing, and stores nothing',
    async (field) => {
      const before = await countAll();
      const form = validForm();
      delete (form as Record<string, unknown>)[field];
      const response = await post(form);
      expect(response.statusCode).toBe(400);
      const body = response.json();
      expect(body.message).toMatch(new RegExp(`^${field}: `));
      expect(body.issues.map((issue: { field: string }) => issue.field)).toEqual([field]);
      expect(await rowsFrom(form.email)).toEqual([]);
      expect(await countAll()).toBe(before);
    },
  );

  it.each(['name', 'phone', 'message'])('answers 400 naming %s when it is blank', async (field) => {
    const form = validForm({ [field]: '   ' });
    const response = await post(form);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(new RegExp(`^${field}: `));
    expect(await rowsFrom(form.email)).toEqual([]);
  });

  it('answers 400 naming the field for an invalid email, phone or role', async () => {
    const before = await countAll();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ email: 'not-an-email' }, 'email', 'email: Enter a valid email address'],
      [{ email: 'jean@' }, 'email', 'email: Enter a valid email address'],
      [{ phone: '123' }, 'phone', 'phone: Enter a valid phone number, e.g. 0788123456'],
      [{ phone: '0788abc456' }, 'phone', 'phone: Enter a valid phone number, e.g. 0788123456'],
      [{ role: 'admin' }, 'role', 'role: Choose what you are interested in'],
      [{ role: 'Buyer' }, 'role', 'role: Choose what you are interested in'],
      [{ agree: 'yes please' }, 'agree', ''],
      [{ listingId: 'not-an-id' }, 'listingId', 'listingId: must be a valid listing id'],
      [{ name: 'n'.repeat(101) }, 'name', 'name: Must be at most 100 characters'],
    ];
    for (const [overrides, field, message] of cases) {
      const form = validForm(overrides);
      const response = await post(form);
      const label = JSON.stringify(overrides).slice(0, 60);
      expect(response.statusCode, label).toBe(400);
      expect(response.json().message, label).toMatch(new RegExp(`^${field}: `));
      if (message) expect(response.json().message, label).toBe(message);
    }
    expect(await countAll()).toBe(before);
  });

  it('answers 404 for a listing that does not exist, and stores nothing', async () => {
    const before = await countAll();
    const form = validForm({ listingId: randomUUID() });
    const response = await post(form);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Listing not found.' });
    expect(await rowsFrom(form.email)).toEqual([]);
    expect(await countAll()).toBe(before);
  });

  it('answers 404 for a listing that is not published, and stores nothing', async () => {
    const db = test.database.db;
    const before = await countAll();
    const hidden = [
      await createProperty(db, ownerId, { title: 'Pending house', moderation: 'Pending' }),
      await createProperty(db, ownerId, { title: 'Rejected house', moderation: 'Rejected' }),
      await createProperty(db, ownerId, { title: 'Deleted house', deletedAt: new Date() }),
      await createAsset(db, ownerId, { name: 'Pending car', moderation: 'Pending' }),
      await createAsset(db, ownerId, { name: 'Deleted car', deletedAt: new Date() }),
    ];
    for (const listing of hidden) {
      const form = validForm({ listingId: listing.id });
      const response = await post(form);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Listing not found.' });
    }
    expect(await countAll()).toBe(before);
  });

  it('answers 400 mentioning JSON for a malformed body', async () => {
    const before = await countAll();
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/request-inform',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": "Jean",',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/JSON/);
    expect(await countAll()).toBe(before);
  });
});
