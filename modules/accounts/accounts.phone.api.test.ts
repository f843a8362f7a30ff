/**
 * Phone numbers as identity, through the API: registering with a number proved by a code sent
 * by SMS, signing in with the number (password or code), resetting a password by SMS, adding a
 * number to an account, and the limits that keep codes from being guessed or sprayed.
 */
import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox, sessions, smsOutbox, users } from '#db/schema.ts';
import { createPhoneUser } from '#seed/factories.ts';
import { createSignedInUser, createTestApp, type TestApp } from '#server/testing.ts';
import { hashPassword } from './accounts.passwords.ts';

const PASSWORD = 'correct horse battery';
const NEW_PASSWORD = 'staple battery horse';

/** A clock the test moves forward by hand. */
function createManualClock() {
  let now = Date.now();
  return {
    clock: () => new Date(now),
    advanceSeconds(seconds: number) {
      now += seconds * 1000;
    },
  };
}

const time = createManualClock();
let test: TestApp;
let addressCount = 0;

beforeAll(async () => {
  test = await createTestApp({ clock: time.clock });
});

afterAll(async () => {
  await test.close();
});

/** A Rwandan MTN number nobody used yet. */
function newPhone(): string {
  const digits = String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0');
  return `+25078${digits}`;
}

/** Each test from its own address, so that the address limit is tested only where meant. */
function fromNewAddress(): InjectOptions {
  addressCount += 1;
  return { remoteAddress: `10.1.${Math.floor(addressCount / 250)}.${addressCount % 250}` };
}

function post(url: string, payload: object, options: InjectOptions = {}) {
  return test.app.inject({ ...options, method: 'POST', url, payload });
}

/** The newest SMS to a number: its text and kind. */
async function lastSmsTo(phone: string) {
  const [row] = await test.database.db
    .select()
    .from(smsOutbox)
    .where(eq(smsOutbox.recipient, phone))
    .orderBy(desc(smsOutbox.createdAt), desc(smsOutbox.id))
    .limit(1);
  return row;
}

async function countSmsTo(phone: string): Promise<number> {
  const rows = await test.database.db
    .select({ id: smsOutbox.id })
    .from(smsOutbox)
    .where(eq(smsOutbox.recipient, phone));
  return rows.length;
}

/** The 6-digit code of the newest SMS to a number. */
async function codeSentTo(phone: string): Promise<string> {
  const sms = await lastSmsTo(phone);
  const code = /\b(\d{6})\b/.exec(sms?.body ?? '')?.[1];
  if (!code) throw new Error(`no code sent to ${phone}`);
  return code;
}

/** Another code than `code`. */
function wrong(code: string): string {
  return String((Number(code) + 1) % 1_000_000).padStart(6, '0');
}

function signupPayload(overrides: Record<string, unknown> = {}) {
  return {
    username: 'Jean Habimana',
    role: 'seller',
    password: PASSWORD,
    confirmPassword: PASSWORD,
    ...overrides,
  };
}

/** Registers a number (202 with its proof), then confirms it with the code: the session. */
async function registerByPhone(phone: string, options = fromNewAddress()) {
  const sent = await post('/api/signup', signupPayload({ phone }), options);
  expect(sent.statusCode).toBe(202);
  const confirmed = await post(
    '/api/signup/confirm',
    { proof: sent.json().proof, code: await codeSentTo(phone) },
    options,
  );
  expect(confirmed.statusCode).toBe(201);
  return confirmed.json() as { token: string; user: { id: string } };
}

async function userWithPhone(phone: string) {
  const [row] = await test.database.db.select().from(users).where(eq(users.phone, phone));
  return row;
}

