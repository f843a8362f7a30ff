import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { countUpTo, LIST_COUNT_CAP } from '#db/catalogue-sql.ts';
import type { Database } from '#db/client.ts';
import { contactMessages } from '#db/schema.ts';
import type { Actor } from '#lib/account.ts';
import type { Clock } from '#lib/clock.ts';
import { ForbiddenError, NotFoundError } from '#lib/errors.ts';
import { t } from '#lib/i18n.ts';
import type { Page } from '#lib/pagination.ts';
import type { AuditService } from '#modules/audit/audit.service.ts';
import type { MailService } from '#modules/mail/mail.service.ts';
import type {
  ContactMessageInput,
  MessageEdit,
  MessageListQuery,
  MessageReply,
  MessageView,
} from './inbox.schema.ts';

export type InboxService = ReturnType<typeof createInboxService>;

type MessageRow = typeof contactMessages.$inferSelect;

const isUuid = (value: string) => z.uuid().safeParse(value).success;

function assertAdmin(actor: Actor) {
  if (actor.role !== 'admin') throw new ForbiddenError(t('auth.adminOnly'));
}

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

/** The sender's message, each line quoted as e-mail replies quote. */
function quote(message: string): string {
  return message
    .split('\n')
    .map((line) => `> ${line}`)
    .join('\n');
}

export function createInboxService({
  db,
  clock,
  mail,
  audit,
}: {
  db: Database;
  clock: Clock;
  mail: MailService;
  audit: AuditService;
}) {
  /** Files a message from the public contact form in the admin inbox. */
  async function createContactMessage(input: ContactMessageInput): Promise<{ id: string }> {
    const [row] = await db
      .insert(contactMessages)
      .values(input)
      .returning({ id: contactMessages.id });
    return { id: row!.id };
  }

  /** A message that is not deleted, or NotFoundError. */
  async function findMessage(id: string): Promise<MessageRow> {
    const [row] = isUuid(id)
      ? await db
          .select()
          .from(contactMessages)
          .where(and(eq(contactMessages.id, id), isNull(contactMessages.deletedAt)))
      : [];
    if (!row) throw new NotFoundError(t('inbox.notFound'));
    return row;
  }

  /** A page of the inbox, newest first, deleted messages left out (admins only). */
  async function listMessages(query: MessageListQuery, actor: Actor): Promise<Page<MessageView>> {
    assertAdmin(actor);
    const where = isNull(contactMessages.deletedAt);
    const [rows, count] = await Promise.all([
      db
        .select()
        .from(contactMessages)
        .where(where)
        .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize),
      countUpTo(db, sql`${contactMessages} where ${where}`, LIST_COUNT_CAP),
    ]);
    return { items: rows.map(toView), page: query.page, pageSize: query.pageSize, ...count };
  }

  /** An admin corrects the text of a message; the change is audited. */
  async function updateMessage(id: string, input: MessageEdit, actor: Actor): Promise<MessageView> {
    assertAdmin(actor);
    const before = await findMessage(id);
    return db.transaction(async (tx) => {
      const [row] = await tx
        .update(contactMessages)
        .set({ message: input.message, updatedAt: clock() })
        .where(eq(contactMessages.id, before.id))
        .returning();
      await audit.record(
        {
          actor,
          action: 'message.update',
          targetType: 'message',
          targetId: before.id,
          before: { message: before.message },
          after: { message: input.message },
        },
        tx,
      );
      return toView(row!);
    });
  }

  /** An admin removes a message from the inbox (kept in the table, marked deleted). */
  async function deleteMessage(id: string, actor: Actor): Promise<void> {
    assertAdmin(actor);
    const before = await findMessage(id);
    await db.transaction(async (tx) => {
      const now = clock();
      await tx
        .update(contactMessages)
        .set({ deletedAt: now, updatedAt: now })
        .where(eq(contactMessages.id, before.id));
      await audit.record(
        {
          actor,
          action: 'message.delete',
          targetType: 'message',
          targetId: before.id,
          before: toView(before),
        },
        tx,
      );
    });
  }

  /**
   * An admin answers a message: the reply is e-mailed to the sender's address (quoting their
   * message) and kept with the message, with who answered and when.
   */
  async function replyToMessage(
    id: string,
    input: MessageReply,
    actor: Actor,
  ): Promise<MessageView> {
    assertAdmin(actor);
    const message = await findMessage(id);
    await mail.send({
      to: message.email,
      subject: t('inbox.replySubject'),
      text: t('inbox.replyBody', {
        name: message.username,
        reply: input.reply,
        quoted: quote(message.message),
      }),
    });
    return db.transaction(async (tx) => {
      const now = clock();
      const [row] = await tx
        .update(contactMessages)
        .set({ reply: input.reply, repliedAt: now, repliedBy: actor.id, updatedAt: now })
        .where(eq(contactMessages.id, message.id))
        .returning();
      await audit.record(
        {
          actor,
          action: 'message.reply',
          targetType: 'message',
          targetId: message.id,
          before: { reply: message.reply },
          after: { reply: input.reply, to: message.email },
        },
        tx,
      );
      return toView(row!);
    });
  }

  return { createContactMessage, listMessages, updateMessage, deleteMessage, replyToMessage };
}
