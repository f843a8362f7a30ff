/**
 * The support queue on a real database: where tickets come from (the contact form, reported
 * listings, disputed payments, locked-out users), the admins' replies e-mailed in the
 * requester's language, notes kept among admins, and the signed link that lets the requester
 * read and answer without an account.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, outbox, payments, supportMessages, supportTickets } from '#db/schema.ts';
import type { Actor } from '#lib/account.ts';
import { ConflictError, ForbiddenError, InvalidError, NotFoundError } from '#lib/errors.ts';
import { withLocale } from '#lib/i18n.server.ts';
import { createProperty, createUser } from '#seed/factories.ts';
import { ReportInputSchema } from '#modules/listing-reports/listing-reports.schema.ts';
import { createSigner } from '#modules/signing/signing.service.ts';
import { createTestApp, type TestApp } from '#server/testing.ts';
import { TicketListQuerySchema } from './support.schema.ts';
import type { SupportService } from './support.service.ts';
import { TICKET_LINK_DAYS } from '#lib/support.ts';

const DAY_MS = 24 * 60 * 60_000;
// Near the real time, moved forward by the tests that need a link to expire.
let now = new Date();
let test: TestApp;
let support: SupportService;
let admin: Actor;
let otherAdmin: Actor;
let seller: Actor;

beforeAll(async () => {
  test = await createTestApp({ clock: () => now });
  support = test.app.services.support;
  const { db } = test.database;
  admin = { id: (await createUser(db, { role: 'admin', name: 'Alice Admin' })).id, role: 'admin' };
  otherAdmin = {
    id: (await createUser(db, { role: 'admin', name: 'Bosco Admin' })).id,
    role: 'admin',
  };
  seller = { id: (await createUser(db, { role: 'seller' })).id, role: 'seller' };
});

afterAll(async () => {
  await test.close();
});

/** A contact message sent from a page in `locale`, and the ticket it opened. */
async function contactTicket(locale: 'en' | 'fr' | 'rw' = 'en', message = 'Where is your office?') {
  const email = `writer-${randomUUID()}@example.rw`;
  const { id: messageId } = await withLocale(locale, () =>
    test.app.services.inbox.createContactMessage({ username: 'Claudine', email, message }),
  );
  const [ticket] = await test.database.db
    .select()
    .from(supportTickets)
    .where(and(eq(supportTickets.kind, 'contact'), eq(supportTickets.sourceId, messageId)));
  return { ticket: ticket!, email, messageId };
}

async function mailsTo(email: string) {
  return test.database.db.select().from(outbox).where(eq(outbox.recipient, email));
}

/** The link of the last reply e-mailed to `email`, and its token. */
async function linkMailedTo(email: string) {
  const mails = await mailsTo(email);
  const link = /https?:\/\/\S+\/support\/ticket\?token=\S+/.exec(mails.at(-1)!.body)![0];
  return { link, token: new URL(link).searchParams.get('token')! };
}

async function ticketById(id: string) {
  const [row] = await test.database.db
    .select()
    .from(supportTickets)
    .where(eq(supportTickets.id, id));
  return row!;
}

async function threadOf(id: string) {
  return test.database.db
    .select()
    .from(supportMessages)
    .where(eq(supportMessages.ticketId, id))
    .orderBy(supportMessages.id);
}

/** A payment of `payerId` in `status`, as the payments module writes one. */
async function paymentOf(payerId: string, status: 'successful' | 'failed' | 'pending') {
  const [payment] = await test.database.db
    .insert(payments)
    .values({
      payerId,
      idempotencyKey: randomUUID(),
      product: 'boost',
      boostDays: 7,
      listingKind: 'property',
      listingId: randomUUID(),
      listingTitle: 'House in Kimihurura',
      amount: 5000,
      network: 'mtn',
      phone: '+250788123456',
      status,
    })
    .returning();
  return payment!;
}

