/**
 * The support API: the admins' queue and tickets, and the public routes of locked-out users,
 * payers and requesters answering through their link. Each route: its happy path, a bad input
 * (400 naming the field), a missing item (404) and the callers it refuses (401/403).
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox, payments, supportMessages, supportTickets } from '#db/schema.ts';
import { createProperty, createUser } from '#seed/factories.ts';
import { createSignedInUser, createTestApp, type TestApp } from '#server/testing.ts';

type SignedIn = Awaited<ReturnType<typeof createSignedInUser>>;

let test: TestApp;
let admin: SignedIn;
let buyer: SignedIn;

beforeAll(async () => {
  test = await createTestApp();
  admin = await createSignedInUser(test.database, { role: 'admin', name: 'Alice Admin' });
  buyer = await createSignedInUser(test.database, { role: 'buyer', name: 'Eric Buyer' });
});

afterAll(async () => {
  await test.close();
});

type Method = 'GET' | 'POST' | 'PUT';

function call(
  method: Method,
  url: string,
  {
    payload,
    headers,
  }: { payload?: Record<string, unknown>; headers?: Record<string, string> } = {},
) {
  return test.app.inject({ method, url, payload, headers });
}

/** A contact message through the public API, and its ticket's id. */
async function contactTicket(headers: Record<string, string> = {}) {
  const email = `writer-${randomUUID()}@example.rw`;
  const sent = await call('POST', '/api/create-message', {
    payload: { username: 'Claudine', email, message: 'How do I list a car?' },
    headers,
  });
  expect(sent.statusCode, sent.body).toBe(201);
  const [ticket] = await test.database.db
    .select()
    .from(supportTickets)
    .where(eq(supportTickets.requesterEmail, email));
  return { id: ticket!.id, email };
}

/** A ticket id the database has never seen. */
const missing = () => randomUUID();

/** Expects the refusals of an admin route: 401 signed out, 403 for a buyer. */
async function expectAdminsOnly(method: Method, url: string, payload?: Record<string, unknown>) {
  const anonymous = await call(method, url, { payload });
  expect(anonymous.statusCode).toBe(401);
  const stranger = await call(method, url, { payload, headers: buyer.bearer });
  expect(stranger.statusCode).toBe(403);
  expect(stranger.json()).toEqual({ message: 'Only admins can do this.' });
}

describe('GET /api/admin/support', () => {
  it('lists open tickets, the latest first, with the filters given', async () => {
    const first = await contactTicket();
    const second = await contactTicket();
    const response = await call('GET', '/api/admin/support', { headers: admin.bearer });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ page: 1, pageSize: 20, isTotalCapped: false });
    const ids = body.data.map((row: { _id: string }) => row._id);
    expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));
    expect(body.data[0]).toMatchObject({
      kind: 'contact',
      status: 'open',
      subject: 'How do I list a car?',
      assignee: null,
    });

    const searched = await call(
      'GET',
      `/api/admin/support?q=${encodeURIComponent(first.email)}&kind=contact&assignee=anyone`,
      { headers: admin.bearer },
    );
    expect(searched.json().data.map((row: { _id: string }) => row._id)).toEqual([first.id]);
  });

  it('answers 400 naming a bad filter', async () => {
    for (const [query, field] of [
      ['status=everything', 'status'],
      ['kind=complaint', 'kind'],
      ['assignee=them', 'assignee'],
      ['page=0', 'page'],
    ]) {
      const response = await call('GET', `/api/admin/support?${query}`, { headers: admin.bearer });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().message).toMatch(new RegExp(`^${field}: `));
    }
  });

  it('answers admins only', async () => {
    await expectAdminsOnly('GET', '/api/admin/support');
  });
});

describe('GET /api/admin/support/:id', () => {
  it('answers the ticket with its thread', async () => {
    const { id, email } = await contactTicket();
    const response = await call('GET', `/api/admin/support/${id}`, { headers: admin.bearer });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      _id: id,
      requesterEmail: email,
      locale: 'en',
      canReply: true,
      messages: [{ author: 'requester', body: 'How do I list a car?', adminName: null }],
    });
  });

  it('answers 404 for a ticket that does not exist, 400 for an id that is none', async () => {
    const absent = await call('GET', `/api/admin/support/${missing()}`, { headers: admin.bearer });
    expect(absent.statusCode).toBe(404);
    expect(absent.json()).toEqual({ message: 'Ticket not found.' });
    const bad = await call('GET', '/api/admin/support/42', { headers: admin.bearer });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^id: /);
  });

  it('answers admins only', async () => {
    await expectAdminsOnly('GET', `/api/admin/support/${(await contactTicket()).id}`);
  });
});

