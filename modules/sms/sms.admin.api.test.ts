/**
 * GET /api/admin/sms-messages: the outbox as admins read it, newest first, filtered by status,
 * kind and number (in any common form), paged; the codes of account SMS never leave the server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smsOutbox } from '#db/schema.ts';
import { createSignedInUser, createTestApp, type TestApp } from '#server/testing.ts';

let test: TestApp;
let admin: Awaited<ReturnType<typeof createSignedInUser>>;

const START = Date.parse('2026-05-04T08:00:00.000Z');
const at = (minutes: number) => new Date(START + minutes * 60_000);

beforeAll(async () => {
  test = await createTestApp();
  admin = await createSignedInUser(test.database, { role: 'admin' });
  await test.database.db.insert(smsOutbox).values([
    {
      recipient: '+250788123456',
      body: 'Inzu: your code is 482913. It lasts 10 minutes.',
      kind: 'account',
      parts: 1,
      status: 'delivered',
      providerMessageId: 'ATXid_code',
      cost: 'RWF 10.0000',
      createdAt: at(0),
      sentAt: at(0),
      reportedAt: at(1),
    },
    {
      recipient: '+250788123456',
      body: 'Inzu: a new conversation about “House in Kicukiro”. Reply: https://inzu.rw/i/1',
      kind: 'inquiry',
      parts: 1,
      status: 'failed',
      providerMessageId: 'ATXid_failed',
      cost: 'RWF 10.0000',
      failure: 'DeliveryFailure',
      createdAt: at(1),
      sentAt: at(1),
      reportedAt: at(3),
    },
    {
      recipient: '+250722000111',
      body: 'Inzu: your listing is approved',
      kind: 'listing',
      parts: 2,
      status: 'sent',
      providerMessageId: 'ATXid_sent',
      cost: 'RWF 20.0000',
      createdAt: at(2),
      sentAt: at(2),
    },
    {
      recipient: '+250722000111',
      body: 'Inzu: we received',
      kind: 'payment',
      parts: 1,
      createdAt: at(3),
    },
  ]);
});

afterAll(async () => {
  await test.close();
});

function list(query = '', headers: Record<string, string> = admin.bearer) {
  return test.app.inject({ method: 'GET', url: `/api/admin/sms-messages${query}`, headers });
}

type Row = { providerMessageId: string | null; body: string | null; isBodyHidden: boolean };

describe('GET /api/admin/sms-messages', () => {
  it('lists every SMS newest first, with its report, parts, cost and provider id', async () => {
    const response = await list();
    expect(response.statusCode).toBe(200);
    const answer = response.json();
    expect(answer).toMatchObject({ page: 1, pageSize: 20, total: 4, isTotalCapped: false });
    expect(answer.data.map((row: Row) => row.providerMessageId)).toEqual([
      null,
      'ATXid_sent',
      'ATXid_failed',
      'ATXid_code',
    ]);
    expect(answer.data[2]).toMatchObject({
      recipient: '+250788123456',
      kind: 'inquiry',
      status: 'failed',
      failure: 'DeliveryFailure',
      parts: 1,
      cost: 'RWF 10.0000',
      reportedAt: at(3).toISOString(),
      createdAt: at(1).toISOString(),
      body: 'Inzu: a new conversation about “House in Kicukiro”. Reply: https://inzu.rw/i/1',
      isBodyHidden: false,
    });
  });

  it('never gives the body of an account SMS: its code stays on the server', async () => {
    const response = await list('?kind=account');
    expect(response.json().data).toMatchObject([
      { providerMessageId: 'ATXid_code', body: null, isBodyHidden: true, status: 'delivered' },
    ]);
    expect(response.body).not.toContain('482913');
    expect((await list()).body).not.toContain('482913');
  });

  it('filters by status, kind and number written any common way', async () => {
    const ids = async (query: string) =>
      (await list(query)).json().data.map((row: Row) => row.providerMessageId);
    expect(await ids('?status=failed')).toEqual(['ATXid_failed']);
    expect(await ids('?kind=listing')).toEqual(['ATXid_sent']);
    expect(await ids('?phone=0788%20123%20456')).toEqual(['ATXid_failed', 'ATXid_code']);
    expect(await ids('?phone=%2B250788123456&kind=inquiry')).toEqual(['ATXid_failed']);
    expect(await ids('?phone=722000111&status=queued')).toEqual([null]);
    expect(await ids('?status=&kind=')).toHaveLength(4);
  });

  it('pages', async () => {
    const first = (await list('?pageSize=3')).json();
    const second = (await list('?pageSize=3&page=2')).json();
    expect(first).toMatchObject({ total: 4, page: 1 });
    expect(first.data).toHaveLength(3);
    expect(second.data.map((row: Row) => row.providerMessageId)).toEqual(['ATXid_code']);
  });

  it.each([
    ['status', '?status=lost'],
    ['kind', '?kind=newsletter'],
    ['phone', '?phone=12'],
    ['page', '?page=0'],
  ])('refuses a bad %s with 400 naming it', async (field, query) => {
    const response = await list(query);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(new RegExp(`^${field}: `));
  });

  it('answers 401 signed out and 403 to anyone but an admin', async () => {
    expect((await list('', {})).statusCode).toBe(401);
    for (const role of ['seller', 'buyer'] as const) {
      const user = await createSignedInUser(test.database, { role });
      const response = await list('', user.bearer);
      expect(response.statusCode).toBe(403);
      expect(response.body).not.toContain('+250788123456');
    }
  });
});
