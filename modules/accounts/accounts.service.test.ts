import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '#db/schema.ts';
import { createUser } from '#db/seed/factories.ts';
import { NotFoundError } from '#lib/errors.ts';
import { createSignedInUser, createTestApp, type TestApp } from '#server/testing.ts';
import { hashToken, newToken, type AccountsService } from './accounts.service.ts';

const CLIENT = { clientAddress: '10.0.0.1' };

function newEmail(label = 'user'): string {
  return `${label}-${randomUUID()}@example.rw`;
}

function accountsOf(app: TestApp): AccountsService {
  return app.app.services.accounts;
}

async function adminsOf(app: TestApp) {
  return app.database.db.select().from(users).where(eq(users.role, 'admin'));
}

/** Inserts a session row for a user directly, expiring at the given time. */
async function insertSession(app: TestApp, userId: string, expiresAt: Date): Promise<string> {
  const token = newToken();
  await app.database.db.insert(sessions).values({
    userId,
    tokenHash: hashToken(token),
    createdAt: new Date(expiresAt.getTime() - 60_000),
    expiresAt,
  });
  return token;
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
    const accounts = accountsOf(test);
    const fallbackEmail = newEmail('admin');
    expect(await adminsOf(test)).toEqual([]);

    const first = await accounts.bootstrapAdmin({
      email: undefined,
      password: undefined,
      fallbackEmail,
    });
    expect(first?.user).toMatchObject({ email: fallbackEmail, role: 'admin', status: 'Active' });
    const generatedPassword = first?.generatedPassword ?? '';
    expect(generatedPassword.length).toBeGreaterThanOrEqual(12);

    const [stored] = await adminsOf(test);
    expect(stored?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(stored?.passwordHash).not.toContain(generatedPassword);

    const session = await accounts.login(
      { email: fallbackEmail, password: generatedPassword },
      CLIENT,
    );
    expect(session.user).toMatchObject({ email: fallbackEmail, role: 'admin' });
    expect(await accounts.getViewer(session.token)).toMatchObject({ role: 'admin' });

    const second = await accounts.bootstrapAdmin({
      email: undefined,
      password: undefined,
      fallbackEmail: newEmail('another-admin'),
    });
    expect(second).toBeUndefined();
    expect(await adminsOf(test)).toHaveLength(1);
    const again = await accounts.login(
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
    const accounts = accountsOf(test);
    const email = newEmail('boss');
    const result = await accounts.bootstrapAdmin({
      email,
      password: 'admin password 1',
      fallbackEmail: newEmail('unused'),
    });
    expect(result).toEqual({ user: expect.objectContaining({ email, role: 'admin' }) });
    expect(result?.generatedPassword).toBeUndefined();

    const session = await accounts.login({ email, password: 'admin password 1' }, CLIENT);
    expect(session.user.role).toBe('admin');
  });

  it('promotes an existing buyer with that e-mail and gives it the new password', async () => {
    const accounts = accountsOf(test);
    const email = newEmail('buyer');
    const buyer = await createUser(test.database.db, { email, role: 'buyer', name: 'Jean Buyer' });

    const result = await accounts.bootstrapAdmin({
      email: email.toUpperCase(),
      password: 'promoted password',
      fallbackEmail: newEmail('unused'),
    });
    expect(result?.user).toMatchObject({ _id: buyer.id, email, name: 'Jean Buyer', role: 'admin' });

    const rows = await test.database.db.select().from(users).where(eq(users.id, buyer.id));
    expect(rows.map((row) => row.role)).toEqual(['admin']);
    const session = await accounts.login({ email, password: 'promoted password' }, CLIENT);
    expect(session.user).toMatchObject({ _id: buyer.id, role: 'admin' });
  });

  it('ends the sessions of an account it promotes: they never proved the new password', async () => {
    const accounts = accountsOf(test);
    const email = newEmail('squatter');
    const { token } = await createSignedInUser(test.database, { email, role: 'buyer' });
    expect(await accounts.getViewer(token)).not.toBeNull();

    await accounts.bootstrapAdmin({
      email,
      password: 'promoted password',
      fallbackEmail: newEmail('unused'),
    });
    expect(await accounts.getViewer(token)).toBeNull();
  });

  it('reactivates a blocked account it promotes', async () => {
    const accounts = accountsOf(test);
    const email = newEmail('blocked');
    const blocked = await createUser(test.database.db, {
      email,
      role: 'seller',
      status: 'Blocked',
    });

    const result = await accounts.bootstrapAdmin({
      email,
      password: 'unblocked password',
      fallbackEmail: newEmail('unused'),
    });
    expect(result?.user).toMatchObject({ _id: blocked.id, role: 'admin', status: 'Active' });
    const session = await accounts.login({ email, password: 'unblocked password' }, CLIENT);
    expect(session.user.status).toBe('Active');
  });
});

describe('getPublicProfile', () => {
  let test: TestApp;

  beforeAll(async () => {
    test = await createTestApp();
  });

  afterAll(async () => {
    await test.close();
  });

  it('answers only the id, name, role and creation date', async () => {
    const user = await createUser(test.database.db, {
      name: 'Aline Uwase',
      role: 'seller',
      passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$not-a-real-hash',
    });
    const profile = await accountsOf(test).getPublicProfile(user.id);
    expect(Object.keys(profile).sort()).toEqual(['_id', 'createdAt', 'name', 'role']);
    expect(profile).toEqual({
      _id: user.id,
      name: 'Aline Uwase',
      role: 'seller',
      createdAt: user.createdAt,
    });
  });

  it('throws NotFound for an unknown id', async () => {
    await expect(accountsOf(test).getPublicProfile(randomUUID())).rejects.toBeInstanceOf(
      NotFoundError,
    );
    await expect(accountsOf(test).getPublicProfile(randomUUID())).rejects.toThrow(
      'User not found.',
    );
  });
});

describe('getViewer', () => {
  let test: TestApp;

  beforeAll(async () => {
    test = await createTestApp();
  });

  afterAll(async () => {
    await test.close();
  });

  it('answers the user and session behind a live token', async () => {
    const user = await createUser(test.database.db, { role: 'guest' });
    const token = await insertSession(test, user.id, new Date(Date.now() + 60 * 60_000));
    const [session] = await test.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(token)));

    expect(await accountsOf(test).getViewer(token)).toEqual({
      id: user.id,
      sessionId: session!.id,
      name: user.name,
      email: user.email,
      role: 'guest',
    });
  });

  it('answers null for an expired session', async () => {
    const user = await createUser(test.database.db);
    const token = await insertSession(test, user.id, new Date(Date.now() - 60_000));
    expect(await accountsOf(test).getViewer(token)).toBeNull();
  });

  it('answers null for an unknown token and for a blocked user', async () => {
    expect(await accountsOf(test).getViewer(newToken())).toBeNull();
    const blocked = await createUser(test.database.db, { status: 'Blocked' });
    const token = await insertSession(test, blocked.id, new Date(Date.now() + 60 * 60_000));
    expect(await accountsOf(test).getViewer(token)).toBeNull();
  });
});