describe('registering with a phone number', () => {
  it('sends a code by SMS and makes the account only when the code comes back', async () => {
    const phone = newPhone();
    const options = fromNewAddress();
    const typed = `0${phone.slice(4, 7)} ${phone.slice(7, 10)} ${phone.slice(10)}`;

    const sent = await post('/api/signup', signupPayload({ phone: typed, locale: 'rw' }), options);

    expect(sent.statusCode).toBe(202);
    expect(sent.json()).toEqual({
      message: expect.stringContaining('+250 78'),
      codeSent: true,
      proof: expect.any(String),
    });
    expect(await userWithPhone(phone)).toBeUndefined();
    const sms = await lastSmsTo(phone);
    expect(sms).toMatchObject({ kind: 'account', parts: 1 });
    // In the registration's language, with the line browsers offer the code from (WebOTP).
    expect(sms!.body).toMatch(/^Inzu[^:]*: kode yawe ni \d{6}\./);
    expect(sms!.body).toMatch(/\n@localhost(:\d+)? #\d{6}$/);

    const code = await codeSentTo(phone);
    const wrongOnce = await post(
      '/api/signup/confirm',
      { proof: sent.json().proof, code: wrong(code) },
      options,
    );
    expect(wrongOnce.statusCode).toBe(400);
    expect(wrongOnce.json().message).toMatch(/^code: .*4/);

    const confirmed = await post(
      '/api/signup/confirm',
      { proof: sent.json().proof, code },
      options,
    );
    expect(confirmed.statusCode).toBe(201);
    expect(confirmed.json().user).toMatchObject({
      email: null,
      phone,
      phoneProvedAt: expect.any(String),
      role: 'seller',
    });
    const me = await test.app.inject({
      url: '/api/me',
      headers: { authorization: `Bearer ${confirmed.json().token}` },
    });
    expect(me.json().user).toMatchObject({ phone, email: null });
    expect((await userWithPhone(phone))?.locale).toBe('rw');

    // A code works once.
    const again = await post('/api/signup/confirm', { proof: sent.json().proof, code }, options);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toMatch(/^code: /);
  });

  it('registers a number and an e-mail together, and e-mails the address its proof link', async () => {
    const phone = newPhone();
    const email = `both-${randomUUID()}@example.rw`;
    const options = fromNewAddress();
    const sent = await post('/api/signup', signupPayload({ phone, email }), options);
    const confirmed = await post(
      '/api/signup/confirm',
      { proof: sent.json().proof, code: await codeSentTo(phone) },
      options,
    );
    expect(confirmed.json().user).toMatchObject({ phone, email, emailProvedAt: null });
    const mails = await test.database.db.select().from(outbox).where(eq(outbox.recipient, email));
    expect(mails).toHaveLength(1);
  });

  it('answers 409 for a number or an e-mail that already has an account, and sends nothing', async () => {
    const owner = await createPhoneUser(test.database.db, { phone: newPhone() });
    const taken = await post(
      '/api/signup',
      signupPayload({ phone: owner.phone }),
      fromNewAddress(),
    );
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('This phone number already has an account.');
    expect(await countSmsTo(owner.phone)).toBe(0);

    const { user } = await createSignedInUser(test.database);
    const phone = newPhone();
    const emailTaken = await post(
      '/api/signup',
      signupPayload({ phone, email: user.email }),
      fromNewAddress(),
    );
    expect(emailTaken.statusCode).toBe(409);
    expect(await countSmsTo(phone)).toBe(0);
  });

  it('lets one of two registrations of a number win, the other answering 409', async () => {
    const phone = newPhone();
    const first = await post('/api/signup', signupPayload({ phone }), fromNewAddress());
    const firstCode = await codeSentTo(phone);
    time.advanceSeconds(61);
    const second = await post('/api/signup', signupPayload({ phone }), fromNewAddress());
    const secondCode = await codeSentTo(phone);
    // The newer code is the one that works: the older one died with it.
    const stale = await post('/api/signup/confirm', { proof: first.json().proof, code: firstCode });
    expect(stale.statusCode).toBe(400);
    const won = await post('/api/signup/confirm', { proof: second.json().proof, code: secondCode });
    expect(won.statusCode).toBe(201);
    expect(await test.database.db.select().from(users).where(eq(users.phone, phone))).toHaveLength(
      1,
    );
  });

  it('kills a code after 5 wrong tries: even the right one then fails', async () => {
    const phone = newPhone();
    const options = fromNewAddress();
    const sent = await post('/api/signup', signupPayload({ phone }), options);
    const code = await codeSentTo(phone);
    const messages = [];
    for (let tries = 0; tries < 5; tries += 1) {
      const response = await post(
        '/api/signup/confirm',
        { proof: sent.json().proof, code: wrong(code) },
        options,
      );
      expect(response.statusCode).toBe(400);
      messages.push(response.json().message);
    }
    expect(messages[3]).toMatch(/1 try left/);
    expect(messages[4]).toMatch(/expired/);
    const right = await post('/api/signup/confirm', { proof: sent.json().proof, code }, options);
    expect(right.statusCode).toBe(400);
    expect(await userWithPhone(phone)).toBeUndefined();
  });

  it('lets a code expire after 5 minutes', async () => {
    const phone = newPhone();
    const options = fromNewAddress();
    const sent = await post('/api/signup', signupPayload({ phone }), options);
    const code = await codeSentTo(phone);
    time.advanceSeconds(5 * 60 + 1);
    const late = await post('/api/signup/confirm', { proof: sent.json().proof, code }, options);
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toMatch(/^code: .*expired/);
  });

  it('sends a new code once a minute at most; the old one then stops working', async () => {
    const phone = newPhone();
    const options = fromNewAddress();
    const sent = await post('/api/signup', signupPayload({ phone }), options);
    const proof = sent.json().proof;
    const oldCode = await codeSentTo(phone);

    const tooSoon = await post('/api/phone-codes/resend', { proof }, options);
    expect(tooSoon.statusCode).toBe(429);
    expect(Number(tooSoon.headers['retry-after'])).toBeGreaterThan(0);
    expect(await countSmsTo(phone)).toBe(1);

    time.advanceSeconds(61);
    const resent = await post('/api/phone-codes/resend', { proof }, options);
    expect(resent.statusCode).toBe(200);
    expect(resent.json().message).toMatch(/A new code is on its way to \+250 78/);
    const newCode = await codeSentTo(phone);
    expect(await countSmsTo(phone)).toBe(2);
    if (newCode !== oldCode) {
      const old = await post('/api/signup/confirm', { proof, code: oldCode }, options);
      expect(old.statusCode).toBe(400);
    }
    const confirmed = await post('/api/signup/confirm', { proof, code: newCode }, options);
    expect(confirmed.statusCode).toBe(201);
  });

  it('sends a number at most 5 codes an hour, from however many addresses', async () => {
    const phone = newPhone();
    for (let sends = 0; sends < 5; sends += 1) {
      const sent = await post('/api/signup', signupPayload({ phone }), fromNewAddress());
      expect(sent.statusCode).toBe(202);
    }
    const sixth = await post('/api/signup', signupPayload({ phone }), fromNewAddress());
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().message).toMatch(/Too many codes were asked for/);
    expect(await countSmsTo(phone)).toBe(5);
  });

  it('sends one address at most 30 codes an hour, whatever the numbers', async () => {
    const options = fromNewAddress();
    for (let sends = 0; sends < 30; sends += 1) {
      const sent = await post('/api/signup', signupPayload({ phone: newPhone() }), options);
      expect(sent.statusCode).toBe(202);
    }
    const phone = newPhone();
    const refused = await post('/api/signup', signupPayload({ phone }), options);
    expect(refused.statusCode).toBe(429);
    expect(await countSmsTo(phone)).toBe(0);
  });

  it('answers 400 naming the field for bad input, never a 500', async () => {
    const cases: [string, string, object][] = [
      ['/api/signup', 'phone', signupPayload({ phone: '0788' })],
      ['/api/signup', 'phone', signupPayload({})],
      ['/api/signup/confirm', 'proof', { code: '123456' }],
      ['/api/signup/confirm', 'code', { proof: 'x' }],
      ['/api/signup/confirm', 'code', { proof: 'unknown', code: '123456' }],
      ['/api/phone-codes/resend', 'proof', {}],
      ['/api/phone-codes/resend', 'proof', { proof: 'unknown' }],
      ['/api/login/sms', 'phone', { phone: 'call me' }],
      ['/api/login/sms/confirm', 'code', { proof: 'unknown', code: '000000' }],
      [
        '/api/reset-password/code',
        'confirmPassword',
        { proof: 'p', code: '1', password: PASSWORD },
      ],
    ];
    for (const [url, field, payload] of cases) {
      const response = await post(url, payload, fromNewAddress());
      const label = `${url} ${JSON.stringify(payload)}`;
      expect(response.statusCode, label).toBe(400);
      expect(response.json().message, label).toMatch(new RegExp(`^${field}: `));
    }
  });
});

