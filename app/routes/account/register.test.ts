/**
 * Registering signs the new user in: that session is listed on /account/security by its
 * browser and system, as a session started at sign-in is, not as an unknown browser.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '#db/schema.ts';
import { createTestApp, type TestApp } from '#server/testing.ts';
import { requestPage, viewerOf } from '#test/page-requests.ts';

const CHROME_ON_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

let test: TestApp;

beforeAll(async () => {
  test = await createTestApp();
});

afterAll(async () => {
  await test.close();
});

describe('/register', () => {
  it("records the new session's browser, for the sessions list", async () => {
    const answer = await requestPage(test, '/register', {
      headers: { 'user-agent': CHROME_ON_WINDOWS },
      form: {
        username: 'Aline Uwase',
        email: 'aline.register@example.rw',
        role: 'buyer',
        password: 'correct horse battery',
        confirmPassword: 'correct horse battery',
      },
    });
    expect(answer.actionData).toMatchObject({ ok: true });

    const [user] = await test.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'aline.register@example.rw'));
    const sessions = await test.app.services.accountSecurity.listSessions(
      viewerOf({ user: user! }),
    );
    expect(sessions).toHaveLength(1);
    expect(sessions[0]).toMatchObject({ browser: 'Chrome', system: 'Windows' });
  });
});
