import { and, asc, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Database, Transaction } from '#db/client.ts';
import { countUpTo, LIST_COUNT_CAP } from '#db/counting.ts';
import {
  paymentEvents,
  paymentLedger,
  paymentMismatches,
  paymentRefunds,
  payments,
  users,
} from '#db/schema.ts';
import { assertAdmin, type Actor } from '#lib/account.ts';
import type { Clock } from '#lib/clock.ts';
import { ConflictError, InvalidError, NotFoundError } from '#lib/errors.ts';
import { parseOrThrow } from '#lib/form-result.ts';
import { t } from '#lib/i18n.all.ts';
import { formatRwf } from '#lib/format.ts';
import { addDays, kigaliDay, startOfDay } from '#lib/kigali-days.ts';
import { isUuid } from '#lib/listing-schemas.ts';
import type { Page } from '#lib/pagination.ts';
import type { AuditService } from '#modules/audit/audit.service.ts';
import { findListingRow } from '#modules/catalogue/catalogue.kinds.ts';
import type { ListingWriter } from '#modules/catalogue/catalogue.writes.ts';
import type { JobQueue } from '#modules/jobs/jobs.service.ts';
import { toCsv } from '#modules/reports/reports.csv.ts';
import {
  PaymentListQuerySchema,
  RefundInputSchema,
  type AdminPaymentView,
  type MismatchView,
  type PaymentDetail,
  type PaymentListQuery,
  type PaymentTotals,
  type RefundInput,
  type RefundView,
} from './payments.admin.schema.ts';
import { toPayerPhone } from './payments.schema.ts';
import type { ProviderPaymentStatus, ProviderRefundStatus } from './payments.provider.ts';
import { toPaymentView, type PaymentProviders } from './payments.service.ts';

type PaymentRow = typeof payments.$inferSelect;
type RefundRow = typeof paymentRefunds.$inferSelect;

type AdminLogger = { warn(details: object, message: string): void };

/** A refund still unsettled is asked about again after these waits (then left for a person). */
const REFUND_CHECK_DELAYS_SECONDS = [30, 120, 600, 3600];
const REFUND_CHECK_JOB = 'payments.refund-check';
const RECONCILE_JOB = 'payments.reconcile';
/** The CSV of the transactions page holds at most this many payments. */
const CSV_MAX_ROWS = 10_000;

export type PaymentsAdminService = ReturnType<typeof createPaymentsAdminService>;

function toAdminView(
  row: PaymentRow,
  payer: { name: string | null; email: string | null },
): AdminPaymentView {
  return {
    ...toPaymentView(row),
    payerId: row.payerId,
    payerName: payer.name,
    payerEmail: payer.email,
    providerMessage: row.providerMessage,
    providerTransactionId: row.providerTransactionId,
  };
}

function toRefundView(row: RefundRow): RefundView {
  return {
    _id: row.id,
    amount: row.amount,
    reason: row.reason,
    status: row.status,
    isEndingPurchase: row.isEndingPurchase,
    failureReason: row.failureReason,
    providerMessage: row.providerMessage,
    createdAt: row.createdAt.toISOString(),
    settledAt: row.settledAt?.toISOString() ?? null,
  };
}

/**
 * The admins' side of payments: the transactions (searched, filtered, totalled from the ledger,
 * downloaded), refunds by the provider's own refund call, and the daily reconciliation that
 * finds payments whose status here and at the provider disagree.
 */
