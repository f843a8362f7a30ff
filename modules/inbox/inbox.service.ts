import { isNull } from 'drizzle-orm';
import type { Database, Transaction } from '#db/client.ts';
import { findById, listNewestFirst, updateByIdWith } from '#db/rows.ts';
import { contactMessages } from '#db/schema.ts';
import { assertAdmin, type Actor } from '#lib/account.ts';
import type { Clock } from '#lib/clock.ts';
import { NotFoundError } from '#lib/errors.ts';
import { currentLocale } from '#lib/i18n.ts';
import { withLocale } from '#lib/i18n.server.ts';
import { t } from '#lib/i18n.all.ts';
import type { Page } from '#lib/pagination.ts';
import type { AuditRecord, AuditService } from '#modules/audit/audit.service.ts';
import type { MailService } from '#modules/mail/mail.service.ts';
import type { SupportService } from '#modules/support/support.service.ts';
import type {
  ContactMessageInput,
  MessageEdit,
  MessageListQuery,
  MessageReply,
  MessageView,
} from './inbox.schema.ts';

export type InboxService = ReturnType<typeof createInboxService>;

type MessageRow = typeof contactMessages.$inferSelect;

function toView(row: MessageRow): MessageView {
  return {
    _id: row.id,
    message: row.message,
    username: row.username,
    email: row.email,
    createdAt: row.createdAt.toISOString(),
    reply: row.reply,
    repliedAt: row.repliedAt?.toISOString() ?? null,
  };
}

export function createInboxService({
  db,
  clock,
  mail,
  audit,
  support,
}: {
  db: Database;
  clock: Clock;
  mail: MailService;
  audit: AuditService;
  /** The support queue, where every contact message is also a ticket. */
  support: Pick<SupportService, 'openContactTicket'>;
}) {
  /**
   * Files a message from the public contact form in the admin inbox, and as a ticket in the
   * support queue in the same transaction. No e-mail acknowledges it: the page says it was sent,
   * and an e-mail to the typed address would be one more that anyone could aim at anyone.
   */
  async function createContactMessage(input: ContactMessageInput): Promise<{ id: string }> {
    const locale = currentLocale();
    return db.transaction(async (tx) => {
      const [row] = await tx
        .insert(contactMessages)
        .values({ ...input, locale })
        .returning({ id: contactMessages.id });
      await support.openContactTicket(tx, {
        messageId: row!.id,
        name: input.username,
        email: input.email,
        message: input.message,
        locale,
      });
      return { id: row!.id };
    });
  }

  /** A message that is not deleted, or NotFoundError. */
  async function findMessage(id: string): Promise<MessageRow> {
    const row = await findById(db, contactMessages, id, isNull(contactMessages.deletedAt));
    if (!row) throw new NotFoundError(t('inbox.notFound'));
    return row;
  }

  /** Applies an admin's change to a message and audits it in the same transaction. */
  async function changeMessage(
    message: MessageRow,
    values: Partial<typeof contactMessages.$inferInsert>,
    actor: Actor,
    entry: Pick<AuditRecord, 'action' | 'before' | 'after'>,
    alsoInTransaction?: (tx: Transaction) => Promise<void>,
  ): Promise<MessageView> {
    const row = await updateByIdWith(db, contactMessages, message.id, values, async (tx) => {
      await audit.record({ actor, targetType: 'message', targetId: message.id, ...entry }, tx);
      await alsoInTransaction?.(tx);
    });
    return toView(row);
  }

  /** A page of the inbox, newest first, deleted messages left out (admins only). */
  async function listMessages(query: MessageListQuery, actor: Actor): Promise<Page<MessageView>> {
    assertAdmin(actor);
    return listNewestFirst(db, contactMessages, isNull(contactMessages.deletedAt), query, toView);
  }

  /** An admin corrects the text of a message; the change is audited. */
  async function updateMessage(id: string, input: MessageEdit, actor: Actor): Promise<MessageView> {
    assertAdmin(actor);
    const before = await findMessage(id);
    return changeMessage(before, { message: input.message, updatedAt: clock() }, actor, {
      action: 'message.update',
      before: { message: before.message },
      after: { message: input.message },
    });
  }

  /** An admin removes a message from the inbox (kept in the table, marked deleted). */
  async function deleteMessage(id: string, actor: Actor): Promise<void> {
    assertAdmin(actor);
    const before = await findMessage(id);
    const now = clock();
    await changeMessage(before, { deletedAt: now, updatedAt: now }, actor, {
      action: 'message.delete',
      before: toView(before),
    });
  }

  /**
   * An admin answers a message: the reply is e-mailed to the sender's address and kept with the
   * message, with who answered and when.
   */
  async function replyToMessage(
    id: string,
    input: MessageReply,
    actor: Actor,
  ): Promise<MessageView> {
    assertAdmin(actor);
    const message = await findMessage(id);
    // The address was typed into the public contact form and nobody has proven it is theirs:
    // the e-mail carries the admin's words only, never the sender's name or a quote of their
    // message, or anyone could have this site send their text to anyone by getting an answer.
    // The admin, who reads the message, restates in the reply whatever of it is needed.
    const replyMail = () => ({
      to: message.email,
      kind: 'inquiry' as const,
      subject: t('inbox.replySubject'),
      text: t('inbox.replyBody', { reply: input.reply }),
    });
    const now = clock();
    return changeMessage(
      message,
      { reply: input.reply, repliedAt: now, repliedBy: actor.id, updatedAt: now },
      actor,
      {
        action: 'message.reply',
        before: { reply: message.reply },
        after: { reply: input.reply, to: message.email },
      },
      // Framed in the language the sender wrote from.
      (tx) => withLocale(message.locale, () => mail.send(replyMail(), tx)),
    );
  }

  return { createContactMessage, listMessages, updateMessage, deleteMessage, replyToMessage };
}
