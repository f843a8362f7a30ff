import { and, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Database, Transaction } from '#db/client.ts';
import { afterCommit } from '#db/after-commit.ts';
import { findById, listNewestFirst, updateByIdWith } from '#db/rows.ts';
import { notificationReads, notifications, users } from '#db/schema.ts';
import { assertAdmin, type Actor, type UserRole } from '#lib/account.ts';
import type { Clock } from '#lib/clock.ts';
import { NotFoundError } from '#lib/errors.ts';
import { currentLocale, localePath } from '#lib/i18n.ts';
import { withLocale } from '#lib/i18n.server.ts';
import { t } from '#lib/i18n.all.ts';
import { isUuid } from '#lib/listing-schemas.ts';
import type { NotificationAudience, NotificationKind } from '#lib/notifications.ts';
import type { SmsNoticeKind } from '#lib/sms.ts';
import { pushBodyOf } from '#lib/push.ts';
import type { Page } from '#lib/pagination.ts';
import { createPersonalCache, type PersonalEvents } from '#modules/accounts/personal-state.ts';
import type { AuditRecord, AuditService } from '#modules/audit/audit.service.ts';
import type { MailService } from '#modules/mail/mail.service.ts';
import type { PushService } from '#modules/push/push.service.ts';
import type { SmsService } from '#modules/sms/sms.service.ts';
import type {
  MyNotifications,
  NotificationEdit,
  NotificationInput,
  NotificationListQuery,
  NotificationView,
} from './notifications.schema.ts';

export type NotificationsService = ReturnType<typeof createNotificationsService>;

/**
 * Something the platform tells users: in their inbox (with a link) and by e-mail. Made for each
 * recipient in their language (see `notify`).
 */
export type Notice = {
  kind: NotificationKind;
  title: string;
  message: string;
  /** A path on this site: the conversation, listing or request it is about. */
  link: string | null;
  /** The e-mail, greeting the recipient by name; without it, in-app only. */
  mail?: (name: string) => { subject: string; text: string };
  /**
   * The SMS to a recipient with a proved number who chose this kind: a short text, to which
   * the notice's link is added. Never words a stranger typed (a visitor's name or message):
   * an SMS from the platform's sender id must not carry someone else's phishing line. The same
   * text, under the notice's title, goes by push to the browsers of those who chose the kind.
   */
  sms?: { kind: SmsNoticeKind; text: string };
};

/** A user's inbox shows (and counts) the latest this many notifications addressed to them. */
export const MY_NOTIFICATIONS_LIMIT = 50;

type NotificationRow = typeof notifications.$inferSelect;

/** The broadcasts a role receives: everyone's, and the buyers' or the sellers' own. */
export function audiencesFor(role: UserRole): NotificationAudience[] {
  if (role === 'buyer') return ['everyone', 'buyers'];
  if (role === 'seller') return ['everyone', 'sellers'];
  return ['everyone'];
}