describe('a contact message', () => {
  it('opens a ticket in the same transaction, in the language it was written in', async () => {
    const { ticket, email, messageId } = await contactTicket(
      'fr',
      'Bonjour,\nje cherche une maison à Kicukiro.',
    );
    expect(ticket).toMatchObject({
      kind: 'contact',
      status: 'open',
      sourceId: messageId,
      requesterName: 'Claudine',
      requesterEmail: email,
      locale: 'fr',
      subject: 'Bonjour, je cherche une maison à Kicukiro.',
      assigneeId: null,
    });
    const thread = await threadOf(ticket.id);
    expect(thread.map((m) => [m.author, m.body])).toEqual([
      ['requester', 'Bonjour,\nje cherche une maison à Kicukiro.'],
    ]);
    // No e-mail acknowledges it, as before.
    expect(await mailsTo(email)).toEqual([]);
  });

  it('makes a long message a short subject', async () => {
    const { ticket } = await contactTicket('en', `Hello ${'a'.repeat(200)}`);
    expect(ticket.subject).toHaveLength(90);
    expect(ticket.subject.endsWith('…')).toBe(true);
  });
});

describe('an admin’s reply', () => {
  it('is e-mailed in the requester’s language with a link to the ticket, which waits', async () => {
    const { ticket, email } = await contactTicket('fr');
    await support.replyToTicket(ticket.id, { body: 'Notre bureau est à Remera.' }, admin);

    const [mail] = await mailsTo(email);
    expect(mail!.subject).toBe(`Assistance Inzu\u00a0: votre demande n°\u00a0${ticket.number}`);
    expect(mail!.body).toContain('Bonjour,\n\nNotre bureau est à Remera.');
    expect(mail!.body).toMatch(/http:\/\/localhost:3000\/fr\/support\/ticket\?token=\S+/);
    expect(mail!.body).toContain(`valable ${TICKET_LINK_DAYS} jours`);
    // An answer to the requester's own request: always sent, no unsubscribe link.
    expect(mail!.unsubscribeUrl).toBeNull();
    // Never what the requester typed: the address may be someone else's.
    expect(mail!.body).not.toContain('Where is your office?');

    expect(await ticketById(ticket.id)).toMatchObject({ status: 'waiting' });
    const thread = await threadOf(ticket.id);
    expect(thread.at(-1)).toMatchObject({ author: 'admin', adminId: admin.id });
    const [entry] = await test.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'ticket.reply'), eq(auditLog.targetId, ticket.id)));
    expect(entry).toMatchObject({
      actorId: admin.id,
      targetType: 'ticket',
      before: { status: 'open' },
      after: { status: 'waiting', to: email, reply: 'Notre bureau est à Remera.' },
    });
  });

  it('reaches an English requester in English and a Kinyarwanda one in Kinyarwanda', async () => {
    for (const [locale, greeting, path] of [
      ['en', 'Hello,', '/support/ticket'],
      ['rw', 'Muraho,', '/rw/support/ticket'],
    ] as const) {
      const { ticket, email } = await contactTicket(locale);
      await support.replyToTicket(ticket.id, { body: 'Yego.' }, admin);
      const [mail] = await mailsTo(email);
      expect(mail!.body.startsWith(greeting)).toBe(true);
      expect(mail!.body).toContain(`http://localhost:3000${path}?token=`);
    }
  });

  it('is refused on a ticket with nobody to answer, and to anyone but an admin', async () => {
    const { ticket } = await contactTicket();
    await expect(support.replyToTicket(ticket.id, { body: 'Hi' }, seller)).rejects.toBeInstanceOf(
      ForbiddenError,
    );
    await expect(support.replyToTicket(randomUUID(), { body: 'Hi' }, admin)).rejects.toBeInstanceOf(
      NotFoundError,
    );
    const owner = await createUser(test.database.db);
    const property = await createProperty(test.database.db, owner.id);
    await test.app.services.listingReports.report(
      property.id,
      ReportInputSchema.parse({ reason: 'scam' }),
      { viewer: null, clientAddress: '10.0.0.9' },
    );
    const [reported] = await test.database.db
      .select()
      .from(supportTickets)
      .where(eq(supportTickets.sourceId, property.id));
    await expect(support.replyToTicket(reported!.id, { body: 'Hi' }, admin)).rejects.toBeInstanceOf(
      ConflictError,
    );
  });
});

