import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '#seed/factories.ts';
import type { Actor } from '#lib/account.ts';
import { ForbiddenError } from '#lib/errors.ts';
import { createTestApp, type TestApp } from '#server/testing.ts';
import { audiencesFor } from './notifications.service.ts';

let test: TestApp;

beforeAll(async () => {
  test = await createTestApp();
});

afterAll(async () => {
  await test.close();
});

describe('audiencesFor', () => {
  it('gives buyers and sellers their own broadcasts besides everyone’s', () => {
    expect(audiencesFor('buyer')).toEqual(['everyone', 'buyers']);
    expect(audiencesFor('seller')).toEqual(['everyone', 'sellers']);
    expect(audiencesFor('guest')).toEqual(['everyone']);
    expect(audiencesFor('admin')).toEqual(['everyone']);
  });
});

describe('admin-only services', () => {
  it('refuse a non-admin actor even when called directly (page actions do)', async () => {
    const { inbox, notifications } = test.app.services;
    const seller = await createUser(test.database.db, { role: 'seller' });
    const actor = { id: seller.id, role: seller.role };
    const id = '00000000-0000-4000-8000-000000000000';
    const calls = [
      () => inbox.listMessages({ page: 1, pageSize: 10 }, actor),
      () => inbox.updateMessage(id, { message: 'x' }, actor),
      () => inbox.deleteMessage(id, actor),
      () => inbox.replyToMessage(id, { reply: 'x' }, actor),
      () => notifications.listNotifications({ page: 1, pageSize: 10 }, actor),
      () =>
        notifications.createNotification({ title: 't', message: 'm', audience: 'everyone' }, actor),
      () => notifications.updateNotification(id, { title: 't', message: 'm' }, actor),
      () => notifications.deleteNotification(id, actor),
      () => notifications.sendPersonalMessage(seller.id, 'Hello', actor),
    ];
    for (const call of calls) {
      await expect(call()).rejects.toBeInstanceOf(ForbiddenError);
    }
  });
});

describe('countUnread', () => {
  it('keeps each count until a notification is written or read, as if read each time', async () => {
    const { notifications } = test.app.services;
    const db = test.database.db;
    const admin: Actor = { id: (await createUser(db, { role: 'admin' })).id, role: 'admin' };
    const buyer: Actor = { id: (await createUser(db, { role: 'buyer' })).id, role: 'buyer' };
    const seller: Actor = { id: (await createUser(db, { role: 'seller' })).id, role: 'seller' };
    const counts = async () => [
      await notifications.countUnread(buyer),
      await notifications.countUnread(seller),
    ];
    const start = await counts();
    const since = async () => (await counts()).map((count, index) => count - start[index]!);

    await notifications.notify([buyer.id], () => ({
      kind: 'notice',
      title: 'Your listing was approved',
      message: 'It is on the site now.',
      link: null,
    }));
    expect(await since()).toEqual([1, 0]);

    await notifications.sendPersonalMessage(seller.id, 'Please add a photo', admin);
    expect(await since()).toEqual([1, 1]);

    const { _id: broadcastId } = await notifications.createNotification(
      { title: 'Holiday hours', message: 'Support answers on Monday.', audience: 'buyers' },
      admin,
    );
    expect(await since()).toEqual([2, 1]);

    await notifications.updateNotification(
      broadcastId,
      { title: 'Holiday hours', message: 'Support answers on Monday.', audience: 'everyone' },
      admin,
    );
    expect(await since()).toEqual([2, 2]);

    await notifications.markRead(broadcastId, buyer);
    expect(await since()).toEqual([1, 2]);

    await notifications.deleteNotification(broadcastId, admin);
    expect(await since()).toEqual([1, 1]);

    await notifications.markAllRead(seller);
    expect(await notifications.countUnread(seller)).toBe(0);
    expect((await since())[0]).toBe(1);

    // The same user in another role receives that role's broadcasts.
    await notifications.createNotification(
      { title: 'New fees', message: 'Listing stays free.', audience: 'sellers' },
      admin,
    );
    expect(await notifications.countUnread(buyer)).toBe(start[0]! + 1);
    expect(await notifications.countUnread({ ...buyer, role: 'seller' })).toBe(start[0]! + 2);
  });
});

// On PGlite a read outside the transaction waits for it to end: no read can come in between.
describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('countUnread on PostgreSQL', () => {
  it('reads again after a notification commits, though asked while it was written', async () => {
    const { notifications } = test.app.services;
    const db = test.database.db;
    const buyer: Actor = { id: (await createUser(db, { role: 'buyer' })).id, role: 'buyer' };
    const before = await notifications.countUnread(buyer);

    await db.transaction(async (tx) => {
      await notifications.notify(
        [buyer.id],
        () => ({ kind: 'notice', title: 'Approved', message: 'It is on the site.', link: null }),
        tx,
      );
      // Another connection, before the commit: the count without the notification.
      expect(await notifications.countUnread(buyer)).toBe(before);
    });

    expect(await notifications.countUnread(buyer)).toBe(before + 1);
  });
});
