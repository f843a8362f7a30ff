import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assets,
  auditLog,
  notifications,
  outbox,
  passwordResets,
  properties,
  propertyRequests,
  sessions,
  users,
} from '#db/schema.ts';
import { createAsset, createProperty, createPropertyRequest, createUser } from '#seed/factories.ts';
import { ConflictError } from '#lib/errors.ts';
import { createSignedInUser, createTestApp, type TestApp } from '#server/testing.ts';

const NOT_FOUND = 'User not found or failed to load.';
const ADMIN_ONLY = 'Only admins can do this.';

let test: TestApp;
let admin: Awaited<ReturnType<typeof createSignedInUser>>;

beforeAll(async () => {
  test = await createTestApp();
  admin = await createSignedInUser(test.database, { role: 'admin', name: 'Head Admin' });
});

afterAll(async () => {
  await test.close();
});

function newEmail(label = 'user'): string {
  return `${label}-${randomUUID()}@example.rw`;
}

async function auditEntriesFor(targetId: string) {
  return test.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetType, 'user'), eq(auditLog.targetId, targetId)));
}

async function sessionCount(userId: string) {
  return (await test.database.db.select().from(sessions).where(eq(sessions.userId, userId))).length;
}

/** Every admin call with a valid id, for the refusal checks. */
function adminCalls(id: string) {
  return [
    { method: 'GET', url: '/api/users' },
    { method: 'GET', url: `/api/user/${id}` },
    { method: 'PUT', url: `/api/user/${id}/status` },
    { method: 'PUT', url: `/api/user/${id}`, payload: { name: 'X', email: newEmail() } },
    { method: 'PUT', url: `/api/user/${id}/role`, payload: { role: 'admin' } },
    { method: 'DELETE', url: `/api/user/${id}` },
    { method: 'POST', url: `/api/message/${id}`, payload: { message: 'Hello' } },
  ] as const;
}

describe('who may manage users', () => {
  it('refuses anonymous callers (401) and every non-admin role (403), changing nothing', async () => {
    const target = await createUser(test.database.db, { role: 'buyer' });
    for (const call of adminCalls(target.id)) {
      const anonymous = await test.app.inject({ ...call });
      expect(anonymous.statusCode, `${call.method} ${call.url}`).toBe(401);
      for (const role of ['buyer', 'seller', 'guest'] as const) {
        const caller = await createSignedInUser(test.database, { role });
        const refused = await test.app.inject({ ...call, headers: caller.bearer });
        expect(refused.statusCode, `${call.method} ${call.url} as ${role}`).toBe(403);
        expect(refused.json()).toEqual({ message: ADMIN_ONLY });
      }
    }
    const [after] = await test.database.db.select().from(users).where(eq(users.id, target.id));
    expect(after).toMatchObject({ role: 'buyer', status: 'Active', deletedAt: null });
    expect(await auditEntriesFor(target.id)).toEqual([]);
  });

  it('the service refuses a non-admin actor too (page actions call it directly)', async () => {
    const target = await createUser(test.database.db);
    await expect(
      test.app.services.accountsAdmin.toggleUserStatus(target.id, {
        id: target.id,
        role: 'seller',
      }),
    ).rejects.toThrow(ADMIN_ONLY);
  });
});