describe('a note', () => {
  it('is kept among admins: never e-mailed, never on the requester’s page', async () => {
    const { ticket, email } = await contactTicket();
    await support.addNote(ticket.id, { body: 'Internal: call them back.' }, admin);
    expect(await mailsTo(email)).toEqual([]);
    await support.replyToTicket(ticket.id, { body: 'We will call you.' }, admin);
    expect(await mailsTo(email)).toHaveLength(1);
    expect((await mailsTo(email))[0]!.body).not.toContain('Internal');

    const { token } = await linkMailedTo(email);
    const page = await support.openTicketByLink(token);
    expect(page.messages.map((m) => [m.author, m.body])).toEqual([
      ['requester', 'Where is your office?'],
      ['admin', 'We will call you.'],
    ]);
    expect(JSON.stringify(page)).not.toContain('Internal');
    expect(JSON.stringify(page)).not.toContain(email);

    const detail = await support.getTicket(ticket.id, admin);
    expect(detail.messages.map((m) => [m.author, m.adminName])).toEqual([
      ['requester', null],
      ['note', 'Alice Admin'],
      ['admin', 'Alice Admin'],
    ]);
    const [entry] = await test.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'ticket.note'), eq(auditLog.targetId, ticket.id)));
    expect(entry?.after).toEqual({ note: 'Internal: call them back.' });
  });
});

describe('the link in a reply e-mail', () => {
  it('lets the requester answer, which reopens a closed ticket', async () => {
    const { ticket, email } = await contactTicket();
    await support.replyToTicket(ticket.id, { body: 'Done, I think.' }, admin);
    await support.updateTicket(ticket.id, { status: 'closed' }, admin);
    expect(await ticketById(ticket.id)).toMatchObject({ status: 'closed' });

    const { token } = await linkMailedTo(email);
    await support.replyByLink(token, { body: 'Not yet, please help.' });
    expect(await ticketById(ticket.id)).toMatchObject({ status: 'open' });
    expect((await threadOf(ticket.id)).at(-1)).toMatchObject({
      author: 'requester',
      adminId: null,
      body: 'Not yet, please help.',
    });
  });

  it('reopens a waiting ticket too, and moves it up the queue', async () => {
    const { ticket, email } = await contactTicket();
    await support.replyToTicket(ticket.id, { body: 'Which house?' }, admin);
    const { token } = await linkMailedTo(email);
    const before = (await ticketById(ticket.id)).lastActivityAt;
    now = new Date(now.getTime() + 60_000);
    await support.replyByLink(token, { body: 'The one in Gisozi.' });
    const after = await ticketById(ticket.id);
    expect(after.status).toBe('open');
    expect(after.lastActivityAt.getTime()).toBeGreaterThan(before.getTime());
  });

  it('refuses a forged, altered, misdirected or expired token', async () => {
    const { ticket, email } = await contactTicket();
    await support.replyToTicket(ticket.id, { body: 'Answer.' }, admin);
    const { token } = await linkMailedTo(email);
    const [payload, signature] = token.split('.') as [string, string];
    const signer = createSigner({ db: test.database.db });
    const far = now.getTime() + 365 * DAY_MS;
    const forged = [
      // Another ticket in the same signature.
      `${Buffer.from(JSON.stringify({ t: randomUUID(), x: far })).toString('base64url')}.${signature}`,
      // The signature of something else.
      `${payload}.${signature.slice(0, -2)}AA`,
      // Signed by this site, for another purpose.
      await signer.sign('inquiry-guest', JSON.stringify({ t: ticket.id, x: far })),
      // Signed rightly, for a ticket that does not exist.
      await signer.sign('support-ticket', JSON.stringify({ t: randomUUID(), x: far })),
      'not-a-token',
      '',
    ];
    for (const bad of forged) {
      await expect(support.openTicketByLink(bad), bad).rejects.toBeInstanceOf(NotFoundError);
      await expect(support.replyByLink(bad, { body: 'x' }), bad).rejects.toBeInstanceOf(
        NotFoundError,
      );
    }
    const saved = now;
    now = new Date(saved.getTime() + (TICKET_LINK_DAYS + 1) * DAY_MS);
    try {
      await expect(support.openTicketByLink(token)).rejects.toBeInstanceOf(NotFoundError);
      await expect(support.replyByLink(token, { body: 'Late' })).rejects.toBeInstanceOf(
        NotFoundError,
      );
    } finally {
      now = saved;
    }
    // Nothing was written by any of them.
    expect((await threadOf(ticket.id)).map((m) => m.author)).toEqual(['requester', 'admin']);
    await expect(support.openTicketByLink(token)).resolves.toMatchObject({
      number: ticket.number,
    });
  });
});

