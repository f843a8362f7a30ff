/**
 * Two-step sign-in (TOTP with recovery codes), the sessions list and password changes, through
 * the API. Codes are computed here with otplib from the secret the API hands out, at the time
 * of the test's own clock.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, outbox, recoveryCodes, sessions, users } from '#db/schema.ts';
import { createUser } from '#seed/factories.ts';
import type { UserRole } from '#lib/account.ts';
import { createSession, createTestApp, type TestApp } from '#server/testing.ts';
import { hashPassword } from './accounts.passwords.ts';

const PASSWORD = 'correct horse battery';
const NEW_PASSWORD = 'staple battery horse';
const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; TECNO KI7) AppleWebKit/537.36 (KHTML, like Gecko) ' +
  'Chrome/126.0.0.0 Mobile Safari/537.36';
const WINDOWS_FIREFOX =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';

function createManualClock() {
  let now = Date.now();
  return {
    clock: () => new Date(now),
    nowSeconds: () => Math.floor(now / 1000),
    advanceSeconds(seconds: number) {
      now += seconds * 1000;
    },
  };
}

const time = createManualClock();
let test: TestApp;
let passwordHash: string;

beforeAll(async () => {
  test = await createTestApp({ clock: time.clock });
  passwordHash = await hashPassword(PASSWORD);
});

afterAll(async () => {
  await test.close();
});

type Account = { id: string; email: string; token: string; auth: Record<string, string> };

/** A user with a password and a session, made in the database. */
async function accountOf(app: TestApp = test, role: UserRole = 'buyer'): Promise<Account> {
  const email = `security-${randomUUID()}@example.rw`;
  const user = await createUser(app.database.db, { email, role, passwordHash });
  const token = await createSession(app.database, user.id);
  return { id: user.id, email, token, auth: { authorization: `Bearer ${token}` } };
}

function call(
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  auth: Record<string, string> = {},
  payload?: object,
  app: TestApp = test,
) {
  return app.app.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) });
}

function codeAt(secret: string, offsetSeconds = 0): Promise<string> {
  return generate({ secret, epoch: time.nowSeconds() + offsetSeconds });
}

/** Turns two-step sign-in on for an account; answers its secret and recovery codes. */
async function turnOnTwoStep(account: Account, app: TestApp = test) {
  const setup = await call(
    'POST',
    '/api/me/two-step/setup',
    account.auth,
    { password: PASSWORD },
    app,
  );
  expect(setup.statusCode).toBe(200);
  const { secret } = setup.json<{ secret: string }>();
  const enabled = await call(
    'POST',
    '/api/me/two-step/enable',
    account.auth,
    { password: PASSWORD, code: await codeAt(secret) },
    app,
  );
  expect(enabled.statusCode).toBe(200);
  // The code that turned it on is spent: the next sign-in waits for the app's next code.
  time.advanceSeconds(30);
  return { secret, codes: enabled.json<{ recoveryCodes: string[] }>().recoveryCodes };
}

async function passwordStep(email: string, password = PASSWORD, app: TestApp = test) {
  return app.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email, password },
    headers: { 'user-agent': ANDROID_CHROME },
  });
}

function codeStep(challenge: string, code: string) {
  return test.app.inject({
    method: 'POST',
    url: '/api/login/two-step',
    payload: { challenge, code },
    headers: { 'user-agent': ANDROID_CHROME },
  });
}

async function sessionCount(userId: string) {
  return (await test.database.db.select().from(sessions).where(eq(sessions.userId, userId))).length;
}

