/**
 * The admin's support pages: the queue read from its address (filters, paging, past the last
 * page), and a ticket's forms (reply, note, assign, status) posted as they are without
 * JavaScript; both closed to anyone but an admin.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, outbox, supportTickets } from '#db/schema.ts';
import type { Viewer } from '#modules/accounts/accounts.service.ts';
import { createSignedInUser, createTestApp, type TestApp } from '#server/testing.ts';
import { requestPage, viewerOf } from '#test/page-requests.ts';

const QUEUE = 'routes/admin/support/support-queue';
const TICKET = 'routes/admin/support/support-ticket';

type QueueData = {
  page: { items: { _id: string; status: string }[]; total: number };
  filters: { status: string; kind: string; assignee: string; q: string };
};

let test: TestApp;
let admin: Viewer;
let buyer: Viewer;

beforeAll(async () => {
  test = await createTestApp();
  admin = viewerOf(await createSignedInUser(test.database, { role: 'admin', name: 'Alice' }));
  buyer = viewerOf(await createSignedInUser(test.database, { role: 'buyer' }));
});

afterAll(async () => {
  await test.close();
});

async function contactTicket(message = 'Where do I pay the listing fee?') {
  const email = `writer-${randomUUID()}@example.rw`;
  await test.app.services.inbox.createContactMessage({ username: 'Eric', email, message });
  const [ticket] = await test.database.db
    .select()
    .from(supportTickets)
    .where(eq(supportTickets.requesterEmail, email));
  return { id: ticket!.id, email };
}

describe('/admin-panel/support', () => {
  it('lists open tickets by default, and what the address asks for', async () => {
    const tag = randomUUID().slice(0, 8);
    const open = await contactTicket(`Open ${tag}`);
    const closed = await contactTicket(`Closed ${tag}`);
    await test.app.services.support.updateTicket(closed.id, { status: 'closed' }, admin);

    const page = await requestPage(test, `/admin-panel/support?q=${tag}`, { viewer: admin });
    expect(page.status).toBe(200);
    const data = page.loaderData[QUEUE] as QueueData;
    expect(data.page.items.map((item) => item._id)).toEqual([open.id]);
    expect(data.filters).toEqual({ status: 'open', kind: '', assignee: '', q: tag });

    const all = await requestPage(
      test,
      `/admin-panel/support?q=${tag}&status=all&kind=contact&assignee=anyone`,
      { viewer: admin },
    );
    expect((all.loaderData[QUEUE] as QueueData).page.total).toBe(2);
    // A bad filter is left out, never an error.
    const odd = await requestPage(test, `/admin-panel/support?q=${tag}&status=nonsense`, {
      viewer: admin,
    });
    expect((odd.loaderData[QUEUE] as QueueData).page.items.map((item) => item._id)).toEqual([
      open.id,
    ]);
  });

  it('sends a page past the end to the last one', async () => {
    const page = await requestPage(test, '/admin-panel/support?page=400', { viewer: admin });
    expect(page.status).toBe(302);
  });

  it('is closed to anyone but an admin', async () => {
    const signedOut = await requestPage(test, '/admin-panel/support');
    expect(signedOut.status).toBe(302);
    expect(signedOut.location).toMatch(/^\/login\?next=/);
    const asBuyer = await requestPage(test, '/admin-panel/support', { viewer: buyer });
    expect(asBuyer.status).toBe(302);
  });
});

describe('/admin-panel/support/:id', () => {
  it('shows the ticket, the admins to assign, and answers 404 for no ticket', async () => {
    const { id } = await contactTicket();
    const page = await requestPage(test, `/admin-panel/support/${id}`, { viewer: admin });
    expect(page.status).toBe(200);
    expect(page.loaderData[TICKET]).toMatchObject({
      ticket: { _id: id, kind: 'contact', canReply: true },
      assignees: expect.arrayContaining([{ id: admin.id, name: 'Alice' }]),
      viewerId: admin.id,
    });
    for (const missing of [randomUUID(), 'not-an-id']) {
      const absent = await requestPage(test, `/admin-panel/support/${missing}`, { viewer: admin });
      expect(absent.status).toBe(404);
      expect(absent.loaderData[TICKET]).toMatchObject({ ticket: null });
    }
  });

  it('replies, notes, assigns and closes through its forms, each audited', async () => {
    const { id, email } = await contactTicket();
    const path = `/rw/admin-panel/support/${id}`;
    const post = (form: Record<string, string>) => requestPage(test, path, { viewer: admin, form });

    const empty = await post({ intent: 'reply', body: '' });
    expect(empty.status).toBe(400);
    expect(empty.actionData).toMatchObject({
      intent: 'reply',
      fieldErrors: { body: expect.any(String) },
    });

    expect(
      (await post({ intent: 'reply', body: 'Pay from the listing page.' })).actionData,
    ).toEqual({ ok: true, message: 'Igisubizo cyoherejwe.', intent: 'reply' });
    expect(
      await test.database.db.select().from(outbox).where(eq(outbox.recipient, email)),
    ).toHaveLength(1);
    expect((await post({ intent: 'note', body: 'Asked twice.' })).actionData).toMatchObject({
      ok: true,
      intent: 'note',
    });
    expect((await post({ intent: 'assign', assigneeId: admin.id })).actionData).toMatchObject({
      ok: true,
      intent: 'assign',
    });
    expect((await post({ intent: 'status', status: 'closed' })).actionData).toMatchObject({
      ok: true,
      intent: 'status',
    });
    const bad = await post({ intent: 'status', status: 'solved' });
    expect(bad.status).toBe(400);

    const [ticket] = await test.database.db
      .select()
      .from(supportTickets)
      .where(eq(supportTickets.id, id));
    expect(ticket).toMatchObject({ status: 'closed', assigneeId: admin.id });
    // Unassigned again with the select's empty choice.
    expect((await post({ intent: 'assign', assigneeId: '' })).actionData).toMatchObject({
      ok: true,
    });
    const actions = (
      await test.database.db.select().from(auditLog).where(eq(auditLog.targetId, id))
    ).map((entry) => entry.action);
    expect(actions.sort()).toEqual([
      'ticket.assign',
      'ticket.assign',
      'ticket.note',
      'ticket.reply',
      'ticket.status',
    ]);
  });

  it('takes no form from anyone but an admin', async () => {
    const { id } = await contactTicket();
    const refused = await requestPage(test, `/admin-panel/support/${id}`, {
      viewer: buyer,
      form: { intent: 'note', body: 'Sneaky' },
    });
    expect(refused.status).toBe(302);
    const notes = await test.database.db.select().from(auditLog).where(eq(auditLog.targetId, id));
    expect(notes).toEqual([]);
  });
});