describe('GET /api/users', () => {
  it('lists users newest first, by role and by name or e-mail in any case; never deleted ones', async () => {
    const tag = randomUUID().slice(0, 8);
    const db = test.database.db;
    const older = await createUser(db, {
      role: 'seller',
      name: `Older Seller ${tag}`,
      createdAt: new Date('2024-01-01T00:00:00Z'),
    });
    const newer = await createUser(db, {
      role: 'seller',
      name: `newer seller ${tag}`,
      createdAt: new Date('2024-06-01T00:00:00Z'),
    });
    const buyer = await createUser(db, { role: 'buyer', email: `BUYER-${tag}@Example.rw` });
    await createUser(db, { role: 'seller', name: `Gone ${tag}`, deletedAt: new Date() });

    const bySeller = await test.app.inject({
      url: `/api/users?role=seller&q=${tag.toUpperCase()}`,
      headers: admin.bearer,
    });
    expect(bySeller.statusCode).toBe(200);
    const body = bySeller.json();
    expect(body).toMatchObject({ page: 1, pageSize: 20, total: 2, isTotalCapped: false });
    expect(body.data.map((user: { _id: string }) => user._id)).toEqual([newer.id, older.id]);
    expect(body.data[0]).toEqual({
      _id: newer.id,
      id: newer.id,
      username: newer.name,
      name: newer.name,
      email: newer.email,
      phone: null,
      phoneProvedAt: null,
      role: 'seller',
      status: 'Active',
      createdAt: '2024-06-01T00:00:00.000Z',
      verifiedAt: null,
      emailProvedAt: null,
      isTwoStepOn: false,
    });
    expect(JSON.stringify(body)).not.toContain('passwordHash');

    const byEmail = await test.app.inject({
      url: `/api/users?q=buyer-${tag}@example`,
      headers: admin.bearer,
    });
    expect(byEmail.json().data.map((user: { _id: string }) => user._id)).toEqual([buyer.id]);

    const paged = await test.app.inject({
      url: `/api/users?role=seller&q=${tag}&page=2&pageSize=1`,
      headers: admin.bearer,
    });
    expect(paged.json()).toMatchObject({ page: 2, pageSize: 1, total: 2 });
    expect(paged.json().data[0]._id).toBe(older.id);
  });

  it('treats % and _ in the search as plain characters', async () => {
    const response = await test.app.inject({ url: '/api/users?q=%25', headers: admin.bearer });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual([]);
  });

  it('names the bad parameter', async () => {
    const badRole = await test.app.inject({ url: '/api/users?role=owner', headers: admin.bearer });
    expect(badRole.statusCode).toBe(400);
    expect(badRole.json().message).toMatch(/^role: /);
    const badPage = await test.app.inject({ url: '/api/users?page=0', headers: admin.bearer });
    expect(badPage.statusCode).toBe(400);
    expect(badPage.json().message).toMatch(/^page: /);
  });
});

describe('GET /api/user/:id', () => {
  it('answers the one user in the shape of GET /api/me', async () => {
    const user = await createUser(test.database.db, { role: 'buyer', name: 'Eric Mugisha' });
    const response = await test.app.inject({
      url: `/api/user/${user.id}`,
      headers: admin.bearer,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      user: {
        _id: user.id,
        id: user.id,
        username: 'Eric Mugisha',
        name: 'Eric Mugisha',
        email: user.email,
        phone: null,
        phoneProvedAt: null,
        role: 'buyer',
        status: 'Active',
        createdAt: user.createdAt.toISOString(),
        verifiedAt: null,
        emailProvedAt: null,
        isTwoStepOn: false,
      },
    });
  });

  it('answers 404 for absent and deleted users, 400 naming id for a bad one', async () => {
    const deleted = await createUser(test.database.db, { deletedAt: new Date() });
    for (const id of [randomUUID(), deleted.id]) {
      const response = await test.app.inject({ url: `/api/user/${id}`, headers: admin.bearer });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: NOT_FOUND });
    }
    const bad = await test.app.inject({ url: '/api/user/not-a-uuid', headers: admin.bearer });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^id: /);
  });
});

