import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '#db/schema.ts';
import { createUser } from '#seed/factories.ts';
import type { AccountsService } from './accounts.service.ts';
import { createSignedInUser, createTestApp, type TestApp } from '#server/testing.ts';

const CLIENT = { clientAddress: '10.0.0.1' };

/** Signs in an account without two-step sign-in: the session answered. */
async function signIn(
  accounts: AccountsService,
  input: { email: string; password: string },
  client: typeof CLIENT,
) {
  const outcome = await accounts.login(input, client);
  if (outcome.twoStepRequired) throw new Error('two-step sign-in was not expected here');
  return outcome;
}

function newEmail(label = 'user'): string {
  return `${label}-${randomUUID()}@example.rw`;
}

async function adminsOf(app: TestApp) {
  return app.database.db.select().from(users).where(eq(users.role, 'admin'));
}

describe('bootstrapAdmin on a database without an admin', () => {
  // A database of its own: the test is about there being no admin yet.
  let test: TestApp;

  beforeAll(async () => {
    test = await createTestApp();
  });

  afterAll(async () => {
    await test.close();
  });

  it('creates one admin with a generated password, then does nothing on a second call', async () => {
    const { accounts, adminBootstrap } = test.app.services;
    const fallbackEmail = newEmail('admin');
    expect(await adminsOf(test)).toEqual([]);

    const first = await adminBootstrap.bootstrapAdmin({
      email: undefined,
      password: undefined,
      fallbackEmail,
    });
    expect(first?.user).toEqual({
      id: expect.any(String),
      name: 'Administrator',
      email: fallbackEmail,
      phone: null,
      phoneProvedAt: null,
      role: 'admin',
      status: 'Active',
      createdAt: expect.any(String),
      verifiedAt: null,
      emailProvedAt: null,
      isTwoStepOn: false,
    });
    const generatedPassword = first?.generatedPassword ?? '';
    expect(generatedPassword.length).toBeGreaterThanOrEqual(12);

    const [stored] = await adminsOf(test);
    expect(stored?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(stored?.passwordHash).not.toContain(generatedPassword);

    const session = await signIn(
      accounts,
      { email: fallbackEmail, password: generatedPassword },
      CLIENT,
    );
    expect(session.user).toMatchObject({ email: fallbackEmail, role: 'admin' });
    expect(await accounts.getViewer(session.token)).toMatchObject({ role: 'admin' });

    const second = await adminBootstrap.bootstrapAdmin({
      email: undefined,
      password: undefined,
      fallbackEmail: newEmail('another-admin'),
    });
    expect(second).toBeUndefined();
    expect(await adminsOf(test)).toHaveLength(1);
    const again = await signIn(
      accounts,
      { email: fallbackEmail, password: generatedPassword },
      CLIENT,
    );
    expect(again.user.role).toBe('admin');
  });
});

describe('bootstrapAdmin with an e-mail and a password', () => {
  let test: TestApp;

  beforeAll(async () => {
    test = await createTestApp();
  });

  afterAll(async () => {
    await test.close();
  });

  it('creates that admin account when the e-mail is new', async () => {
    const { accounts, adminBootstrap } = test.app.services;
    const email = newEmail('boss');
    const result = await adminBootstrap.bootstrapAdmin({
      email,
      password: 'admin password 1',
      fallbackEmail: newEmail('unused'),
    });
    expect(result).toEqual({ user: expect.objectContaining({ email, role: 'admin' }) });
    expect(result?.generatedPassword).toBeUndefined();

    const session = await signIn(accounts, { email, password: 'admin password 1' }, CLIENT);
    expect(session.user.role).toBe('admin');
  });

  it('promotes an existing buyer with that e-mail and gives it the new password', async () => {
    const { accounts, adminBootstrap } = test.app.services;
    const email = newEmail('buyer');
    const buyer = await createUser(test.database.db, { email, role: 'buyer', name: 'Jean Buyer' });

    const result = await adminBootstrap.bootstrapAdmin({
      email: email.toUpperCase(),
      password: 'promoted password',
      fallbackEmail: newEmail('unused'),
    });
    expect(result?.user).toMatchObject({ id: buyer.id, email, name: 'Jean Buyer', role: 'admin' });

    const rows = await test.database.db.select().from(users).where(eq(users.id, buyer.id));
    expect(rows.map((row) => row.role)).toEqual(['admin']);
    const session = await signIn(accounts, { email, password: 'promoted password' }, CLIENT);
    expect(session.user).toMatchObject({ id: buyer.id, role: 'admin' });
  });

  it('leaves the language to the admin: none for a new account, the chosen one kept', async () => {
    const { adminBootstrap } = test.app.services;
    const created = newEmail('new-admin');
    await adminBootstrap.bootstrapAdmin({
      email: created,
      password: 'admin password 2',
      fallbackEmail: newEmail('unused'),
    });
    const chosen = newEmail('french-buyer');
    await createUser(test.database.db, { email: chosen, role: 'buyer', locale: 'fr' });
    await adminBootstrap.bootstrapAdmin({
      email: chosen,
      password: 'promoted password',
      fallbackEmail: newEmail('unused'),
    });

    const localeOf = async (email: string) =>
      (await test.database.db.select().from(users).where(eq(users.email, email)))[0]?.locale;
    // Made from the shell, in no page's language: its e-mails follow the pages it uses until
    // the admin picks one with the language switcher.
    expect(await localeOf(created)).toBeNull();
    expect(await localeOf(chosen)).toBe('fr');
  });

  it('ends the sessions of an account it promotes: they never proved the new password', async () => {
    const { accounts, adminBootstrap } = test.app.services;
    const email = newEmail('squatter');
    const { token } = await createSignedInUser(test.database, { email, role: 'buyer' });
    expect(await accounts.getViewer(token)).not.toBeNull();

    await adminBootstrap.bootstrapAdmin({
      email,
      password: 'promoted password',
      fallbackEmail: newEmail('unused'),
    });
    expect(await accounts.getViewer(token)).toBeNull();
  });

  it('reactivates a blocked account it promotes', async () => {
    const { accounts, adminBootstrap } = test.app.services;
    const email = newEmail('blocked');
    const blocked = await createUser(test.database.db, {
      email,
      role: 'seller',
      status: 'Blocked',
    });

    const result = await adminBootstrap.bootstrapAdmin({
      email,
      password: 'unblocked password',
      fallbackEmail: newEmail('unused'),
    });
    expect(result?.user).toMatchObject({ id: blocked.id, role: 'admin', status: 'Active' });
    const session = await signIn(accounts, { email, password: 'unblocked password' }, CLIENT);
    expect(session.user.status).toBe('Active');
  });
});