describe('turning two-step sign-in on', () => {
  it('is off at first, and only for the signed-in', async () => {
    const account = await accountOf();
    const state = await call('GET', '/api/me/two-step', account.auth);
    expect(state.json()).toEqual({ isOn: false, enabledAt: null, recoveryCodesLeft: 0 });
    expect((await call('GET', '/api/me/two-step')).statusCode).toBe(401);
    expect((await call('POST', '/api/me/two-step/setup')).statusCode).toBe(401);
  });

  it('hands out a secret and its otpauth:// URI, then turns on with a right code', async () => {
    const account = await accountOf();
    const setup = await call('POST', '/api/me/two-step/setup', account.auth, {
      password: PASSWORD,
    });
    const { secret, uri } = setup.json<{ secret: string; uri: string }>();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri).toBe(
      `otpauth://totp/Inzu:${encodeURIComponent(account.email)}?secret=${secret}&issuer=Inzu`,
    );

    const wrong = await call('POST', '/api/me/two-step/enable', account.auth, {
      password: PASSWORD,
      code: '000000',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().issues).toEqual([{ field: 'code', message: expect.any(String) }]);
    const missing = await call('POST', '/api/me/two-step/enable', account.auth, {
      password: PASSWORD,
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/^code: /);
    const [row] = await test.database.db.select().from(users).where(eq(users.id, account.id));
    expect(row?.totpEnabledAt).toBeNull();

    // The code of the step before still counts (a phone's clock a little behind).
    const enabled = await call('POST', '/api/me/two-step/enable', account.auth, {
      password: PASSWORD,
      code: await codeAt(secret, -30),
    });
    expect(enabled.statusCode).toBe(200);
    const codes = enabled.json<{ recoveryCodes: string[] }>().recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{4}(-[a-z2-9]{4}){3}$/);

    const stored = await test.database.db
      .select()
      .from(recoveryCodes)
      .where(eq(recoveryCodes.userId, account.id));
    expect(stored).toHaveLength(10);
    expect(stored.map((code) => code.codeHash)).not.toContain(codes[0]);

    const state = await call('GET', '/api/me/two-step', account.auth);
    expect(state.json()).toMatchObject({ isOn: true, recoveryCodesLeft: 10 });
    expect(
      (await call('POST', '/api/me/two-step/setup', account.auth, { password: PASSWORD }))
        .statusCode,
    ).toBe(409);
  });

  it('refuses a code 2 steps away, and enabling before any setup', async () => {
    const account = await accountOf();
    const early = await call('POST', '/api/me/two-step/enable', account.auth, {
      password: PASSWORD,
      code: '123456',
    });
    expect(early.statusCode).toBe(400);
    expect(early.json().issues[0].field).toBe('code');

    const { secret } = (
      await call('POST', '/api/me/two-step/setup', account.auth, { password: PASSWORD })
    ).json();
    const stale = await call('POST', '/api/me/two-step/enable', account.auth, {
      password: PASSWORD,
      code: await codeAt(secret, -75),
    });
    expect(stale.statusCode).toBe(400);
  });
});