describe('POST /api/admin/support/:id/replies', () => {
  it('e-mails the reply in the requester’s language; the ticket waits', async () => {
    const { id, email } = await contactTicket({ 'accept-language': 'fr' });
    const response = await call('POST', `/api/admin/support/${id}/replies`, {
      payload: { body: 'Depuis votre compte, « Proposer un bien ».' },
      headers: admin.bearer,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ message: 'Reply sent.' });
    const [mail] = await test.database.db.select().from(outbox).where(eq(outbox.recipient, email));
    expect(mail!.body).toMatch(/^Bonjour,/);
    expect(mail!.body).toContain('/fr/support/ticket?token=');
    const [ticket] = await test.database.db
      .select()
      .from(supportTickets)
      .where(eq(supportTickets.id, id));
    expect(ticket!.status).toBe('waiting');
  });

  it('answers 400 naming the body, 404 for a missing ticket, 409 with nobody to answer', async () => {
    const { id, email } = await contactTicket();
    for (const payload of [{}, { body: '   ' }, { body: 'x'.repeat(5001) }]) {
      const bad = await call('POST', `/api/admin/support/${id}/replies`, {
        payload,
        headers: admin.bearer,
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toMatch(/^body: /);
    }
    expect(await test.database.db.select().from(outbox).where(eq(outbox.recipient, email))).toEqual(
      [],
    );
    const absent = await call('POST', `/api/admin/support/${missing()}/replies`, {
      payload: { body: 'Hello' },
      headers: admin.bearer,
    });
    expect(absent.statusCode).toBe(404);

    const owner = await createUser(test.database.db);
    const property = await createProperty(test.database.db, owner.id);
    const reported = await call('POST', `/api/listings/${property.id}/reports`, {
      payload: { reason: 'scam' },
    });
    expect(reported.statusCode, reported.body).toBe(201);
    const [ticket] = await test.database.db
      .select()
      .from(supportTickets)
      .where(eq(supportTickets.sourceId, property.id));
    const conflict = await call('POST', `/api/admin/support/${ticket!.id}/replies`, {
      payload: { body: 'Hello' },
      headers: admin.bearer,
    });
    expect(conflict.statusCode).toBe(409);
  });

  it('answers admins only', async () => {
    const { id } = await contactTicket();
    await expectAdminsOnly('POST', `/api/admin/support/${id}/replies`, { body: 'Hi' });
  });
});

describe('POST /api/admin/support/:id/notes', () => {
  it('adds a note that is never e-mailed', async () => {
    const { id, email } = await contactTicket();
    const response = await call('POST', `/api/admin/support/${id}/notes`, {
      payload: { body: 'Seen before: a dealer.' },
      headers: admin.bearer,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ message: 'Note added.' });
    const notes = await test.database.db
      .select()
      .from(supportMessages)
      .where(and(eq(supportMessages.ticketId, id), eq(supportMessages.author, 'note')));
    expect(notes).toMatchObject([{ body: 'Seen before: a dealer.', adminId: admin.user.id }]);
    expect(await test.database.db.select().from(outbox).where(eq(outbox.recipient, email))).toEqual(
      [],
    );
  });

  it('answers 400 naming the body and 404 for a missing ticket', async () => {
    const { id } = await contactTicket();
    const bad = await call('POST', `/api/admin/support/${id}/notes`, {
      payload: { body: '' },
      headers: admin.bearer,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^body: /);
    const absent = await call('POST', `/api/admin/support/${missing()}/notes`, {
      payload: { body: 'Note' },
      headers: admin.bearer,
    });
    expect(absent.statusCode).toBe(404);
  });

  it('answers admins only', async () => {
    const { id } = await contactTicket();
    await expectAdminsOnly('POST', `/api/admin/support/${id}/notes`, { body: 'Note' });
  });
});

describe('PUT /api/admin/support/:id', () => {
  it('assigns the ticket and changes its status', async () => {
    const { id } = await contactTicket();
    const response = await call('PUT', `/api/admin/support/${id}`, {
      payload: { assigneeId: admin.user.id, status: 'closed' },
      headers: admin.bearer,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Ticket updated.' });
    const detail = await call('GET', `/api/admin/support/${id}`, { headers: admin.bearer });
    expect(detail.json()).toMatchObject({
      status: 'closed',
      assignee: { id: admin.user.id, name: 'Alice Admin' },
    });
    const unassigned = await call('PUT', `/api/admin/support/${id}`, {
      payload: { assigneeId: null },
      headers: admin.bearer,
    });
    expect(unassigned.statusCode).toBe(200);
  });

  it('answers 400 naming the field, and 404 for a missing ticket', async () => {
    const { id } = await contactTicket();
    for (const [payload, field] of [
      [{}, 'status'],
      [{ status: 'solved' }, 'status'],
      [{ assigneeId: 'someone' }, 'assigneeId'],
      [{ assigneeId: buyer.user.id }, 'assigneeId'],
    ] as const) {
      const bad = await call('PUT', `/api/admin/support/${id}`, { payload, headers: admin.bearer });
      expect(bad.statusCode, JSON.stringify(payload)).toBe(400);
      expect(bad.json().message).toMatch(new RegExp(`^${field}: `));
    }
    const absent = await call('PUT', `/api/admin/support/${missing()}`, {
      payload: { status: 'closed' },
      headers: admin.bearer,
    });
    expect(absent.statusCode).toBe(404);
  });

  it('answers admins only', async () => {
    const { id } = await contactTicket();
    await expectAdminsOnly('PUT', `/api/admin/support/${id}`, { status: 'closed' });
  });
});

describe('POST /api/support/account-access', () => {
  it('opens a ticket and answers the same whether the address has an account or not', async () => {
    const stranger = `nobody-${randomUUID()}@example.rw`;
    const answers = [];
    for (const email of [buyer.user.email, stranger]) {
      const response = await call('POST', '/api/support/account-access', {
        payload: { name: 'Someone', email, message: 'I cannot sign in.' },
      });
      expect(response.statusCode).toBe(201);
      answers.push(response.json());
    }
    expect(answers[0]).toEqual(answers[1]);
    const [known] = await test.database.db
      .select()
      .from(supportTickets)
      .where(
        and(
          eq(supportTickets.kind, 'accountAccess'),
          eq(supportTickets.requesterEmail, buyer.user.email),
        ),
      );
    expect(known).toMatchObject({ requesterId: buyer.user.id, status: 'open' });
  });

  it('answers 400 naming the field', async () => {
    for (const [payload, field] of [
      [{ name: 'A', email: 'not-an-address', message: 'Help' }, 'email'],
      [{ name: '', email: 'a@example.rw', message: 'Help' }, 'name'],
      [{ name: 'A', email: 'a@example.rw' }, 'message'],
    ] as const) {
      const bad = await call('POST', '/api/support/account-access', { payload });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toMatch(new RegExp(`^${field}: `));
    }
  });

  it('is rate-limited like the contact form', async () => {
    const limited = await createTestApp({ formPostsPerMinute: 2 });
    try {
      const post = () =>
        limited.app.inject({
          method: 'POST',
          url: '/api/support/account-access',
          payload: { name: 'A', email: 'a@example.rw', message: 'Help' },
          remoteAddress: '10.0.0.8',
        });
      expect((await post()).statusCode).toBe(201);
      expect((await post()).statusCode).toBe(201);
      const refused = await post();
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(await limited.database.db.select().from(supportTickets)).toHaveLength(2);
    } finally {
      await limited.close();
    }
  });
});

describe('POST /api/support/payment-disputes', () => {
  async function paymentOf(payerId: string, status: 'failed' | 'pending') {
    const [payment] = await test.database.db
      .insert(payments)
      .values({
        payerId,
        idempotencyKey: randomUUID(),
        product: 'listingFee',
        listingKind: 'asset',
        listingId: randomUUID(),
        listingTitle: 'Toyota RAV4',
        amount: 2000,
        network: 'airtel',
        phone: '+250733123456',
        status,
      })
      .returning();
    return payment!;
  }

  it('opens a ticket for the payer', async () => {
    const payment = await paymentOf(buyer.user.id, 'failed');
    const response = await call('POST', '/api/support/payment-disputes', {
      payload: { paymentId: payment.id, message: 'The money left my account.' },
      headers: buyer.bearer,
    });
    expect(response.statusCode).toBe(201);
    const { number, message } = response.json();
    expect(message).toBe(
      `Thank you. Your request #${number} has reached our team; we will answer by e-mail.`,
    );
    const [ticket] = await test.database.db
      .select()
      .from(supportTickets)
      .where(eq(supportTickets.sourceId, payment.id));
    expect(ticket).toMatchObject({ kind: 'paymentDispute', number, requesterId: buyer.user.id });
  });

  it('answers 400 naming the payment, 404 for another’s payment, 409 while it waits', async () => {
    const bad = await call('POST', '/api/support/payment-disputes', {
      payload: { paymentId: 'x' },
      headers: buyer.bearer,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^paymentId: /);
    const other = await createUser(test.database.db, { role: 'seller' });
    const theirs = await paymentOf(other.id, 'failed');
    for (const paymentId of [theirs.id, missing()]) {
      const absent = await call('POST', '/api/support/payment-disputes', {
        payload: { paymentId },
        headers: buyer.bearer,
      });
      expect(absent.statusCode).toBe(404);
    }
    const pending = await paymentOf(buyer.user.id, 'pending');
    const waiting = await call('POST', '/api/support/payment-disputes', {
      payload: { paymentId: pending.id },
      headers: buyer.bearer,
    });
    expect(waiting.statusCode).toBe(409);
  });

  it('answers signed-in users only', async () => {
    const response = await call('POST', '/api/support/payment-disputes', {
      payload: { paymentId: randomUUID() },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('the requester’s link: GET /api/support/ticket and POST /api/support/ticket/replies', () => {
  async function repliedTicket() {
    const { id, email } = await contactTicket();
    await call('POST', `/api/admin/support/${id}/notes`, {
      payload: { body: 'Internal only.' },
      headers: admin.bearer,
    });
    await call('POST', `/api/admin/support/${id}/replies`, {
      payload: { body: 'From your account page.' },
      headers: admin.bearer,
    });
    const [mail] = await test.database.db.select().from(outbox).where(eq(outbox.recipient, email));
    const token = /\?token=(\S+)/.exec(mail!.body)![1]!;
    return { id, token };
  }

  it('shows the thread without notes, and takes an answer that reopens the ticket', async () => {
    const { id, token } = await repliedTicket();
    const opened = await call('GET', `/api/support/ticket?token=${token}`);
    expect(opened.statusCode).toBe(200);
    expect(opened.headers['cache-control']).toBe('private, no-store');
    expect(opened.json()).toMatchObject({
      kind: 'contact',
      status: 'waiting',
      messages: [
        { author: 'requester', body: 'How do I list a car?' },
        { author: 'admin', body: 'From your account page.' },
      ],
    });
    expect(opened.body).not.toContain('Internal only.');

    const answered = await call('POST', '/api/support/ticket/replies', {
      payload: { token, body: 'Thank you, found it.' },
    });
    expect(answered.statusCode).toBe(201);
    expect(answered.json()).toEqual({ message: 'Message sent. Our team will answer by e-mail.' });
    const [ticket] = await test.database.db
      .select()
      .from(supportTickets)
      .where(eq(supportTickets.id, id));
    expect(ticket!.status).toBe('open');
  });

  it('answers 400 naming the field and 404 for a token that is not one', async () => {
    const { token } = await repliedTicket();
    const noToken = await call('GET', '/api/support/ticket');
    expect(noToken.statusCode).toBe(400);
    expect(noToken.json().message).toMatch(/^token: /);
    const noBody = await call('POST', '/api/support/ticket/replies', { payload: { token } });
    expect(noBody.statusCode).toBe(400);
    expect(noBody.json().message).toMatch(/^body: /);
    for (const bad of [`${token}x`, 'abc.def']) {
      const read = await call('GET', `/api/support/ticket?token=${bad}`);
      expect(read.statusCode).toBe(404);
      const written = await call('POST', '/api/support/ticket/replies', {
        payload: { token: bad, body: 'Hello' },
      });
      expect(written.statusCode).toBe(404);
      expect(written.json()).toEqual({
        message:
          'This link is not valid or has expired. The latest e-mail from our team has a new link.',
      });
    }
  });
});
