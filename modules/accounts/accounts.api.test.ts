import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox, users } from '#db/schema.ts';
import {
  browserHeaders,
  createSignedInUser,
  createTestApp,
  type TestApp,
} from '#server/testing.ts';

const PASSWORD = 'correct horse battery';
const NEW_PASSWORD = 'staple battery horse';
const SESSION_MAX_AGE = 30 * 24 * 60 * 60;

const MESSAGES = {
  registered: 'Registration successful! Redirecting...',
  loggedIn: 'Login successful! Redirecting...',
  loggedOut: 'Logged out successfully',
  invalidCredentials: 'Invalid email or password.',
  blocked: 'Your account has been blocked. Please contact support.',
  emailTaken: 'An account with this email already exists.',
  signInRequired: 'Please log in to continue.',
  crossSite: 'Request refused: it did not come from this site.',
  resetRequested:
    'If an account exists for that email, a reset link is on its way. It works once, for 60 minutes.',
  resetDone: 'Your password has been changed. You can now log in.',
} as const;

type InjectOptions = { headers?: Record<string, string>; remoteAddress?: string };

function newEmail(label = 'user'): string {
  return `${label}-${randomUUID()}@example.rw`;
}

function signupPayload(overrides: Record<string, unknown> = {}) {
  return {
    username: 'Aline Uwase',
    email: newEmail('signup'),
    role: 'buyer',
    password: PASSWORD,
    confirmPassword: PASSWORD,
    ...overrides,
  };
}

function post(app: TestApp, url: string, payload?: object, options: InjectOptions = {}) {
  return app.app.inject({
    method: 'POST',
    url,
    payload,
    headers: options.headers,
    remoteAddress: options.remoteAddress,
  });
}

function getMe(app: TestApp, headers: Record<string, string> = {}) {
  return app.app.inject({ method: 'GET', url: '/api/me', headers });
}

