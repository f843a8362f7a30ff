/**
 * The sign-in limits through the API, on a clock the tests move by hand: a growing delay per
 * account, a far higher ceiling per address, signups per address. The case: a brute
 * force on one account from a carrier's shared address must not lock anyone else out.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '#db/schema.ts';
import { createUser } from '#db/seed/factories.ts';
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
