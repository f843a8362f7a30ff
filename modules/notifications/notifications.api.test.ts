import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, notifications, outbox } from '#db/schema.ts';
import { createSignedInUser, createTestApp, type TestApp } from '#server/testing.ts';
import { MY_NOTIFICATIONS_LIMIT } from './notifications.service.ts';

let test: TestApp;

beforeAll(async () => {
  test = await createTestApp();
});

afterAll(async () => {
  await test.close();
});

const ABSENT_ID = '00000000-0000-4000-8000-000000000000';

type Headers = Record<string, string>;

async function signedInAdmin() {
  return createSignedInUser(test.database, { role: 'admin', name: 'Aline Admin' });
}

function createNotification(headers: Headers, payload: Record<string, unknown>) {
  return test.app.inject({ method: 'POST', url: '/api/notification', headers, payload });
}

/** A broadcast made through the API; answers its id. */
async function broadcast(headers: Headers, payload: Record<string, unknown>): Promise<string> {
  const response = await createNotification(headers, payload);
  expect(response.statusCode).toBe(201);
  return response.json().notification._id;
}

async function myNotifications(headers: Headers) {
  const response = await test.app.inject({ url: '/api/my-notifications', headers });
  expect(response.statusCode).toBe(200);
  return response.json() as {
    data: { _id: string; title: string; isRead: boolean; isPersonal: boolean }[];
    unread: number;
  };
}

async function auditEntries(action: string, targetId: string) {
  return test.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetId, targetId)));
}

describe('POST /api/notification', () => {
  it('broadcasts to everyone by default, answers 201 with it, and audits it', async () => {
    const admin = await signedInAdmin();
    const response = await createNotification(admin.bearer, {
      title: '  Holiday hours ',
      message: 'The office is closed on 4 July.',
    });
    expect(response.statusCode).toBe(201);
    const answer = response.json();
    expect(answer).toMatchObject({
      message: 'Notification sent successfully!',
      notification: {
        title: 'Holiday hours',
        message: 'The office is closed on 4 July.',
        audience: 'everyone',
      },
    });
    const id = answer.notification._id;
    const [row] = await test.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.id, id));
    expect(row).toMatchObject({ senderId: admin.user.id, userId: null, deletedAt: null });
    const [entry] = await auditEntries('notification.create', id);
    expect(entry).toMatchObject({
      actorId: admin.user.id,
      targetType: 'notification',
      after: { title: 'Holiday hours', audience: 'everyone' },
    });
  });

  it.each([
    ['title', { message: 'Body' }, 'title: Title is required'],
    ['title', { title: '  ', message: 'Body' }, 'title: Title is required'],
    ['message', { title: 'Title' }, 'message: Message is required'],
    ['message', { title: 'Title', message: '' }, 'message: Message is required'],
    ['audience', { title: 'T', message: 'M', audience: 'admins' }, undefined],
  ])('answers 400 naming %s, and stores nothing', async (field, payload, message) => {
    const admin = await signedInAdmin();
    const before = (await test.database.db.select().from(notifications)).length;
    const response = await createNotification(admin.bearer, payload);
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.message).toMatch(new RegExp(`^${field}: `));
    if (message) expect(body.message).toBe(message);
    expect((await test.database.db.select().from(notifications)).length).toBe(before);
  });

  it('refuses anyone but an admin', async () => {
    const payload = { title: 'Hi', message: 'There' };
    expect((await createNotification({}, payload)).statusCode).toBe(401);
    for (const role of ['buyer', 'seller', 'guest'] as const) {
      const user = await createSignedInUser(test.database, { role });
      expect((await createNotification(user.bearer, payload)).statusCode, role).toBe(403);
    }
  });
});

