/**
 * The pages of two-step sign-in, posted as plain forms (no JavaScript): the security page turns
 * it on, the login page asks for the code with the challenge in a hidden field, and
 * ADMIN_2FA=required sends admins to the security page first.
 */
import { randomUUID } from 'node:crypto';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '#seed/factories.ts';
import type { UserRole } from '#lib/account.ts';
import { hashPassword } from '#modules/accounts/accounts.passwords.ts';
import { createSession, createTestApp, type TestApp } from '#server/testing.ts';
import { requestPage, viewerOf } from '#test/page-requests.ts';

const PASSWORD = 'correct horse battery';

let test: TestApp;
let required: TestApp;
let passwordHash: string;

beforeAll(async () => {
  test = await createTestApp();
  required = await createTestApp({ adminTwoStep: 'required' });
  passwordHash = await hashPassword(PASSWORD);
});

afterAll(async () => {
  await test.close();
  await required.close();
});

async function accountOf(app: TestApp, role: UserRole = 'buyer') {
  const email = `page-security-${randomUUID()}@example.rw`;
  const user = await createUser(app.database.db, { email, role, passwordHash });
  const token = await createSession(app.database, user.id);
  const viewer = viewerOf({ user });
  const [session] = await app.app.services.accountSecurity.listSessions(viewer);
  return { user, email, token, viewer: { ...viewer, sessionId: session!.id } };
}

type Answer = {
  ok: boolean;
  step?: string;
  challenge?: string;
  redirectTo?: string;
  recoveryCodes?: string[];
  fieldErrors?: Record<string, string>;
};

describe('the security page and the login page, without JavaScript', () => {
  it('turns two-step sign-in on, then the login asks for a code', async () => {
    const { email, viewer } = await accountOf(test);
    const withoutPassword = await requestPage(test, '/account/security', {
      viewer,
      form: { intent: 'setUp' },
    });
    expect((withoutPassword.actionData as Answer).fieldErrors).toHaveProperty('password');
    const started = await requestPage(test, '/account/security', {
      viewer,
      form: { intent: 'setUp', password: PASSWORD },
    });
    expect(started.actionData).toMatchObject({ ok: true });
    const page = await requestPage(test, '/account/security', { viewer });
    const { pendingSetup, twoStep } = page.loaderData['routes/account/security'] as {
      pendingSetup: { secret: string; uri: string };
      twoStep: { isOn: boolean };
    };
    expect(twoStep.isOn).toBe(false);
    expect(pendingSetup.uri).toMatch(/^otpauth:\/\/totp\//);

    const wrong = await requestPage(test, '/account/security', {
      viewer,
      form: { intent: 'enable', password: PASSWORD, code: '000000' },
    });
    expect(wrong.status).toBe(400);
    expect((wrong.actionData as Answer).fieldErrors).toHaveProperty('code');
    const withoutIt = await requestPage(test, '/account/security', {
      viewer,
      form: { intent: 'enable', code: await generate({ secret: pendingSetup.secret }) },
    });
    expect((withoutIt.actionData as Answer).fieldErrors).toHaveProperty('password');
    const wrongPassword = await requestPage(test, '/account/security', {
      viewer,
      form: { intent: 'enable', password: 'not it', code: '000000' },
    });
    expect((wrongPassword.actionData as Answer).fieldErrors).toHaveProperty('password');
    const turnedOn = await requestPage(test, '/account/security', {
      viewer,
      form: {
        intent: 'enable',
        password: PASSWORD,
        code: await generate({ secret: pendingSetup.secret }),
      },
    });
    expect((turnedOn.actionData as Answer).recoveryCodes).toHaveLength(10);

    const passwordStep = await requestPage(test, '/login', {
      form: { email, password: PASSWORD },
    });
    const asked = passwordStep.actionData as Answer;
    expect(asked).toMatchObject({ ok: true, step: 'code', challenge: expect.any(String) });
    expect(asked.redirectTo).toBeUndefined();

    const wrongCode = await requestPage(test, '/login', {
      form: { challenge: asked.challenge!, code: '000000' },
    });
    expect(wrongCode.actionData).toMatchObject({
      ok: false,
      step: 'code',
      challenge: asked.challenge,
      fieldErrors: { code: expect.any(String) },
    });
    const codeStep = await requestPage(test, '/login', {
      form: {
        challenge: asked.challenge!,
        // The code that turned it on is spent; the app's next one signs in.
        code: await generate({ secret: pendingSetup.secret, epoch: Date.now() / 1000 + 30 }),
      },
    });
    expect(codeStep.actionData).toMatchObject({ ok: true, redirectTo: '/property-requested' });

    const expired = await requestPage(test, '/login', {
      form: { challenge: 'forged.challenge', code: '123456' },
    });
    const answer = expired.actionData as Answer;
    expect(answer.step).toBeUndefined();
    expect(answer.fieldErrors).toHaveProperty('challenge');
  });

  it('lists the sessions and signs another one out', async () => {
    const { user, viewer } = await accountOf(test);
    await createSession(test.database, user.id);
    const page = await requestPage(test, '/account/security', { viewer });
    const { sessions } = page.loaderData['routes/account/security'] as {
      sessions: { id: string; current: boolean }[];
    };
    expect(sessions).toHaveLength(2);
    const other = sessions.find((session) => !session.current)!;
    const ended = await requestPage(test, '/account/security', {
      viewer,
      form: { intent: 'endSession', id: other.id },
    });
    expect(ended.actionData).toMatchObject({ ok: true });
    const after = await requestPage(test, '/account/security', { viewer });
    expect(
      (after.loaderData['routes/account/security'] as { sessions: unknown[] }).sessions,
    ).toHaveLength(1);
  });

  it('sends a visitor to sign in first', async () => {
    const answer = await requestPage(test, '/account/security');
    expect(answer.status).toBe(302);
    expect(answer.location).toMatch(/^\/login\?next=/);
  });
});

describe('ADMIN_2FA=required', () => {
  it('sends an admin who signs in without two-step sign-in to the security page', async () => {
    const { email } = await accountOf(required, 'admin');
    const answer = await requestPage(required, '/login', {
      form: { email, password: PASSWORD, next: '/admin-panel' },
    });
    expect(answer.actionData).toMatchObject({ ok: true, redirectTo: '/account/security' });
  });

  it('keeps every admin page closed until then', async () => {
    const { viewer } = await accountOf(required, 'admin');
    const answer = await requestPage(required, '/admin-panel/users', { viewer });
    expect(answer.status).toBe(302);
    expect(answer.location).toBe('/account/security?adminTwoStep=required');
    const open = await requestPage(required, '/admin-panel/users', {
      viewer: { ...viewer, isTwoStepOn: true },
    });
    expect(open.status).toBe(200);
  });

  it('leaves admins free when optional', async () => {
    const { viewer } = await accountOf(test, 'admin');
    expect((await requestPage(test, '/admin-panel/users', { viewer })).status).toBe(200);
  });
});
