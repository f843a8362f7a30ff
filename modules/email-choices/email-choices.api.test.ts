/** E-mail choices: the account's settings, the unsubscribe link, and the e-mails they stop. */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newsletterSubscriptions, notifications, outbox } from '#db/schema.ts';
import { createProperty } from '#seed/factories.ts';
import { createSignedInUser, createTestApp, type TestApp } from '#server/testing.ts';

type SignedIn = Awaited<ReturnType<typeof createSignedInUser>>;

let test: TestApp;

beforeAll(async () => {
  test = await createTestApp();
});

afterAll(async () => {
  await test.close();
});

const ALL_ON = {
  notice: true,
  inquiry: true,
  match: true,
  favourite: true,
  listing: true,
  search: true,
  newsletter: false,
};

const choicesOf = (user: SignedIn) =>
  test.app.inject({ method: 'GET', url: '/api/my-email-preferences', headers: user.bearer });

const change = (user: SignedIn, payload: object) =>
  test.app.inject({
    method: 'PUT',
    url: '/api/my-email-preferences',
    headers: user.bearer,
    payload,
  });

const mailTo = (recipient: string) =>
  test.database.db.select().from(outbox).where(eq(outbox.recipient, recipient));

function ask(listingId: string) {
  return test.app.inject({
    method: 'POST',
    url: '/api/request-inform',
    payload: {
      listingId,
      name: 'Eric Mugisha',
      email: `eric-${randomUUID()}@example.rw`,
      phone: '0788123456',
      role: 'buyer',
      message: 'Is it still free?',
      agree: true,
    },
  });
}

describe('GET and PUT /api/my-email-preferences', () => {
  it('answers every kind on by default, the newsletter off until subscribed', async () => {
    const user = await createSignedInUser(test.database, { role: 'buyer' });
    const answer = await choicesOf(user);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ data: ALL_ON });
  });

  it('changes only the kinds sent, and answers them all', async () => {
    const user = await createSignedInUser(test.database, { role: 'seller' });
    const changed = await change(user, { inquiry: false, match: false });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({ data: { ...ALL_ON, inquiry: false, match: false } });
    expect((await change(user, { match: true })).json().data).toEqual({
      ...ALL_ON,
      inquiry: false,
    });
    expect((await choicesOf(user)).json().data).toEqual({ ...ALL_ON, inquiry: false });
  });

  it('refuses a kind that is not one (400 naming it), a non-boolean, and strangers (401)', async () => {
    const user = await createSignedInUser(test.database, { role: 'buyer' });
    const unknown = await change(user, { sms: false });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toMatch(/sms/);
    const notBoolean = await change(user, { match: 'no' });
    expect(notBoolean.statusCode).toBe(400);
    expect(notBoolean.json().message).toMatch(/^match: /);
    expect((await choicesOf(user)).json().data).toEqual(ALL_ON);

    const anonymous = await test.app.inject({
      method: 'PUT',
      url: '/api/my-email-preferences',
      payload: { match: false },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(
      (await test.app.inject({ method: 'GET', url: '/api/my-email-preferences' })).statusCode,
    ).toBe(401);
  });

  it('subscribes to the newsletter with one welcome e-mail, and unsubscribes', async () => {
    const user = await createSignedInUser(test.database, { role: 'buyer' });
    expect((await change(user, { newsletter: true })).json().data.newsletter).toBe(true);
    expect((await change(user, { newsletter: true })).json().data.newsletter).toBe(true);
    const welcomes = await mailTo(user.user.email);
    expect(welcomes.map((mail) => mail.subject)).toEqual([
      'You are subscribed to the Inzu newsletter',
    ]);
    expect(welcomes[0]!.unsubscribeUrl).toMatch(/\/unsubscribe\?token=/);

    expect((await change(user, { newsletter: false })).json().data.newsletter).toBe(false);
    const rows = await test.database.db
      .select()
      .from(newsletterSubscriptions)
      .where(eq(sql`lower(${newsletterSubscriptions.email})`, user.user.email.toLowerCase()));
    expect(rows).toEqual([]);
  });
});

describe('what the choices stop', () => {
  it('an owner who turned inquiries off still sees them in-app, but gets no e-mail', async () => {
    const owner = await createSignedInUser(test.database, { role: 'seller' });
    const house = await createProperty(test.database.db, owner.user.id, { title: 'Quiet house' });
    await change(owner, { inquiry: false });

    expect((await ask(house.id)).statusCode).toBe(201);

    expect(await mailTo(owner.user.email)).toEqual([]);
    const inApp = await test.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, owner.user.id));
    expect(inApp.map((row) => row.title)).toEqual(['New inquiry about Quiet house']);

    await change(owner, { inquiry: true });
    expect((await ask(house.id)).statusCode).toBe(201);
    expect(await mailTo(owner.user.email)).toHaveLength(1);
  });

  it('an unsubscribe link from an e-mail stops that kind for its address, without signing in', async () => {
    const owner = await createSignedInUser(test.database, { role: 'seller' });
    const house = await createProperty(test.database.db, owner.user.id);
    await ask(house.id);
    const [mail] = await mailTo(owner.user.email);
    expect(mail!.body).toContain(`To stop these e-mails: ${mail!.unsubscribeUrl}`);
    const token = new URL(mail!.unsubscribeUrl!).searchParams.get('token')!;

    const { emailChoices } = test.app.services;
    expect(await emailChoices.readLink(token)).toEqual({
      email: owner.user.email.toLowerCase(),
      kind: 'inquiry',
      isReceiving: true,
    });
    await emailChoices.answerLink(token, false);
    expect((await choicesOf(owner)).json().data).toEqual({ ...ALL_ON, inquiry: false });
    await emailChoices.answerLink(token, true);
    expect((await choicesOf(owner)).json().data).toEqual(ALL_ON);

    await expect(emailChoices.readLink(`${token}0`)).rejects.toMatchObject({
      status: 400,
      message:
        'token: This unsubscribe link is not valid. Sign in to choose which e-mails you receive.',
    });
  });

  it('an account e-mail (a password reset) is sent whatever the choices', async () => {
    const user = await createSignedInUser(test.database, { role: 'buyer' });
    await change(user, { notice: false, inquiry: false, match: false, favourite: false });
    const reset = await test.app.inject({
      method: 'POST',
      url: '/api/forgot-password',
      payload: { email: user.user.email },
    });
    expect(reset.statusCode).toBe(200);
    const [mail] = await mailTo(user.user.email);
    expect(mail).toMatchObject({ unsubscribeUrl: null });
    expect(mail!.body).not.toContain('unsubscribe');
  });
});
