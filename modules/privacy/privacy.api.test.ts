/**
 * People's data (Law No 058/2021): a user downloads everything kept about them and deletes
 * their own account with their password.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  emailOptOuts,
  favourites,
  inquiries,
  inquiryMessages,
  newsletterSubscriptions,
  notifications,
  properties,
  savedSearches,
  sessions,
  users,
} from '#db/schema.ts';
import { createAsset, createProperty, createPropertyRequest } from '#seed/factories.ts';
import { hashPassword } from '#modules/accounts/accounts.passwords.ts';
import { hashToken } from '#modules/accounts/accounts.service.ts';
import {
  browserHeaders,
  createSignedInUser,
  createTestApp,
  type TestApp,
} from '#server/testing.ts';

const PASSWORD = 'correct horse battery';
const TOTP_SECRET = 'JBSWY3DPEHPK3PXPTOTPSECRETX';

let test: TestApp;
let passwordHash: string;

beforeAll(async () => {
  test = await createTestApp();
  passwordHash = await hashPassword(PASSWORD);
});

afterAll(async () => {
  await test.close();
});

/** A seller with a password, a two-step secret and a bit of everything the export lists. */
async function createFullUser() {
  const { db } = test.database;
  const person = await createSignedInUser(test.database, {
    role: 'seller',
    name: 'Claudine Mukamana',
    passwordHash,
    totpSecret: TOTP_SECRET,
    totpEnabledAt: new Date(),
  });
  const other = await createSignedInUser(test.database, { role: 'seller' });
  const house = await createProperty(db, person.user.id, { title: 'Export house' });
  await createProperty(db, person.user.id, { title: 'Withdrawn house', deletedAt: new Date() });
  const car = await createAsset(db, person.user.id, { name: 'Export car' });
  const request = await createPropertyRequest(db, person.user.id, { title: 'Looking in Remera' });
  const theirs = await createProperty(db, other.user.id, { title: 'Their flat' });
  const [sent] = await db
    .insert(inquiries)
    .values({
      propertyId: theirs.id,
      ownerId: other.user.id,
      senderId: person.user.id,
      name: 'Claudine Mukamana',
      email: person.user.email,
      phone: '0788123456',
      role: 'buyer',
      message: 'Is it still free?',
      isAgreedToEmails: true,
    })
    .returning();
  await db.insert(inquiryMessages).values({
    inquiryId: sent!.id,
    from: 'owner',
    authorId: other.user.id,
    body: 'Yes, come on Monday.',
  });
  await db.insert(inquiries).values({
    propertyId: house.id,
    ownerId: person.user.id,
    name: 'A visitor',
    email: 'visitor@example.rw',
    phone: '0788000111',
    role: 'buyer',
    message: 'What is the price?',
  });
  await db.insert(favourites).values({
    userId: person.user.id,
    listingId: theirs.id,
    listingKind: 'property',
    knownPrice: 1,
  });
  await db
    .insert(savedSearches)
    .values({ userId: person.user.id, name: 'Kicukiro houses', filters: { district: 'Kicukiro' } });
  await db
    .insert(notifications)
    .values({ title: 'Approved', message: 'Your house is live', userId: person.user.id });
  await db.insert(emailOptOuts).values({ email: person.user.email, kind: 'match' });
  await db.insert(newsletterSubscriptions).values({ email: person.user.email });
  return { ...person, house, car, request, sent: sent!, other };
}

const exportOf = (headers: Record<string, string>) =>
  test.app.inject({ method: 'GET', url: '/api/me/export', headers });

const deleteMe = (headers: Record<string, string>, payload?: object) =>
  test.app.inject({ method: 'DELETE', url: '/api/me', headers, payload });

