import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { notifications, users } from '#db/schema.ts';
import type { Actor } from '#lib/account.ts';
import type { Clock } from '#lib/clock.ts';
import { NotFoundError } from '#lib/errors.ts';
import { t } from '#lib/i18n.ts';
import type { AuditService } from '#modules/audit/audit.service.ts';
import type { MailService } from '#modules/mail/mail.service.ts';

export type NotificationsService = ReturnType<typeof createNotificationsService>;

export function createNotificationsService({
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
  /**
   * An admin writes to one user: the message lands in the user's inbox (a personal
   * notification) and is e-mailed to them (SMTP, or the outbox without it).
   */
  async function sendPersonalMessage(
    userId: string,
    message: string,
    actor: Actor,
  ): Promise<{ id: string }> {
    const [recipient] = await db
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(and(eq(users.id, userId), isNull(users.deletedAt)));
    if (!recipient) throw new NotFoundError(t('users.notFound'));
    const now = clock();
    const title = t('notifications.personalTitle');
    const [row] = await db
      .insert(notifications)
      .values({ title, message, userId, senderId: actor.id, createdAt: now, updatedAt: now })
      .returning({ id: notifications.id });
    await audit.record({
      actor,
      action: 'user.message',
      targetType: 'user',
      targetId: userId,
      after: { message },
    });
    await mail.send({ to: recipient.email, subject: title, text: message });
    return { id: row!.id };
  }

  return { sendPersonalMessage };
}
