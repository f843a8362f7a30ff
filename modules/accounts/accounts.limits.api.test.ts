/**
 * The sign-in limits through the API, on a clock the tests move by hand: a growing delay per
 * account, a far higher ceiling per address, signups per address. The issue's case: a brute
 * force on one account from a carrier's shared address must not lock anyone else out.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox, users } from '#db/schema.ts';
import { createUser } from '#seed/factories.ts';
import type { UserRole } from '#lib/account.ts';
import { createTestApp, type TestApp } from '#server/testing.ts';
import { hashPassword } from './accounts.passwords.ts';

const PASSWORD = 'correct horse battery';
/** The address a mobile carrier puts many customers behind. */
const CARRIER_ADDRESS = '41.186.0.1';

function createManualClock() {
  let now = Date.parse('2026-03-02T08:00:00Z');
  return {
    clock: () => new Date(now),
    advanceSeconds(seconds: number) {
      now += seconds * 1000;
    },
  };
}

let passwordHash: string;

beforeAll(async () => {
  passwordHash = await hashPassword(PASSWORD);
});

async function accountOf(test: TestApp, role: UserRole = 'buyer'): Promise<string> {
  const email = `limits-${randomUUID()}@example.rw`;
  await createUser(test.database.db, { email, role, passwordHash });
  return email;
}

function logIn(test: TestApp, email: string, password: string, address = CARRIER_ADDRESS) {
  return test.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email, password },
    remoteAddress: address,
  });
}

function retryAfterOf(response: LightMyRequestResponse): number {
  return Number(response.headers['retry-after']);
}

describe('the growing delay on one account', () => {
  const time = createManualClock();
  let test: TestApp;

  beforeAll(async () => {
    test = await createTestApp({ clock: time.clock, loginFailuresPerAddress: 100 });
  });

  afterAll(async () => {
    await test.close();
  });

  it('lets 5 failures go free, then waits 2, 4, 8 seconds, saying when to try again', async () => {
    const email = await accountOf(test);
    for (let attempt = 1; attempt <= 6; attempt++) {
      expect((await logIn(test, email, 'wrong')).statusCode, `attempt ${attempt}`).toBe(401);
    }
    const waiting = await logIn(test, email, PASSWORD);
    expect(waiting.statusCode).toBe(429);
    expect(retryAfterOf(waiting)).toBe(2);
    expect(waiting.json().message).toBe('Too many failed attempts. Please try again in 2 seconds.');

    time.advanceSeconds(2);
    expect((await logIn(test, email, 'wrong')).statusCode).toBe(401);
    expect(retryAfterOf(await logIn(test, email, 'wrong'))).toBe(4);
    time.advanceSeconds(4);
    expect((await logIn(test, email, 'wrong')).statusCode).toBe(401);
    expect(retryAfterOf(await logIn(test, email, PASSWORD))).toBe(8);
  });

  it('signs the right password in once the delay is over, and forgets the failures', async () => {
    const email = await accountOf(test);
    for (let attempt = 1; attempt <= 7; attempt++) {
      await logIn(test, email, 'wrong');
      time.advanceSeconds(2);
    }
    const waiting = await logIn(test, email, PASSWORD);
    expect(waiting.statusCode).toBe(429);
    time.advanceSeconds(retryAfterOf(waiting));
    expect((await logIn(test, email, PASSWORD)).statusCode).toBe(200);

    // Counted from nothing again: 5 free failures.
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect((await logIn(test, email, 'wrong')).statusCode, `attempt ${attempt}`).toBe(401);
    }
    expect((await logIn(test, email, PASSWORD)).statusCode).toBe(200);
  });

  it('never waits more than 15 minutes, said in minutes', async () => {
    const email = await accountOf(test);
    let failures = 0;
    while (failures < 20) {
      const response = await logIn(test, email, 'wrong');
      if (response.statusCode === 429) time.advanceSeconds(retryAfterOf(response));
      else failures += 1;
    }
    const waiting = await logIn(test, email, PASSWORD);
    expect(retryAfterOf(waiting)).toBe(15 * 60);
    expect(waiting.json().message).toBe('Too many attempts. Please try again in 15 minutes.');
    time.advanceSeconds(15 * 60);
    expect((await logIn(test, email, PASSWORD)).statusCode).toBe(200);
  });

  it('waits the same for an e-mail without an account, so the delay reveals nothing', async () => {
    const email = `nobody-${randomUUID()}@example.rw`;
    for (let attempt = 1; attempt <= 6; attempt++) await logIn(test, email, 'wrong');
    expect(retryAfterOf(await logIn(test, email, 'wrong'))).toBe(2);
  });

  it("the issue's case: 30 wrong passwords on one account leave everyone else on the address signing in", async () => {
    const attacked = await accountOf(test);
    const neighbour = await accountOf(test);
    const admin = await accountOf(test, 'admin');
    let checked = 0;
    for (let attempt = 1; attempt <= 30; attempt++) {
      const response = await logIn(test, attacked, `guess ${attempt}`);
      expect([401, 429]).toContain(response.statusCode);
      if (response.statusCode === 401) checked += 1;
      // The attacker waits out every delay, so that all 30 guesses are checked.
      if (response.statusCode === 429) {
        time.advanceSeconds(retryAfterOf(response));
        const retried = await logIn(test, attacked, `guess ${attempt}`);
        expect(retried.statusCode).toBe(401);
        checked += 1;
      }
    }
    expect(checked).toBe(30);

    expect((await logIn(test, neighbour, PASSWORD)).statusCode).toBe(200);
    expect((await logIn(test, admin, PASSWORD)).statusCode).toBe(200);
    // The attacked account's owner gets in too, once its delay is over.
    const waiting = await logIn(test, attacked, PASSWORD);
    time.advanceSeconds(waiting.statusCode === 429 ? retryAfterOf(waiting) : 0);
    expect((await logIn(test, attacked, PASSWORD)).statusCode).toBe(200);
  });
});