describe('signing in with a phone number', () => {
  it('signs in with the number, written any common way, and the password', async () => {
    const phone = newPhone();
    await registerByPhone(phone);
    for (const typed of [
      phone,
      `0${phone.slice(4)}`,
      `+250 ${phone.slice(4, 7)} ${phone.slice(7)}`,
    ]) {
      const response = await post('/api/login', { email: typed, password: PASSWORD });
      expect(response.statusCode, typed).toBe(200);
      expect(response.json().user.phone).toBe(phone);
    }
    const asPhone = await post('/api/login', { phone, password: PASSWORD });
    expect(asPhone.statusCode).toBe(200);
    const wrongPassword = await post('/api/login', { phone, password: NEW_PASSWORD });
    expect(wrongPassword.statusCode).toBe(401);
  });

  it('does not sign in with a number that is no account’s, nor one waiting for its code', async () => {
    const phone = newPhone();
    await post('/api/signup', signupPayload({ phone }), fromNewAddress());
    const response = await post('/api/login', { email: phone, password: PASSWORD });
    expect(response.statusCode).toBe(401);
  });

  it('signs in with a code by SMS; a number without an account gets the same answer and no SMS', async () => {
    const phone = newPhone();
    await registerByPhone(phone);
    const options = fromNewAddress();
    const sent = await post('/api/login/sms', { phone }, options);
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({
      message: expect.stringMatching(/^If \+250 78.* is the number of an account/),
      codeSent: true,
      proof: expect.any(String),
    });
    const signedIn = await post(
      '/api/login/sms/confirm',
      { proof: sent.json().proof, code: await codeSentTo(phone) },
      options,
    );
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toMatchObject({ token: expect.any(String), user: { phone } });

    const stranger = newPhone();
    const unknown = await post('/api/login/sms', { phone: stranger }, fromNewAddress());
    expect(unknown.statusCode).toBe(200);
    expect(Object.keys(unknown.json())).toEqual(Object.keys(sent.json()));
    expect(await countSmsTo(stranger)).toBe(0);
  });

  it('asks for the two-step code after the SMS code when two-step sign-in is on', async () => {
    const phone = newPhone();
    const { user } = await registerByPhone(phone);
    await test.database.db
      .update(users)
      .set({ totpSecret: 'JBSWY3DPEHPK3PXP', totpEnabledAt: new Date() })
      .where(eq(users.id, user.id));
    const sent = await post('/api/login/sms', { phone }, fromNewAddress());
    const answer = await post('/api/login/sms/confirm', {
      proof: sent.json().proof,
      code: await codeSentTo(phone),
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ twoStepRequired: true, challenge: expect.any(String) });
    expect(answer.json().token).toBeUndefined();
  });

  it('does not let a sign-in code stand for a reset code, nor the other way round', async () => {
    const phone = newPhone();
    await registerByPhone(phone);
    const sent = await post('/api/login/sms', { phone }, fromNewAddress());
    const code = await codeSentTo(phone);
    const misused = await post('/api/reset-password/code', {
      proof: sent.json().proof,
      code,
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(misused.statusCode).toBe(400);
    expect((await post('/api/login', { phone, password: PASSWORD })).statusCode).toBe(200);
  });
});

describe('a forgotten password, by SMS', () => {
  it('sets a new password with the code, ends every session and tells the number', async () => {
    const phone = newPhone();
    const { user, token } = await registerByPhone(phone);
    const options = fromNewAddress();
    const asked = await post('/api/forgot-password', { email: `0${phone.slice(4)}` }, options);
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toMatchObject({ codeSent: true, proof: expect.any(String) });
    const code = await codeSentTo(phone);

    const reset = await post(
      '/api/reset-password/code',
      { proof: asked.json().proof, code, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
      options,
    );
    expect(reset.statusCode).toBe(200);
    expect(reset.json().message).toBe('Your password has been changed. You can now log in.');
    const left = await test.database.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, user.id)));
    expect(left).toHaveLength(0);
    const me = await test.app.inject({
      url: '/api/me',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.statusCode).toBe(401);
    expect((await post('/api/login', { phone, password: PASSWORD })).statusCode).toBe(401);
    expect((await post('/api/login', { phone, password: NEW_PASSWORD })).statusCode).toBe(200);
    // The number hears that its sign-in changed, with the way back in.
    expect((await lastSmsTo(phone))?.body).toMatch(/sign-in of your account was just changed/);
  });

  it('answers a number without an account the same, and sends it nothing', async () => {
    const stranger = newPhone();
    const asked = await post('/api/forgot-password', { phone: stranger }, fromNewAddress());
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toMatchObject({ codeSent: true, proof: expect.any(String) });
    expect(await countSmsTo(stranger)).toBe(0);
  });
});

describe('a phone number on an existing account', () => {
  it('adds a number after the password and its code, and tells the e-mail address', async () => {
    const passwordHash = await hashPassword(PASSWORD);
    const { user, bearer } = await createSignedInUser(test.database, { passwordHash });
    const phone = newPhone();
    const options = { ...fromNewAddress(), headers: bearer };

    const wrongPassword = await post('/api/me/phone', { phone, password: NEW_PASSWORD }, options);
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json().message).toMatch(/^password: /);
    expect(await countSmsTo(phone)).toBe(0);

    const sent = await post('/api/me/phone', { phone, password: PASSWORD }, options);
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({ codeSent: true });
    // Not the account's until its code is typed: it neither signs in nor receives notices.
    expect((await post('/api/login', { phone, password: PASSWORD })).statusCode).toBe(401);

    // Another account cannot use the code sent for this one.
    const other = await createSignedInUser(test.database);
    const stolen = await post(
      '/api/me/phone/confirm',
      { proof: sent.json().proof, code: await codeSentTo(phone) },
      { headers: other.bearer },
    );
    expect(stolen.statusCode).toBe(400);

    const proved = await post(
      '/api/me/phone/confirm',
      { proof: sent.json().proof, code: await codeSentTo(phone) },
      options,
    );
    expect(proved.statusCode).toBe(200);
    expect(proved.json().user).toMatchObject({ phone, phoneProvedAt: expect.any(String) });
    expect((await post('/api/login', { phone, password: PASSWORD })).statusCode).toBe(200);
    const [told] = await test.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.recipient, user.email))
      .orderBy(desc(outbox.createdAt));
    expect(told?.subject).toMatch(/A phone number was added/);
  });

  it('refuses a number another account proved (409), and the one already on the account', async () => {
    const passwordHash = await hashPassword(PASSWORD);
    const holder = await createPhoneUser(test.database.db, { phone: newPhone() });
    const { bearer } = await createSignedInUser(test.database, {
      passwordHash,
      phone: newPhone(),
      phoneProvedAt: new Date(),
    });
    const taken = await post(
      '/api/me/phone',
      { phone: holder.phone, password: PASSWORD },
      { headers: bearer },
    );
    expect(taken.statusCode).toBe(409);
    expect(await countSmsTo(holder.phone)).toBe(0);
  });

  it('removes the number with the password, but not the only way an account signs in', async () => {
    const passwordHash = await hashPassword(PASSWORD);
    const phone = newPhone();
    const withEmail = await createSignedInUser(test.database, {
      passwordHash,
      phone,
      phoneProvedAt: new Date(),
    });
    const removed = await test.app.inject({
      method: 'DELETE',
      url: '/api/me/phone',
      headers: withEmail.bearer,
      payload: { password: PASSWORD },
    });
    expect(removed.statusCode).toBe(200);
    expect(await userWithPhone(phone)).toBeUndefined();

    const phoneOnly = await createPhoneUser(test.database.db, { phone: newPhone(), passwordHash });
    const [session] = await Promise.all([
      import('#server/testing.ts').then(({ createSession }) =>
        createSession(test.database, phoneOnly.id),
      ),
    ]);
    const refused = await test.app.inject({
      method: 'DELETE',
      url: '/api/me/phone',
      headers: { authorization: `Bearer ${session}` },
      payload: { password: PASSWORD },
    });
    expect(refused.statusCode).toBe(409);
    expect((await userWithPhone(phoneOnly.phone))?.id).toBe(phoneOnly.id);
  });

  it('answers 401 to an anonymous caller', async () => {
    expect(
      (await post('/api/me/phone', { phone: newPhone(), password: PASSWORD })).statusCode,
    ).toBe(401);
    expect((await post('/api/me/phone/confirm', { proof: 'p', code: '1' })).statusCode).toBe(401);
  });
});
