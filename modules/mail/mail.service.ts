import { eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Database, Transaction } from '#db/client.ts';
import { outbox } from '#db/schema.ts';
import type { Clock } from '#lib/clock.ts';
import { SITE } from '#lib/site.ts';
import type { JobQueue } from '#modules/jobs/jobs.service.ts';

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
  jobs,
  clock,
  transport,
  logger,
}: {
  db: Database;
  jobs: JobQueue;
  clock: Clock;
  transport: MailTransport | undefined;
  logger: MailLogger;
}) {
  /**
   * Delivers one outbox message, unless it has left already. Without SMTP the message stays in
   * the outbox (and the log) for the operator. A failure is recorded on the row and thrown, so
   * the job is retried later with a growing delay.
   */
  async function deliver(outboxId: string): Promise<void> {
    const [row] = await db.select().from(outbox).where(eq(outbox.id, outboxId));
    if (!row || row.sentAt) return;
    if (!transport) {
      logger.info(
        { outboxId, to: row.recipient, subject: row.subject, body: row.body },
        'e-mail kept in the outbox (SMTP_URL is not set)',
      );
      return;
    }
    try {
      await transport.send({
        to: row.recipient,
        subject: row.subject,
        text: row.body,
        from: SITE.email,
      });
    } catch (error) {
      const failure = error instanceof Error ? error.message : String(error);
      await db.update(outbox).set({ failure }).where(eq(outbox.id, outboxId));
      logger.error({ outboxId, err: error }, 'e-mail delivery failed; retried later');
      throw error;
    }
    await db.update(outbox).set({ sentAt: clock(), failure: null }).where(eq(outbox.id, outboxId));
  }

  const deliverLater = jobs.define<{ outboxId: string }>('mail-delivery', {
    // SMTP is outside the database: a crash between sending and marking the row sent may send
    // a message twice; it never loses one.
    isTransactional: false,
    retryLimit: 8,
    run: ({ outboxId }) => deliver(outboxId),
  });

  /**
   * Sends an e-mail: written to the outbox and handed to a background job in one transaction
   * (the caller's `tx`, when the e-mail belongs to a change), so it leaves exactly when the
   * change commits, whatever happens to this process afterwards. Never slows the request down
   * or fails it when SMTP is down.
   */
  async function send(message: MailMessage, tx: Database | Transaction = db): Promise<void> {
    await tx.transaction(async (inner) => {
      const [row] = await inner
        .insert(outbox)
        .values({ recipient: message.to, subject: message.subject, body: message.text })
        .returning({ id: outbox.id });
      await deliverLater({ outboxId: row!.id }, inner);
    });
  }

  return { send };
}
