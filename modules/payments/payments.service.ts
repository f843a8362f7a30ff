import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database, Transaction } from '#db/client.ts';
import { boostReminders, paymentEvents, paymentLedger, payments, users } from '#db/schema.ts';
import { assertAdmin, type Actor } from '#lib/account.ts';
import type { Clock } from '#lib/clock.ts';
import {
  ConflictError,
  ForbiddenError,
  InvalidError,
  NotFoundError,
  TooManyRequestsError,
} from '#lib/errors.ts';
import { t, tCount } from '#lib/i18n.all.ts';
import type { Locale } from '#lib/i18n.ts';
import { withLocale } from '#lib/i18n.server.ts';
import { parseOrThrow } from '#lib/form-result.ts';
import { isUuid } from '#lib/listing-schemas.ts';
import { formatDate, formatDateTime, formatRwf } from '#lib/format.ts';
import {
  BOOST_DAYS,
  maskPhone,
  networkOfPhone,
  type PAYMENT_EVENTS,
  type BoostDays,
  type MobileNetwork,
  type PaymentProduct,
} from '#lib/payments.ts';
import type { AttemptLimiters } from '#modules/accounts/accounts.limiter.ts';
import type { AuditService } from '#modules/audit/audit.service.ts';
import { isPublished } from '#modules/catalogue/catalogue.events.ts';
import {
  findFeaturedEndingBefore,
  findListingRow,
  titleOf,
  type FeaturedListing,
  type KindRow,
} from '#modules/catalogue/catalogue.kinds.ts';
import type { ListingWriter } from '#modules/catalogue/catalogue.writes.ts';
import type { JobQueue } from '#modules/jobs/jobs.service.ts';
import type { MailLinks } from '#modules/mail/mail.links.ts';
import type { MailService } from '#modules/mail/mail.service.ts';
import type { SmsService } from '#modules/sms/sms.service.ts';
import type { SettingsService } from '#modules/settings/settings.service.ts';
import { boostPriceOf, listingFeeOf } from '#modules/settings/settings.schema.ts';
import {
  ProviderRefusedError,
  type MobileMoneyProvider,
  type PaymentFailureReason,
  type ProviderPaymentStatus,
} from './payments.provider.ts';
import {
  purchaseText,
  receiptNumber,
  StartPaymentSchema,
  type PaymentOffers,
  type PaymentView,
  type StartPaymentInput,
} from './payments.schema.ts';

type PaymentRow = typeof payments.$inferSelect;

/** The mobile-money providers configured, by network; none: nothing is sold. */
export type PaymentProviders = Partial<Record<MobileNetwork, MobileMoneyProvider>>;

type PaymentsLogger = {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
};

/** How long a prompt may wait for its payer before the payment is given up as expired. */
const PROMPT_LIFETIME_SECONDS = 15 * 60;
/** The growing wait between two readings of a pending payment's status, by reading. */
const CHECK_DELAYS_SECONDS = [5, 5, 10, 15, 30, 60, 120];
/** A callback wakes a check at most this often per payment: a flood of them asks once. */
const CALLBACK_CHECK_GAP_MS = 2000;
/** A pending payment not read for this long has lost its polling job: the sweep reads it. */
const STALE_CHECK_SECONDS = 5 * 60;

/**
 * Prompts sent per hour: per payer, and per phone number. A prompt rings a stranger's phone
 * when someone types their number, so neither a payer nor a number gets more than a few.
 */
const PROMPTS_PER_PAYER_PER_HOUR = 10;
const PROMPTS_PER_PHONE_PER_HOUR = 5;

/** How long before a boost ends its owner is told, to boost again if they wish. */
const BOOST_REMINDER_HOURS = 24;

const CHECK_JOB = 'payments.check';
const BOOSTS_JOB = 'payments.boosts';
const SWEEP_JOB = 'payments.sweep';

