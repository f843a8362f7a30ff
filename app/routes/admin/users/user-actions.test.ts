/** The admin user forms of the users list and a user's profile, as the server runs them. */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '#db/schema.ts';
import type { Viewer } from '#modules/accounts/accounts.service.ts';
import { createSignedInUser, createTestApp, type TestApp } from '#server/testing.ts';
import { requestPage, viewerOf } from '#test/page-requests.ts';

let test: TestApp;
let admin: Viewer;

beforeAll(async () => {
  test = await createTestApp();
  admin = viewerOf(await createSignedInUser(test.database, { role: 'admin' }));
});

afterAll(async () => {
  await test.close();
});

const users = () => test.app.services.accountsAdmin;
const newSeller = async () => (await createSignedInUser(test.database, { role: 'seller' })).user;

describe('the users list', () => {
  it('opens on sellers, and a bad role in the URL falls back to them', async () => {
    const seller = await newSeller();
    for (const url of ['/admin-panel/users', '/admin-panel/users?role=wizard']) {
      const page = await requestPage(test, url, { viewer: admin });
      const data = page.loaderData['routes/admin/users/users'] as {
        role: string;
        page: { items: { id: string }[] };
      };
      expect(data.role).toBe('seller');
      expect(data.page.items.map((user) => user.id)).toContain(seller.id);
    }
  });

  it('blocks and unblocks a user from their row', async () => {
    const seller = await newSeller();
    const blocked = await requestPage(test, '/admin-panel/users', {
      viewer: admin,
      form: { intent: 'status', userId: seller.id },
    });
    expect(blocked.actionData).toEqual({
      ok: true,
      message: `${seller.name} is now Blocked.`,
      intent: 'status',
    });
    expect((await users().getUserForAdmin(seller.id, admin)).status).toBe('Blocked');
    await requestPage(test, '/admin-panel/users', {
      viewer: admin,
      form: { intent: 'status', userId: seller.id },
    });
    expect((await users().getUserForAdmin(seller.id, admin)).status).toBe('Active');
  });

  it('sends a personal message, and refuses an empty one by name', async () => {
    const seller = await newSeller();
    const empty = await requestPage(test, '/admin-panel/users', {
      viewer: admin,
      form: { intent: 'message', userId: seller.id, message: '  ' },
    });
    expect(empty.status).toBe(400);
    expect(empty.actionData).toMatchObject({
      intent: 'message',
      fieldErrors: { message: expect.any(String) },
    });

    const sent = await requestPage(test, '/admin-panel/users', {
      viewer: admin,
      form: { intent: 'message', userId: seller.id, message: 'Please add photos.' },
    });
    expect(sent.actionData).toMatchObject({ ok: true, intent: 'message' });
    const rows = await test.database.db.select().from(notifications);
    expect(rows.filter((row) => row.userId === seller.id).map((row) => row.message)).toEqual([
      'Please add photos.',
    ]);
  });

  it('answers a user that does not exist with 404', async () => {
    const page = await requestPage(test, '/admin-panel/users', {
      viewer: admin,
      form: { intent: 'status', userId: randomUUID() },
    });
    expect(page.status).toBe(404);
    expect(page.actionData).toMatchObject({ ok: false, intent: 'status' });
  });
});

describe("a user's profile", () => {
  it('saves a new name and e-mail, and refuses a taken e-mail beside the field', async () => {
    const seller = await newSeller();
    const other = await newSeller();
    const url = `/admin-panel/users/${seller.id}`;
    const saved = await requestPage(test, url, {
      viewer: admin,
      form: { intent: 'update', userId: seller.id, name: 'Aline M.', email: 'aline.m@example.rw' },
    });
    expect(saved.actionData).toMatchObject({ ok: true, intent: 'update' });
    expect(await users().getUserForAdmin(seller.id, admin)).toMatchObject({
      name: 'Aline M.',
      email: 'aline.m@example.rw',
    });

    const taken = await requestPage(test, url, {
      viewer: admin,
      form: { intent: 'update', userId: seller.id, name: 'Aline M.', email: other.email },
    });
    expect(taken.status).toBe(409);
    expect(taken.actionData).toMatchObject({ ok: false, intent: 'update' });
    expect((await users().getUserForAdmin(seller.id, admin)).email).toBe('aline.m@example.rw');
  });

  it('promotes a seller to admin', async () => {
    const seller = await newSeller();
    const page = await requestPage(test, `/admin-panel/users/${seller.id}`, {
      viewer: admin,
      form: { intent: 'promote', userId: seller.id },
    });
    expect(page.actionData).toMatchObject({ ok: true, intent: 'promote' });
    expect((await users().getUserForAdmin(seller.id, admin)).role).toBe('admin');
  });

  it('turns a user’s two-step sign-in off, and says when it is not on', async () => {
    const seller = (
      await createSignedInUser(test.database, {
        role: 'seller',
        totpSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
        totpEnabledAt: new Date(),
      })
    ).user;
    const profile = `/admin-panel/users/${seller.id}`;
    const form = { intent: 'twoStepReset', userId: seller.id };
    const reset = await requestPage(test, profile, { viewer: admin, form });
    expect(reset.actionData).toEqual({
      ok: true,
      message: 'Two-step sign-in turned off. The user was told by e-mail.',
      intent: 'twoStepReset',
    });
    expect((await users().getUserForAdmin(seller.id, admin)).isTwoStepOn).toBe(false);
    const again = await requestPage(test, profile, { viewer: admin, form });
    expect(again.actionData).toMatchObject({
      ok: false,
      message: 'Two-step sign-in is not on.',
      intent: 'twoStepReset',
    });
  });

  it('deletes a user and returns to the list', async () => {
    const seller = await newSeller();
    const page = await requestPage(test, `/admin-panel/users/${seller.id}`, {
      viewer: admin,
      form: { intent: 'delete', userId: seller.id },
    });
    expect(page.status).toBe(302);
    expect(page.location).toBe('/admin-panel/users?deleted=1');
    await expect(users().getUserForAdmin(seller.id, admin)).rejects.toMatchObject({ status: 404 });
  });

  it('refuses an admin deleting themself, in the form', async () => {
    const page = await requestPage(test, `/admin-panel/users/${admin.id}`, {
      viewer: admin,
      form: { intent: 'delete', userId: admin.id },
    });
    expect(page.status).toBe(403);
    expect(page.actionData).toMatchObject({ ok: false, intent: 'delete' });
  });

  it('answers 404 for a profile that does not exist', async () => {
    const page = await requestPage(test, `/admin-panel/users/${randomUUID()}`, { viewer: admin });
    expect(page.status).toBe(404);
  });
});