describe('PUT /api/user/:id/status', () => {
  it('blocks (ending every session at once) and unblocks, recording both', async () => {
    const buyer = await createSignedInUser(test.database, { role: 'buyer' });
    expect((await test.app.inject({ url: '/api/me', headers: buyer.bearer })).statusCode).toBe(200);

    const blocked = await test.app.inject({
      method: 'PUT',
      url: `/api/user/${buyer.user.id}/status`,
      headers: admin.bearer,
    });
    expect(blocked.statusCode).toBe(200);
    expect(blocked.json()).toEqual({ status: 'Blocked' });
    expect(await sessionCount(buyer.user.id)).toBe(0);
    expect((await test.app.inject({ url: '/api/me', headers: buyer.bearer })).statusCode).toBe(401);

    const unblocked = await test.app.inject({
      method: 'PUT',
      url: `/api/user/${buyer.user.id}/status`,
      headers: admin.bearer,
    });
    expect(unblocked.json()).toEqual({ status: 'Active' });

    const entries = await auditEntriesFor(buyer.user.id);
    expect(entries.map((entry) => entry.action).sort()).toEqual(['user.block', 'user.unblock']);
    const block = entries.find((entry) => entry.action === 'user.block')!;
    expect(block.actorId).toBe(admin.user.id);
    expect(block.before).toMatchObject({ status: 'Active' });
    expect(block.after).toMatchObject({ status: 'Blocked' });
    expect(JSON.stringify(entries)).not.toMatch(/password/i);
  });

  it('refuses to block yourself', async () => {
    const response = await test.app.inject({
      method: 'PUT',
      url: `/api/user/${admin.user.id}/status`,
      headers: admin.bearer,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: 'You cannot block your own account.' });
    expect(await sessionCount(admin.user.id)).toBeGreaterThan(0);
  });

  it('blocks another admin while one active admin remains', async () => {
    const other = await createSignedInUser(test.database, { role: 'admin' });
    const response = await test.app.inject({
      method: 'PUT',
      url: `/api/user/${other.user.id}/status`,
      headers: admin.bearer,
    });
    expect(response.json()).toEqual({ status: 'Blocked' });
  });

  it('answers 404 for absent or deleted users, 400 naming id for a bad one', async () => {
    const deleted = await createUser(test.database.db, { deletedAt: new Date() });
    for (const id of [randomUUID(), deleted.id]) {
      const response = await test.app.inject({
        method: 'PUT',
        url: `/api/user/${id}/status`,
        headers: admin.bearer,
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: NOT_FOUND });
    }
    const bad = await test.app.inject({
      method: 'PUT',
      url: '/api/user/42/status',
      headers: admin.bearer,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^id: /);
  });
});

describe('PUT /api/user/:id', () => {
  it('changes name and e-mail, answers the user and records before and after', async () => {
    const user = await createUser(test.database.db, { name: 'Old Name' });
    const email = newEmail('renamed');
    const response = await test.app.inject({
      method: 'PUT',
      url: `/api/user/${user.id}`,
      headers: admin.bearer,
      payload: { name: '  New Name ', email: email.toUpperCase() },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      message: 'User info updated!',
      user: { _id: user.id, name: 'New Name', username: 'New Name', email },
    });
    const [entry] = await auditEntriesFor(user.id);
    expect(entry).toMatchObject({
      action: 'user.update',
      before: { name: 'Old Name', email: user.email },
      after: { name: 'New Name', email },
    });
    expect(JSON.stringify(entry)).not.toMatch(/password/i);
    // The old address hears where the account's mail now goes; a new name alone sends nothing.
    const told = await test.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.recipient, user.email));
    expect(told.map((mail) => mail.subject)).toEqual([
      'The e-mail address of your Inzu account was changed',
    ]);
    expect(told[0]!.body).toContain(email);
    expect(told[0]!.body).not.toContain('Old Name');
    await test.app.inject({
      method: 'PUT',
      url: `/api/user/${user.id}`,
      headers: admin.bearer,
      payload: { name: 'Newer Name', email },
    });
    expect(await test.database.db.select().from(outbox).where(eq(outbox.recipient, email))).toEqual(
      [],
    );
  });

  it('keeps e-mails unique whatever their case (409), but a user may keep their own', async () => {
    const taken = await createUser(test.database.db, { email: newEmail('taken') });
    const user = await createUser(test.database.db);
    const conflict = await test.app.inject({
      method: 'PUT',
      url: `/api/user/${user.id}`,
      headers: admin.bearer,
      payload: { name: 'Someone', email: taken.email.toUpperCase() },
    });
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json()).toEqual({ message: 'An account with this email already exists.' });
    const own = await test.app.inject({
      method: 'PUT',
      url: `/api/user/${user.id}`,
      headers: admin.bearer,
      payload: { name: 'Someone', email: user.email.toUpperCase() },
    });
    expect(own.statusCode).toBe(200);
  });

  it('names the bad field: name required, e-mail format', async () => {
    const user = await createUser(test.database.db);
    const noName = await test.app.inject({
      method: 'PUT',
      url: `/api/user/${user.id}`,
      headers: admin.bearer,
      payload: { name: '   ', email: newEmail() },
    });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().message).toBe('name: Name is required');
    const badEmail = await test.app.inject({
      method: 'PUT',
      url: `/api/user/${user.id}`,
      headers: admin.bearer,
      payload: { name: 'Fine', email: 'not-an-email' },
    });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().message).toMatch(/^email: /);
  });

  it('answers 404 for an absent user', async () => {
    const response = await test.app.inject({
      method: 'PUT',
      url: `/api/user/${randomUUID()}`,
      headers: admin.bearer,
      payload: { name: 'Nobody', email: newEmail() },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: NOT_FOUND });
  });
});