/** What settles a pending payment. */
type Settlement =
  | { status: 'successful'; providerTransactionId: string | null }
  | { status: 'failed'; reason: PaymentFailureReason; providerMessage: string | null }
  | { status: 'expired' };

export type PaymentsService = ReturnType<typeof createPaymentsService>;

/** A payment as its payer sees it: the number masked, no provider internals. */
export function toPaymentView(row: PaymentRow): PaymentView {
  return {
    _id: row.id,
    number: row.number,
    product: row.product,
    boostDays: row.boostDays,
    listingKind: row.listingKind,
    listingId: row.listingId,
    listingTitle: row.listingTitle,
    amount: row.amount,
    refundedAmount: row.refundedAmount,
    network: row.network,
    phone: maskPhone(row.phone),
    status: row.status,
    failureReason: row.failureReason,
    createdAt: row.createdAt.toISOString(),
    settledAt: row.settledAt?.toISOString() ?? null,
  };
}

/** Whether a database error is a unique index refusing a second row. */
function isUniqueViolation(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string } })?.cause;
  return (error as { code?: string })?.code === '23505' || cause?.code === '23505';
}

/**
 * Payments by mobile money for what the marketplace sells: a supply's listing fee and a
 * listing's boost. The rules that keep every franc accounted for:
 * - one purchase is one row, written (with its reference) before the provider is called: the
 *   payer's idempotency key is unique, and a listing has one payment waiting at most;
 * - a payment is settled only by reading its status from the provider (a callback only wakes
 *   that reading), and only once: the settling update takes the row from `pending`, and what
 *   the payment bought, its ledger line, its history and its receipt are written in that
 *   same transaction;
 * - a durable job reads every pending payment with a growing delay until it settles or its
 *   prompt expires; a sweep picks up any whose job was lost (a crash, a restart).
 */