function toView(row: NotificationRow): NotificationView {
  return {
    _id: row.id,
    title: row.title,
    message: row.message,
    audience: row.audience,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The broadcasts (not personal messages) that are not deleted. */
const isLiveBroadcast = and(isNull(notifications.userId), isNull(notifications.deletedAt));

/**
 * The latest notifications addressed to a user, as a subquery (id, title, message, created_at,
 * user_id, link): broadcasts for their role and their personal messages, each branch read from its
 * partial index and limited before the two are merged.
 */
function addressedTo(viewer: Actor): SQL {
  const audiences = sql.join(
    audiencesFor(viewer.role).map((audience) => sql`${audience}`),
    sql`, `,
  );
  return sql`(
    select * from (
      (select id, title, message, created_at, user_id, link from notifications
        where user_id is null and deleted_at is null and audience in (${audiences})
        order by created_at desc limit ${MY_NOTIFICATIONS_LIMIT})
      union all
      (select id, title, message, created_at, user_id, link from notifications
        where user_id = ${viewer.id}::uuid and deleted_at is null
        order by created_at desc limit ${MY_NOTIFICATIONS_LIMIT})
    ) as latest
    order by created_at desc, id desc
    limit ${MY_NOTIFICATIONS_LIMIT}
  )`;
}

function isReadBy(viewer: Actor): SQL {
  return sql`exists (select 1 from notification_reads r
    where r.user_id = ${viewer.id}::uuid and r.notification_id = addressed.id)`;
}

export function createNotificationsService({
  db,
  clock,
  mail,
  sms,
  push,
  audit,
  personalEvents,
}: {
  db: Database;
  clock: Clock;
  mail: MailService;
  /** The SMS of the notices that have one, to those who chose them. */
  sms: Pick<SmsService, 'sendNotice'>;
  /** The same notices by push, to the browsers of those who chose them. */
  push: Pick<PushService, 'sendNotice'>;
  audit: AuditService;
  /** Told of every notification written or read: the header's unread counts are kept. */
  personalEvents: PersonalEvents;
}) {
  const unreadCounts = createPersonalCache<number>({ events: personalEvents });

  /**
   * An admin writes to one user: the message lands in the user's inbox (a personal
   * notification) and is e-mailed to them (SMTP, or the outbox without it).
   */
  async function sendPersonalMessage(
    userId: string,
    message: string,
    actor: Actor,
  ): Promise<{ id: string }> {
    assertAdmin(actor);
    const [recipient] = await db
      .select({ id: users.id, email: users.email, locale: users.locale })
      .from(users)
      .where(and(eq(users.id, userId), isNull(users.deletedAt)));
    if (!recipient) throw new NotFoundError(t('users.notFound'));
    const now = clock();
    // The admin's words as written; the frame around them in the recipient's language.
    const title = withLocale(recipient.locale ?? currentLocale(), () =>
      t('notifications.personalTitle'),
    );
    const id = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(notifications)
        .values({ title, message, userId, senderId: actor.id, createdAt: now, updatedAt: now })
        .returning({ id: notifications.id });
      await audit.record(
        { actor, action: 'user.message', targetType: 'user', targetId: userId, after: { message } },
        tx,
      );
      await withLocale(recipient.locale ?? currentLocale(), () =>
        mail.send({ to: recipient.email, kind: 'notice', subject: title, text: message }, tx),
      );
      return row!.id;
    });
    personalEvents.changed(userId);
    return { id };
  }

  /**
   * What the platform tells users on its own (no admin wrote it): a personal notification each,
   * counted in their header, and an e-mail, both in the caller's transaction so they exist
   * exactly when the change they tell about does. `noticeFor` makes the notice in each
   * recipient's language (the one they chose, else the one of the request or job telling them).
   * Deleted and blocked accounts are skipped.
   */
  async function notify(
    userIds: string[],
    noticeFor: () => Notice,
    tx: Database | Transaction = db,
  ): Promise<void> {
    if (userIds.length === 0) return;
    const recipients = await tx
      .select({
        id: users.id,
        email: users.email,
        phone: users.phone,
        name: users.name,
        locale: users.locale,
      })
      .from(users)
      .where(and(inArray(users.id, userIds), isNull(users.deletedAt), eq(users.status, 'Active')));
    const now = clock();
    for (const recipient of recipients) {
      await withLocale(recipient.locale ?? currentLocale(), async () => {
        const notice = noticeFor();
        await tx.insert(notifications).values({
          title: notice.title,
          message: notice.message,
          kind: notice.kind,
          link: notice.link,
          userId: recipient.id,
          createdAt: now,
          updatedAt: now,
        });
        // Once the caller's transaction has committed: told earlier, a read on another
        // PostgreSQL connection in between would keep the count without this notification.
        afterCommit(tx, () => personalEvents.changed(recipient.id));
        if (notice.sms && recipient.phone) {
          await sms.sendNotice(
            {
              user: { id: recipient.id, phone: recipient.phone },
              kind: notice.sms.kind,
              text: notice.sms.text,
              link: notice.link,
            },
            tx,
          );
        }
        if (notice.sms) {
          await push.sendNotice(
            {
              userId: recipient.id,
              kind: notice.sms.kind,
              title: notice.title,
              body: pushBodyOf(notice.sms.text),
              link: notice.link ? localePath(notice.link, currentLocale()) : null,
            },
            tx,
          );
        }
        if (!notice.mail) return;
        await mail.send(
          { to: recipient.email, kind: notice.kind, ...notice.mail(recipient.name) },
          tx,
        );
      });
    }
  }

  /**
   * Tells one user of several things found together (a digest): a notification each, and one
   * e-mail for all, carried by the first. Each notice is made in the user's language.
   */
  async function notifyDigest(
    userId: string,
    noticesFor: (() => Omit<Notice, 'mail'>)[],
    mail: NonNullable<Notice['mail']>,
    tx: Database | Transaction = db,
  ): Promise<void> {
    for (const [index, noticeFor] of noticesFor.entries()) {
      await notify([userId], () => ({ ...noticeFor(), mail: index === 0 ? mail : undefined }), tx);
    }
  }

  /** `notify` for every active admin. */
  async function notifyAdmins(
    noticeFor: () => Notice,
    tx: Database | Transaction = db,
  ): Promise<void> {
    const admins = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.role, 'admin'), isNull(users.deletedAt), eq(users.status, 'Active')));
    await notify(
      admins.map((admin) => admin.id),
      noticeFor,
      tx,
    );
  }

  /** A broadcast that is not deleted, or NotFoundError. */
  async function findBroadcast(id: string): Promise<NotificationRow> {
    const row = await findById(db, notifications, id, isLiveBroadcast);
    if (!row) throw new NotFoundError(t('notifications.notFound'));
    return row;
  }

  /** Applies an admin's change to a broadcast and audits it in the same transaction. */
  async function changeBroadcast(
    broadcast: NotificationRow,
    values: Partial<typeof notifications.$inferInsert>,
    actor: Actor,
    entry: Pick<AuditRecord, 'action' | 'before' | 'after'>,
  ): Promise<NotificationView> {
    const row = await updateByIdWith(db, notifications, broadcast.id, values, (tx) =>
      audit.record({ actor, targetType: 'notification', targetId: broadcast.id, ...entry }, tx),
    );
    personalEvents.changed();
    return toView(row);
  }

  /** A page of the broadcasts sent, most recent first (admins only). */
  async function listNotifications(
    query: NotificationListQuery,
    actor: Actor,
  ): Promise<Page<NotificationView>> {
    assertAdmin(actor);
    return listNewestFirst(db, notifications, isLiveBroadcast, query, toView);
  }

  /** An admin broadcasts a notification to everyone, to buyers or to sellers; audited. */
  async function createNotification(
    input: NotificationInput,
    actor: Actor,
  ): Promise<NotificationView> {
    assertAdmin(actor);
    const view = await db.transaction(async (tx) => {
      const now = clock();
      const [row] = await tx
        .insert(notifications)
        .values({ ...input, senderId: actor.id, createdAt: now, updatedAt: now })
        .returning();
      const view = toView(row!);
      await audit.record(
        {
          actor,
          action: 'notification.create',
          targetType: 'notification',
          targetId: view._id,
          after: input,
        },
        tx,
      );
      return view;
    });
    personalEvents.changed();
    return view;
  }

  /** An admin edits a broadcast's title, message or audience; audited. */
  async function updateNotification(
    id: string,
    input: NotificationEdit,
    actor: Actor,
  ): Promise<NotificationView> {
    assertAdmin(actor);
    const before = await findBroadcast(id);
    const change = {
      title: input.title,
      message: input.message,
      audience: input.audience ?? before.audience,
    };
    return changeBroadcast(before, { ...change, updatedAt: clock() }, actor, {
      action: 'notification.update',
      before: { title: before.title, message: before.message, audience: before.audience },
      after: change,
    });
  }

  /** An admin withdraws a broadcast: it disappears from every inbox; audited. */
  async function deleteNotification(id: string, actor: Actor): Promise<void> {
    assertAdmin(actor);
    const before = await findBroadcast(id);
    const now = clock();
    await changeBroadcast(before, { deletedAt: now, updatedAt: now }, actor, {
      action: 'notification.delete',
      before: toView(before),
    });
  }

  /** The latest notifications addressed to a user, newest first, and how many are unread. */
  async function listMyNotifications(viewer: Actor): Promise<MyNotifications> {
    const result = await db.execute<{
      id: string;
      title: string;
      message: string;
      created_at: string;
      link: string | null;
      is_personal: boolean;
      is_read: boolean;
    }>(sql`
      select addressed.id, addressed.title, addressed.message, addressed.link,
        to_char(addressed.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
          as created_at,
        addressed.user_id is not null as is_personal,
        ${isReadBy(viewer)} as is_read
      from ${addressedTo(viewer)} as addressed
      order by addressed.created_at desc, addressed.id desc`);
    const data = result.rows.map((row) => ({
      _id: row.id,
      title: row.title,
      message: row.message,
      createdAt: row.created_at,
      link: row.link,
      isPersonal: Boolean(row.is_personal),
      isRead: Boolean(row.is_read),
    }));
    return { data, unread: data.filter((item) => !item.isRead).length };
  }

  /** How many of the latest notifications addressed to a user they have not read. */
  async function countUnread(viewer: Actor): Promise<number> {
    // Every page shows it: read once per visit, until a notification is written or read.
    return unreadCounts.answer(viewer.id, viewer.role, async () => {
      const result = await db.execute<{ unread: number }>(sql`
        select count(*)::int as unread from ${addressedTo(viewer)} as addressed
        where not ${isReadBy(viewer)}`);
      return Number(result.rows[0]?.unread ?? 0);
    });
  }

  /** Marks one notification read; NotFoundError unless it is addressed to the user. */
  async function markRead(id: string, viewer: Actor): Promise<void> {
    const [row] = isUuid(id)
      ? await db
          .select({ id: notifications.id })
          .from(notifications)
          .where(
            and(
              eq(notifications.id, id),
              isNull(notifications.deletedAt),
              or(
                eq(notifications.userId, viewer.id),
                and(
                  isNull(notifications.userId),
                  inArray(notifications.audience, audiencesFor(viewer.role)),
                ),
              ),
            ),
          )
      : [];
    if (!row) throw new NotFoundError(t('notifications.notFound'));
    await db
      .insert(notificationReads)
      .values({ notificationId: row.id, userId: viewer.id, readAt: clock() })
      .onConflictDoNothing();
    personalEvents.changed(viewer.id);
  }

  /** Marks every notification in the user's inbox read. */
  async function markAllRead(viewer: Actor): Promise<void> {
    await db.execute(sql`
      insert into notification_reads (notification_id, user_id, read_at)
      select addressed.id, ${viewer.id}::uuid, ${clock().toISOString()}::timestamptz
      from ${addressedTo(viewer)} as addressed
      on conflict do nothing`);
    personalEvents.changed(viewer.id);
  }

  return {
    sendPersonalMessage,
    listNotifications,
    createNotification,
    updateNotification,
    deleteNotification,
    listMyNotifications,
    countUnread,
    markRead,
    markAllRead,
    notify,
    notifyAdmins,
    notifyDigest,
  };
}