describe('a reported listing', () => {
  it('opens one ticket with its first report, closed when an admin decides, reopened by a new report', async () => {
    const { db } = test.database;
    const owner = await createUser(db);
    const property = await createProperty(db, owner.id, { title: 'Suspicious villa' });
    const report = (address: string) =>
      test.app.services.listingReports.report(
        property.id,
        ReportInputSchema.parse({ reason: 'scam' }),
        { viewer: null, clientAddress: address },
      );
    const ticketsOf = () =>
      db.select().from(supportTickets).where(eq(supportTickets.sourceId, property.id));

    await report('10.1.0.1');
    await report('10.1.0.2');
    const [ticket] = await ticketsOf();
    expect(await ticketsOf()).toHaveLength(1);
    expect(ticket).toMatchObject({
      kind: 'listingReport',
      status: 'open',
      subject: 'Suspicious villa',
      requesterEmail: null,
    });
    expect((await support.getTicket(ticket!.id, admin)).canReply).toBe(false);

    await test.app.services.listingReports.decide(property.id, { outcome: 'dismissed' }, admin);
    expect(await ticketsOf()).toMatchObject([{ id: ticket!.id, status: 'closed' }]);

    await report('10.1.0.3');
    expect(await ticketsOf()).toMatchObject([{ id: ticket!.id, status: 'open' }]);
  });
});

describe('a disputed payment', () => {
  it('opens a ticket for its payer, with their words or a sentence saying it', async () => {
    const payer = await createUser(test.database.db, { role: 'seller', name: 'Jean Payer' });
    const payment = await paymentOf(payer.id, 'failed');
    const actor: Actor = { id: payer.id, role: 'seller' };
    const { number } = await withLocale('rw', () => support.disputePayment(payment.id, {}, actor));
    const [ticket] = await test.database.db
      .select()
      .from(supportTickets)
      .where(eq(supportTickets.sourceId, payment.id));
    expect(ticket).toMatchObject({
      number,
      kind: 'paymentDispute',
      requesterId: payer.id,
      requesterName: 'Jean Payer',
      requesterEmail: payer.email,
      locale: 'rw',
      subject: `#${String(payment.number).padStart(6, '0')} · House in Kimihurura`,
    });
    // A second dispute adds to the same ticket.
    await support.disputePayment(payment.id, { message: 'Still nothing.' }, actor);
    expect((await threadOf(ticket!.id)).map((m) => m.body)).toEqual([
      'Nishyuye ariko nta cyabaye.',
      'Still nothing.',
    ]);
  });

  it('is refused to anyone but the payer, admins included, and while the payment waits', async () => {
    const payer = await createUser(test.database.db, { role: 'buyer' });
    const settled = await paymentOf(payer.id, 'successful');
    await expect(
      support.disputePayment(settled.id, {}, { id: seller.id, role: 'seller' }),
    ).rejects.toBeInstanceOf(NotFoundError);
    await expect(support.disputePayment(settled.id, {}, admin)).rejects.toBeInstanceOf(
      NotFoundError,
    );
    await expect(
      support.disputePayment(randomUUID(), {}, { id: payer.id, role: 'buyer' }),
    ).rejects.toBeInstanceOf(NotFoundError);
    const pending = await paymentOf(payer.id, 'pending');
    await expect(
      support.disputePayment(pending.id, {}, { id: payer.id, role: 'buyer' }),
    ).rejects.toBeInstanceOf(ConflictError);
    const none = await test.database.db
      .select()
      .from(supportTickets)
      .where(eq(supportTickets.requesterId, payer.id));
    expect(none).toEqual([]);
  });
});

describe('a locked-out user', () => {
  it('opens a ticket that shows admins the account, if any, and nobody else', async () => {
    const user = await createUser(test.database.db, { email: `Locked-${randomUUID()}@Example.rw` });
    await support.requestAccountAccess({
      name: 'Locked Out',
      email: user.email.toLowerCase(),
      message: 'My password is refused.',
    });
    const stranger = `nobody-${randomUUID()}@example.rw`;
    await support.requestAccountAccess({ name: 'Nobody', email: stranger, message: 'Help me.' });
    const [known] = await test.database.db
      .select()
      .from(supportTickets)
      .where(eq(supportTickets.requesterEmail, user.email.toLowerCase()));
    const [unknown] = await test.database.db
      .select()
      .from(supportTickets)
      .where(eq(supportTickets.requesterEmail, stranger));
    expect(known).toMatchObject({ kind: 'accountAccess', requesterId: user.id, sourceId: null });
    expect(unknown).toMatchObject({ kind: 'accountAccess', requesterId: null });
    // No e-mail tells either address anything.
    expect(await mailsTo(stranger)).toEqual([]);
  });
});

