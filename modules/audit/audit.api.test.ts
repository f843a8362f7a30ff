import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser, createTestApp, type TestApp } from '#server/testing.ts';

let test: TestApp;

beforeAll(async () => {
  test = await createTestApp();
});

afterAll(async () => {
  await test.close();
});

describe('GET /api/audit-log', () => {
  it('lists recorded admin actions newest first, with who, what, when, before and after', async () => {
    const admin = await createSignedInUser(test.database, { role: 'admin', name: 'Aline Admin' });
    const actor = { id: admin.user.id, role: 'admin' as const };
    await test.app.services.audit.record({
      actor,
      action: 'settings.update',
      targetType: 'settings',
      targetId: 'platform',
      before: { footerText: 'Old' },
      after: { footerText: 'New' },
    });
    await test.app.services.audit.record({
      actor,
      action: 'user.block',
      targetType: 'user',
      targetId: admin.user.id,
    });

    const response = await test.app.inject({ url: '/api/audit-log', headers: admin.bearer });
    expect(response.statusCode).toBe(200);
    const answer = response.json();
    expect(answer.total).toBeGreaterThanOrEqual(2);
    expect(answer.data[1]).toMatchObject({
      actorName: 'Aline Admin',
      action: 'settings.update',
      targetType: 'settings',
      targetId: 'platform',
      before: { footerText: 'Old' },
      after: { footerText: 'New' },
    });

    const filtered = await test.app.inject({
      url: '/api/audit-log?targetType=user',
      headers: admin.bearer,
    });
    expect(
      filtered.json().data.every((entry: { targetType: string }) => entry.targetType === 'user'),
    ).toBe(true);
  });

  it('refuses a bad page and anyone but an admin', async () => {
    const admin = await createSignedInUser(test.database, { role: 'admin' });
    const badPage = await test.app.inject({ url: '/api/audit-log?page=0', headers: admin.bearer });
    expect(badPage.statusCode).toBe(400);
    expect(badPage.json().message).toMatch(/page/);
    const seller = await createSignedInUser(test.database, { role: 'seller' });
    expect((await test.app.inject('/api/audit-log')).statusCode).toBe(401);
    expect(
      (await test.app.inject({ url: '/api/audit-log', headers: seller.bearer })).statusCode,
    ).toBe(403);
  });
});
