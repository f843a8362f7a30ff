import { eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Database } from '#db/client.ts';
import { outbox } from '#db/schema.ts';
import type { Clock } from '#lib/clock.ts';
import { SITE } from '#lib/site.ts';

export type MailMessage = { to: string; subject: string; text: string };

/** Where mail leaves the building: nodemailer over SMTP in production, or nothing. */
export type MailTransport = { send(message: MailMessage & { from: string }): Promise<void> };

type MailLogger = {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
};

export type MailService = ReturnType<typeof createMailService>;

/** An SMTP transport for `smtp://user:pass@host:port` (or `smtps://`) URLs. */
export function createSmtpTransport(smtpUrl: string): MailTransport {
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    async send(message) {
      await transporter.sendMail(message);
    },
  };
}

export function createMailService({
  db,
  clock,
  transport,
  logger,
}: {
  db: Database;
  clock: Clock;
  transport: MailTransport | undefined;
  logger: MailLogger;
}) {
  /**
   * Sends an e-mail. It is written to the outbox first, so nothing is lost when SMTP is down or
   * not configured (the message is then logged for the operator); a delivery failure is
   * recorded on the row and logged, never thrown at the user who triggered it.
   */
  async function send(message: MailMessage): Promise<void> {
    const [row] = await db
      .insert(outbox)
      .values({ recipient: message.to, subject: message.subject, body: message.text })
      .returning({ id: outbox.id });
    const id = row!.id;
    if (!transport) {
      logger.info(
        { outboxId: id, to: message.to, subject: message.subject, body: message.text },
        'e-mail kept in the outbox (SMTP_URL is not set)',
      );
      return;
    }
    try {
      await transport.send({ ...message, from: SITE.email });
      await db.update(outbox).set({ sentAt: clock() }).where(eq(outbox.id, id));
    } catch (error) {
      const failure = error instanceof Error ? error.message : String(error);
      await db.update(outbox).set({ failure }).where(eq(outbox.id, id));
      logger.error({ outboxId: id, err: error }, 'e-mail delivery failed; kept in the outbox');
    }
  }

  return { send };
}
