import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inquiries, outbox } from '#db/schema.ts';
import { createAsset, createProperty, createUser } from '#seed/factories.ts';
import { createSession, createSignedInUser, createTestApp, type TestApp } from '#server/testing.ts';

let test: TestApp;
let ownerId: string;
let ownerEmail: string;
let propertyId: string;

beforeAll(async () => {
  test = await createTestApp();
  ({ id: ownerId, email: ownerEmail } = await createUser(test.database.db));
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

/** What a phisher types into the form to have the site mail it, under its name, to a victim. */
const PHISHING_NAME = 'Your account is suspended: http://evil.example/x';
const PHISHING_MESSAGE =
  'Dear customer, confirm your payment at http://evil.example/phish before Friday (ref Zebracorn-7741).';
/** The test app's siteUrl: the only place a link in these e-mails may lead. */
const SITE_ORIGIN = 'http://localhost:3000';

/** The e-mails sent to `recipient`, oldest first. */
const mailTo = (recipient: string) =>
  test.database.db
    .select()
    .from(outbox)
    .where(eq(outbox.recipient, recipient))
    .orderBy(outbox.createdAt);

/** Every http(s) address in `text` that leads anywhere but this site. */
function foreignLinks(text: string): string[] {
  return [...text.matchAll(/https?:\/\/[^\s<>"'()]+/gi)]
    .map((match) => match[0])
    .filter((url) => URL.parse(url)?.origin !== SITE_ORIGIN);
}

/** Asserts an e-mail to a typed address repeats none of the phisher's words or links. */
function expectNothingOfTheSender(mail: { subject: string; body: string } | undefined) {
  expect(mail).toBeDefined();
  for (const text of [mail!.subject, mail!.body]) {
    expect(text).not.toContain('suspended');
    expect(text).not.toContain('Zebracorn-7741');
    expect(text).not.toContain('evil.example');
    expect(foreignLinks(text)).toEqual([]);
  }
}

describe('the confirmation to the address typed in the form (no phishing relay)', () => {
  it.each([
    ['en', `${SITE_ORIGIN}/property/`],
    ['fr', `${SITE_ORIGIN}/fr/property/`],
    ['rw', `${SITE_ORIGIN}/rw/property/`],
  ])(
    'in %s, says the question went to the lister, links the listing, and repeats nothing the sender typed',
    async (language, listingLink) => {
      const victim = `victim-${randomUUID()}@example.rw`;
      const response = await test.app.inject({
        method: 'POST',
        url: '/api/request-inform',
        headers: { 'accept-language': language },
        payload: validForm({ email: victim, name: PHISHING_NAME, message: PHISHING_MESSAGE }),
      });
      expect(response.statusCode, response.body).toBe(201);

      const mails = await mailTo(victim);
      expect(mails).toHaveLength(1);
      expectNothingOfTheSender(mails[0]);
      expect(mails[0]!.subject).toContain('Inquired house');
      expect(mails[0]!.body).toContain(`${listingLink}${propertyId}`);

      // The lister, an account holder expecting leads, still reads who asked and what.
      const toLister = (await mailTo(ownerEmail)).at(-1)!;
      expect(toLister.body).toContain(PHISHING_NAME);
      expect(toLister.body).toContain(PHISHING_MESSAGE);
    },
  );

  it('holds for a signed-in visitor too, even at their own account address (never proven)', async () => {
    const visitor = await createSignedInUser(test.database, { role: 'buyer' });
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/request-inform',
      headers: visitor.bearer,
      payload: validForm({
        email: visitor.user.email,
        name: PHISHING_NAME,
        message: PHISHING_MESSAGE,
      }),
    });
    expect(response.statusCode, response.body).toBe(201);
    const [row] = await rowsFrom(visitor.user.email);

    const [confirmation] = await mailTo(visitor.user.email);
    expectNothingOfTheSender(confirmation);
    // The way to read the question and the answers is the conversation, on this site.
    expect(confirmation!.body).toContain(`${SITE_ORIGIN}/inquiries/${row!.id}`);
  });

  it("the lister's answer to a visitor who was not signed in keeps the answer, not the visitor's name", async () => {
    const victim = `walk-in-${randomUUID()}@example.rw`;
    expect((await post(validForm({ email: victim, name: PHISHING_NAME }))).statusCode).toBe(201);
    const [row] = await rowsFrom(victim);
    const answer = await test.app.inject({
      method: 'POST',
      url: `/api/inquiries/${row!.id}/messages`,
      headers: { authorization: `Bearer ${await createSession(test.database, ownerId)}` },
      payload: { body: 'Yes, it is free from March. Call me to visit.' },
    });
    expect(answer.statusCode, answer.body).toBe(201);

    const reply = (await mailTo(victim)).at(-1)!;
    expect(reply.body).toContain('Yes, it is free from March. Call me to visit.');
    expectNothingOfTheSender(reply);
  });
});