describe('PUT /api/user/:id/role', () => {
  it('promotes to admin, ending the old sessions; the user signs in again as admin', async () => {
    const seller = await createSignedInUser(test.database, { role: 'seller' });
    const response = await test.app.inject({
      method: 'PUT',
      url: `/api/user/${seller.user.id}/role`,
      headers: admin.bearer,
      payload: { role: 'admin' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      message: 'User promoted to admin',
      user: { _id: seller.user.id, role: 'admin' },
    });
    expect(await sessionCount(seller.user.id)).toBe(0);
    expect((await test.app.inject({ url: '/api/me', headers: seller.bearer })).statusCode).toBe(
      401,
    );
    const [entry] = await auditEntriesFor(seller.user.id);
    expect(entry).toMatchObject({
      action: 'user.promote',
      before: { role: 'seller' },
      after: { role: 'admin' },
    });

    const again = await test.app.inject({
      method: 'PUT',
      url: `/api/user/${seller.user.id}/role`,
      headers: admin.bearer,
      payload: { role: 'admin' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'This user is already an admin.' });
  });

  it('accepts only admin: there is no demotion (400 naming role)', async () => {
    const user = await createUser(test.database.db, { role: 'buyer' });
    for (const payload of [{ role: 'seller' }, { role: 'buyer' }, {}]) {
      const response = await test.app.inject({
        method: 'PUT',
        url: `/api/user/${admin.user.id}/role`,
        headers: admin.bearer,
        payload,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/^role: /);
    }
    const [after] = await test.database.db.select().from(users).where(eq(users.id, user.id));
    expect(after!.role).toBe('buyer');
  });

  it('answers 404 for an absent user', async () => {
    const response = await test.app.inject({
      method: 'PUT',
      url: `/api/user/${randomUUID()}/role`,
      headers: admin.bearer,
      payload: { role: 'admin' },
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('DELETE /api/user/:id', () => {
  it('anonymises the account, ends its sessions and links, and withdraws its listings', async () => {
    const db = test.database.db;
    const seller = await createSignedInUser(test.database, {
      role: 'seller',
      name: 'Leaving Seller',
      passwordHash: 'not-a-real-hash',
    });
    const id = seller.user.id;
    const property = await createProperty(db, id);
    const asset = await createAsset(db, id);
    const request = await createPropertyRequest(db, id);
    const other = await createProperty(db, admin.user.id);
    await db.insert(passwordResets).values({
      userId: id,
      tokenHash: `reset-${randomUUID()}`,
      expiresAt: new Date(Date.now() + 60_000),
    });

    const response = await test.app.inject({
      method: 'DELETE',
      url: `/api/user/${id}`,
      headers: admin.bearer,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'User deleted.' });

    const [row] = await db.select().from(users).where(eq(users.id, id));
    expect(row).toMatchObject({
      name: 'Deleted user',
      email: `deleted-${id}@deleted.invalid`,
      passwordHash: null,
      status: 'Blocked',
    });
    expect(row!.deletedAt).toBeInstanceOf(Date);
    expect(await sessionCount(id)).toBe(0);
    expect(await db.select().from(passwordResets).where(eq(passwordResets.userId, id))).toEqual([]);
    const [p] = await db.select().from(properties).where(eq(properties.id, property.id));
    const [a] = await db.select().from(assets).where(eq(assets.id, asset.id));
    const [r] = await db.select().from(propertyRequests).where(eq(propertyRequests.id, request.id));
    expect([p!.deletedAt, a!.deletedAt, r!.deletedAt].every(Boolean)).toBe(true);
    const [kept] = await db.select().from(properties).where(eq(properties.id, other.id));
    expect(kept!.deletedAt).toBeNull();

    // Gone everywhere: the admin API, the list and the public pages.
    const read = await test.app.inject({ url: `/api/user/${id}`, headers: admin.bearer });
    expect(read.statusCode).toBe(404);
    const listed = await test.app.inject({ url: '/api/users?q=Leaving', headers: admin.bearer });
    expect(listed.json().data).toEqual([]);
    expect((await test.app.inject(`/api/get-property/${property.id}`)).statusCode).toBe(404);
    expect(await test.app.services.accounts.getPublicProfile(id).catch((e) => e.status)).toBe(404);

    const [entry] = await auditEntriesFor(id);
    expect(entry).toMatchObject({
      action: 'user.delete',
      actorId: admin.user.id,
      before: { name: 'Leaving Seller', email: seller.user.email, status: 'Active' },
      after: {
        name: 'Deleted user',
        status: 'Blocked',
        withdrawn: { properties: 1, assets: 1, requests: 1 },
      },
    });
    expect(JSON.stringify(entry)).not.toMatch(/password|not-a-real-hash/i);

    const again = await test.app.inject({
      method: 'DELETE',
      url: `/api/user/${id}`,
      headers: admin.bearer,
    });
    expect(again.statusCode).toBe(404);
  });

  it('refuses to delete yourself', async () => {
    const response = await test.app.inject({
      method: 'DELETE',
      url: `/api/user/${admin.user.id}`,
      headers: admin.bearer,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: 'You cannot delete your own account.' });
  });

  it('answers 404 for an absent user and 400 naming id for a bad one', async () => {
    const absent = await test.app.inject({
      method: 'DELETE',
      url: `/api/user/${randomUUID()}`,
      headers: admin.bearer,
    });
    expect(absent.statusCode).toBe(404);
    const bad = await test.app.inject({
      method: 'DELETE',
      url: '/api/user/abc',
      headers: admin.bearer,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^id: /);
  });
});

describe('POST /api/message/:userId', () => {
  async function messagesTo(userId: string) {
    return test.database.db.select().from(notifications).where(eq(notifications.userId, userId));
  }

  it('delivers a plain-text message to the inbox and by e-mail, and records it', async () => {
    const buyer = await createUser(test.database.db, { role: 'buyer', email: newEmail('inbox') });
    const response = await test.app.inject({
      method: 'POST',
      url: `/api/message/${buyer.id}`,
      headers: { ...admin.bearer, 'content-type': 'text/plain' },
      payload: 'Your listing needs photos.',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Message sent.' });
    const [inbox] = await messagesTo(buyer.id);
    expect(inbox).toMatchObject({ message: 'Your listing needs photos.', senderId: admin.user.id });
    const mails = await test.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.recipient, buyer.email));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.body).toContain('Your listing needs photos.');
    const [entry] = await auditEntriesFor(buyer.id);
    expect(entry).toMatchObject({ action: 'user.message', actorId: admin.user.id });
  });

  it('accepts JSON {message} too', async () => {
    const user = await createUser(test.database.db);
    const response = await test.app.inject({
      method: 'POST',
      url: `/api/message/${user.id}`,
      headers: admin.bearer,
      payload: { message: 'Welcome aboard.' },
    });
    expect(response.json()).toEqual({ message: 'Message sent.' });
    expect((await messagesTo(user.id))[0]!.message).toBe('Welcome aboard.');
  });

  it('refuses an empty or blank message (400 naming message), sending nothing', async () => {
    const user = await createUser(test.database.db);
    const bodies = [
      { headers: { 'content-type': 'text/plain' }, payload: '   \n ' },
      { headers: { 'content-type': 'application/json' }, payload: { message: '' } },
      { headers: { 'content-type': 'application/json' }, payload: {} },
    ];
    for (const body of bodies) {
      const response = await test.app.inject({
        method: 'POST',
        url: `/api/message/${user.id}`,
        headers: { ...admin.bearer, ...body.headers },
        payload: body.payload,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/^message: /);
    }
    expect(await messagesTo(user.id)).toEqual([]);
  });

  it('answers 404 for an absent or deleted user', async () => {
    const deleted = await createUser(test.database.db, { deletedAt: new Date() });
    for (const id of [randomUUID(), deleted.id]) {
      const response = await test.app.inject({
        method: 'POST',
        url: `/api/message/${id}`,
        headers: admin.bearer,
        payload: { message: 'Hello?' },
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: NOT_FOUND });
    }
  });
});

describe('the last active admin', () => {
  // A database of its own: exactly one active admin.
  let solo: TestApp;

  beforeAll(async () => {
    solo = await createTestApp();
  });

  afterAll(async () => {
    await solo.close();
  });

  it('cannot be blocked or deleted, even by an admin account that is itself blocked', async () => {
    const db = solo.database.db;
    const last = await createUser(db, { role: 'admin' });
    const blockedAdmin = await createUser(db, { role: 'admin', status: 'Blocked' });
    const actor = { id: blockedAdmin.id, role: 'admin' } as const;
    const accounts = solo.app.services.accountsAdmin;
    await expect(accounts.toggleUserStatus(last.id, actor)).rejects.toBeInstanceOf(ConflictError);
    await expect(accounts.deleteUser(last.id, actor)).rejects.toThrow(
      'The last active admin cannot be blocked or deleted.',
    );
    const [row] = await db.select().from(users).where(eq(users.id, last.id));
    expect(row).toMatchObject({ status: 'Active', deletedAt: null });
    // A blocked admin is not the last active one: it may go.
    await accounts.deleteUser(blockedAdmin.id, { id: last.id, role: 'admin' });
  });
});
