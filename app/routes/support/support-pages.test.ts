/**
 * The public support pages: a locked-out user's request, the ticket a reply e-mail's link opens
 * (read and answered without an account, notes never shown), and the receipt page's "I paid but
 * nothing happened" form for the payer.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox, payments, supportMessages, supportTickets } from '#db/schema.ts';
import type { Viewer } from '#modules/accounts/accounts.service.ts';
import { createSignedInUser, createTestApp, type TestApp } from '#server/testing.ts';
import { requestPage, viewerOf } from '#test/page-requests.ts';
import { headers } from './ticket.tsx';

const TICKET_ROUTE = 'routes/support/ticket';

let test: TestApp;
let admin: Viewer & { email: string };
let payer: Viewer & { email: string };

beforeAll(async () => {
  test = await createTestApp();
  admin = viewerOf(await createSignedInUser(test.database, { role: 'admin' }));
  payer = viewerOf(await createSignedInUser(test.database, { role: 'seller', name: 'Jean' }));
});

afterAll(async () => {
  await test.close();
});

async function ticketsFrom(email: string) {
  return test.database.db
    .select()
    .from(supportTickets)
    .where(eq(supportTickets.requesterEmail, email));
}

describe('/support/account-access', () => {
  it('files the request and says the same for any address', async () => {
    const stranger = `nobody-${randomUUID()}@example.rw`;
    const answers = [];
    for (const email of [payer.email, stranger]) {
      const answer = await requestPage(test, '/fr/support/account-access', {
        form: { name: 'Quelqu’un', email, message: 'Mon mot de passe est refusé.' },
      });
      expect(answer.status).toBe(200);
      answers.push(answer.actionData);
    }
    expect(answers[0]).toEqual({
      ok: true,
      message: 'Merci, votre demande d’assistance est bien arrivée à notre équipe.',
    });
    expect(answers[1]).toEqual(answers[0]);
    expect(await ticketsFrom(stranger)).toMatchObject([
      { kind: 'accountAccess', locale: 'fr', requesterId: null },
    ]);
    expect(await ticketsFrom(payer.email)).toMatchObject([{ requesterId: payer.id }]);
  });

  it('names what is missing', async () => {
    const answer = await requestPage(test, '/support/account-access', {
      form: { name: 'A', email: 'nope', message: '' },
    });
    expect(answer.status).toBe(400);
    expect(answer.actionData).toMatchObject({
      ok: false,
      fieldErrors: { email: 'Enter a valid email address', message: expect.any(String) },
    });
  });
});

describe('/support/ticket', () => {
  /** A contact message in French, answered by an admin (after a note); the mailed page path. */
  async function answeredTicket() {
    const email = `writer-${randomUUID()}@example.rw`;
    const { support } = test.app.services;
    const sent = await requestPage(test, '/fr/contact', {
      form: { username: 'Claudine', email, message: 'Avez-vous des terrains ?' },
    });
    expect(sent.actionData).toMatchObject({ ok: true });
    const id = (await ticketsFrom(email))[0]!.id;
    await support.addNote(id, { body: 'Internal: a dealer.' }, admin);
    await support.replyToTicket(id, { body: 'Oui, à Bugesera.' }, admin);
    const [mail] = await test.database.db.select().from(outbox).where(eq(outbox.recipient, email));
    const link = new URL(/https?:\/\/\S+\/support\/ticket\?token=\S+/.exec(mail!.body)![0]);
    return { id, path: `${link.pathname}${link.search}` };
  }

  it('opens the thread in the requester’s language, without the notes', async () => {
    const { path } = await answeredTicket();
    expect(path).toMatch(/^\/fr\/support\/ticket\?token=/);
    const page = await requestPage(test, path);
    expect(page.status).toBe(200);
    const { ticket } = page.loaderData[TICKET_ROUTE] as {
      ticket: { messages: { author: string; body: string }[] };
    };
    expect(ticket.messages).toEqual([
      { author: 'requester', body: 'Avez-vous des terrains ?', createdAt: expect.any(String) },
      { author: 'admin', body: 'Oui, à Bugesera.', createdAt: expect.any(String) },
    ]);
    expect(JSON.stringify(page.loaderData)).not.toContain('Internal');
    expect(headers()).toEqual({ 'Cache-Control': 'private, no-store' });
  });

  it('takes the requester’s answer, which opens the ticket again', async () => {
    const { id, path } = await answeredTicket();
    await test.app.services.support.updateTicket(id, { status: 'closed' }, admin);
    const empty = await requestPage(test, path, { form: { body: ' ' } });
    expect(empty.status).toBe(400);
    const sent = await requestPage(test, path, { form: { body: 'Merci, à quel prix ?' } });
    expect(sent.actionData).toEqual({
      ok: true,
      message: 'Message envoyé. Notre équipe vous répondra par e-mail.',
    });
    const [ticket] = await test.database.db
      .select()
      .from(supportTickets)
      .where(eq(supportTickets.id, id));
    expect(ticket!.status).toBe('open');
  });

  it('answers 404 to a link that is not one, and takes nothing through it', async () => {
    const { id, path } = await answeredTicket();
    const forged = path.replace(/token=([^.]+)\.(.+)$/, (_, payload: string) => {
      return `token=${payload}.AAAA`;
    });
    for (const bad of ['/support/ticket', '/support/ticket?token=abc', forged]) {
      const page = await requestPage(test, bad);
      expect(page.status, bad).toBe(404);
      expect(page.loaderData[TICKET_ROUTE]).toEqual({ ticket: null });
    }
    const refused = await requestPage(test, forged, { form: { body: 'Hello' } });
    expect(refused.status).toBe(404);
    const thread = await test.database.db
      .select()
      .from(supportMessages)
      .where(eq(supportMessages.ticketId, id));
    expect(thread.map((message) => message.author)).toEqual(['requester', 'note', 'admin']);
  });
});

