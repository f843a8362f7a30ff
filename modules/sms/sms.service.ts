import { and, count, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import type { Database, Transaction } from '#db/client.ts';
import { createNoticeChoices } from '#db/notice-choices.ts';
import { smsChoices, smsOptOuts, smsOutbox } from '#db/schema.ts';
import type { Clock } from '#lib/clock.ts';
import { internationalPhone } from '#lib/site.ts';
import { replyCommand, type SmsKind, type SmsNoticeKind } from '#lib/sms.ts';
import { fitSms, smsLength } from '#lib/sms-text.ts';
import type { JobQueue } from '#modules/jobs/jobs.service.ts';
import type { SettingsService } from '#modules/settings/settings.service.ts';
import type { Signer } from '#modules/signing/signing.service.ts';
import {
  SmsProviderError,
  type InboundSms,
  type SmsDeliveryReport,
  type SmsProvider,
} from './sms.provider.ts';
import type { ShortLinks } from './sms.short-links.ts';

/** An SMS to send, and what it is about (which its recipient may have turned off). */
export type SmsMessage = {
  /** E.164 (`+250788123456`). */
  to: string;
  text: string;
  kind: SmsKind;
  /** The account it is for, when the number is on one. */
  userId?: string | null;
};

type SmsLogger = {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
};

/** What the signed token of the provider's callback addresses says: whose callback it is. */
const CALLBACK_PURPOSE = 'sms-callback';
const CALLBACK_SUBJECT = 'africastalking';

const E164 = /^\+[1-9]\d{7,14}$/;

const ONE_DAY_MS = 24 * 60 * 60_000;

/**
 * The first key of the advisory lock that serialises one person's SMS notices (the second is
 * their id's hash), apart from the platform's other advisory locks.
 */
const NOTICE_LOCK_SPACE = 7_406_552;

/** A notice to send by SMS to an account's proved number, if its owner chose that kind. */
export type SmsNotice = {
  user: { id: string; phone: string };
  kind: SmsNoticeKind;
  text: string;
  /** The page it is about, a path of this site: a short link to it ends the SMS. */
  link?: string | null;
};

export type SmsService = ReturnType<typeof createSmsService>;

/**
 * The token of the provider's callback addresses (delivery reports, replies): signed with the
 * platform's key, so that only whoever was given the addresses can post to them.
 */
export function smsCallbackToken(signer: Signer): Promise<string> {
  return signer.sign(CALLBACK_PURPOSE, CALLBACK_SUBJECT);
}

/**
 * SMS as e-mail goes: each message is written to `sms_outbox` and handed to a durable job in the
 * caller's transaction, so it leaves exactly when what it tells commits. The job asks the
 * provider once: a send that may have reached the provider without an answer is marked
 * `uncertain` and never repeated (an SMS twice costs the sender and annoys the reader more than
 * a lost notice, which the site still shows). Without a provider, messages wait in the outbox and
 * the log, as e-mail does without SMTP.
 */
export function createSmsService({
  db,
  jobs,
  clock,
  signer,
  provider,
  settings,
  shortLinks,
  logger,
}: {
  db: Database;
  jobs: JobQueue;
  clock: Clock;
  signer: Signer;
  /** The links that end notices, made only for the SMS that are written. */
  shortLinks: Pick<ShortLinks, 'link'>;
  /** The daily limits of SMS notices (Platform Settings). */
  settings: Pick<SettingsService, 'getSmsLimits'>;
  /** Undefined: SMS stays in the outbox table and the log. */
  provider: SmsProvider | undefined;
  logger: SmsLogger;
}) {
  async function isOptedOut(phone: string, runner: Database | Transaction = db): Promise<boolean> {
    const [row] = await runner
      .select({ phone: smsOptOuts.phone })
      .from(smsOptOuts)
      .where(eq(smsOptOuts.phone, phone));
    return Boolean(row);
  }

  /**
   * Sends one outbox message, unless it left (or began to leave) already. A refusal for good is
   * recorded; one that may pass later (the provider's balance, its trouble) and a failure before
   * the provider took the message are recorded and thrown, so the job tries again later.
   */
  async function deliver(smsId: string): Promise<void> {
    const [claimed] = await db
      .update(smsOutbox)
      .set({ status: 'sending', attemptedAt: clock() })
      .where(and(eq(smsOutbox.id, smsId), eq(smsOutbox.status, 'queued')))
      .returning();
    if (!claimed) {
      // A send the process began and never finished (it stopped while asking the provider):
      // the provider may have the message, so it is not asked again.
      await db
        .update(smsOutbox)
        .set({ status: 'uncertain', failure: 'The send was interrupted: not sent again' })
        .where(and(eq(smsOutbox.id, smsId), eq(smsOutbox.status, 'sending')));
      return;
    }
    const setStatus = (values: Partial<typeof smsOutbox.$inferInsert>) =>
      db.update(smsOutbox).set(values).where(eq(smsOutbox.id, smsId));
    if (claimed.kind !== 'account' && (await isOptedOut(claimed.recipient))) {
      await setStatus({ status: 'skipped' });
      return;
    }
    if (!provider) {
      logger.info(
        { smsId, to: claimed.recipient, body: claimed.body },
        'SMS kept in the outbox (no SMS provider is configured)',
      );
      await setStatus({ status: 'kept' });
      return;
    }
    let result;
    try {
      result = await provider.send({ to: claimed.recipient, message: claimed.body });
    } catch (error) {
      const failure = error instanceof Error ? error.message : String(error);
      if (error instanceof SmsProviderError && error.mayHaveSent) {
        logger.warn({ smsId, err: error }, 'SMS send unanswered: it may have left, not resent');
        await setStatus({ status: 'uncertain', failure });
        return;
      }
      logger.error({ smsId, err: error }, 'SMS send failed; tried again later');
      await setStatus({ status: 'queued', failure });
      throw error;
    }
    if (result.outcome === 'accepted') {
      await setStatus({
        status: 'sent',
        providerMessageId: result.providerMessageId,
        cost: result.cost,
        sentAt: clock(),
        failure: null,
      });
      return;
    }
    const failure = `${result.providerStatus}: ${result.reason}`;
    if (result.isPermanent) {
      await setStatus({ status: 'refused', failure });
      return;
    }
    await setStatus({ status: 'queued', failure });
    throw new Error(`SMS refused for now (${failure})`);
  }

  const deliverLater = jobs.define<{ smsId: string }>('sms-delivery', {
    // The provider is outside the database: deliver() claims the row before asking it, so a
    // crash while asking leaves the row `uncertain` rather than sending twice.
    isTransactional: false,
    retryLimit: 8,
    run: ({ smsId }) => deliver(smsId),
  });

  /**
   * Sends an SMS: written to the outbox (fitted to SMS_MAX_PARTS parts, in characters an SMS
   * carries) and handed to a background job in one transaction, the caller's `tx` when the SMS
   * belongs to a change. A notice to a number that replied STOP is not written; an account's
   * codes always are.
   */
  async function send(message: SmsMessage, tx: Database | Transaction = db): Promise<void> {
    const to = internationalPhone(message.to);
    if (!E164.test(to)) throw new Error(`not a phone number: ${message.to}`);
    await tx.transaction(async (inner) => {
      if (message.kind !== 'account' && (await isOptedOut(to, inner))) return;
      const body = fitSms(message.text);
      const [row] = await inner
        .insert(smsOutbox)
        .values({
          recipient: to,
          body,
          kind: message.kind,
          userId: message.userId ?? null,
          parts: smsLength(body).parts,
        })
        .returning({ id: smsOutbox.id });
      await deliverLater({ smsId: row!.id }, inner);
    });
  }

  /**
   * Records a delivery report: only for a message this platform sent, to the number the report
   * names, and only once it is final. Anything else changes nothing. True when it was one of ours.
   */
  async function recordDeliveryReport(report: SmsDeliveryReport): Promise<boolean> {
    const ours = and(
      eq(smsOutbox.providerMessageId, report.providerMessageId),
      eq(smsOutbox.recipient, internationalPhone(report.phone)),
    );
    if (report.state === 'pending') {
      const [row] = await db.select({ id: smsOutbox.id }).from(smsOutbox).where(ours);
      return Boolean(row);
    }
    const updated = await db
      .update(smsOutbox)
      .set({
        status: report.state,
        failure: report.state === 'failed' ? (report.failureReason ?? report.providerStatus) : null,
        reportedAt: clock(),
      })
      .where(and(ours, inArray(smsOutbox.status, ['sent', 'delivered', 'failed'])))
      .returning({ id: smsOutbox.id });
    return updated.length > 0;
  }

  /** Turns SMS notices off (or back on) for a number. */
  async function setOptOut(phone: string, isOptedOut_: boolean): Promise<void> {
    const number = internationalPhone(phone);
    if (isOptedOut_) {
      await db
        .insert(smsOptOuts)
        .values({ phone: number, createdAt: clock() })
        .onConflictDoNothing();
    } else {
      await db.delete(smsOptOuts).where(eq(smsOptOuts.phone, number));
    }
  }

  /**
   * A reply to one of our SMS: STOP (or HAGARIKA) turns SMS notices off for its number, START
   * (or TANGIRA) back on; any other text is only logged. Answers what it did.
   */
  async function receiveReply(sms: InboundSms): Promise<'stop' | 'start' | null> {
    const command = replyCommand(sms.text);
    logger.info(
      { from: sms.from, providerMessageId: sms.providerMessageId, command },
      'SMS reply received',
    );
    if (command) await setOptOut(sms.from, command === 'stop');
    return command;
  }

  /** Each kind of notice and whether it reaches the user by SMS. */
  const choices = createNoticeChoices({ db, clock, table: smsChoices });

  /** SMS notices (not codes) written since `since`: the user's, or everyone's. */
  async function countNoticesSince(
    runner: Database | Transaction,
    since: Date,
    userId?: string,
  ): Promise<number> {
    const [row] = await runner
      .select({ count: count() })
      .from(smsOutbox)
      .where(
        and(
          gt(smsOutbox.createdAt, since),
          ne(smsOutbox.kind, 'account'),
          ...(userId ? [eq(smsOutbox.userId, userId)] : []),
        ),
      );
    return row?.count ?? 0;
  }

  /**
   * Sends a notice by SMS in the caller's transaction when its user chose that kind, and the
   * user's daily share and the platform's daily budget (Platform Settings) allow it; otherwise
   * nothing (the notice is in the site, and by e-mail where the user has an address). Answers
   * whether it was written.
   */
  async function sendNotice(notice: SmsNotice, tx: Database | Transaction = db): Promise<boolean> {
    if (!(await choices.get(notice.user.id, tx))[notice.kind]) return false;
    const limits = await settings.getSmsLimits(tx);
    if (limits.noticesPerUserPerDay === 0 || limits.noticesPerDay === 0) return false;
    return tx.transaction(async (inner) => {
      // Counting then writing lets two notices at once both pass the last place of a person's
      // share: the second waits here until the first's transaction ends, then counts its row.
      // Held to the end of the caller's transaction, which is when the row becomes visible. The
      // platform's budget is not serialised (that would queue every notice behind one lock): it
      // may be passed by the few notices written at the same moment.
      await inner.execute(
        sql`select pg_advisory_xact_lock(${NOTICE_LOCK_SPACE}, hashtext(${notice.user.id}))`,
      );
      const since = new Date(clock().getTime() - ONE_DAY_MS);
      if ((await countNoticesSince(inner, since, notice.user.id)) >= limits.noticesPerUserPerDay) {
        return false;
      }
      if ((await countNoticesSince(inner, since)) >= limits.noticesPerDay) {
        logger.warn({ budget: limits.noticesPerDay }, "SMS: the day's budget is spent");
        return false;
      }
      const link = notice.link ? ` ${await shortLinks.link(notice.link, inner)}` : '';
      await send(
        {
          to: notice.user.phone,
          kind: notice.kind,
          userId: notice.user.id,
          text: `${notice.text}${link}`,
        },
        inner,
      );
      return true;
    });
  }

  async function isCallbackToken(token: string): Promise<boolean> {
    return (await signer.verify(CALLBACK_PURPOSE, token)) === CALLBACK_SUBJECT;
  }

  return {
    send,
    sendNotice,
    getChoices: (userId: string) => choices.get(userId),
    setChoices: choices.set,
    isOptedOut: (phone: string) => isOptedOut(internationalPhone(phone)),
    setOptOut,
    recordDeliveryReport,
    receiveReply,
    callbackToken: () => smsCallbackToken(signer),
    isCallbackToken,
  };
}
