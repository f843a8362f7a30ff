import { and, asc, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { Database, Transaction } from '#db/client.ts';
import { countUpTo, LIST_COUNT_CAP } from '#db/counting.ts';
import { containing } from '#db/rows.ts';
import { supportMessages, supportTickets, users } from '#db/schema.ts';
import { assertAdmin, type Actor } from '#lib/account.ts';
import type { Clock } from '#lib/clock.ts';
import { ConflictError, InvalidError, NotFoundError } from '#lib/errors.ts';
import { currentLocale, type Locale } from '#lib/i18n.ts';
import { withLocale } from '#lib/i18n.server.ts';
import { t } from '#lib/i18n.all.ts';
import { isUuid } from '#lib/listing-schemas.ts';
import type { Page } from '#lib/pagination.ts';
import type { AuditService } from '#modules/audit/audit.service.ts';
import type { MailLinks } from '#modules/mail/mail.links.ts';
import type { MailService } from '#modules/mail/mail.service.ts';
import { receiptNumber } from '#modules/payments/payments.schema.ts';
import type { PaymentsService } from '#modules/payments/payments.service.ts';
import type { Signer } from '#modules/signing/signing.service.ts';
import type {
  AccountAccessInput,
  Assignable,
  PaymentDisputeInput,
  PublicTicket,
  TicketDetail,
  TicketLinkReply,
  TicketListQuery,
  TicketMessage,
  TicketNote,
  TicketReply,
  TicketRow,
  TicketUpdate,
} from './support.schema.ts';
import { TICKET_LINK_DAYS, type TicketAuthor, type TicketKind } from '#lib/support.ts';

export type SupportService = ReturnType<typeof createSupportService>;

type TicketRecord = typeof supportTickets.$inferSelect;

/** What a ticket's link is signed for (modules/signing). */
const TICKET_LINK_PURPOSE = 'support-ticket';

/** What a ticket's link carries: the ticket (`t`) and until when (`x`, ms). */
const TicketLinkPayloadSchema = z.object({ t: z.uuid(), x: z.number().int() });

const DAY_MS = 24 * 60 * 60_000;

/** How much of what a requester wrote makes a ticket's subject. */
const SUBJECT_MAX_LENGTH = 90;

/** The statuses a payer may dispute: settled one way or the other, not still waiting. */
const DISPUTABLE_PAYMENTS = new Set(['successful', 'failed', 'expired']);

/** A subject from what the requester wrote: its first words, on one line. */
function subjectOf(text: string): string {
  const oneLine = text.replace(/\s+/g, ' ').trim();
  return oneLine.length > SUBJECT_MAX_LENGTH
    ? `${oneLine.slice(0, SUBJECT_MAX_LENGTH - 1)}…`
    : oneLine;
}

/** What a new ticket is: where it comes from and whom to answer. */
type NewTicket = {
  kind: TicketKind;
  subject: string;
  sourceId: string | null;
  requesterId?: string | null;
  requesterName: string | null;
  requesterEmail: string | null;
  locale: Locale;
};

/**
 * The support queue: contact messages, reported listings awaiting a decision, disputed payments
 * and locked-out users, as tickets that admins assign, note, answer by e-mail (in the
 * requester's language, with a signed link to answer back) and close. A source has one ticket:
 * anything new about it reopens that ticket.
 */
export function createSupportService({
  db,
  clock,
  mail,
  links,
  signer,
  audit,
  payments,
}: {
  db: Database;
  clock: Clock;
  mail: MailService;
  /** Links in e-mails, in their recipient's language. */
  links: MailLinks;
  /** Signs the links that open a ticket to its requester without an account. */
  signer: Signer;
  audit: AuditService;
  /** Whether the one disputing a payment paid it. */
  payments: Pick<PaymentsService, 'getPayment'>;
}) {
  /**
   * Files a ticket, or reopens the one its source already has (with the latest subject and
   * language), in the caller's transaction; adds the requester's message when there is one.
   */
  async function fileTicket(
    tx: Transaction,
    ticket: NewTicket,
    message: string | null,
  ): Promise<TicketRecord> {
    const now = clock();
    const [row] = await tx
      .insert(supportTickets)
      .values({ ...ticket, status: 'open', createdAt: now, updatedAt: now, lastActivityAt: now })
      .onConflictDoUpdate({
        target: [supportTickets.kind, supportTickets.sourceId],
        set: {
          status: 'open',
          subject: sql`excluded.subject`,
          locale: sql`excluded.locale`,
          updatedAt: now,
          lastActivityAt: now,
        },
      })
      .returning();
    if (message !== null) {
      await tx
        .insert(supportMessages)
        .values({ ticketId: row!.id, author: 'requester', body: message, createdAt: now });
    }
    return row!;
  }

  /**
   * A message from the contact form becomes a ticket, in the transaction that files it in the
   * inbox (modules/inbox), in the language it was written in.
   */
  async function openContactTicket(
    tx: Transaction,
    contact: { messageId: string; name: string; email: string; message: string; locale: Locale },
  ): Promise<void> {
    await fileTicket(
      tx,
      {
        kind: 'contact',
        subject: subjectOf(contact.message),
        sourceId: contact.messageId,
        requesterName: contact.name,
        requesterEmail: contact.email,
        locale: contact.locale,
      },
      contact.message,
    );
  }

  /**
   * A report of a listing arrived (modules/listing-reports, in its transaction): the listing's
   * ticket opens, or reopens, and stays open until an admin decides on its reports. Nobody is
   * answered by e-mail: the reporters hear the decision from the reports themselves.
   */
  async function openListingReportTicket(
    tx: Transaction,
    listing: { id: string; title: string },
  ): Promise<void> {
    const [open] = await tx
      .select({ id: supportTickets.id })
      .from(supportTickets)
      .where(
        and(
          eq(supportTickets.kind, 'listingReport'),
          eq(supportTickets.sourceId, listing.id),
          eq(supportTickets.status, 'open'),
        ),
      );
    // More reports of a listing already waiting for a decision change nothing in the queue.
    if (open) return;
    await fileTicket(
      tx,
      {
        kind: 'listingReport',
        subject: listing.title,
        sourceId: listing.id,
        requesterName: null,
        requesterEmail: null,
        locale: 'en',
      },
      null,
    );
  }

  /** An admin decided on a listing's reports (in that transaction): its ticket closes. */
  async function closeListingReportTicket(tx: Transaction, listingId: string): Promise<void> {
    const now = clock();
    await tx
      .update(supportTickets)
      .set({ status: 'closed', updatedAt: now, lastActivityAt: now })
      .where(
        and(
          eq(supportTickets.kind, 'listingReport'),
          eq(supportTickets.sourceId, listingId),
          sql`${supportTickets.status} <> 'closed'`,
        ),
      );
  }

  /**
   * Someone who cannot get into their account asks for help. The answer is the same whether the
   * address has an account or not; admins see the account when there is one.
   */
  async function requestAccountAccess(input: AccountAccessInput): Promise<void> {
    await db.transaction(async (tx) => {
      const [account] = await tx
        .select({ id: users.id })
        .from(users)
        .where(
          and(sql`lower(${users.email}) = ${input.email.toLowerCase()}`, isNull(users.deletedAt)),
        );
      await fileTicket(
        tx,
        {
          kind: 'accountAccess',
          subject: subjectOf(input.message),
          sourceId: null,
          requesterId: account?.id ?? null,
          requesterName: input.name,
          requesterEmail: input.email,
          locale: currentLocale(),
        },
        input.message,
      );
    });
  }

  /**
   * The payer of a settled payment says they paid but nothing happened: the payment's ticket
   * opens (or reopens) with their words, or a sentence saying just that. Only the payer may
   * (anyone else is told the payment does not exist), and not while it is still waiting.
   */
  async function disputePayment(
    paymentId: string,
    input: PaymentDisputeInput,
    actor: Actor,
  ): Promise<{ number: number }> {
    // As its payer: getPayment also opens any payment to an admin, who is not its payer.
    const payment = await payments.getPayment(paymentId, { id: actor.id, role: 'buyer' });
    if (!DISPUTABLE_PAYMENTS.has(payment.status)) {
      throw new ConflictError(t('support.dispute.notSettled'));
    }
    return db.transaction(async (tx) => {
      const [payer] = await tx
        .select({ name: users.name, email: users.email })
        .from(users)
        .where(eq(users.id, actor.id));
      const ticket = await fileTicket(
        tx,
        {
          kind: 'paymentDispute',
          subject: `${receiptNumber(payment.number)} · ${payment.listingTitle}`,
          sourceId: payment._id,
          requesterId: actor.id,
          requesterName: payer?.name ?? null,
          requesterEmail: payer?.email ?? null,
          locale: currentLocale(),
        },
        input.message ?? t('support.dispute.defaultMessage'),
      );
      return { number: ticket.number };
    });
  }

  const assignee = alias(users, 'assignee');

  function toRow(ticket: TicketRecord, assigneeName: string | null): TicketRow {
    return {
      _id: ticket.id,
      number: ticket.number,
      kind: ticket.kind,
      status: ticket.status,
      subject: ticket.subject,
      requesterName: ticket.requesterName,
      requesterEmail: ticket.requesterEmail,
      assignee:
        ticket.assigneeId && assigneeName !== null
          ? { id: ticket.assigneeId, name: assigneeName }
          : null,
      createdAt: ticket.createdAt.toISOString(),
      lastActivityAt: ticket.lastActivityAt.toISOString(),
    };
  }

  /** The queue's conditions: status, kind, whose, and the text searched. */
  function queueConditions(query: TicketListQuery, actor: Actor): SQL | undefined {
    const conditions: (SQL | undefined)[] = [];
    if (query.status !== 'all') conditions.push(eq(supportTickets.status, query.status));
    if (query.kind) conditions.push(eq(supportTickets.kind, query.kind));
    if (query.assignee === 'me') conditions.push(eq(supportTickets.assigneeId, actor.id));
    if (query.assignee === 'unassigned') conditions.push(isNull(supportTickets.assigneeId));
    const text = query.q?.replace(/^#/, '');
    if (text) {
      const pattern = containing(text);
      conditions.push(
        or(
          ilike(supportTickets.requesterEmail, pattern),
          ilike(supportTickets.subject, pattern),
          // A ticket's number, as people quote it: "#42" or "42".
          /^\d{1,9}$/.test(text) ? eq(supportTickets.number, Number(text)) : undefined,
        ),
      );
    }
    return and(...conditions);
  }

  /** A page of the queue, the latest activity first (admins only). */
  async function listTickets(query: TicketListQuery, actor: Actor): Promise<Page<TicketRow>> {
    assertAdmin(actor);
    const where = queueConditions(query, actor);
    const [rows, count] = await Promise.all([
      db
        .select({ ticket: supportTickets, assigneeName: assignee.name })
        .from(supportTickets)
        .leftJoin(assignee, eq(assignee.id, supportTickets.assigneeId))
        .where(where)
        .orderBy(desc(supportTickets.lastActivityAt), desc(supportTickets.id))
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize),
      countUpTo(
        db,
        where ? sql`${supportTickets} where ${where}` : sql`${supportTickets}`,
        LIST_COUNT_CAP,
      ),
    ]);
    return {
      items: rows.map(({ ticket, assigneeName }) => toRow(ticket, assigneeName)),
      page: query.page,
      pageSize: query.pageSize,
      ...count,
    };
  }

  /** A ticket by id, or NotFoundError (an id that is no UUID names none). */
  async function findTicket(id: string, runner: Database | Transaction = db) {
    if (!isUuid(id)) throw new NotFoundError(t('support.notFound'));
    const [row] = await runner.select().from(supportTickets).where(eq(supportTickets.id, id));
    if (!row) throw new NotFoundError(t('support.notFound'));
    return row;
  }

  /** A ticket's thread, oldest first; `authors` keeps only those (the requester's view). */
  async function readThread(ticketId: string, authors?: TicketAuthor[]): Promise<TicketMessage[]> {
    const admin = alias(users, 'admin');
    const rows = await db
      .select({ message: supportMessages, adminName: admin.name })
      .from(supportMessages)
      .leftJoin(admin, eq(admin.id, supportMessages.adminId))
      .where(
        and(
          eq(supportMessages.ticketId, ticketId),
          authors ? inArray(supportMessages.author, authors) : undefined,
        ),
      )
      .orderBy(asc(supportMessages.id));
    return rows.map(({ message, adminName }) => ({
      _id: message.id,
      author: message.author,
      adminName: message.adminId ? adminName : null,
      body: message.body,
      createdAt: message.createdAt.toISOString(),
    }));
  }

  /** A ticket with its whole thread, notes included (admins only). */
  async function getTicket(id: string, actor: Actor): Promise<TicketDetail> {
    assertAdmin(actor);
    const ticket = await findTicket(id);
    const [assigned] = ticket.assigneeId
      ? await db.select({ name: users.name }).from(users).where(eq(users.id, ticket.assigneeId))
      : [];
    return {
      ...toRow(ticket, assigned?.name ?? null),
      locale: ticket.locale,
      requesterId: ticket.requesterId,
      sourceId: ticket.sourceId,
      canReply: ticket.requesterEmail !== null,
      messages: await readThread(ticket.id),
    };
  }

  /** The admins a ticket can be given to: active admin accounts, by name (admins only). */
  async function listAssignees(actor: Actor): Promise<Assignable[]> {
    assertAdmin(actor);
    return db
      .select({ id: users.id, name: users.name })
      .from(users)
      .where(and(eq(users.role, 'admin'), eq(users.status, 'Active'), isNull(users.deletedAt)))
      .orderBy(asc(users.name), asc(users.id));
  }

  /** A token for the link that opens ticket `id` to its requester for TICKET_LINK_DAYS. */
  async function signTicketLink(id: string, runner: Database | Transaction): Promise<string> {
    const expiresAt = clock().getTime() + TICKET_LINK_DAYS * DAY_MS;
    return signer.sign(TICKET_LINK_PURPOSE, JSON.stringify({ t: id, x: expiresAt }), runner);
  }

  /**
   * An admin answers the requester: the reply joins the thread and is e-mailed to them in their
   * language, with a link to read the thread and answer back; the ticket waits for them.
   * Audited. A ticket with nobody to answer (a reported listing) takes notes only.
   */
  async function replyToTicket(id: string, input: TicketReply, actor: Actor): Promise<void> {
    assertAdmin(actor);
    await db.transaction(async (tx) => {
      const ticket = await findTicket(id, tx);
      const to = ticket.requesterEmail;
      if (to === null) throw new ConflictError(t('support.noRequester'));
      const now = clock();
      await tx.insert(supportMessages).values({
        ticketId: id,
        author: 'admin',
        adminId: actor.id,
        body: input.body,
        createdAt: now,
      });
      await tx
        .update(supportTickets)
        .set({ status: 'waiting', updatedAt: now, lastActivityAt: now })
        .where(eq(supportTickets.id, id));
      await audit.record(
        {
          actor,
          action: 'ticket.reply',
          targetType: 'ticket',
          targetId: id,
          before: { status: ticket.status },
          after: { status: 'waiting', to, reply: input.body },
        },
        tx,
      );
      const token = await signTicketLink(id, tx);
      // In the requester's language. As with the inbox's replies, the e-mail carries the admin's
      // words only, never what the requester typed: the address may be someone else's.
      await withLocale(ticket.locale, () =>
        mail.send(
          {
            to,
            kind: 'account',
            subject: t('support.replySubject', { number: ticket.number }),
            text: t('support.replyMailBody', {
              reply: input.body,
              link: links.link(`/support/ticket?token=${token}`),
              days: TICKET_LINK_DAYS,
            }),
          },
          tx,
        ),
      );
    });
  }

  /** An admin notes something on a ticket for the other admins: never sent. Audited. */
  async function addNote(id: string, input: TicketNote, actor: Actor): Promise<void> {
    assertAdmin(actor);
    await db.transaction(async (tx) => {
      await findTicket(id, tx);
      const now = clock();
      await tx.insert(supportMessages).values({
        ticketId: id,
        author: 'note',
        adminId: actor.id,
        body: input.body,
        createdAt: now,
      });
      await tx.update(supportTickets).set({ updatedAt: now }).where(eq(supportTickets.id, id));
      await audit.record(
        {
          actor,
          action: 'ticket.note',
          targetType: 'ticket',
          targetId: id,
          after: { note: input.body },
        },
        tx,
      );
    });
  }

  /**
   * An admin changes a ticket's status or gives it to an admin (or to nobody); each change is
   * audited. Only an active admin can be given a ticket.
   */
  async function updateTicket(id: string, input: TicketUpdate, actor: Actor): Promise<void> {
    assertAdmin(actor);
    await db.transaction(async (tx) => {
      const ticket = await findTicket(id, tx);
      const now = clock();
      const changes: Partial<typeof supportTickets.$inferInsert> = {};
      if (input.assigneeId !== undefined && input.assigneeId !== ticket.assigneeId) {
        if (input.assigneeId !== null) {
          const [admin] = await tx
            .select({ id: users.id })
            .from(users)
            .where(
              and(
                eq(users.id, input.assigneeId),
                eq(users.role, 'admin'),
                eq(users.status, 'Active'),
                isNull(users.deletedAt),
              ),
            );
          if (!admin) throw InvalidError.field('assigneeId', t('support.badAssigneeId'));
        }
        changes.assigneeId = input.assigneeId;
        await audit.record(
          {
            actor,
            action: 'ticket.assign',
            targetType: 'ticket',
            targetId: id,
            before: { assigneeId: ticket.assigneeId },
            after: { assigneeId: input.assigneeId },
          },
          tx,
        );
      }
      if (input.status !== undefined && input.status !== ticket.status) {
        changes.status = input.status;
        changes.lastActivityAt = now;
        await audit.record(
          {
            actor,
            action: 'ticket.status',
            targetType: 'ticket',
            targetId: id,
            before: { status: ticket.status },
            after: { status: input.status },
          },
          tx,
        );
      }
      if (Object.keys(changes).length === 0) return;
      await tx
        .update(supportTickets)
        .set({ ...changes, updatedAt: now })
        .where(eq(supportTickets.id, id));
    });
  }

  /**
   * The ticket a link opens. Anything but a link this site signed, unexpired, for a ticket that
   * exists, is NotFoundError: a guessed, altered or old link opens nothing and says nothing.
   */
  async function findLinkedTicket(token: string): Promise<TicketRecord> {
    const notFound = () => new NotFoundError(t('support.linkInvalid'));
    const payload = await signer.verifyJson(TICKET_LINK_PURPOSE, token, TicketLinkPayloadSchema);
    if (!payload || payload.x <= clock().getTime()) throw notFound();
    const [row] = await db.select().from(supportTickets).where(eq(supportTickets.id, payload.t));
    if (!row) throw notFound();
    return row;
  }

  /**
   * The requester opens their ticket from the link of a reply e-mail, without an account: what
   * they wrote and the replies, never the internal notes nor who answered.
   */
  async function openTicketByLink(token: string): Promise<PublicTicket> {
    const ticket = await findLinkedTicket(token);
    const thread = await readThread(ticket.id, ['requester', 'admin']);
    return {
      number: ticket.number,
      kind: ticket.kind,
      status: ticket.status,
      messages: thread.map(({ author, body, createdAt }) => ({
        author: author === 'admin' ? 'admin' : 'requester',
        body,
        createdAt,
      })),
    };
  }

  /** The requester answers through the link: their message reopens the ticket. */
  async function replyByLink(token: string, input: TicketLinkReply): Promise<void> {
    const ticket = await findLinkedTicket(token);
    const now = clock();
    await db.transaction(async (tx) => {
      await tx
        .insert(supportMessages)
        .values({ ticketId: ticket.id, author: 'requester', body: input.body, createdAt: now });
      await tx
        .update(supportTickets)
        .set({ status: 'open', updatedAt: now, lastActivityAt: now })
        .where(eq(supportTickets.id, ticket.id));
    });
  }

  return {
    openContactTicket,
    openListingReportTicket,
    closeListingReportTicket,
    requestAccountAccess,
    disputePayment,
    listTickets,
    getTicket,
    listAssignees,
    replyToTicket,
    addNote,
    updateTicket,
    openTicketByLink,
    replyByLink,
  };
}
