import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '#db/schema.ts';
import { createUser } from '#seed/factories.ts';
import { NotFoundError } from '#lib/errors.ts';
import { createTestApp, type TestApp } from '#server/testing.ts';
import { hashToken, newToken, type AccountsService } from './accounts.service.ts';

function accountsOf(app: TestApp): AccountsService {
  return app.app.services.accounts;
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
    expect(Object.keys(profile).sort()).toEqual(['_id', 'createdAt', 'isVerified', 'name', 'role']);
    expect(profile).toEqual({
      _id: user.id,
      name: 'Aline Uwase',
      role: 'seller',
      createdAt: user.createdAt,
      isVerified: false,
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
      accountRole: 'guest',
      locale: null,
      isTwoStepOn: false,
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