describe('the ceiling per address (4 failures in 15 minutes here)', () => {
  const time = createManualClock();
  let test: TestApp;

  beforeAll(async () => {
    test = await createTestApp({ clock: time.clock, loginFailuresPerAddress: 4 });
  });

  afterAll(async () => {
    await test.close();
  });

  it('stops an address trying many accounts, leaving other addresses alone', async () => {
    const address = '10.20.0.1';
    for (let attempt = 1; attempt <= 4; attempt++) {
      const sprayed = `spray-${attempt}-${randomUUID()}@example.rw`;
      expect((await logIn(test, sprayed, 'wrong', address)).statusCode).toBe(401);
    }
    const email = await accountOf(test);
    const refused = await logIn(test, email, PASSWORD, address);
    expect(refused.statusCode).toBe(429);
    expect(retryAfterOf(refused)).toBe(15 * 60);
    expect((await logIn(test, email, PASSWORD, '10.20.0.2')).statusCode).toBe(200);

    time.advanceSeconds(15 * 60);
    expect((await logIn(test, email, PASSWORD, address)).statusCode).toBe(200);
  });
});

describe('signups per address (3 an hour here)', () => {
  const time = createManualClock();
  let test: TestApp;

  beforeAll(async () => {
    test = await createTestApp({ clock: time.clock, signupsPerAddressPerHour: 3 });
  });

  afterAll(async () => {
    await test.close();
  });

  function signUp(address: string) {
    const email = `signup-${randomUUID()}@example.rw`;
    return {
      email,
      response: test.app.inject({
        method: 'POST',
        url: '/api/signup',
        payload: {
          username: 'Signup Limit',
          email,
          role: 'buyer',
          password: PASSWORD,
          confirmPassword: PASSWORD,
        },
        remoteAddress: address,
      }),
    };
  }

  it('refuses the 4th signup in an hour from one address, writing no row, then allows it', async () => {
    const address = '10.30.0.1';
    for (let attempt = 1; attempt <= 3; attempt++) {
      expect((await signUp(address).response).statusCode, `signup ${attempt}`).toBe(201);
    }
    const refused = signUp(address);
    const response = await refused.response;
    expect(response.statusCode).toBe(429);
    expect(retryAfterOf(response)).toBe(60 * 60);
    const rows = await test.database.db.select().from(users).where(eq(users.email, refused.email));
    expect(rows).toEqual([]);
    expect((await signUp('10.30.0.2').response).statusCode).toBe(201);

    time.advanceSeconds(60 * 60);
    expect((await signUp(address).response).statusCode).toBe(201);
  });
});

/** The `name=value` of a cookie a response sets, for the next request's Cookie header. */
function cookieOf(response: LightMyRequestResponse, name: string): string {
  const cookies = [response.headers['set-cookie'] ?? []].flat();
  const cookie = cookies.find((value) => value.startsWith(`${name}=`));
  expect(cookie, `${name} cookie`).toBeDefined();
  return cookie!.split(';', 1)[0]!;
}

function logInFrom(test: TestApp, email: string, password: string, cookie: string) {
  return test.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email, password },
    remoteAddress: CARRIER_ADDRESS,
    headers: { cookie },
  });
}