export function createPaymentsService({
  db,
  clock,
  jobs,
  mail,
  sms,
  links,
  settings,
  writer,
  providers,
  limiters,
  audit,
  logger,
  demoPhonePath = null,
}: {
  db: Database;
  clock: Clock;
  jobs: JobQueue;
  mail: Pick<MailService, 'send'>;
  /** The receipt's SMS, to a payer with a proved number who chose it. */
  sms: Pick<SmsService, 'sendNotice'>;
  links: MailLinks;
  settings: Pick<SettingsService, 'getPrices'>;
  /** The one way a listing is written: a paid fee sends its supply to review, a boost features it. */
  writer: ListingWriter;
  providers: PaymentProviders;
  /** Where prompts sent are counted (shared by every process with Redis). */
  limiters: AttemptLimiters;
  audit: AuditService;
  logger: PaymentsLogger;
  /** Where the embedded simulator's phone page is (the demo), or null with real providers. */
  demoPhonePath?: string | null;
}) {
  const isPayingOn = Object.keys(providers).length > 0;
  const payerPrompts = limiters.fixedWindow('payment-prompts-payer', {
    max: PROMPTS_PER_PAYER_PER_HOUR,
    windowMs: 3_600_000,
  });
  const phonePrompts = limiters.fixedWindow('payment-prompts-phone', {
    max: PROMPTS_PER_PHONE_PER_HOUR,
    windowMs: 3_600_000,
  });

  const enqueueCheck = jobs.define<{ paymentId: string }>(CHECK_JOB, {
    // It asks the provider: outside the database, so safe to repeat rather than transactional.
    isTransactional: false,
    retryLimit: 10,
    async run({ paymentId }) {
      const row = await checkPayment(paymentId);
      if (row?.status === 'pending') await scheduleCheck(row);
    },
  });

  jobs.define<Record<string, never>>(SWEEP_JOB, {
    isTransactional: false,
    policy: 'stately',
    cron: '* * * * *',
    async run() {
      await checkStalePayments();
    },
  });

  jobs.define<Record<string, never>>(BOOSTS_JOB, {
    policy: 'stately',
    cron: '15 * * * *',
    async run(_data, tx) {
      await endBoosts(tx as Transaction);
    },
  });

  async function scheduleCheck(row: PaymentRow, tx: Database | Transaction = db): Promise<void> {
    const delay = CHECK_DELAYS_SECONDS[Math.min(row.checkCount, CHECK_DELAYS_SECONDS.length - 1)]!;
    await enqueueCheck({ paymentId: row.id }, tx, { startAfterSeconds: delay });
  }

  /** Whether anything can be bought: at least one provider is configured. */
  function isEnabled(): boolean {
    return isPayingOn;
  }

  /**
   * The listing fee a new supply of `kind` by `lister` must pay before its review: 0 when it is
   * free, or when no provider takes payments (selling then works as it did before prices).
   */
  async function listingFeeFor(kind: KindRow['kind'], lister: KindRow['row']['listedBy']) {
    if (!isPayingOn) return 0;
    return listingFeeOf(await settings.getPrices(), kind, lister);
  }

  async function readPayment(id: string, executor: Database | Transaction = db) {
    if (!isUuid(id)) return undefined;
    const [row] = await executor.select().from(payments).where(eq(payments.id, id));
    return row;
  }

  async function addEvent(
    tx: Database | Transaction,
    paymentId: string,
    event: (typeof PAYMENT_EVENTS)[number],
    details: {
      from?: string | null;
      to?: string | null;
      actorId?: string | null;
      detail?: Record<string, unknown>;
    } = {},
  ): Promise<void> {
    await tx.insert(paymentEvents).values({
      paymentId,
      event,
      fromStatus: details.from ?? null,
      toStatus: details.to ?? null,
      actorId: details.actorId ?? null,
      detail: details.detail ?? null,
      createdAt: clock(),
    });
  }

  /** A listing its owner can pay for (an admin acts through waivers, not payments). */
  async function findPayableListing(listingId: string, actor: Actor): Promise<KindRow> {
    const listing = await findListingRow(db, listingId);
    if (!listing) throw new NotFoundError(t('api.listingNotFound'));
    if (listing.row.ownerId !== actor.id) throw new ForbiddenError(t('auth.forbidden'));
    return listing;
  }

  /** What `product` costs for `listing` now, or a Conflict saying why it cannot be bought. */
  async function priceOf(
    listing: KindRow,
    product: PaymentProduct,
    boostDays: BoostDays | undefined,
  ): Promise<number> {
    const prices = await settings.getPrices();
    if (product === 'listingFee') {
      if (listing.row.feeState !== 'due') throw new ConflictError(t('payments.feeNotDue'));
      return listingFeeOf(prices, listing.kind, listing.row.listedBy);
    }
    if (!isPublished(listing.row)) throw new ConflictError(t('payments.boostNotPublished'));
    return boostPriceOf(prices, boostDays ?? BOOST_DAYS[0]);
  }

  /** What the owner of `listingId` may buy for it now, with today's prices. */
  async function getOffers(listingId: string, actor: Actor): Promise<PaymentOffers> {
    const listing = await findPayableListing(listingId, actor);
    const prices = await settings.getPrices();
    const [waiting] = await db
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.listingId, listing.row.id), eq(payments.status, 'pending')));
    const isFeeDue = listing.row.feeState === 'due';
    return {
      listingId: listing.row.id,
      listingKind: listing.kind,
      listingTitle: titleOf(listing.row),
      isPayingOn,
      listingFee: isFeeDue ? listingFeeOf(prices, listing.kind, listing.row.listedBy) : null,
      boosts:
        isPublished(listing.row) && isPayingOn
          ? BOOST_DAYS.map((days) => ({ days, price: boostPriceOf(prices, days) }))
          : [],
      featuredUntil:
        listing.row.featuredUntil && listing.row.featuredUntil > clock()
          ? listing.row.featuredUntil.toISOString()
          : null,
      pendingPaymentId: waiting?.id ?? null,
    };
  }

  /** The payment an earlier try of the same purchase made: same key, or the listing's waiting one. */
  async function findEarlierTry(payerId: string, key: string, listingId: string) {
    const [sameKey] = await db
      .select()
      .from(payments)
      .where(and(eq(payments.payerId, payerId), eq(payments.idempotencyKey, key)));
    if (sameKey) return sameKey;
    const [waiting] = await db
      .select()
      .from(payments)
      .where(and(eq(payments.listingId, listingId), eq(payments.status, 'pending')));
    return waiting;
  }

  /**
   * Starts a purchase: writes the payment (its reference made here), then sends the prompt to
   * the payer's phone. The same purchase asked again (the key, or a payment already waiting for
   * the listing) answers the first payment and charges nothing more. A free purchase is granted
   * at once and answers null.
   */
  async function startPayment(
    input: StartPaymentInput,
    actor: Actor,
    locale: Locale,
  ): Promise<PaymentView | null> {
    const parsed = parseOrThrow(StartPaymentSchema, input);
    const earlier = await findEarlierTry(actor.id, parsed.idempotencyKey, parsed.listingId);
    if (earlier) {
      if (earlier.payerId !== actor.id || earlier.listingId !== parsed.listingId) {
        throw new ConflictError(t('payments.alreadyWaiting'));
      }
      return toPaymentView(earlier);
    }
    const listing = await findPayableListing(parsed.listingId, actor);
    const amount = await priceOf(listing, parsed.product, parsed.boostDays);
    if (amount === 0) {
      await db.transaction((tx) => grant(tx, listing, parsed.product, parsed.boostDays ?? null));
      return null;
    }
    if (!isPayingOn) throw new ConflictError(t('payments.off'));
    const network = parsed.network ?? networkOfPhone(parsed.phone);
    if (!network) throw InvalidError.field('network', t('payments.networkRequired'));
    const provider = providers[network];
    if (!provider) throw InvalidError.field('network', t('payments.networkUnavailable'));
    const waitSeconds =
      (await payerPrompts.reserve([actor.id])) || (await phonePrompts.reserve([parsed.phone]));
    if (waitSeconds > 0) {
      throw new TooManyRequestsError(
        tCount('payments.tooMany', Math.ceil(waitSeconds / 60)),
        waitSeconds,
      );
    }

    let row: PaymentRow;
    try {
      row = await db.transaction(async (tx) => {
        const now = clock();
        const [created] = await tx
          .insert(payments)
          .values({
            payerId: actor.id,
            idempotencyKey: parsed.idempotencyKey,
            product: parsed.product,
            boostDays: parsed.product === 'boost' ? (parsed.boostDays ?? null) : null,
            listingKind: listing.kind,
            listingId: listing.row.id,
            listingTitle: titleOf(listing.row),
            amount,
            network,
            phone: parsed.phone,
            locale,
            createdAt: now,
            updatedAt: now,
          })
          .returning();
        await addEvent(tx, created!.id, 'created', { to: 'pending', actorId: actor.id });
        // The polling starts with the payment: if this process dies before the provider
        // answers, the job still settles it.
        await scheduleCheck(created!, tx);
        return created!;
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // Two requests of one purchase at once: the first one written is the payment.
      const first = await findEarlierTry(actor.id, parsed.idempotencyKey, parsed.listingId);
      if (!first || first.payerId !== actor.id)
        throw new ConflictError(t('payments.alreadyWaiting'));
      return toPaymentView(first);
    }
    await sendPrompt(row, provider);
    return toPaymentView((await readPayment(row.id))!);
  }

  /** Asks the provider to prompt the payer; a refusal settles the payment as failed. */
  async function sendPrompt(row: PaymentRow, provider: MobileMoneyProvider): Promise<void> {
    try {
      await provider.requestToPay({
        reference: row.id,
        amount: row.amount,
        phone: row.phone,
        description: t('payments.promptText', { number: receiptNumber(row.number) }),
      });
    } catch (error) {
      if (error instanceof ProviderRefusedError) {
        await settle(row.id, {
          status: 'failed',
          reason: error.reason,
          providerMessage: error.providerMessage,
        });
        return;
      }
      // The outcome is unknown (a time-out, a broken connection): reading the status settles it.
      logger.warn({ err: error, paymentId: row.id }, 'payment request unanswered; checking later');
      return;
    }
    await db.transaction(async (tx) => {
      await tx
        .update(payments)
        .set({ requestedAt: clock(), updatedAt: clock() })
        .where(and(eq(payments.id, row.id), isNull(payments.requestedAt)));
      await addEvent(tx, row.id, 'sent');
    });
  }

  /**
   * What a payment bought, written in the transaction that settles it: the fee sends its supply
   * to review; a boost features the listing for its days, after any boost still running.
   */
  async function grant(
    tx: Transaction,
    listing: KindRow,
    product: PaymentProduct,
    boostDays: number | null,
  ): Promise<void> {
    if (product === 'listingFee') {
      await writer.setFeeState(tx, listing.kind, listing.row.id, 'paid');
      return;
    }
    const now = clock();
    const from =
      listing.row.featuredUntil && listing.row.featuredUntil > now
        ? listing.row.featuredUntil
        : now;
    const until = new Date(from.getTime() + (boostDays ?? BOOST_DAYS[0]) * 86_400_000);
    await writer.setFeaturedUntil(tx, listing.kind, listing.row.id, until);
  }

  /**
   * Settles a pending payment, once: whoever takes it from `pending` writes the outcome, its
   * history, and for a success the ledger line, what it bought and the receipt. Answers the
   * settled row, or null when it was no longer pending.
   */
  async function settle(
    id: string,
    settlement: Settlement,
    detail: Record<string, unknown> = {},
  ): Promise<PaymentRow | null> {
    return db.transaction(async (tx) => {
      const now = clock();
      const [row] = await tx
        .update(payments)
        .set({
          status: settlement.status,
          failureReason:
            settlement.status === 'failed'
              ? settlement.reason
              : settlement.status === 'expired'
                ? 'EXPIRED'
                : null,
          providerMessage: settlement.status === 'failed' ? settlement.providerMessage : null,
          providerTransactionId:
            settlement.status === 'successful' ? settlement.providerTransactionId : null,
          settledAt: now,
          updatedAt: now,
        })
        .where(and(eq(payments.id, id), eq(payments.status, 'pending')))
        .returning();
      if (!row) return null;
      await addEvent(tx, id, 'settled', { from: 'pending', to: row.status, detail });
      if (row.status !== 'successful') return row;
      await tx.insert(paymentLedger).values({
        paymentId: id,
        entry: 'charge',
        amount: row.amount,
        product: row.product,
        network: row.network,
        createdAt: now,
      });
      const listing = await findListingRow(tx, row.listingId, {
        kinds: [row.listingKind],
        isLocked: true,
      });
      if (listing) {
        await grant(tx, listing, row.product, row.boostDays);
      } else {
        // Withdrawn while its payer confirmed: the money is in, nothing to grant; an admin refunds.
        await addEvent(tx, id, 'grantSkipped', { detail: { why: 'listingGone' } });
      }
      await sendReceipt(tx, row);
      return row;
    });
  }

  /**
   * Sends the payer their receipt, in the language they paid in: by e-mail, and by SMS to their
   * proved number when they chose it (a payer may have no e-mail address at all).
   */
  async function sendReceipt(tx: Transaction, row: PaymentRow): Promise<void> {
    if (!row.payerId) return;
    const payerId = row.payerId;
    const [payer] = await tx
      .select({ email: users.email, phone: users.phone })
      .from(users)
      .where(eq(users.id, payerId));
    if (!payer) return;
    await withLocale(row.locale, async () => {
      const number = receiptNumber(row.number);
      const path = `/payments/${row.id}`;
      if (payer.phone) {
        const text = t('payments.receiptSms', {
          brand: t('brand.name'),
          amount: formatRwf(row.amount),
          number,
        });
        await sms.sendNotice(
          {
            user: { id: payerId, phone: payer.phone },
            kind: 'payment',
            text,
            link: path,
          },
          tx,
        );
      }
      if (!payer.email) return;
      await mail.send(
        {
          to: payer.email,
          kind: 'account',
          subject: t('payments.receiptSubject', { number }),
          text: t('payments.receiptMail', {
            number,
            date: formatDate(row.settledAt!),
            what: purchaseText(row),
            amount: formatRwf(row.amount),
            phone: maskPhone(row.phone),
            link: links.link(path),
          }),
        },
        tx,
      );
    });
  }

  /**
   * Reads a pending payment's status from its provider and settles it when the provider has
   * (or when its prompt has waited too long). Answers the row as it stands after.
   */
  async function checkPayment(id: string): Promise<PaymentRow | undefined> {
    const row = await readPayment(id);
    if (!row || row.status !== 'pending') return row;
    const provider = providers[row.network];
    if (!provider) {
      logger.error({ paymentId: id, network: row.network }, 'no provider for a pending payment');
      return row;
    }
    let status: ProviderPaymentStatus;
    try {
      status = await provider.getPaymentStatus(row.id);
    } catch (error) {
      logger.warn({ err: error, paymentId: id }, 'payment status unreadable; reading again later');
      return noteChecked(row);
    }
    const isOld = clock().getTime() - row.createdAt.getTime() >= PROMPT_LIFETIME_SECONDS * 1000;
    if (status.state === 'successful') {
      const settled = await settle(id, {
        status: 'successful',
        providerTransactionId: status.providerTransactionId,
      });
      return settled ?? readPayment(id);
    }
    if (status.state === 'failed') {
      const settled = await settle(id, {
        status: 'failed',
        reason: status.reason,
        providerMessage: status.providerMessage,
      });
      return settled ?? readPayment(id);
    }
    if (isOld)
      return (
        (await settle(id, { status: 'expired' }, { provider: status.state })) ?? readPayment(id)
      );
    if (status.state === 'unknown' && row.requestedAt === null) {
      // The request never reached the provider (this process stopped before it could send it,
      // or the network dropped it): the same reference is sent again, which cannot charge twice.
      await sendPrompt(row, provider);
    }
    return noteChecked(row);
  }

  async function noteChecked(row: PaymentRow): Promise<PaymentRow> {
    const [updated] = await db
      .update(payments)
      .set({ checkCount: sql`${payments.checkCount} + 1`, checkedAt: clock() })
      .where(and(eq(payments.id, row.id), eq(payments.status, 'pending')))
      .returning();
    return updated ?? (await readPayment(row.id))!;
  }

  /** Reads the pending payments whose polling stopped (a crash): none waits unread for long. */
  async function checkStalePayments(): Promise<number> {
    const staleBefore = new Date(clock().getTime() - STALE_CHECK_SECONDS * 1000);
    const stale = await db
      .select({ id: payments.id })
      .from(payments)
      .where(
        and(
          eq(payments.status, 'pending'),
          or(
            and(isNull(payments.checkedAt), lt(payments.createdAt, staleBefore)),
            lt(payments.checkedAt, staleBefore),
          ),
        ),
      )
      .limit(100);
    for (const { id } of stale) await checkPayment(id);
    return stale.length;
  }

  /**
   * Reads a pending payment from its provider now, unless it was read a moment ago: what a
   * callback and the payer's waiting page do, however often they come.
   */
  async function wakeCheck(row: PaymentRow, why: 'callback' | 'payer'): Promise<PaymentRow> {
    if (row.status !== 'pending') return row;
    const checkedAt = row.checkedAt?.getTime() ?? 0;
    if (clock().getTime() - checkedAt < CALLBACK_CHECK_GAP_MS) return row;
    if (why === 'callback') await addEvent(db, row.id, 'callback');
    return (await checkPayment(row.id)) ?? row;
  }

  /**
   * A provider's callback: it names a payment, which is then read from the provider. Nothing in
   * the callback is believed, so a forged one grants nothing; a flood of them asks once.
   */
  async function receiveCallback(network: MobileNetwork, body: unknown): Promise<void> {
    const provider = providers[network];
    const reference = provider?.referenceOfCallback(body) ?? null;
    if (!reference) return;
    const row = await readPayment(reference);
    if (!row || row.network !== network) return;
    await wakeCheck(row, 'callback');
  }

  /**
   * A payment, for its payer or an admin; anyone else is told it does not exist. With
   * `isChecking` (the payer's waiting page), a pending one is read from its provider first.
   */
  async function getPayment(
    id: string,
    actor: Actor,
    { isChecking = false }: { isChecking?: boolean } = {},
  ): Promise<PaymentView> {
    const row = await readPayment(id);
    if (!row || (row.payerId !== actor.id && actor.role !== 'admin')) {
      throw new NotFoundError(t('payments.notFound'));
    }
    return toPaymentView(isChecking ? await wakeCheck(row, 'payer') : row);
  }

  /**
   * The hourly round of boosts: those ended leave the first places (the catalogue is told, so
   * every copy forgets them), and the owners of those ending within a day hear of it once.
   */
  async function endBoosts(tx: Transaction): Promise<void> {
    const now = clock();
    const soon = new Date(now.getTime() + BOOST_REMINDER_HOURS * 3_600_000);
    for (const listing of await findFeaturedEndingBefore(tx, soon)) {
      if (listing.featuredUntil <= now) {
        await writer.setFeaturedUntil(tx, listing.kind, listing.id, null);
        continue;
      }
      const [isNew] = await tx
        .insert(boostReminders)
        .values({ listingId: listing.id, featuredUntil: listing.featuredUntil, sentAt: now })
        .onConflictDoNothing()
        .returning();
      if (isNew) await tellBoostEnding(tx, listing);
    }
  }

  /** Tells a listing's owner, in their language, that its boost ends soon. */
  async function tellBoostEnding(tx: Transaction, listing: FeaturedListing): Promise<void> {
    const [owner] = await tx
      .select({ email: users.email, locale: users.locale })
      .from(users)
      .where(and(eq(users.id, listing.ownerId), isNull(users.deletedAt)));
    if (!owner?.email) return;
    await withLocale(owner.locale ?? 'en', async () => {
      await mail.send(
        {
          to: owner.email,
          kind: 'account',
          subject: t('payments.boostEndingSubject', { title: listing.title }),
          text: t('payments.boostEndingMail', {
            title: listing.title,
            date: formatDateTime(listing.featuredUntil),
            link: links.link(`/supply-property-detail/${listing.id}`),
          }),
        },
        tx,
      );
    });
  }

  /**
   * An admin lets a supply go to review without its fee (a partner, a payment made by other
   * means); audited as `payment.waive`.
   */
  async function waiveListingFee(listingId: string, actor: Actor): Promise<void> {
    assertAdmin(actor);
    await db.transaction(async (tx) => {
      const listing = await findListingRow(tx, listingId, { isLocked: true });
      if (!listing) throw new NotFoundError(t('api.listingNotFound'));
      if (listing.row.feeState !== 'due') throw new ConflictError(t('payments.feeNotDue'));
      await writer.setFeeState(tx, listing.kind, listing.row.id, 'waived');
      await audit.record(
        {
          actor,
          action: 'payment.waive',
          targetType: listing.kind,
          targetId: listing.row.id,
          before: { feeState: 'due' },
          after: { feeState: 'waived' },
        },
        tx,
      );
    });
  }

  return {
    demoPhonePath,
    isEnabled,
    waiveListingFee,
    endBoosts,
    listingFeeFor,
    getOffers,
    startPayment,
    checkPayment,
    checkStalePayments,
    receiveCallback,
    getPayment,
  };
}
