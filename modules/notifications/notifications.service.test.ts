import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '#db/seed/factories.ts';
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