describe('GET /api/notifications', () => {
  it('lists broadcasts most recent first, without personal messages or deleted ones', async () => {
    const admin = await signedInAdmin();
    const older = await broadcast(admin.bearer, { title: 'Older', message: 'One' });
    const newer = await broadcast(admin.bearer, {
      title: 'Newer',
      message: 'Two',
      audience: 'sellers',
    });
    const removed = await broadcast(admin.bearer, { title: 'Removed', message: 'Three' });
    await test.app.inject({
      method: 'DELETE',
      url: `/api/notification/${removed}`,
      headers: admin.bearer,
    });
    const buyer = await createSignedInUser(test.database, { role: 'buyer' });
    const personal = await test.app.services.notifications.sendPersonalMessage(
      buyer.user.id,
      'Just for you',
      { id: admin.user.id, role: 'admin' },
    );

    const response = await test.app.inject({
      url: '/api/notifications?pageSize=48',
      headers: admin.bearer,
    });
    expect(response.statusCode).toBe(200);
    const answer = response.json();
    const ids = answer.data.map((item: { _id: string }) => item._id);
    expect(ids.indexOf(newer)).toBeLessThan(ids.indexOf(older));
    expect(ids).not.toContain(removed);
    expect(ids).not.toContain(personal.id);
    expect(answer).toMatchObject({ page: 1, pageSize: 48, total: ids.length });
    expect(answer.data[ids.indexOf(newer)]).toMatchObject({
      title: 'Newer',
      message: 'Two',
      audience: 'sellers',
    });
  });

  it('answers 400 for a bad page and refuses non-admins', async () => {
    const admin = await signedInAdmin();
    const bad = await test.app.inject({ url: '/api/notifications?page=x', headers: admin.bearer });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^page: /);
    expect((await test.app.inject('/api/notifications')).statusCode).toBe(401);
    const seller = await createSignedInUser(test.database, { role: 'seller' });
    const refused = await test.app.inject({ url: '/api/notifications', headers: seller.bearer });
    expect(refused.statusCode).toBe(403);
  });
});

describe('PUT /api/notification/:id', () => {
  it('edits title, message and audience, keeps the audience when not given, audited', async () => {
    const admin = await signedInAdmin();
    const id = await broadcast(admin.bearer, {
      title: 'Draft',
      message: 'Txt',
      audience: 'buyers',
    });
    const edit = (payload: Record<string, unknown>) =>
      test.app.inject({
        method: 'PUT',
        url: `/api/notification/${id}`,
        headers: admin.bearer,
        payload,
      });
    const first = await edit({ title: 'Final', message: 'Text' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      message: 'Notification updated successfully!',
      notification: { _id: id, title: 'Final', message: 'Text', audience: 'buyers' },
    });
    const second = await edit({ title: 'Final', message: 'Text', audience: 'everyone' });
    expect(second.json().notification.audience).toBe('everyone');

    const entries = await auditEntries('notification.update', id);
    expect(entries).toHaveLength(2);
    expect(entries.map((entry) => entry.before)).toContainEqual({
      title: 'Draft',
      message: 'Txt',
      audience: 'buyers',
    });
  });

  it('answers 400 naming the field, 404 for absent, deleted or personal ones, 403 for others', async () => {
    const admin = await signedInAdmin();
    const id = await broadcast(admin.bearer, { title: 'Keep', message: 'Me' });
    const put = (
      target: string,
      payload: Record<string, unknown>,
      headers: Headers = admin.bearer,
    ) => test.app.inject({ method: 'PUT', url: `/api/notification/${target}`, headers, payload });

    const missingTitle = await put(id, { message: 'Only a message' });
    expect(missingTitle.statusCode).toBe(400);
    expect(missingTitle.json().message).toBe('title: Title is required');
    const missingMessage = await put(id, { title: 'Only a title', message: ' ' });
    expect(missingMessage.statusCode).toBe(400);
    expect(missingMessage.json().message).toBe('message: Message is required');

    const valid = { title: 'New', message: 'Text' };
    const absent = await put(ABSENT_ID, valid);
    expect(absent.statusCode).toBe(404);
    expect(absent.json()).toEqual({ message: 'Notification not found.' });
    const buyer = await createSignedInUser(test.database, { role: 'buyer' });
    const personal = await test.app.services.notifications.sendPersonalMessage(
      buyer.user.id,
      'Hello',
      { id: admin.user.id, role: 'admin' },
    );
    expect((await put(personal.id, valid)).statusCode).toBe(404);

    expect((await put(id, valid, buyer.bearer)).statusCode).toBe(403);
    expect((await put(id, valid, {})).statusCode).toBe(401);
    const [row] = await test.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.id, id));
    expect(row!.title).toBe('Keep');
  });
});