describe('signing in with two-step sign-in on', () => {
  it('asks for a code instead of making a session, then signs in with it', async () => {
    const account = await accountOf();
    const { secret } = await turnOnTwoStep(account);
    const before = await sessionCount(account.id);

    const first = await passwordStep(account.email);
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body).toEqual({
      message: 'Enter the 6-digit code from your authenticator app.',
      twoStepRequired: true,
      challenge: expect.any(String),
    });
    expect(first.headers['set-cookie']).toBeUndefined();
    expect(await sessionCount(account.id)).toBe(before);

    const wrong = await codeStep(body.challenge, '000000');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().issues[0].field).toBe('code');

    const signedIn = await codeStep(body.challenge, await codeAt(secret));
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user.email).toBe(account.email);
    expect(String(signedIn.headers['set-cookie'])).toMatch(/^session=/);
    const me = await call('GET', '/api/me', { authorization: `Bearer ${signedIn.json().token}` });
    expect(me.statusCode).toBe(200);
  });

  it('takes each code from the app once, and none older than the last one taken', async () => {
    const account = await accountOf();
    const { secret } = await turnOnTwoStep(account);
    const code = await codeAt(secret);
    const first = (await passwordStep(account.email)).json();
    expect((await codeStep(first.challenge, code)).statusCode).toBe(200);
    // The same code again (seen over a shoulder, or replayed) is refused, as is the one before.
    const second = (await passwordStep(account.email)).json();
    const replayed = await codeStep(second.challenge, code);
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json().issues[0].field).toBe('code');
    expect((await codeStep(second.challenge, await codeAt(secret, -30))).statusCode).toBe(400);
    // The app's next code works.
    time.advanceSeconds(30);
    expect((await codeStep(second.challenge, await codeAt(secret))).statusCode).toBe(200);
  });

  it('takes each recovery code once', async () => {
    const account = await accountOf();
    const { codes } = await turnOnTwoStep(account);
    const { challenge } = (await passwordStep(account.email)).json();
    // Typed in capitals and without dashes, it still counts.
    const typed = codes[0]!.replaceAll('-', '').toUpperCase();
    expect((await codeStep(challenge, typed)).statusCode).toBe(200);

    const again = (await passwordStep(account.email)).json();
    const reused = await codeStep(again.challenge, codes[0]!);
    expect(reused.statusCode).toBe(400);
    expect((await codeStep(again.challenge, codes[1]!)).statusCode).toBe(200);
    const state = await call('GET', '/api/me/two-step', account.auth);
    expect(state.json().recoveryCodesLeft).toBe(8);
  });

  it('lets a challenge take 5 wrong codes, then refuses even the right one', async () => {
    const account = await accountOf();
    const { secret } = await turnOnTwoStep(account);
    const { challenge } = (await passwordStep(account.email)).json();
    for (let attempt = 1; attempt <= 5; attempt++) {
      const response = await codeStep(challenge, `${100000 + attempt}`);
      expect(response.statusCode, `code ${attempt}`).toBe(400);
      expect(response.json().issues[0].field).toBe('code');
    }
    const dead = await codeStep(challenge, await codeAt(secret));
    expect(dead.statusCode).toBe(400);
    expect(dead.json().issues[0].field).toBe('challenge');

    // A new password step starts a new challenge.
    const fresh = (await passwordStep(account.email)).json();
    expect((await codeStep(fresh.challenge, await codeAt(secret))).statusCode).toBe(200);
  });

  it('refuses a forged challenge, and one older than 5 minutes', async () => {
    const account = await accountOf();
    const { secret } = await turnOnTwoStep(account);
    const forged = await codeStep('eyJ1c2VySWQiOiJ4In0.AAAA', await codeAt(secret));
    expect(forged.statusCode).toBe(400);
    expect(forged.json().issues[0].field).toBe('challenge');

    const { challenge } = (await passwordStep(account.email)).json();
    time.advanceSeconds(5 * 60 + 1);
    const late = await codeStep(challenge, await codeAt(secret));
    expect(late.statusCode).toBe(400);
    expect(late.json().issues[0].field).toBe('challenge');
  });

  it('answers 400 naming the field for a missing code or challenge', async () => {
    const missingCode = await test.app.inject({
      method: 'POST',
      url: '/api/login/two-step',
      payload: { challenge: 'x' },
    });
    expect(missingCode.statusCode).toBe(400);
    expect(missingCode.json().message).toMatch(/^code: /);
    const missingChallenge = await test.app.inject({
      method: 'POST',
      url: '/api/login/two-step',
      payload: { code: '123456' },
    });
    expect(missingChallenge.json().message).toMatch(/^challenge: /);
  });
});

describe('turning two-step sign-in off, and new recovery codes', () => {
  it('needs the password and a code; afterwards a password alone signs in', async () => {
    const account = await accountOf();
    const { secret, codes } = await turnOnTwoStep(account);

    const wrongPassword = await call('POST', '/api/me/two-step/disable', account.auth, {
      password: 'not it',
      code: await codeAt(secret),
    });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json().issues[0].field).toBe('password');
    const wrongCode = await call('POST', '/api/me/two-step/disable', account.auth, {
      password: PASSWORD,
      code: '000000',
    });
    expect(wrongCode.json().issues[0].field).toBe('code');

    const renewed = await call('POST', '/api/me/two-step/recovery-codes', account.auth, {
      password: PASSWORD,
    });
    expect(renewed.statusCode).toBe(200);
    const newCodes = renewed.json<{ recoveryCodes: string[] }>().recoveryCodes;
    expect(newCodes).toHaveLength(10);
    const oldCode = await call('POST', '/api/me/two-step/disable', account.auth, {
      password: PASSWORD,
      code: codes[0],
    });
    expect(oldCode.statusCode).toBe(400);

    const off = await call('POST', '/api/me/two-step/disable', account.auth, {
      password: PASSWORD,
      code: newCodes[0],
    });
    expect(off.statusCode).toBe(200);
    const login = await passwordStep(account.email);
    expect(login.json().token).toEqual(expect.any(String));
    expect(
      await test.database.db
        .select()
        .from(recoveryCodes)
        .where(eq(recoveryCodes.userId, account.id)),
    ).toEqual([]);
    expect(
      (
        await call('POST', '/api/me/two-step/disable', account.auth, {
          password: PASSWORD,
          code: '123456',
        })
      ).statusCode,
    ).toBe(409);
  });

  it('refuses new recovery codes with a wrong password (400 naming it)', async () => {
    const account = await accountOf();
    await turnOnTwoStep(account);
    const response = await call('POST', '/api/me/two-step/recovery-codes', account.auth, {
      password: 'not it',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().issues[0].field).toBe('password');
  });
});

