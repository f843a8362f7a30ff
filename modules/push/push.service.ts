import http from 'node:http';
import https from 'node:https';
import { and, asc, count, desc, eq, lt, notInArray, sql } from 'drizzle-orm';
import webpush from 'web-push';
import type { Database, Transaction } from '#db/client.ts';
import { createNoticeChoices } from '#db/notice-choices.ts';
import { pushChoices, pushDeliveries, pushKeys, pushSubscriptions } from '#db/schema.ts';
import type { Clock } from '#lib/clock.ts';
import { InvalidError, NotFoundError } from '#lib/errors.ts';
import { t } from '#lib/i18n.all.ts';
import type { PushNoticeKind, PushPayload } from '#lib/push.ts';
import { describeUserAgent } from '#modules/accounts/accounts.user-agent.ts';
import type { JobQueue } from '#modules/jobs/jobs.service.ts';
import { checkEndpoint, createPushAgents } from './push.endpoint.ts';
import type { PushSubscriptionInput } from './push.schema.ts';

type PushLogger = {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
};

/** A notice to send by push to every browser of its user, if they chose that kind. */
export type PushNotice = {
  userId: string;
  kind: PushNoticeKind;
  title: string;
  body: string;
  /** A path of this site in the recipient's language. */
  link: string | null;
};

/** At most this many browsers per account receive push: a new one beyond it replaces the oldest. */
export const MAX_PUSH_SUBSCRIPTIONS = 10;
/**
 * How long a push service keeps a message for a phone that is off (its TTL): a day, after which
 * a notice is old news the site's list still holds. A message that waited as long for its job
 * is dropped too.
 */
export const PUSH_TTL_SECONDS = 24 * 60 * 60;
/** How long the push service may take to answer before the job tries again later. */
const PUSH_TIMEOUT_MS = 15_000;

export type PushService = ReturnType<typeof createPushService>;

/** The answer of a push service to one message. */
type PushAnswer = { statusCode: number; body: string };

/** Posts a prepared push message (web-push's request details) through the given agents. */
function post(
  details: webpush.RequestDetails,
  agents: ReturnType<typeof createPushAgents>,
): Promise<PushAnswer> {
  const url = new URL(details.endpoint);
  const isHttps = url.protocol === 'https:';
  const request = (isHttps ? https : http).request;
  return new Promise((resolve, reject) => {
    const outgoing = request(
      url,
      {
        method: details.method,
        headers: details.headers as http.OutgoingHttpHeaders,
        agent: isHttps ? agents.https : agents.http,
        timeout: PUSH_TIMEOUT_MS,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => {
          // An answer is a status and a few words: nothing more is kept.
          if (chunks.length < 8) chunks.push(chunk);
        });
        response.on('end', () =>
          resolve({
            statusCode: response.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8').slice(0, 500),
          }),
        );
        response.on('error', reject);
      },
    );
    outgoing.on('timeout', () => outgoing.destroy(new Error('push service timed out')));
    outgoing.on('error', reject);
    outgoing.end(details.body ?? undefined);
  });
}

/**
 * Web push (RFC 8030, 8291, 8292) to the browsers where people turned it on: each notice that
 * has an SMS text may also go by push, in the recipient's language, to each of their browsers
 * when they chose its kind. A message is written to `push_deliveries` and handed to a durable
 * job in the notice's transaction; the job claims it before posting, so it leaves at most once.
 * A push service answering 404 or 410 has forgotten the browser: its subscription goes.
 */