describe('the receipt page’s dispute form', () => {
  async function paymentOf(payerId: string) {
    const [payment] = await test.database.db
      .insert(payments)
      .values({
        payerId,
        idempotencyKey: randomUUID(),
        product: 'boost',
        boostDays: 7,
        listingKind: 'property',
        listingId: randomUUID(),
        listingTitle: 'House in Remera',
        amount: 5000,
        network: 'mtn',
        phone: '+250788123456',
        status: 'successful',
      })
      .returning();
    return payment!;
  }

  it('opens a ticket about the payment for its payer', async () => {
    const payment = await paymentOf(payer.id);
    const answer = await requestPage(test, `/payments/${payment.id}`, {
      viewer: payer,
      form: { intent: 'dispute', message: 'Paid, still not featured.' },
    });
    expect(answer.actionData).toMatchObject({ ok: true, intent: 'dispute' });
    const [ticket] = await test.database.db
      .select()
      .from(supportTickets)
      .where(eq(supportTickets.sourceId, payment.id));
    expect(ticket).toMatchObject({ kind: 'paymentDispute', requesterId: payer.id });
    expect((answer.actionData as { message: string }).message).toContain(`#${ticket!.number}`);
  });

  it('is refused to an admin, who is not the payer, and sends the signed-out to sign in', async () => {
    const payment = await paymentOf(payer.id);
    const byAdmin = await requestPage(test, `/payments/${payment.id}`, {
      viewer: admin,
      form: { intent: 'dispute' },
    });
    expect(byAdmin.status).toBe(404);
    const signedOut = await requestPage(test, `/payments/${payment.id}`, {
      form: { intent: 'dispute' },
    });
    expect(signedOut.status).toBe(302);
    expect(signedOut.location).toMatch(/^\/login\?next=/);
    const tickets = await test.database.db
      .select()
      .from(supportTickets)
      .where(eq(supportTickets.sourceId, payment.id));
    expect(tickets).toEqual([]);
  });
});
