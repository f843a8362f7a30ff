import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newsletterSubscriptions, outbox } from '#db/schema.ts';
import { enAdmin } from '#lib/messages/en.admin.ts';
import { frAdmin } from '#lib/messages/fr.admin.ts';
import { rwAdmin } from '#lib/messages/rw.admin.ts';
import { createTestApp, type TestApp } from '#server/testing.ts';

let test: TestApp;

beforeAll(async () => {
  test = await createTestApp();
});

afterAll(async () => {
  await test.close();
});

function subscribe(app: TestApp, payload: unknown, remoteAddress?: string) {
  return app.app.inject({
    method: 'POST',
    url: '/api/subscribe',
    payload: payload as Record<string, unknown>,
    remoteAddress,
  });
}

async function rowsFor(email: string) {
  return test.database.db
    .select()
    .from(newsletterSubscriptions)
    .where(sql`lower(${newsletterSubscriptions.email}) = ${email.toLowerCase()}`);
}

async function countAll(): Promise<number> {
  const rows = await test.database.db
    .select({ id: newsletterSubscriptions.id })
    .from(newsletterSubscriptions);
  return rows.length;
}

describe('POST /api/subscribe', () => {
  it('subscribes a new address and answers 201 with a message', async () => {
    const email = `reader-${randomUUID()}@example.rw`;
    const response = await subscribe(test, { email });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ message: 'Thank you for subscribing to our newsletter!' });
    const rows = await rowsFor(email);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.email).toBe(email);
  });

  it('answers 200 saying already subscribed for the same address in another case', async () => {
    const email = `twice-${randomUUID()}@example.rw`;
    expect((await subscribe(test, { email })).statusCode).toBe(201);

    for (const again of [email, email.toUpperCase(), `  ${email.replace('twice', 'TWICE')} `]) {
      const response = await subscribe(test, { email: again });
      expect(response.statusCode, again).toBe(200);
      expect(response.json().message).toMatch(/already subscribed/i);
      expect(response.json()).toEqual({
        message: 'This email is already subscribed to our newsletter.',
      });
    }
    const rows = await rowsFor(email);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.email).toBe(email);
  });

  it('stores an address typed in capitals in lower case', async () => {
    const email = `Upper-${randomUUID()}@Example.RW`;
    expect((await subscribe(test, { email })).statusCode).toBe(201);
    const rows = await rowsFor(email);
    expect(rows.map((row) => row.email)).toEqual([email.toLowerCase()]);
  });

  it('answers 400 naming `email` for an invalid, blank or missing address', async () => {
    const before = await countAll();
    for (const payload of [
      { email: 'not-an-email' },
      { email: 'reader@' },
      { email: '   ' },
      { email: 42 },
      {},
    ]) {
      const response = await subscribe(test, payload);
      const label = JSON.stringify(payload);
      expect(response.statusCode, label).toBe(400);
      expect(response.json().message, label).toMatch(/^email: /);
    }
    expect(await countAll()).toBe(before);
  });

  it('answers 400 mentioning JSON for a malformed body', async () => {
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/subscribe',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/JSON/);
  });
});

describe('POST /api/subscribe rate limit', () => {
  let limited: TestApp;

  beforeAll(async () => {
    limited = await createTestApp({ formPostsPerMinute: 3 });
  });

  afterAll(async () => {
    await limited.close();
  });

  it('answers 429 to the 4th post from one client within a minute, saying when to retry', async () => {
    const client = '10.0.0.7';
    for (let index = 0; index < 3; index++) {
      const response = await subscribe(
        limited,
        { email: `burst-${index}-${randomUUID()}@example.rw` },
        client,
      );
      expect(response.statusCode, `post ${index + 1}`).toBe(201);
    }
    const email = `burst-4-${randomUUID()}@example.rw`;
    const refused = await subscribe(limited, { email }, client);
    expect(refused.statusCode).toBe(429);
    const body = refused.json();
    expect(body.message).toMatch(/^Too many requests\. Please try again in \d+ seconds?\.$/);
    const seconds = Number(/(\d+) seconds/.exec(body.message)?.[1]);
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(60);
    expect(body).not.toHaveProperty('stack');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);

    const stored = await limited.database.db
      .select()
      .from(newsletterSubscriptions)
      .where(sql`${newsletterSubscriptions.email} = ${email}`);
    expect(stored).toEqual([]);
  });

  it('cannot be dodged with a forged X-Forwarded-For header when no proxy is trusted', async () => {
    const client = '10.0.0.9';
    const statuses: number[] = [];
    for (let index = 0; index < 5; index++) {
      const response = await limited.app.inject({
        method: 'POST',
        url: '/api/subscribe',
        payload: { email: `forged-${index}-${randomUUID()}@example.rw` },
        remoteAddress: client,
        headers: { 'x-forwarded-for': `203.0.113.${index}` },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([201, 201, 201, 429, 429]);
  });

  it('counts each client on its own', async () => {
    const other = '10.0.0.8';
    const response = await subscribe(limited, { email: `other-${randomUUID()}@example.rw` }, other);
    expect(response.statusCode).toBe(201);
  });
});

/** The test app's siteUrl: the only place a link in these e-mails may lead. */
const SITE_ORIGIN = 'http://localhost:3000';

/** Every http(s) address in `text` that leads anywhere but this site. */
function foreignLinks(text: string): string[] {
  return [...text.matchAll(/https?:\/\/[^\s<>"'()]+/gi)]
    .map((match) => match[0])
    .filter((url) => URL.parse(url)?.origin !== SITE_ORIGIN);
}

describe('the welcome to the typed address (no phishing relay)', () => {
  it.each([
    ['en', enAdmin],
    ['fr', frAdmin],
    ['rw', rwAdmin],
  ])(
    'in %s, is our fixed text and our unsubscribe link, whatever else the form carries',
    async (language, catalogue) => {
      const victim = `victim-${randomUUID()}@example.rw`;
      const response = await test.app.inject({
        method: 'POST',
        url: '/api/subscribe',
        headers: { 'accept-language': language },
        payload: {
          email: victim,
          name: 'Your account is suspended: http://evil.example/x',
          message: 'Confirm your payment at http://evil.example/phish (ref Zebracorn-7741).',
        },
      });
      expect(response.statusCode, response.body).toBe(201);

      const mails = await test.database.db
        .select()
        .from(outbox)
        .where(eq(outbox.recipient, victim));
      expect(mails).toHaveLength(1);
      const [welcome] = mails;
      expect(welcome!.subject).toBe(catalogue['newsletter.welcomeSubject']);
      expect(welcome!.body.startsWith(`${catalogue['newsletter.welcomeBody']}\n\n-- \n`)).toBe(
        true,
      );
      expect(welcome!.body).toContain(`${SITE_ORIGIN}/`);
      for (const text of [welcome!.subject, welcome!.body]) {
        expect(text).not.toContain('suspended');
        expect(text).not.toContain('Zebracorn-7741');
        expect(text).not.toContain('evil.example');
        expect(foreignLinks(text)).toEqual([]);
      }
    },
  );
});