export function createPushService({
  db,
  jobs,
  clock,
  contactEmail,
  siteUrl,
  isAllowingPrivateEndpoints,
  logger,
}: {
  db: Database;
  jobs: JobQueue;
  clock: Clock;
  /** The platform's contact address, which push services may write to about our messages. */
  contactEmail: () => Promise<string>;
  siteUrl: string;
  /** PUSH_ALLOW_PRIVATE_ENDPOINTS: push services on http or inner addresses (tests only). */
  isAllowingPrivateEndpoints: boolean;
  logger: PushLogger;
}) {
  const agents = createPushAgents(isAllowingPrivateEndpoints);
  let keys: { publicKey: string; privateKey: string } | undefined;

  /**
   * The site's VAPID key pair, made by the first process that needs it: several starting at
   * once each try to insert theirs, one wins, and all read back the winner's.
   */
  async function loadKeys(): Promise<{ publicKey: string; privateKey: string }> {
    if (keys) return keys;
    const read = () =>
      db
        .select({ publicKey: pushKeys.publicKey, privateKey: pushKeys.privateKey })
        .from(pushKeys)
        .where(eq(pushKeys.id, 1));
    let [row] = await read();
    if (!row) {
      await db
        .insert(pushKeys)
        .values({ id: 1, ...webpush.generateVAPIDKeys(), createdAt: clock() })
        .onConflictDoNothing();
      [row] = await read();
    }
    keys = row!;
    return keys;
  }

  /** `mailto:` the platform's contact address, else the site's https address. */
  async function vapidSubject(): Promise<string> {
    const email = (await contactEmail()).trim();
    if (email) return `mailto:${email}`;
    if (siteUrl.startsWith('https://')) return siteUrl;
    return `mailto:webmaster@${new URL(siteUrl).hostname}`;
  }

  /** The public key browsers subscribe with (base64url). */
  async function getPublicKey(): Promise<string> {
    return (await loadKeys()).publicKey;
  }

  /** Each kind of notice and whether it reaches the user's browsers by push. */
  const choices = createNoticeChoices({ db, clock, table: pushChoices });

  /** How many browsers of the user receive push. */
  async function countSubscriptions(userId: string): Promise<number> {
    const [row] = await db
      .select({ count: count() })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId));
    return row?.count ?? 0;
  }

  /** The push endpoints of the user's browsers, for the page that says whether this one is on. */
  async function listEndpoints(userId: string): Promise<string[]> {
    const rows = await db
      .select({ endpoint: pushSubscriptions.endpoint })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId));
    return rows.map((row) => row.endpoint);
  }

  /**
   * Registers a browser for the user's push notices (or renews it: the same endpoint, new keys).
   * A browser registered by another account before becomes this one's: a shared phone tells
   * whoever turned push on last. Beyond MAX_PUSH_SUBSCRIPTIONS, the oldest go. Answers how many
   * the user has.
   */
  async function subscribe(
    userId: string,
    input: PushSubscriptionInput,
    userAgent: string | null,
  ): Promise<number> {
    const refusal = checkEndpoint(input.endpoint, isAllowingPrivateEndpoints);
    if (refusal) throw InvalidError.field('endpoint', t(`push.endpoint.${refusal}`));
    const { browser, system } = describeUserAgent(userAgent);
    const label = [browser, system].filter(Boolean).join(', ') || null;
    const now = clock();
    await db.transaction(async (tx) => {
      const values = {
        userId,
        endpoint: input.endpoint,
        p256dh: input.keys.p256dh,
        auth: input.keys.auth,
        userAgentLabel: label,
        createdAt: now,
        failureCount: 0,
      };
      await tx
        .insert(pushSubscriptions)
        .values(values)
        .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: values });
      const kept = tx
        .select({ id: pushSubscriptions.id })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, userId))
        .orderBy(desc(pushSubscriptions.createdAt), asc(pushSubscriptions.id))
        .limit(MAX_PUSH_SUBSCRIPTIONS);
      await tx
        .delete(pushSubscriptions)
        .where(and(eq(pushSubscriptions.userId, userId), notInArray(pushSubscriptions.id, kept)));
    });
    return countSubscriptions(userId);
  }

  /** Stops sending to one of the user's browsers; NotFoundError when it is not theirs. */
  async function unsubscribe(userId: string, endpoint: string): Promise<number> {
    const deleted = await db
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
      .returning({ id: pushSubscriptions.id });
    if (deleted.length === 0) throw new NotFoundError(t('push.notFound'));
    return countSubscriptions(userId);
  }

  /**
   * Posts one waiting message, unless its job ran before (claimed) or it is older than its TTL.
   * 404/410: the browser is gone, and so is its subscription. Another failure is counted and
   * thrown, so the job tries again later.
   */
  async function deliver(deliveryId: string): Promise<void> {
    const [claimed] = await db
      .update(pushDeliveries)
      .set({ status: 'sending' })
      .where(and(eq(pushDeliveries.id, deliveryId), eq(pushDeliveries.status, 'queued')))
      .returning();
    if (!claimed) {
      // A send begun and never finished (the process stopped): the push service may have it.
      await db.delete(pushDeliveries).where(eq(pushDeliveries.id, deliveryId));
      return;
    }
    const [subscription] = await db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.id, claimed.subscriptionId));
    const isStale = clock().getTime() - claimed.createdAt.getTime() > PUSH_TTL_SECONDS * 1000;
    if (!subscription || isStale) {
      await db.delete(pushDeliveries).where(eq(pushDeliveries.id, deliveryId));
      return;
    }
    // Checked again when posting: one registered while inner addresses were allowed, or an IP
    // literal (which connects without the agents' lookup), never leaves once they are not.
    if (checkEndpoint(subscription.endpoint, isAllowingPrivateEndpoints)) {
      logger.warn({ subscriptionId: subscription.id }, 'push: endpoint refused, forgotten');
      await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, subscription.id));
      return;
    }
    const { publicKey, privateKey } = await loadKeys();
    let answer: PushAnswer;
    try {
      const details = webpush.generateRequestDetails(
        {
          endpoint: subscription.endpoint,
          keys: { p256dh: subscription.p256dh, auth: subscription.auth },
        },
        claimed.payload,
        {
          vapidDetails: { subject: await vapidSubject(), publicKey, privateKey },
          TTL: PUSH_TTL_SECONDS,
          urgency: 'normal',
          contentEncoding: 'aes128gcm',
        },
      );
      answer = await post(details, agents);
    } catch (error) {
      answer = { statusCode: 0, body: error instanceof Error ? error.message : String(error) };
    }
    const forSubscription = eq(pushSubscriptions.id, subscription.id);
    if (answer.statusCode >= 200 && answer.statusCode < 300) {
      await db.delete(pushDeliveries).where(eq(pushDeliveries.id, deliveryId));
      await db
        .update(pushSubscriptions)
        .set({ lastSuccessAt: clock(), failureCount: 0 })
        .where(forSubscription);
      return;
    }
    if (answer.statusCode === 404 || answer.statusCode === 410) {
      logger.info({ subscriptionId: subscription.id }, 'push: the browser is gone, forgotten');
      await db.delete(pushSubscriptions).where(forSubscription);
      return;
    }
    await db
      .update(pushSubscriptions)
      .set({ failureCount: sql`${pushSubscriptions.failureCount} + 1` })
      .where(forSubscription);
    await db
      .update(pushDeliveries)
      .set({ status: 'queued' })
      .where(eq(pushDeliveries.id, deliveryId));
    logger.warn(
      { subscriptionId: subscription.id, status: answer.statusCode, answer: answer.body },
      'push: not sent; tried again later',
    );
    throw new Error(`push not sent (${answer.statusCode || answer.body})`);
  }

  const deliverLater = jobs.define<{ deliveryId: string }>('push-delivery', {
    // The push service is outside the database: deliver() claims the row before posting.
    isTransactional: false,
    retryLimit: 5,
    run: ({ deliveryId }) => deliver(deliveryId),
  });

  /**
   * Sends a notice by push to each of its user's browsers, when they chose its kind: written and
   * handed to jobs in the caller's transaction, inside a savepoint, so that nothing about push
   * can undo the notice itself. Answers how many messages were written.
   */
  async function sendNotice(notice: PushNotice, tx: Database | Transaction = db): Promise<number> {
    try {
      return await tx.transaction(async (inner) => {
        if (!(await choices.get(notice.userId, inner))[notice.kind]) return 0;
        const browsers = await inner
          .select({ id: pushSubscriptions.id })
          .from(pushSubscriptions)
          .where(eq(pushSubscriptions.userId, notice.userId));
        if (browsers.length === 0) return 0;
        const payload: PushPayload = {
          title: notice.title,
          body: notice.body,
          link: notice.link,
          tag: notice.kind,
        };
        const rows = await inner
          .insert(pushDeliveries)
          .values(
            browsers.map((browser) => ({
              subscriptionId: browser.id,
              payload: JSON.stringify(payload),
              createdAt: clock(),
            })),
          )
          .returning({ id: pushDeliveries.id });
        for (const row of rows) await deliverLater({ deliveryId: row.id }, inner);
        return rows.length;
      });
    } catch (error) {
      logger.error({ err: error, userId: notice.userId }, 'push: the notice was not queued');
      return 0;
    }
  }

  // Messages whose jobs gave up wait here past their TTL, when nothing would post them.
  jobs.define('push-deliveries-sweep', {
    cron: '17 3 * * *',
    policy: 'stately',
    run: async (_data, runner) => {
      const cutoff = new Date(clock().getTime() - 2 * PUSH_TTL_SECONDS * 1000);
      await runner.delete(pushDeliveries).where(lt(pushDeliveries.createdAt, cutoff));
    },
  });

  return {
    getPublicKey,
    getChoices: (userId: string) => choices.get(userId),
    setChoices: choices.set,
    countSubscriptions,
    listEndpoints,
    subscribe,
    unsubscribe,
    sendNotice,
  };
}