function bearer(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}` };
}

/** Registers through the API and answers the e-mail, password and session token. */
async function signUp(
  app: TestApp,
  overrides: Record<string, unknown> = {},
  options: InjectOptions = {},
) {
  const payload = signupPayload(overrides);
  const response = await post(app, '/api/signup', payload, options);
  expect(response.statusCode, response.body).toBe(201);
  const body = response.json<{ token: string; user: { _id: string } }>();
  return { email: payload.email, password: payload.password, token: body.token, id: body.user._id };
}

function logIn(app: TestApp, email: string, password: string, options: InjectOptions = {}) {
  return post(app, '/api/login', { email, password }, options);
}

/** The session cookie a response sets (a sign-in sets the device cookie beside it). */
function setCookieOf(response: LightMyRequestResponse): string {
  const cookies = [response.headers['set-cookie'] ?? []].flat();
  const session = cookies.filter((cookie) => cookie.startsWith('session='));
  expect(session, 'one session cookie').toHaveLength(1);
  return session[0]!;
}

async function usersWithEmail(app: TestApp, email: string) {
  return app.database.db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
}

/**
 * The e-mails to an address, but for the link that proves it, which every registration sends
 * (accounts.email-proof.api.test.ts).
 */
async function outboxFor(app: TestApp, recipient: string) {
  const mails = await app.database.db.select().from(outbox).where(eq(outbox.recipient, recipient));
  return mails.filter((mail) => !mail.body.includes('/account/email-proof?token='));
}

/** Asks for a reset link and answers the token from the e-mail that landed in the outbox. */
async function requestResetToken(app: TestApp, email: string): Promise<string> {
  const response = await post(app, '/api/forgot-password', { email });
  expect(response.statusCode).toBe(200);
  const mails = await outboxFor(app, email);
  const body = mails.at(-1)?.body ?? '';
  const token = /http:\/\/localhost:3000\/reset-password\?token=([\w-]+)/.exec(body)?.[1];
  expect(token, body).toBeDefined();
  return token!;
}

function resetPassword(app: TestApp, token: string, password = NEW_PASSWORD, confirm = password) {
  return post(app, '/api/reset-password', { token, password, confirmPassword: confirm });
}

/** A clock the test moves forward by hand. */
function createManualClock() {
  let now = Date.now();
  return {
    clock: () => new Date(now),
    advanceMinutes(minutes: number) {
      now += minutes * 60_000;
    },
  };
}

let test: TestApp;

beforeAll(async () => {
  test = await createTestApp();
});

afterAll(async () => {
  await test.close();
});

describe('POST /api/signup', () => {
  for (const [role, stored] of [
    ['buyer', 'buyer'],
    ['seller', 'seller'],
    ['guest', 'guest'],
    ['SELLER', 'seller'],
    [' Buyer ', 'buyer'],
  ] as const) {
    it(`registers role ${JSON.stringify(role)} as ${stored}, signs in and sets the session cookie`, async () => {
      const payload = signupPayload({ role });
      const response = await post(test, '/api/signup', payload);

      expect(response.statusCode).toBe(201);
      const body = response.json();
      expect(body).toEqual({
        message: MESSAGES.registered,
        token: expect.any(String),
        user: {
          _id: expect.any(String),
          id: body.user._id,
          username: 'Aline Uwase',
          name: 'Aline Uwase',
          email: payload.email,
          phone: null,
          phoneProvedAt: null,
          role: stored,
          status: 'Active',
          createdAt: expect.any(String),
          verifiedAt: null,
          emailProvedAt: null,
          isTwoStepOn: false,
        },
      });
      expect(new Date(body.user.createdAt).toISOString()).toBe(body.user.createdAt);
      expect(response.body).not.toMatch(/passwordHash|\$argon2/);

      const cookie = setCookieOf(response);
      expect(cookie).toBe(
        `session=${body.token}; Max-Age=${SESSION_MAX_AGE}; Path=/; HttpOnly; SameSite=Lax`,
      );
      expect(cookie).not.toMatch(/Secure/);

      const [row] = await usersWithEmail(test, payload.email);
      expect(row?.role).toBe(stored);
      expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
      expect(row?.passwordHash).not.toContain(PASSWORD);

      for (const headers of [bearer(body.token), { cookie: `session=${body.token}` }]) {
        const me = await getMe(test, headers);
        expect(me.statusCode, JSON.stringify(headers)).toBe(200);
        expect(me.json().user).toEqual(body.user);
      }
    });
  }

  it('answers 400 naming `role` for admin (any case), landlord or no role, and writes no row', async () => {
    for (const role of ['admin', 'ADMIN', ' Admin ', 'landlord', undefined]) {
      const payload = signupPayload({ role });
      const response = await post(test, '/api/signup', payload);
      const label = String(role);
      expect(response.statusCode, label).toBe(400);
      expect(response.json().message, label).toMatch(/^role: /);
      expect(await usersWithEmail(test, payload.email), label).toEqual([]);
    }
  });

  it('answers 409 for an e-mail already registered in another case, keeping one account', async () => {
    const { email } = await signUp(test);
    const response = await post(test, '/api/signup', signupPayload({ email: email.toUpperCase() }));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: MESSAGES.emailTaken });
    expect(await usersWithEmail(test, email)).toHaveLength(1);
  });

  it('answers 400 naming the field for each bad input, never a 500', async () => {
    const cases: [string, Record<string, unknown>][] = [
      ['confirmPassword', { confirmPassword: `${PASSWORD}!` }],
      ['password', { password: 'seven77', confirmPassword: 'seven77' }],
      ['username', { username: undefined }],
      ['username', { username: '   ' }],
      ['email', { email: 'not-an-email' }],
      ['phone', { email: undefined }],
      ['phone', { phone: '0788' }],
      ['phone', { email: '', phone: '' }],
    ];
    for (const [field, overrides] of cases) {
      const payload = signupPayload(overrides);
      const response = await post(test, '/api/signup', payload);
      const label = JSON.stringify(overrides);
      expect(response.statusCode, label).toBe(400);
      expect(response.json().message, label).toMatch(new RegExp(`^${field}: `));
    }
  });

  it('keeps the language the client names, else the one its Accept-Language prefers', async () => {
    const cases: [Record<string, unknown>, Record<string, string>, string][] = [
      [{ locale: 'fr' }, { 'accept-language': 'rw' }, 'fr'],
      [{}, { 'accept-language': 'rw-RW,rw;q=0.9,en;q=0.8' }, 'rw'],
      [{}, {}, 'en'],
    ];
    for (const [overrides, headers, saved] of cases) {
      const payload = signupPayload(overrides);
      const response = await post(test, '/api/signup', payload, { headers });
      expect(response.statusCode, response.body).toBe(201);
      const [row] = await usersWithEmail(test, payload.email);
      expect(row?.locale, JSON.stringify({ overrides, headers })).toBe(saved);
    }

    const unknown = signupPayload({ locale: 'de' });
    const refused = await post(test, '/api/signup', unknown);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/^locale: /);
    expect(await usersWithEmail(test, unknown.email)).toEqual([]);
  });

  it('answers 400 "body: must be valid JSON" for a malformed body', async () => {
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/signup',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'body: must be valid JSON' });
  });
});

describe('POST /api/login', () => {
  it('signs in with the right password and answers the token and the user', async () => {
    const { email, id } = await signUp(test);
    const response = await logIn(test, email, PASSWORD);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual({
      message: MESSAGES.loggedIn,
      token: expect.any(String),
      user: expect.objectContaining({ _id: id, email, status: 'Active' }),
    });
    expect(response.body).not.toMatch(/passwordHash|\$argon2/);
    expect(setCookieOf(response)).toMatch(/^session=[\w-]+; Max-Age=\d+; Path=\/; HttpOnly/);
    expect((await getMe(test, bearer(body.token))).statusCode).toBe(200);
  });

  it('accepts the e-mail typed in another case', async () => {
    const { email } = await signUp(test);
    const response = await logIn(test, `  ${email.toUpperCase()} `, PASSWORD);
    expect(response.statusCode).toBe(200);
    expect(response.json().user.email).toBe(email);
  });

  it('answers the same 401 for a wrong password and for an unknown e-mail', async () => {
    const { email } = await signUp(test);
    const wrongPassword = await logIn(test, email, `${PASSWORD}x`);
    const unknownEmail = await logIn(test, newEmail('nobody'), PASSWORD);
    for (const response of [wrongPassword, unknownEmail]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: MESSAGES.invalidCredentials });
      expect(response.headers['set-cookie']).toBeUndefined();
    }
  });

  it('answers 400 naming the field for a missing password or a bad e-mail', async () => {
    const missingPassword = await post(test, '/api/login', { email: newEmail() });
    expect(missingPassword.statusCode).toBe(400);
    expect(missingPassword.json().message).toMatch(/^password: /);
    const badEmail = await post(test, '/api/login', { email: 'nope', password: PASSWORD });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().message).toMatch(/^email: /);
  });

  it('tells a blocked user so (403) only with the right password, and ends their sessions', async () => {
    const { email, token, id } = await signUp(test);
    await test.database.db.update(users).set({ status: 'Blocked' }).where(eq(users.id, id));

    const refused = await logIn(test, email, PASSWORD);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: MESSAGES.blocked });

    const wrongPassword = await logIn(test, email, `${PASSWORD}x`);
    expect(wrongPassword.statusCode).toBe(401);

    const me = await getMe(test, bearer(token));
    expect(me.statusCode).toBe(401);
    expect(me.json()).toEqual({ message: MESSAGES.signInRequired });
  });
});

describe('POST /api/logout', () => {
  it('ends the session of a Bearer token', async () => {
    const { token } = await signUp(test);
    const response = await post(test, '/api/logout', undefined, { headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: MESSAGES.loggedOut });
    expect((await getMe(test, bearer(token))).statusCode).toBe(401);
  });

  it('ends a cookie session from this site and clears the cookie', async () => {
    const { token } = await signUp(test);
    const response = await post(test, '/api/logout', undefined, { headers: browserHeaders(token) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: MESSAGES.loggedOut });
    expect(setCookieOf(response)).toBe('session=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax');
    expect((await getMe(test, { cookie: `session=${token}` })).statusCode).toBe(401);
    expect((await getMe(test, bearer(token))).statusCode).toBe(401);
  });

  it('succeeds without any session', async () => {
    const response = await post(test, '/api/logout');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: MESSAGES.loggedOut });
  });
});

describe('cross-site writes with the session cookie', () => {
  it('refuses a cookie logout from another origin (403) and keeps the session', async () => {
    const { token } = await signUp(test);
    const response = await post(test, '/api/logout', undefined, {
      headers: { cookie: `session=${token}`, origin: 'https://evil.example' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: MESSAGES.crossSite });
    expect((await getMe(test, { cookie: `session=${token}` })).statusCode).toBe(200);
  });

  it('refuses a cookie logout whose Referer is another site', async () => {
    const { token } = await signUp(test);
    const response = await post(test, '/api/logout', undefined, {
      headers: { cookie: `session=${token}`, referer: 'https://evil.example/page' },
    });
    expect(response.statusCode).toBe(403);
    expect((await getMe(test, bearer(token))).statusCode).toBe(200);
  });

  it('accepts a cookie logout whose Referer is this site', async () => {
    const { token } = await signUp(test);
    const response = await post(test, '/api/logout', undefined, {
      headers: { cookie: `session=${token}`, referer: 'http://localhost:80/account' },
    });
    expect(response.statusCode).toBe(200);
    expect((await getMe(test, bearer(token))).statusCode).toBe(401);
  });

  it('refuses a cookie logout that says neither Origin nor Referer', async () => {
    const { token } = await signUp(test);
    const response = await post(test, '/api/logout', undefined, {
      headers: { cookie: `session=${token}` },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: MESSAGES.crossSite });
    expect((await getMe(test, bearer(token))).statusCode).toBe(200);
  });

  it('allows a Bearer logout without an Origin (not a browser credential)', async () => {
    const { token } = await signUp(test);
    const response = await post(test, '/api/logout', undefined, { headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    expect((await getMe(test, bearer(token))).statusCode).toBe(401);
  });
});

describe('GET /api/me', () => {
  it('answers 401 to an anonymous caller', async () => {
    const response = await getMe(test);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: MESSAGES.signInRequired });
  });

  it('answers 401 to an unknown token', async () => {
    expect((await getMe(test, bearer('not-a-session'))).statusCode).toBe(401);
  });

  it('answers the signed-in user without the password hash', async () => {
    const { user, bearer: headers } = await createSignedInUser(test.database, {
      role: 'buyer',
      passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$not-a-real-hash',
    });
    const response = await getMe(test, headers);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      user: expect.objectContaining({
        _id: user.id,
        id: user.id,
        email: user.email,
        role: 'buyer',
      }),
    });
    expect(response.body).not.toMatch(/passwordHash|\$argon2/);
  });

  it('names the id and the name twice, as the specification does, in its order', async () => {
    const { user, bearer: headers } = await createSignedInUser(test.database, {
      name: 'Aline Uwase',
      role: 'seller',
    });
    const response = await getMe(test, headers);
    expect(response.body).toBe(
      JSON.stringify({
        user: {
          _id: user.id,
          id: user.id,
          username: 'Aline Uwase',
          name: 'Aline Uwase',
          email: user.email,
          phone: null,
          phoneProvedAt: null,
          role: 'seller',
          status: 'Active',
          createdAt: user.createdAt.toISOString(),
          verifiedAt: null,
          emailProvedAt: null,
          isTwoStepOn: false,
        },
      }),
    );
  });
});

describe('password reset through the outbox', () => {
  it('answers the same generic message for a known and an unknown address', async () => {
    const { email } = await signUp(test);
    const unknown = newEmail('unknown');
    for (const address of [email, unknown]) {
      const response = await post(test, '/api/forgot-password', { email: address });
      expect(response.statusCode, address).toBe(200);
      expect(response.json(), address).toEqual({ message: MESSAGES.resetRequested });
    }
    expect(await outboxFor(test, email)).toHaveLength(1);
    expect(await outboxFor(test, unknown)).toEqual([]);
  });

  it('e-mails a link whose token sets a new password once and ends every session', async () => {
    const { email, token: oldSession } = await signUp(test);
    const resetToken = await requestResetToken(test, email);
    const [mail] = await outboxFor(test, email);
    expect(mail?.subject).toMatch(/reset/i);
    expect(mail?.body).toContain(`http://localhost:3000/reset-password?token=${resetToken}`);
    // Anyone may ask for this e-mail, and whoever registered typed the name: it greets nobody.
    expect(mail?.body).toMatch(/^Hello,\n/);
    expect(mail?.body).not.toContain('Aline Uwase');

    const response = await resetPassword(test, resetToken);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: MESSAGES.resetDone });
    const changed = (await outboxFor(test, email)).map((sent) => sent.subject);
    expect(changed).toContain('Your Inzu password was changed');

    expect((await getMe(test, bearer(oldSession))).statusCode).toBe(401);
    expect((await logIn(test, email, PASSWORD)).statusCode).toBe(401);
    expect((await logIn(test, email, NEW_PASSWORD)).statusCode).toBe(200);

    const again = await resetPassword(test, resetToken, 'a third password');
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toMatch(/^token: /);
    expect((await logIn(test, email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('links to the configured site, never to the Host a request claims', async () => {
    const { email } = await signUp(test);
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/forgot-password',
      headers: { host: 'evil.example' },
      payload: { email },
    });
    expect(response.statusCode).toBe(200);
    const [mail] = await outboxFor(test, email);
    expect(mail?.body).toContain('http://localhost:3000/reset-password?token=');
    expect(mail?.body).not.toContain('evil.example');
  });

  it('uses up every other link sent to the account once one of them is used', async () => {
    const { email } = await signUp(test);
    const first = await requestResetToken(test, email);
    const second = await requestResetToken(test, email);
    expect((await resetPassword(test, first)).statusCode).toBe(200);
    const stale = await resetPassword(test, second, 'an attacker password');
    expect(stale.statusCode).toBe(400);
    expect(stale.json().message).toMatch(/^token: /);
    expect((await logIn(test, email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('answers 400 naming `token` for a token it never issued', async () => {
    const response = await resetPassword(test, 'made-up-token');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/^token: /);
  });

  it('answers 400 naming `confirmPassword` for a mismatched confirmation, keeping the link', async () => {
    const { email } = await signUp(test);
    const resetToken = await requestResetToken(test, email);
    const mismatched = await resetPassword(test, resetToken, NEW_PASSWORD, `${NEW_PASSWORD}!`);
    expect(mismatched.statusCode).toBe(400);
    expect(mismatched.json().message).toMatch(/^confirmPassword: /);
    expect((await logIn(test, email, PASSWORD)).statusCode).toBe(200);
    expect((await resetPassword(test, resetToken)).statusCode).toBe(200);
  });

  it('answers 400 naming `password` for a too short new password', async () => {
    const response = await resetPassword(test, 'any-token', 'short', 'short');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/^password: /);
  });
});

describe('password reset links expire after 60 minutes', () => {
  const time = createManualClock();
  let timed: TestApp;

  beforeAll(async () => {
    timed = await createTestApp({ clock: time.clock });
  });

  afterAll(async () => {
    await timed.close();
  });

  it('accepts a link 59 minutes old and refuses one 61 minutes old', async () => {
    const { email } = await signUp(timed);

    const fresh = await requestResetToken(timed, email);
    time.advanceMinutes(59);
    expect((await resetPassword(timed, fresh)).statusCode).toBe(200);

    const stale = await requestResetToken(timed, email);
    time.advanceMinutes(61);
    const response = await resetPassword(timed, stale, 'yet another password');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/^token: /);
    expect((await logIn(timed, email, NEW_PASSWORD)).statusCode).toBe(200);
  });
});

describe('reset link limits (3 attempts per 15 minutes)', () => {
  let limited: TestApp;

  beforeAll(async () => {
    limited = await createTestApp({ authAttemptsPer15Minutes: 3 });
  });

  afterAll(async () => {
    await limited.close();
  });

  function expectTooManyAttempts(response: LightMyRequestResponse) {
    expect(response.statusCode).toBe(429);
    const message: string = response.json().message;
    expect(message).toMatch(/^Too many attempts\. Please try again in \d+ minutes?\.$/);
    const retryAfter = Number(response.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
  }

  it('refuses a 4th reset request for one account from one address, not from another', async () => {
    const email = newEmail('reset-limit');
    for (let attempt = 1; attempt <= 3; attempt++) {
      const response = await post(
        limited,
        '/api/forgot-password',
        { email },
        { remoteAddress: '10.6.0.1' },
      );
      expect(response.statusCode, `request ${attempt}`).toBe(200);
    }
    expectTooManyAttempts(
      await post(limited, '/api/forgot-password', { email }, { remoteAddress: '10.6.0.1' }),
    );
    // Requests from other addresses cannot spend the owner's.
    const owner = await post(
      limited,
      '/api/forgot-password',
      { email },
      { remoteAddress: '10.6.0.9' },
    );
    expect(owner.statusCode).toBe(200);
  });

  it('refuses reset tokens from an address after 3 bad ones, before hashing anything', async () => {
    const address = '10.5.0.1';
    const guess = (token: string) =>
      post(
        limited,
        '/api/reset-password',
        { token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
        { remoteAddress: address },
      );
    for (let attempt = 1; attempt <= 3; attempt++) {
      expect((await guess(`guess-${attempt}`)).statusCode, `guess ${attempt}`).toBe(400);
    }
    expectTooManyAttempts(await guess('guess-4'));
  });
});
