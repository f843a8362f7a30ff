import { and, eq, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Database, Transaction } from '#db/client.ts';
import { emailOptOuts, mailAddresses, newsletterSubscriptions, outbox } from '#db/schema.ts';
import type { Clock } from '#lib/clock.ts';
import { t } from '#lib/i18n.all.ts';
import { isUuid } from '#lib/listing-schemas.ts';
import {
  EMAIL_CHOICES,
  type EmailChoice,
  type MailKind,
  type NotificationKind,
} from '#lib/notifications.ts';
import { SITE } from '#lib/site.ts';
import type { JobQueue } from '#modules/jobs/jobs.service.ts';
import type { Signer } from '#modules/signing/signing.service.ts';
import type { MailLinks } from './mail.links.ts';

/** An e-mail to send, and what it is about (which its recipient may have turned off). */
/** An e-mail to write; `to` is null for an account registered by phone alone: nothing is sent. */
export type MailMessage = { to: string | null; subject: string; text: string; kind: MailKind };

/** A message that has somewhere to go. */
type AddressedMail = MailMessage & { to: string };

/** An e-mail as it leaves: with the one-click unsubscribe headers (RFC 8058) when it has them. */
type OutgoingMail = {
  to: string;
  subject: string;
  text: string;
  from: string;
  headers?: Record<string, string>;
};

/** Where mail leaves the building: nodemailer over SMTP in production, or nothing. */
export type MailTransport = { send(message: OutgoingMail): Promise<void> };

/** Whose e-mails of which kind an unsubscribe link stops. */
export type Unsubscription = { email: string; kind: EmailChoice };

const UNSUBSCRIBE_PURPOSE = 'unsubscribe';

const isEmailChoice = (kind: string): kind is EmailChoice =>
  (EMAIL_CHOICES as readonly string[]).includes(kind);