describe('the queue', () => {
  it('filters by status, kind, assignee and text, the latest activity first', async () => {
    const tag = randomUUID().slice(0, 8);
    const first = await contactTicket('en', `Queue ${tag} first`);
    now = new Date(now.getTime() + 1000);
    const second = await contactTicket('en', `Queue ${tag} second`);
    now = new Date(now.getTime() + 1000);
    await support.updateTicket(first.ticket.id, { assigneeId: admin.id }, admin);
    const query = (params: Record<string, string>) =>
      support.listTickets(TicketListQuerySchema.parse({ q: tag, ...params }), admin);

    expect((await query({})).items.map((row) => row._id)).toEqual([
      second.ticket.id,
      first.ticket.id,
    ]);
    expect((await query({ assignee: 'me' })).items.map((row) => row._id)).toEqual([
      first.ticket.id,
    ]);
    expect((await query({ assignee: 'unassigned' })).items.map((row) => row._id)).toEqual([
      second.ticket.id,
    ]);
    expect((await query({ kind: 'paymentDispute' })).items).toEqual([]);
    const byEmail = await support.listTickets(
      TicketListQuerySchema.parse({ q: first.email.toUpperCase(), status: 'all' }),
      admin,
    );
    expect(byEmail.items.map((row) => row._id)).toEqual([first.ticket.id]);
    const byNumber = await support.listTickets(
      TicketListQuerySchema.parse({ q: `#${second.ticket.number}` }),
      admin,
    );
    expect(byNumber.items.map((row) => row._id)).toContain(second.ticket.id);

    await support.updateTicket(second.ticket.id, { status: 'closed' }, admin);
    expect((await query({})).items.map((row) => row._id)).toEqual([first.ticket.id]);
    expect((await query({ status: 'closed' })).items.map((row) => row._id)).toEqual([
      second.ticket.id,
    ]);
    expect((await query({ status: 'all' })).total).toBe(2);
    expect((await query({ pageSize: '1', status: 'all' })).items).toHaveLength(1);
    const [row] = (await query({ assignee: 'me' })).items;
    expect(row).toMatchObject({ assignee: { id: admin.id, name: 'Alice Admin' } });
  });

  it('answers admins only', async () => {
    await expect(
      support.listTickets(TicketListQuerySchema.parse({}), seller),
    ).rejects.toBeInstanceOf(ForbiddenError);
    await expect(support.listAssignees(seller)).rejects.toBeInstanceOf(ForbiddenError);
  });
});

describe('assigning and changing status', () => {
  it('gives a ticket to an active admin only, and audits each change', async () => {
    const { ticket } = await contactTicket();
    await support.updateTicket(ticket.id, { assigneeId: otherAdmin.id, status: 'waiting' }, admin);
    expect(await ticketById(ticket.id)).toMatchObject({
      assigneeId: otherAdmin.id,
      status: 'waiting',
    });
    const entries = await test.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, ticket.id), like(auditLog.action, 'ticket.%')));
    expect(entries.map((entry) => [entry.action, entry.before, entry.after]).sort()).toEqual([
      ['ticket.assign', { assigneeId: null }, { assigneeId: otherAdmin.id }],
      ['ticket.status', { status: 'open' }, { status: 'waiting' }],
    ]);

    await expect(
      support.updateTicket(ticket.id, { assigneeId: seller.id }, admin),
    ).rejects.toBeInstanceOf(InvalidError);
    await support.updateTicket(ticket.id, { assigneeId: null }, admin);
    expect(await ticketById(ticket.id)).toMatchObject({ assigneeId: null });
    // Nothing changed: nothing audited.
    const count = (await test.database.db.select().from(auditLog)).length;
    await support.updateTicket(ticket.id, { status: 'waiting' }, admin);
    expect((await test.database.db.select().from(auditLog)).length).toBe(count);

    const assignees = await support.listAssignees(admin);
    expect(assignees.map((a) => a.id)).toEqual(expect.arrayContaining([admin.id, otherAdmin.id]));
    expect(assignees.map((a) => a.id)).not.toContain(seller.id);
  });
});