describe('guesses sent all at once', () => {
  const time = createManualClock();
  let test: TestApp;

  beforeAll(async () => {
    test = await createTestApp({ clock: time.clock, loginFailuresPerAddress: 1000 });
  });

  afterAll(async () => {
    await test.close();
  });

  it('checks no more of 30 parallel sign-ins than one after another: 6, then a wait', async () => {
    const email = await accountOf(test);
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, index) => logIn(test, email, `guess ${index}`)),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(6);
    expect(statuses.filter((status) => status === 429)).toHaveLength(24);
    // As after 6 failures one by one: the right password waits 2 seconds, then signs in.
    expect(retryAfterOf(await logIn(test, email, PASSWORD))).toBe(2);
    time.advanceSeconds(2);
    expect((await logIn(test, email, PASSWORD)).statusCode).toBe(200);
  });

  it('checks no more of 30 parallel passwords on the account forms than one after another', async () => {
    const email = await accountOf(test);
    const login = await logIn(test, email, PASSWORD);
    const auth = { authorization: `Bearer ${login.json().token}` };
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, index) =>
        index % 2 === 0
          ? test.app.inject({
              method: 'POST',
              url: '/api/me/password',
              headers: auth,
              payload: { currentPassword: `guess ${index}`, newPassword: 'a brand new password' },
            })
          : test.app.inject({
              method: 'DELETE',
              url: '/api/me',
              headers: auth,
              payload: { password: `guess ${index}` },
            }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 400)).toHaveLength(6);
    expect(statuses.filter((status) => status === 429)).toHaveLength(24);
  });

  it('checks at most 5 of 30 parallel two-step codes sent with one challenge', async () => {
    const email = await accountOf(test);
    await test.database.db
      .update(users)
      .set({ totpSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', totpEnabledAt: time.clock() })
      .where(eq(users.email, email));
    const { challenge } = (await logIn(test, email, PASSWORD)).json();
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, index) =>
        test.app.inject({
          method: 'POST',
          url: '/api/login/two-step',
          payload: { challenge, code: String(100000 + index) },
        }),
      ),
    );
    const fields = answers.map((answer) => answer.json().issues?.[0]?.field);
    expect(fields.filter((field) => field === 'code')).toHaveLength(5);
    expect(fields.filter((field) => field === 'challenge')).toHaveLength(25);
  });
});

describe('device cookies: a stranger’s wrong passwords do not keep the owner out', () => {
  const time = createManualClock();
  let test: TestApp;

  beforeAll(async () => {
    test = await createTestApp({ clock: time.clock, loginFailuresPerAddress: 1000 });
  });

  afterAll(async () => {
    await test.close();
  });

  /** An account whose owner signed in once on their phone; answers its device cookie. */
  async function ownerWithPhone() {
    const email = await accountOf(test);
    const first = await logIn(test, email, PASSWORD);
    expect(first.statusCode).toBe(200);
    return { email, device: cookieOf(first, 'device') };
  }

  /** A stranger's guesses, each delay waited out, until the account waits over a minute. */
  async function lockOut(email: string) {
    for (let attempt = 1; ; attempt++) {
      const guess = await logIn(test, email, `guess ${attempt}`);
      if (guess.statusCode !== 429) continue;
      if (retryAfterOf(guess) > 60) break;
      time.advanceSeconds(retryAfterOf(guess));
    }
    expect((await logIn(test, email, PASSWORD)).statusCode).toBe(429);
  }

  it('signs the owner in from a browser it signed in on before, while strangers wait', async () => {
    const { email, device } = await ownerWithPhone();
    await lockOut(email);
    const owner = await logInFrom(test, email, PASSWORD, device);
    expect(owner.statusCode).toBe(200);
    expect(cookieOf(owner, 'device')).toMatch(/^device=/);
    // The stranger still waits: the owner's sign-in through their cookie lifts no delay of theirs.
    expect((await logIn(test, email, 'another guess')).statusCode).toBe(429);
  });

  it('gives a device cookie 5 wrong passwords a day of its own, then it stops counting', async () => {
    const { email, device } = await ownerWithPhone();
    await lockOut(email);
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect((await logInFrom(test, email, 'typo', device)).statusCode, `typo ${attempt}`).toBe(
        401,
      );
    }
    expect((await logInFrom(test, email, PASSWORD, device)).statusCode).toBe(429);
    time.advanceSeconds(24 * 60 * 60);
    expect((await logInFrom(test, email, PASSWORD, device)).statusCode).toBe(200);
  });

  it('honours no other account’s device cookie, and no forged one', async () => {
    const { email } = await ownerWithPhone();
    const stranger = await ownerWithPhone();
    await lockOut(email);
    expect((await logInFrom(test, email, PASSWORD, stranger.device)).statusCode).toBe(429);
    const forged = `device=${Buffer.from(JSON.stringify({ id: 'x' })).toString('base64url')}.AAAA`;
    expect((await logInFrom(test, email, PASSWORD, forged)).statusCode).toBe(429);
  });
});

describe('reset e-mails', () => {
  const time = createManualClock();
  let test: TestApp;

  beforeAll(async () => {
    test = await createTestApp({ clock: time.clock });
  });

  afterAll(async () => {
    await test.close();
  });

  it('sends an account at most one every 5 minutes, however many are asked for', async () => {
    const email = await accountOf(test);
    const ask = (address: string) =>
      test.app.inject({
        method: 'POST',
        url: '/api/forgot-password',
        payload: { email },
        remoteAddress: address,
      });
    for (let request = 1; request <= 11; request++) {
      expect((await ask(`10.40.0.${request}`)).statusCode).toBe(200);
    }
    const mails = () => test.database.db.select().from(outbox).where(eq(outbox.recipient, email));
    expect(await mails()).toHaveLength(1);
    time.advanceSeconds(5 * 60);
    expect((await ask('10.40.0.1')).statusCode).toBe(200);
    expect(await mails()).toHaveLength(2);
  });
});