describe('DELETE /api/notification/:id', () => {
  it('withdraws it (soft), audited; then 404; refuses non-admins', async () => {
    const admin = await signedInAdmin();
    const id = await broadcast(admin.bearer, { title: 'Bye', message: 'Soon gone' });
    const remove = (headers: Headers) =>
      test.app.inject({ method: 'DELETE', url: `/api/notification/${id}`, headers });

    const seller = await createSignedInUser(test.database, { role: 'seller' });
    expect((await remove(seller.bearer)).statusCode).toBe(403);
    expect((await remove({})).statusCode).toBe(401);

    const response = await remove(admin.bearer);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Notification deleted successfully!' });
    const [row] = await test.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.id, id));
    expect(row!.deletedAt).toBeInstanceOf(Date);
    const [entry] = await auditEntries('notification.delete', id);
    expect(entry).toMatchObject({ actorId: admin.user.id, before: { _id: id, title: 'Bye' } });
    expect((await remove(admin.bearer)).statusCode).toBe(404);
  });
});

describe("a user's notifications", () => {
  it('a buyer sees broadcasts to everyone and to buyers, not to sellers; a seller the reverse', async () => {
    const admin = await signedInAdmin();
    const toEveryone = await broadcast(admin.bearer, { title: 'All', message: 'Everyone' });
    const toBuyers = await broadcast(admin.bearer, {
      title: 'Buyers',
      message: 'B',
      audience: 'buyers',
    });
    const toSellers = await broadcast(admin.bearer, {
      title: 'Sellers',
      message: 'S',
      audience: 'sellers',
    });

    const buyer = await createSignedInUser(test.database, { role: 'buyer' });
    const buyerIds = (await myNotifications(buyer.bearer)).data.map((item) => item._id);
    expect(buyerIds).toEqual(expect.arrayContaining([toEveryone, toBuyers]));
    expect(buyerIds).not.toContain(toSellers);
    expect(buyerIds.indexOf(toBuyers)).toBeLessThan(buyerIds.indexOf(toEveryone));

    const seller = await createSignedInUser(test.database, { role: 'seller' });
    const sellerIds = (await myNotifications(seller.bearer)).data.map((item) => item._id);
    expect(sellerIds).toEqual(expect.arrayContaining([toEveryone, toSellers]));
    expect(sellerIds).not.toContain(toBuyers);

    const guest = await createSignedInUser(test.database, { role: 'guest' });
    const guestIds = (await myNotifications(guest.bearer)).data.map((item) => item._id);
    expect(guestIds).toContain(toEveryone);
    expect(guestIds).not.toContain(toBuyers);
    expect(guestIds).not.toContain(toSellers);
  });

  it('personal messages reach only their user, marked personal, and are e-mailed', async () => {
    const admin = await signedInAdmin();
    const buyer = await createSignedInUser(test.database, { role: 'buyer' });
    const other = await createSignedInUser(test.database, { role: 'buyer' });
    const personal = await test.app.services.notifications.sendPersonalMessage(
      buyer.user.id,
      'Your listing needs a photo.',
      { id: admin.user.id, role: 'admin' },
    );
    const mine = await myNotifications(buyer.bearer);
    expect(mine.data.find((item) => item._id === personal.id)).toMatchObject({
      title: 'A message from the Inzu team',
      message: 'Your listing needs a photo.',
      isPersonal: true,
      isRead: false,
    });
    const theirs = await myNotifications(other.bearer);
    expect(theirs.data.map((item) => item._id)).not.toContain(personal.id);
    const mails = await test.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.recipient, buyer.user.email));
    expect(mails).toHaveLength(1);
  });

  it('marks one read, then all, with the unread count following', async () => {
    const admin = await signedInAdmin();
    const seller = await createSignedInUser(test.database, { role: 'seller' });
    const before = (await myNotifications(seller.bearer)).unread;
    const first = await broadcast(admin.bearer, {
      title: 'One',
      message: '1',
      audience: 'sellers',
    });
    await broadcast(admin.bearer, { title: 'Two', message: '2' });
    await test.app.services.notifications.sendPersonalMessage(seller.user.id, 'Three', {
      id: admin.user.id,
      role: 'admin',
    });

    const fresh = await myNotifications(seller.bearer);
    expect(fresh.unread).toBe(before + 3);
    expect(await test.app.services.notifications.countUnread(seller.user)).toBe(before + 3);

    const markOne = await test.app.inject({
      method: 'PUT',
      url: `/api/my-notifications/${first}/read`,
      headers: seller.bearer,
    });
    expect(markOne.statusCode).toBe(200);
    expect(markOne.json()).toEqual({ message: 'Marked as read.' });
    // Marking again changes nothing.
    await test.app.inject({
      method: 'PUT',
      url: `/api/my-notifications/${first}/read`,
      headers: seller.bearer,
    });
    const afterOne = await myNotifications(seller.bearer);
    expect(afterOne.unread).toBe(before + 2);
    expect(afterOne.data.find((item) => item._id === first)!.isRead).toBe(true);

    // Reading is per user: another seller still has it unread.
    const otherSeller = await createSignedInUser(test.database, { role: 'seller' });
    const theirs = await myNotifications(otherSeller.bearer);
    expect(theirs.data.find((item) => item._id === first)!.isRead).toBe(false);

    const markAll = await test.app.inject({
      method: 'PUT',
      url: '/api/my-notifications/read',
      headers: seller.bearer,
    });
    expect(markAll.statusCode).toBe(200);
    expect(markAll.json()).toEqual({ message: 'All notifications marked as read.' });
    const afterAll = await myNotifications(seller.bearer);
    expect(afterAll.unread).toBe(0);
    expect(afterAll.data.every((item) => item.isRead)).toBe(true);
    expect(await test.app.services.notifications.countUnread(seller.user)).toBe(0);
  });

  it('answers 404 when marking one not addressed to the user, absent or deleted', async () => {
    const admin = await signedInAdmin();
    const buyer = await createSignedInUser(test.database, { role: 'buyer' });
    const seller = await createSignedInUser(test.database, { role: 'seller' });
    const toSellers = await broadcast(admin.bearer, {
      title: 'Sellers only',
      message: 'S',
      audience: 'sellers',
    });
    const personal = await test.app.services.notifications.sendPersonalMessage(
      seller.user.id,
      'For the seller',
      { id: admin.user.id, role: 'admin' },
    );
    const removed = await broadcast(admin.bearer, { title: 'Gone', message: 'G' });
    await test.app.inject({
      method: 'DELETE',
      url: `/api/notification/${removed}`,
      headers: admin.bearer,
    });
    for (const id of [toSellers, personal.id, removed, ABSENT_ID]) {
      const response = await test.app.inject({
        method: 'PUT',
        url: `/api/my-notifications/${id}/read`,
        headers: buyer.bearer,
      });
      expect(response.statusCode, id).toBe(404);
    }
    const bad = await test.app.inject({
      method: 'PUT',
      url: '/api/my-notifications/x/read',
      headers: buyer.bearer,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^id: /);
  });

  it('a deleted notification disappears from inboxes and the unread count', async () => {
    const admin = await signedInAdmin();
    const buyer = await createSignedInUser(test.database, { role: 'buyer' });
    const id = await broadcast(admin.bearer, { title: 'Temporary', message: 'T' });
    const before = await myNotifications(buyer.bearer);
    expect(before.data.map((item) => item._id)).toContain(id);
    await test.app.inject({
      method: 'DELETE',
      url: `/api/notification/${id}`,
      headers: admin.bearer,
    });
    const after = await myNotifications(buyer.bearer);
    expect(after.data.map((item) => item._id)).not.toContain(id);
    expect(after.unread).toBe(before.unread - 1);
  });

  it(`shows at most the latest ${MY_NOTIFICATIONS_LIMIT}`, async () => {
    const admin = await signedInAdmin();
    const guest = await createSignedInUser(test.database, { role: 'guest' });
    const start = new Date('2030-01-01T00:00:00Z').getTime();
    await test.database.db.insert(notifications).values(
      Array.from({ length: MY_NOTIFICATIONS_LIMIT + 5 }, (_, index) => ({
        title: `Bulk ${index}`,
        message: 'M',
        senderId: admin.user.id,
        createdAt: new Date(start + index * 1000),
      })),
    );
    const mine = await myNotifications(guest.bearer);
    expect(mine.data).toHaveLength(MY_NOTIFICATIONS_LIMIT);
    expect(mine.data[0]!.title).toBe(`Bulk ${MY_NOTIFICATIONS_LIMIT + 4}`);
    expect(mine.unread).toBe(MY_NOTIFICATIONS_LIMIT);
  });

  it('is for signed-in users only', async () => {
    expect((await test.app.inject('/api/my-notifications')).statusCode).toBe(401);
    expect(
      (await test.app.inject({ method: 'PUT', url: '/api/my-notifications/read' })).statusCode,
    ).toBe(401);
  });
});