describe('sessions', () => {
  it('lists mine with where they signed in, the current one marked', async () => {
    const account = await accountOf();
    const phone = await passwordStep(account.email);
    const laptop = await test.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: account.email, password: PASSWORD },
      headers: { 'user-agent': WINDOWS_FIREFOX },
    });
    const phoneAuth = { authorization: `Bearer ${phone.json().token}` };
    const list = await call('GET', '/api/me/sessions', phoneAuth);
    expect(list.statusCode).toBe(200);
    const data = list.json<{ data: { description: string; current: boolean }[] }>().data;
    expect(data).toHaveLength(3);
    expect(data.filter((session) => session.current)).toEqual([
      expect.objectContaining({ description: 'Signed in on Chrome on Android', current: true }),
    ]);
    expect(data.map((session) => session.description)).toContain('Signed in on Firefox on Windows');
    expect(data.map((session) => session.description)).toContain(
      'Signed in on an unknown browser on an unknown system',
    );
    expect(laptop.statusCode).toBe(200);
  });

  it('signs another of my sessions out, and nobody else’s (404)', async () => {
    const account = await accountOf();
    const other = await accountOf();
    const second = await createSession(test.database, account.id);
    const list = (await call('GET', '/api/me/sessions', account.auth)).json<{
      data: { id: string; current: boolean }[];
    }>().data;
    const secondId = list.find((session) => !session.current)!.id;

    expect((await call('DELETE', `/api/me/sessions/${secondId}`, other.auth)).statusCode).toBe(404);
    const bad = await call('DELETE', '/api/me/sessions/not-a-uuid', account.auth);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^id: /);
    expect(
      (await call('DELETE', `/api/me/sessions/${randomUUID()}`, account.auth)).statusCode,
    ).toBe(404);

    expect((await call('DELETE', `/api/me/sessions/${secondId}`, account.auth)).statusCode).toBe(
      200,
    );
    expect((await call('GET', '/api/me', { authorization: `Bearer ${second}` })).statusCode).toBe(
      401,
    );
    expect((await call('GET', '/api/me', account.auth)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/me/sessions/${secondId}`)).statusCode).toBe(401);
  });

  it('writes lastSeenAt at most every 5 minutes', async () => {
    const account = await accountOf();
    const lastSeen = async () =>
      (
        await test.database.db
          .select({ lastSeenAt: sessions.lastSeenAt })
          .from(sessions)
          .where(eq(sessions.userId, account.id))
      )[0]!.lastSeenAt.getTime();
    time.advanceSeconds(6 * 60);
    await call('GET', '/api/me', account.auth);
    const first = await lastSeen();
    expect(first).toBe(time.clock().getTime());
    time.advanceSeconds(4 * 60);
    await call('GET', '/api/me', account.auth);
    expect(await lastSeen()).toBe(first);
    time.advanceSeconds(60);
    await call('GET', '/api/me', account.auth);
    expect(await lastSeen()).toBe(time.clock().getTime());
  });
});

describe('POST /api/me/password', () => {
  it('changes the password with the current one and ends every other session', async () => {
    const account = await accountOf();
    const other = await createSession(test.database, account.id);

    const wrong = await call('POST', '/api/me/password', account.auth, {
      currentPassword: 'not it',
      newPassword: NEW_PASSWORD,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().issues[0].field).toBe('currentPassword');
    const short = await call('POST', '/api/me/password', account.auth, {
      currentPassword: PASSWORD,
      newPassword: 'short',
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toMatch(/^newPassword: /);
    expect((await call('GET', '/api/me', { authorization: `Bearer ${other}` })).statusCode).toBe(
      200,
    );

    const changed = await call('POST', '/api/me/password', account.auth, {
      currentPassword: PASSWORD,
      newPassword: NEW_PASSWORD,
    });
    expect(changed.statusCode).toBe(200);
    expect((await call('GET', '/api/me', { authorization: `Bearer ${other}` })).statusCode).toBe(
      401,
    );
    expect((await call('GET', '/api/me', account.auth)).statusCode).toBe(200);
    expect((await passwordStep(account.email, NEW_PASSWORD)).statusCode).toBe(200);
    expect((await passwordStep(account.email, PASSWORD)).statusCode).toBe(401);
    expect(
      (await call('POST', '/api/me/password', {}, { currentPassword: 'x', newPassword: 'y' }))
        .statusCode,
    ).toBe(401);
  });
});

describe('ADMIN_2FA', () => {
  let required: TestApp;

  beforeAll(async () => {
    required = await createTestApp({ clock: time.clock, adminTwoStep: 'required' });
  });

  afterAll(async () => {
    await required.close();
  });

  it('optional (the default): an admin without two-step sign-in uses the admin API', async () => {
    const admin = await accountOf(test, 'admin');
    expect((await call('GET', '/api/users', admin.auth)).statusCode).toBe(200);
  });

  it('required: 403 on admin routes until two-step sign-in is on; its setup stays open', async () => {
    const admin = await accountOf(required, 'admin');
    const refused = await call('GET', '/api/users', admin.auth, undefined, required);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: 'Turn on two-step sign-in to use the admin panel.' });
    expect(
      (await call('GET', '/api/me/two-step', admin.auth, undefined, required)).statusCode,
    ).toBe(200);

    await turnOnTwoStep(admin, required);
    expect((await call('GET', '/api/users', admin.auth, undefined, required)).statusCode).toBe(200);
  });

  it('required: other roles are not held to it', async () => {
    const buyer = await accountOf(required, 'buyer');
    expect(
      (await call('GET', '/api/me/sessions', buyer.auth, undefined, required)).statusCode,
    ).toBe(200);
    expect((await call('GET', '/api/users', buyer.auth, undefined, required)).json()).toEqual({
      message: 'Only admins can do this.',
    });
  });
});

/** The e-mails waiting in the outbox for an address, oldest first. */
async function mailTo(email: string) {
  return test.database.db
    .select()
    .from(outbox)
    .where(eq(outbox.recipient, email))
    .orderBy(outbox.createdAt);
}

describe('a stolen session cannot lock the owner out', () => {
  it('asks for the password to start and to finish turning two-step sign-in on', async () => {
    const account = await accountOf();
    const setupWithout = await call('POST', '/api/me/two-step/setup', account.auth, {});
    expect(setupWithout.statusCode).toBe(400);
    expect(setupWithout.json().message).toMatch(/^password: /);
    const setupWrong = await call('POST', '/api/me/two-step/setup', account.auth, {
      password: 'not it',
    });
    expect(setupWrong.statusCode).toBe(400);
    expect(setupWrong.json().issues).toEqual([{ field: 'password', message: expect.any(String) }]);

    const { secret } = (
      await call('POST', '/api/me/two-step/setup', account.auth, { password: PASSWORD })
    ).json();
    const code = await codeAt(secret);
    const enableWithout = await call('POST', '/api/me/two-step/enable', account.auth, { code });
    expect(enableWithout.statusCode).toBe(400);
    expect(enableWithout.json().message).toMatch(/^password: /);
    const enableWrong = await call('POST', '/api/me/two-step/enable', account.auth, {
      password: 'not it',
      code,
    });
    expect(enableWrong.json().issues).toEqual([{ field: 'password', message: expect.any(String) }]);
    const [row] = await test.database.db.select().from(users).where(eq(users.id, account.id));
    expect(row?.totpEnabledAt).toBeNull();
  });

  it('ends every other session when two-step sign-in turns on, and e-mails the account', async () => {
    const account = await accountOf();
    const other = await createSession(test.database, account.id);
    await turnOnTwoStep(account);
    expect((await call('GET', '/api/me', { authorization: `Bearer ${other}` })).statusCode).toBe(
      401,
    );
    expect((await call('GET', '/api/me', account.auth)).statusCode).toBe(200);
    const [mail] = await mailTo(account.email);
    expect(mail?.subject).toBe('Two-step sign-in was turned on for your Inzu account');
    expect(mail?.body).toContain('/forgot-password');
  });

  it('e-mails the account when two-step sign-in goes off and when the password changes', async () => {
    const account = await accountOf();
    const { codes } = await turnOnTwoStep(account);
    const off = await call('POST', '/api/me/two-step/disable', account.auth, {
      password: PASSWORD,
      code: codes[0],
    });
    expect(off.statusCode).toBe(200);
    const changed = await call('POST', '/api/me/password', account.auth, {
      currentPassword: PASSWORD,
      newPassword: NEW_PASSWORD,
    });
    expect(changed.statusCode).toBe(200);
    expect((await mailTo(account.email)).map((mail) => mail.subject)).toEqual([
      'Two-step sign-in was turned on for your Inzu account',
      'Two-step sign-in was turned off for your Inzu account',
      'Your Inzu password was changed',
    ]);
  });

  it('tells an address of the same kind of change once every 5 minutes, so it cannot be flooded', async () => {
    const account = await accountOf();
    const passwords = [PASSWORD, NEW_PASSWORD, PASSWORD, NEW_PASSWORD];
    for (let change = 1; change < passwords.length; change++) {
      const changed = await call('POST', '/api/me/password', account.auth, {
        currentPassword: passwords[change - 1],
        newPassword: passwords[change],
      });
      expect(changed.statusCode, `change ${change}`).toBe(200);
    }
    const subjects = async () => (await mailTo(account.email)).map((mail) => mail.subject);
    expect(await subjects()).toEqual(['Your Inzu password was changed']);
    time.advanceSeconds(5 * 60);
    await call('POST', '/api/me/password', account.auth, {
      currentPassword: NEW_PASSWORD,
      newPassword: PASSWORD,
    });
    expect(await subjects()).toHaveLength(2);
  });

  it('lets an admin turn a user’s two-step sign-in off: audited, sessions ended, user told', async () => {
    const account = await accountOf();
    await turnOnTwoStep(account);
    const admin = await accountOf(test, 'admin');
    const buyer = await accountOf(test, 'buyer');
    const refused = await call('DELETE', `/api/user/${account.id}/two-step`, buyer.auth);
    expect(refused.statusCode).toBe(403);

    const reset = await call('DELETE', `/api/user/${account.id}/two-step`, admin.auth);
    expect(reset.statusCode).toBe(200);
    expect(reset.json().user).toMatchObject({ id: account.id, isTwoStepOn: false });
    expect(await sessionCount(account.id)).toBe(0);
    expect(
      await test.database.db
        .select()
        .from(recoveryCodes)
        .where(eq(recoveryCodes.userId, account.id)),
    ).toEqual([]);
    const [entry] = await test.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, account.id), eq(auditLog.action, 'user.twoStepReset')));
    expect(entry?.actorId).toBe(admin.id);
    expect((await mailTo(account.email)).at(-1)?.subject).toBe(
      'An administrator turned off two-step sign-in for your Inzu account',
    );
    // The password alone signs in again; a second reset has nothing to turn off.
    expect((await passwordStep(account.email)).json().token).toEqual(expect.any(String));
    expect((await call('DELETE', `/api/user/${account.id}/two-step`, admin.auth)).statusCode).toBe(
      409,
    );
    const missing = await call('DELETE', `/api/user/${randomUUID()}/two-step`, admin.auth);
    expect(missing.statusCode).toBe(404);
    const malformed = await call('DELETE', '/api/user/not-an-id/two-step', admin.auth);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toMatch(/^id: /);
  });
});

describe('a two-step challenge', () => {
  it('signs in once: a second recovery code with the same challenge is refused', async () => {
    const account = await accountOf();
    const { codes } = await turnOnTwoStep(account);
    const { challenge } = (await passwordStep(account.email)).json();
    expect((await codeStep(challenge, codes[0]!)).statusCode).toBe(200);
    const again = await codeStep(challenge, codes[1]!);
    expect(again.statusCode).toBe(400);
    expect(again.json().issues[0].field).toBe('challenge');
  });

  it('signs in once when two right codes arrive at the same moment', async () => {
    const account = await accountOf();
    const { codes } = await turnOnTwoStep(account);
    const { challenge } = (await passwordStep(account.email)).json();
    const before = await sessionCount(account.id);
    const answers = await Promise.all(codes.slice(2, 6).map((code) => codeStep(challenge, code)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400, 400, 400]);
    expect(await sessionCount(account.id)).toBe(before + 1);
  });
});