describe('GET /api/me/export', () => {
  it('answers every section of the user’s data as an attachment, and no secret', async () => {
    const person = await createFullUser();
    const response = await exportOf(person.bearer);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="inzu-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const data = response.json();
    expect(data.profile).toMatchObject({
      id: person.user.id,
      name: 'Claudine Mukamana',
      email: person.user.email,
      role: 'seller',
      isTwoStepOn: true,
    });
    expect(data.listings.properties).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ title: 'Export house', isDeleted: false }),
        expect.objectContaining({ title: 'Withdrawn house', isDeleted: true }),
      ]),
    );
    expect(data.listings.assets).toEqual([expect.objectContaining({ name: 'Export car' })]);
    expect(data.requests).toEqual([expect.objectContaining({ title: 'Looking in Remera' })]);
    expect(data.conversations).toHaveLength(2);
    const sent = data.conversations.find((item: { id: string }) => item.id === person.sent.id);
    expect(sent).toMatchObject({ side: 'visitor', isAgreedToEmails: true });
    expect(sent.messages.map((message: { body: string }) => message.body)).toEqual([
      'Is it still free?',
      'Yes, come on Monday.',
    ]);
    expect(
      data.conversations.find((item: { side: string }) => item.side === 'owner'),
    ).toMatchObject({ email: 'visitor@example.rw', messages: [{ body: 'What is the price?' }] });
    expect(data.favourites).toHaveLength(1);
    expect(data.savedSearches).toEqual([
      expect.objectContaining({ name: 'Kicukiro houses', filters: { district: 'Kicukiro' } }),
    ]);
    expect(data.notifications).toEqual([expect.objectContaining({ title: 'Approved' })]);
    expect(data.consents).toMatchObject({
      emailOptOuts: [{ kind: 'match' }],
      newsletter: { isSubscribed: true },
      inquiryEmailAgreements: [{ inquiryId: person.sent.id, isAgreedToEmails: true }],
    });
    expect(data.sessions).toEqual([expect.objectContaining({ isCurrent: true })]);

    const text = response.body;
    expect(text).not.toContain(passwordHash);
    expect(text).not.toContain('$argon2');
    expect(text).not.toContain(TOTP_SECRET);
    expect(text).not.toContain(hashToken(person.token));
    expect(text).not.toContain('passwordHash');
    expect(text).not.toContain('tokenHash');
    expect(text).not.toContain('"search"');
  });

  it('answers only the user’s own data', async () => {
    const person = await createFullUser();
    const data = (await exportOf(person.other.bearer)).json();
    expect(data.profile.id).toBe(person.other.user.id);
    expect(JSON.stringify(data)).not.toContain('Export house');
    expect(data.conversations).toHaveLength(1);
    expect(data.conversations[0]).toMatchObject({ side: 'owner', id: person.sent.id });
  });

  it('works with the session cookie (the account page’s link) and refuses visitors (401)', async () => {
    const person = await createFullUser();
    const cookie = await exportOf({ cookie: browserHeaders(person.token).cookie! });
    expect(cookie.statusCode).toBe(200);
    expect((await exportOf({})).statusCode).toBe(401);
  });
});

describe('DELETE /api/me', () => {
  it('refuses a missing or wrong password (400 naming password) and changes nothing', async () => {
    const person = await createFullUser();
    const missing = await deleteMe(person.bearer, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/^password: /);
    const wrong = await deleteMe(person.bearer, { password: 'not my password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      message: 'password: The password is not right.',
      issues: [{ field: 'password' }],
    });
    // Counted as failed sign-ins of the account: guesses here meet the same growing delay.
    const guesses: number[] = [];
    for (let guess = 0; guess < 6; guess += 1) {
      guesses.push((await deleteMe(person.bearer, { password: `guess ${guess}` })).statusCode);
    }
    expect(guesses.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    expect(guesses[5]).toBe(429);
    const [row] = await test.database.db.select().from(users).where(eq(users.id, person.user.id));
    expect(row).toMatchObject({
      name: 'Claudine Mukamana',
      email: person.user.email,
      passwordHash,
      status: 'Active',
      deletedAt: null,
    });
    const [house] = await test.database.db
      .select()
      .from(properties)
      .where(eq(properties.id, person.house.id));
    expect(house!.deletedAt).toBeNull();
    expect((await test.app.inject({ url: '/api/me', headers: person.bearer })).statusCode).toBe(
      200,
    );
  });

  it('anonymises the account with the right password, ends its sessions and clears the cookie', async () => {
    const person = await createFullUser();
    const response = await deleteMe(browserHeaders(person.token), { password: PASSWORD });
    expect(response.statusCode).toBe(204);
    expect(String(response.headers['set-cookie'])).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/);

    const { db } = test.database;
    const [row] = await db.select().from(users).where(eq(users.id, person.user.id));
    expect(row).toMatchObject({
      email: `deleted-${person.user.id}@deleted.invalid`,
      passwordHash: null,
      totpSecret: null,
      totpEnabledAt: null,
      status: 'Blocked',
    });
    expect(row!.name).not.toBe('Claudine Mukamana');
    expect(row!.deletedAt).not.toBeNull();
    expect(await db.select().from(sessions).where(eq(sessions.userId, person.user.id))).toEqual([]);
    expect(await db.select().from(favourites).where(eq(favourites.userId, person.user.id))).toEqual(
      [],
    );
    const [house] = await db.select().from(properties).where(eq(properties.id, person.house.id));
    expect(house!.deletedAt).not.toBeNull();
    const [sent] = await db.select().from(inquiries).where(eq(inquiries.id, person.sent.id));
    expect(sent).toMatchObject({ email: row!.email, phone: '' });

    expect((await test.app.inject({ url: '/api/me', headers: person.bearer })).statusCode).toBe(
      401,
    );
    const login = await test.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: person.user.email, password: PASSWORD },
    });
    expect(login.statusCode).toBe(401);
  });

  it('refuses visitors (401) and keeps the last active admin (409)', async () => {
    expect((await deleteMe({}, { password: PASSWORD })).statusCode).toBe(401);
    const admins = await test.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.role, 'admin'));
    expect(admins).toEqual([]);
    const admin = await createSignedInUser(test.database, { role: 'admin', passwordHash });
    const refused = await deleteMe(admin.bearer, { password: PASSWORD });
    expect(refused.statusCode).toBe(409);
    const [row] = await test.database.db.select().from(users).where(eq(users.id, admin.user.id));
    expect(row!.deletedAt).toBeNull();
    // With another admin, an admin may leave.
    await createSignedInUser(test.database, { role: 'admin' });
    expect((await deleteMe(admin.bearer, { password: PASSWORD })).statusCode).toBe(204);
  });
});