export function createPaymentsAdminService({
  db,
  clock,
  jobs,
  providers,
  writer,
  audit,
  logger,
}: {
  db: Database;
  clock: Clock;
  jobs: JobQueue;
  providers: PaymentProviders;
  /** A refund that ends what it bought takes a boost or a fee back through it. */
  writer: ListingWriter;
  audit: AuditService;
  logger: AdminLogger;
}) {
  const enqueueRefundCheck = jobs.define<{ refundId: string; attempt: number }>(REFUND_CHECK_JOB, {
    isTransactional: false,
    async run({ refundId, attempt }) {
      const refund = await checkRefund(refundId);
      const delay = REFUND_CHECK_DELAYS_SECONDS[attempt];
      if (refund?.status === 'pending' && delay !== undefined) {
        await enqueueRefundCheck({ refundId, attempt: attempt + 1 }, db, {
          startAfterSeconds: delay,
        });
      }
    },
  });

  jobs.define<Record<string, never>>(RECONCILE_JOB, {
    isTransactional: false,
    policy: 'stately',
    // Kigali's 02:30: the day before is over everywhere the providers count it.
    cron: '30 0 * * *',
    async run() {
      await reconcile(addDays(kigaliDay(clock()), -1));
    },
  });

  /** The payments a query's filters keep. */
  function filtersOf(query: PaymentListQuery): SQL | undefined {
    const words = query.q?.trim();
    let matching: SQL | undefined;
    if (words) {
      const phone = toPayerPhone(words);
      const number = /^#?0*(\d{1,9})$/.exec(words)?.[1];
      const like = `%${words.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
      matching = or(
        phone ? eq(payments.phone, phone) : undefined,
        number ? eq(payments.number, Number(number)) : undefined,
        isUuid(words)
          ? or(eq(payments.id, words), eq(payments.listingId, words), eq(payments.payerId, words))
          : undefined,
        eq(payments.providerTransactionId, words),
        ilike(payments.listingTitle, like),
        sql`${payments.payerId} in (select ${users.id} from ${users}
          where ${users.email} ilike ${like} or ${users.name} ilike ${like})`,
      );
    }
    return and(
      matching,
      query.status ? eq(payments.status, query.status) : undefined,
      query.network ? eq(payments.network, query.network) : undefined,
      query.product ? eq(payments.product, query.product) : undefined,
      query.from ? sql`${payments.createdAt} >= ${startOfDay(query.from)}` : undefined,
      query.to ? sql`${payments.createdAt} < ${startOfDay(addDays(query.to, 1))}` : undefined,
    );
  }

  async function withPayers(rows: PaymentRow[]): Promise<AdminPaymentView[]> {
    const payerIds = [...new Set(rows.flatMap((row) => (row.payerId ? [row.payerId] : [])))];
    const payers =
      payerIds.length > 0
        ? await db
            .select({ id: users.id, name: users.name, email: users.email })
            .from(users)
            .where(inArray(users.id, payerIds))
        : [];
    const byId = new Map(payers.map((payer) => [payer.id, payer]));
    return rows.map((row) => {
      const payer = row.payerId ? byId.get(row.payerId) : undefined;
      return toAdminView(row, { name: payer?.name ?? null, email: payer?.email ?? null });
    });
  }

  /** A page of payments, newest first, with the ledger's totals of every payment kept. */
  async function listPayments(
    query: Partial<PaymentListQuery>,
    actor: Actor,
  ): Promise<Page<AdminPaymentView> & { totals: PaymentTotals }> {
    assertAdmin(actor);
    const parsed = parseOrThrow(PaymentListQuerySchema, query);
    const where = filtersOf(parsed);
    const [rows, count, totals] = await Promise.all([
      db
        .select()
        .from(payments)
        .where(where)
        .orderBy(desc(payments.createdAt), desc(payments.id))
        .limit(parsed.pageSize)
        .offset((parsed.page - 1) * parsed.pageSize),
      countUpTo(db, where ? sql`${payments} where ${where}` : sql`${payments}`, LIST_COUNT_CAP),
      totalsOf(where),
    ]);
    return {
      items: await withPayers(rows),
      page: parsed.page,
      pageSize: parsed.pageSize,
      ...count,
      totals,
    };
  }

  /** The money of the payments `where` keeps, summed from the ledger. */
  async function totalsOf(where: SQL | undefined): Promise<PaymentTotals> {
    const kept = where ? sql`select ${payments.id} from ${payments} where ${where}` : undefined;
    const [row] = await db
      .select({
        count: sql<number>`count(distinct ${paymentLedger.paymentId})::int`,
        charged: sql<number>`coalesce(sum(${paymentLedger.amount}) filter (where ${paymentLedger.entry} = 'charge'), 0)::bigint`,
        refunded: sql<number>`coalesce(-sum(${paymentLedger.amount}) filter (where ${paymentLedger.entry} = 'refund'), 0)::bigint`,
      })
      .from(paymentLedger)
      .where(kept ? sql`${paymentLedger.paymentId} in (${kept})` : undefined);
    const charged = Number(row?.charged ?? 0);
    const refunded = Number(row?.refunded ?? 0);
    return { count: Number(row?.count ?? 0), charged, refunded, net: charged - refunded };
  }

  /** The payments a filter keeps as CSV (formula-safe), newest first, at most CSV_MAX_ROWS. */
  async function paymentsCsv(query: Partial<PaymentListQuery>, actor: Actor): Promise<string> {
    assertAdmin(actor);
    const parsed = parseOrThrow(PaymentListQuerySchema, query);
    const rows = await db
      .select()
      .from(payments)
      .where(filtersOf(parsed))
      .orderBy(desc(payments.createdAt), desc(payments.id))
      .limit(CSV_MAX_ROWS);
    const views = await withPayers(rows);
    return toCsv(
      [
        'number',
        'createdAt',
        'status',
        'product',
        'boostDays',
        'listing',
        'amount',
        'refunded',
        'network',
        'phone',
        'payer',
        'payerEmail',
        'providerTransactionId',
        'failureReason',
      ],
      views.map((view) => ({
        number: view.number,
        createdAt: view.createdAt,
        status: view.status,
        product: view.product,
        boostDays: view.boostDays,
        listing: view.listingTitle,
        amount: view.amount,
        refunded: view.refundedAmount,
        network: view.network,
        phone: view.phone,
        payer: view.payerName,
        payerEmail: view.payerEmail,
        providerTransactionId: view.providerTransactionId,
        failureReason: view.failureReason,
      })),
    );
  }

  async function readPayment(id: string, executor: Database | Transaction = db) {
    if (!isUuid(id)) throw new NotFoundError(t('payments.notFound'));
    const [row] = await executor.select().from(payments).where(eq(payments.id, id));
    if (!row) throw new NotFoundError(t('payments.notFound'));
    return row;
  }

  /** What of a payment can still be paid back: its amount less refunds paid or under way. */
  async function refundableOf(row: PaymentRow, executor: Database | Transaction = db) {
    const [taken] = await executor
      .select({
        amount: sql<number>`coalesce(sum(${paymentRefunds.amount}), 0)::bigint`,
      })
      .from(paymentRefunds)
      .where(and(eq(paymentRefunds.paymentId, row.id), sql`${paymentRefunds.status} <> 'failed'`));
    return row.status === 'successful' ? row.amount - Number(taken?.amount ?? 0) : 0;
  }

  /** One payment with its refunds and history (admins). */
  async function getPaymentDetail(id: string, actor: Actor): Promise<PaymentDetail> {
    assertAdmin(actor);
    const row = await readPayment(id);
    const [[payment], refunds, events, refundable] = await Promise.all([
      withPayers([row]),
      db
        .select()
        .from(paymentRefunds)
        .where(eq(paymentRefunds.paymentId, id))
        .orderBy(asc(paymentRefunds.createdAt)),
      db
        .select({ event: paymentEvents, actorName: users.name })
        .from(paymentEvents)
        .leftJoin(users, eq(users.id, paymentEvents.actorId))
        .where(eq(paymentEvents.paymentId, id))
        .orderBy(asc(paymentEvents.id)),
      refundableOf(row),
    ]);
    return {
      payment: payment!,
      refunds: refunds.map(toRefundView),
      events: events.map(({ event, actorName }) => ({
        event: event.event,
        fromStatus: event.fromStatus,
        toStatus: event.toStatus,
        actorName,
        createdAt: event.createdAt.toISOString(),
      })),
      refundable,
      isPartialRefundPossible: row.network !== 'airtel',
    };
  }

  /**
   * An admin pays back all or part of a successful payment, with a reason; audited. The refund
   * is written (its reference made) before the provider is called; the provider's answer settles
   * it, or a job asks again. Airtel pays back a whole payment only.
   */
  async function refundPayment(id: string, input: RefundInput, actor: Actor): Promise<RefundView> {
    assertAdmin(actor);
    const parsed = parseOrThrow(RefundInputSchema, input);
    if (!isUuid(id)) throw new NotFoundError(t('payments.notFound'));
    const refund = await db.transaction(async (tx) => {
      const [row] = await tx.select().from(payments).where(eq(payments.id, id)).for('update');
      if (!row) throw new NotFoundError(t('payments.notFound'));
      if (row.status !== 'successful') throw new ConflictError(t('payments.admin.notRefundable'));
      const refundable = await refundableOf(row, tx);
      if (parsed.amount > refundable) {
        throw InvalidError.field(
          'amount',
          t('payments.admin.refundTooMuch', { amount: formatRwf(refundable) }),
        );
      }
      if (row.network === 'airtel' && parsed.amount !== row.amount) {
        throw InvalidError.field('amount', t('payments.admin.refundWholeOnly'));
      }
      if (!providers[row.network]) throw new ConflictError(t('payments.off'));
      const [created] = await tx
        .insert(paymentRefunds)
        .values({
          paymentId: id,
          amount: parsed.amount,
          reason: parsed.reason,
          isEndingPurchase: parsed.isEndingPurchase,
          actorId: actor.id,
          createdAt: clock(),
        })
        .returning();
      await tx.insert(paymentEvents).values({
        paymentId: id,
        event: 'refundAsked',
        actorId: actor.id,
        detail: { refundId: created!.id, amount: parsed.amount },
        createdAt: clock(),
      });
      await audit.record(
        {
          actor,
          action: 'payment.refund',
          targetType: 'payment',
          targetId: id,
          before: { status: row.status, refundedAmount: row.refundedAmount },
          after: {
            refund: parsed.amount,
            reason: parsed.reason,
            isEndingPurchase: parsed.isEndingPurchase,
          },
        },
        tx,
      );
      // Asked about later if the provider's answer does not settle it now.
      await enqueueRefundCheck({ refundId: created!.id, attempt: 0 }, tx, {
        startAfterSeconds: REFUND_CHECK_DELAYS_SECONDS[0],
      });
      return { refund: created!, payment: row };
    });
    const provider = providers[refund.payment.network]!;
    let status: ProviderRefundStatus;
    try {
      status = await provider.refund({
        reference: refund.refund.id,
        paymentReference: refund.payment.id,
        providerTransactionId: refund.payment.providerTransactionId,
        amount: refund.refund.amount,
        phone: refund.payment.phone,
        description: t('payments.admin.refundText', { number: String(refund.payment.number) }),
      });
    } catch (error) {
      logger.warn({ err: error, refundId: refund.refund.id }, 'refund unanswered; asking later');
      return toRefundView(refund.refund);
    }
    return toRefundView((await settleRefund(refund.refund.id, status)) ?? refund.refund);
  }

  /** Reads a pending refund's status from its provider and settles it. */
  async function checkRefund(refundId: string): Promise<RefundRow | undefined> {
    const [refund] = await db.select().from(paymentRefunds).where(eq(paymentRefunds.id, refundId));
    if (!refund || refund.status !== 'pending') return refund;
    const payment = await readPayment(refund.paymentId);
    const provider = providers[payment.network];
    if (!provider) return refund;
    try {
      return (await settleRefund(refundId, await provider.getRefundStatus(refundId))) ?? refund;
    } catch (error) {
      logger.warn({ err: error, refundId }, 'refund status unreadable; asking later');
      return refund;
    }
  }

  /**
   * Settles a pending refund once, as the provider answered: paid back, it goes into the
   * ledger and the payment's refunded amount (the payment becomes `refunded` once all of it is
   * back), and what it bought ends if the admin chose so; failed, it stays with the provider's
   * words. Answers the refund after, or null when it was settled already.
   */
  async function settleRefund(
    refundId: string,
    status: ProviderRefundStatus,
  ): Promise<RefundRow | null> {
    if (status.state === 'pending') return null;
    return db.transaction(async (tx) => {
      const now = clock();
      const [refund] = await tx
        .update(paymentRefunds)
        .set({
          status: status.state,
          failureReason: status.state === 'failed' ? status.reason : null,
          providerMessage: status.state === 'failed' ? status.providerMessage : null,
          settledAt: now,
        })
        .where(and(eq(paymentRefunds.id, refundId), eq(paymentRefunds.status, 'pending')))
        .returning();
      if (!refund) return null;
      if (refund.status === 'failed') {
        await tx.insert(paymentEvents).values({
          paymentId: refund.paymentId,
          event: 'refundFailed',
          detail: { refundId, reason: refund.failureReason },
          createdAt: now,
        });
        return refund;
      }
      const [payment] = await tx
        .update(payments)
        .set({
          refundedAmount: sql`${payments.refundedAmount} + ${refund.amount}`,
          status: sql`case when ${payments.refundedAmount} + ${refund.amount} >= ${payments.amount} then 'refunded' else ${payments.status} end`,
          updatedAt: now,
        })
        .where(eq(payments.id, refund.paymentId))
        .returning();
      await tx.insert(paymentLedger).values({
        paymentId: payment!.id,
        entry: 'refund',
        amount: -refund.amount,
        product: payment!.product,
        network: payment!.network,
        createdAt: now,
      });
      await tx.insert(paymentEvents).values({
        paymentId: payment!.id,
        event: 'refunded',
        fromStatus: 'successful',
        toStatus: payment!.status,
        detail: { refundId, amount: refund.amount },
        createdAt: now,
      });
      if (refund.isEndingPurchase) await endPurchase(tx, payment!);
      return refund;
    });
  }

  /** Takes back what a refunded payment bought: the boost ends now, the fee is due again. */
  async function endPurchase(tx: Transaction, payment: PaymentRow): Promise<void> {
    const listing = await findListingRow(tx, payment.listingId, {
      kinds: [payment.listingKind],
      isLocked: true,
    });
    if (!listing) return;
    if (payment.product === 'boost') {
      await writer.setFeaturedUntil(tx, listing.kind, listing.row.id, null);
    } else {
      await writer.setFeeState(tx, listing.kind, listing.row.id, 'due');
    }
  }

  /**
   * Compares the settled payments of a Kigali day with their providers' statuses and records the
   * ones that disagree (one open finding per payment). Answers how many were found.
   */
  async function reconcile(day: string): Promise<number> {
    const rows = await db
      .select()
      .from(payments)
      .where(
        and(
          sql`${payments.createdAt} >= ${startOfDay(day)}`,
          sql`${payments.createdAt} < ${startOfDay(addDays(day, 1))}`,
          sql`${payments.status} <> 'pending'`,
        ),
      );
    let found = 0;
    for (const row of rows) {
      const provider = providers[row.network];
      if (!provider) continue;
      let theirs: ProviderPaymentStatus['state'];
      try {
        theirs = (await provider.getPaymentStatus(row.id)).state;
      } catch (error) {
        logger.warn({ err: error, paymentId: row.id }, 'reconciliation could not read a payment');
        continue;
      }
      const ours = row.status === 'refunded' ? 'successful' : row.status;
      const agrees = ours === theirs || (ours === 'expired' && theirs !== 'successful');
      if (agrees) continue;
      const [inserted] = await db
        .insert(paymentMismatches)
        .values({ paymentId: row.id, ourStatus: row.status, providerStatus: theirs })
        .onConflictDoNothing()
        .returning();
      if (inserted) found += 1;
    }
    return found;
  }

  /** The reconciliation's open findings, newest first. */
  async function listMismatches(actor: Actor): Promise<MismatchView[]> {
    assertAdmin(actor);
    const rows = await db
      .select({ mismatch: paymentMismatches, number: payments.number })
      .from(paymentMismatches)
      .innerJoin(payments, eq(payments.id, paymentMismatches.paymentId))
      .where(isNull(paymentMismatches.resolvedAt))
      .orderBy(desc(paymentMismatches.foundAt))
      .limit(100);
    return rows.map(({ mismatch, number }) => ({
      _id: mismatch.id,
      paymentId: mismatch.paymentId,
      number,
      ourStatus: mismatch.ourStatus,
      providerStatus: mismatch.providerStatus,
      foundAt: mismatch.foundAt.toISOString(),
    }));
  }

  /** An admin marks a finding looked into. */
  async function resolveMismatch(id: string, actor: Actor): Promise<void> {
    assertAdmin(actor);
    if (!isUuid(id)) throw new NotFoundError(t('payments.admin.mismatchNotFound'));
    const [row] = await db
      .update(paymentMismatches)
      .set({ resolvedAt: clock(), resolvedBy: actor.id })
      .where(and(eq(paymentMismatches.id, id), isNull(paymentMismatches.resolvedAt)))
      .returning();
    if (!row) throw new NotFoundError(t('payments.admin.mismatchNotFound'));
  }

  return {
    listPayments,
    paymentsCsv,
    getPaymentDetail,
    refundPayment,
    checkRefund,
    reconcile,
    listMismatches,
    resolveMismatch,
  };
}