/** The newsletter is a subscription of its own; the other choices are opt-outs kept here. */
const isOptOutKind = (kind: MailKind): kind is NotificationKind =>
  kind !== 'account' && kind !== 'newsletter';

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
  signer,
  links,
  clock,
  transport,
  logger,
}: {
  db: Database;
  jobs: JobQueue;
  signer: Signer;
  /** Where unsubscribe links point, in the recipient's language. */
  links: MailLinks;
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
        ...(row.unsubscribeUrl && {
          headers: {
            'List-Unsubscribe': `<${row.unsubscribeUrl}>`,
            'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
          },
        }),
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

  /** The opaque id of an address, made the first time the platform writes to it. */
  async function addressIdOf(email: string, runner: Database | Transaction): Promise<string> {
    const address = email.toLowerCase();
    const [made] = await runner
      .insert(mailAddresses)
      .values({ email: address, createdAt: clock() })
      .onConflictDoNothing()
      .returning({ id: mailAddresses.id });
    if (made) return made.id;
    const [known] = await runner
      .select({ id: mailAddresses.id })
      .from(mailAddresses)
      .where(eq(mailAddresses.email, address));
    return known!.id;
  }

  /**
   * The page that stops `kind` e-mails to `email`, without signing in. Its token carries the
   * kind and the address's opaque id, signed: whoever reads the link (a forwarded e-mail, a
   * proxy's log) learns nothing of the address, and cannot make one for another address.
   */
  async function unsubscribeUrl(
    email: string,
    kind: EmailChoice,
    runner: Database | Transaction = db,
  ): Promise<string> {
    const addressId = await addressIdOf(email, runner);
    const token = await signer.sign(UNSUBSCRIBE_PURPOSE, `${kind} ${addressId}`, runner);
    return links.link(`/unsubscribe?token=${token}`);
  }

  /** Whose e-mails of which kind an unsubscribe link's token stops, or null if it is not one. */
  async function readUnsubscribeToken(token: string): Promise<Unsubscription | null> {
    const payload = await signer.verify(UNSUBSCRIBE_PURPOSE, token);
    const [kind = '', reference = ''] = payload?.split(' ') ?? [];
    if (!isEmailChoice(kind) || !reference) return null;
    // Links sent before addresses had ids carried the address itself, signed alike: they keep
    // working, since they show nothing more than they did.
    if (reference.includes('@')) return { kind, email: reference };
    if (!isUuid(reference)) return null;
    const [address] = await db
      .select({ email: mailAddresses.email })
      .from(mailAddresses)
      .where(eq(mailAddresses.id, reference));
    return address ? { kind, email: address.email } : null;
  }

  /** The notification kinds `email` asked not to receive by e-mail. */
  async function listOptOuts(email: string): Promise<NotificationKind[]> {
    const rows = await db
      .select({ kind: emailOptOuts.kind })
      .from(emailOptOuts)
      .where(eq(emailOptOuts.email, email.toLowerCase()));
    return rows.map((row) => row.kind);
  }

  /** Turns `kind` e-mails to `email` off or back on. */
  async function setOptOut(
    email: string,
    kind: NotificationKind,
    isOptedOut: boolean,
    runner: Database | Transaction = db,
  ): Promise<void> {
    const address = email.toLowerCase();
    if (isOptedOut) {
      await runner
        .insert(emailOptOuts)
        .values({ email: address, kind, createdAt: clock() })
        .onConflictDoNothing();
    } else {
      await runner
        .delete(emailOptOuts)
        .where(and(eq(emailOptOuts.email, address), eq(emailOptOuts.kind, kind)));
    }
  }

  /** Keeps an address's choices when its account's e-mail changes (in that transaction). */
  async function moveOptOuts(from: string, to: string, tx: Transaction): Promise<void> {
    if (from.toLowerCase() === to.toLowerCase()) return;
    await tx.delete(emailOptOuts).where(eq(emailOptOuts.email, to.toLowerCase()));
    await tx
      .update(emailOptOuts)
      .set({ email: to.toLowerCase() })
      .where(eq(emailOptOuts.email, from.toLowerCase()));
  }

  /**
   * Sends an e-mail: written to the outbox and handed to a background job in one transaction
   * (the caller's `tx`, when the e-mail belongs to a change), so it leaves exactly when the
   * change commits, whatever happens to this process afterwards. Never slows the request down
   * or fails it when SMTP is down. An e-mail of a kind its recipient turned off is not written;
   * every other one but an account's carries its unsubscribe link, in its text and headers.
   * An account without an address is told by its SMS and in-site notices instead.
   */
  async function send(mail: MailMessage, tx: Database | Transaction = db): Promise<void> {
    if (mail.to === null) return;
    const message: AddressedMail = { ...mail, to: mail.to };
    await tx.transaction(async (inner) => {
      if (isOptOutKind(message.kind)) {
        const [optOut] = await inner
          .select({ kind: emailOptOuts.kind })
          .from(emailOptOuts)
          .where(
            and(
              eq(emailOptOuts.email, message.to.toLowerCase()),
              eq(emailOptOuts.kind, message.kind),
            ),
          );
        if (optOut) return;
      }
      // Newsletter mail only reaches a subscribed address (Law No 058/2021: consent).
      if (message.kind === 'newsletter') {
        const [subscribed] = await inner
          .select({ id: newsletterSubscriptions.id })
          .from(newsletterSubscriptions)
          .where(sql`lower(${newsletterSubscriptions.email}) = ${message.to.toLowerCase()}`);
        if (!subscribed) return;
      }
      const { kind } = message;
      let body = message.text;
      let stopUrl: string | null = null;
      if (kind !== 'account') {
        stopUrl = await unsubscribeUrl(message.to, kind, inner);
        const about = t(`emailChoices.about.${kind}`);
        body += `\n\n-- \n${t('mail.unsubscribeFooter', { kind: about, url: stopUrl })}`;
      }
      const [row] = await inner
        .insert(outbox)
        .values({
          recipient: message.to,
          subject: message.subject,
          body,
          unsubscribeUrl: stopUrl,
        })
        .returning({ id: outbox.id });
      await deliverLater({ outboxId: row!.id }, inner);
    });
  }

  return { send, unsubscribeUrl, readUnsubscribeToken, listOptOuts, setOptOut, moveOptOuts };
}
