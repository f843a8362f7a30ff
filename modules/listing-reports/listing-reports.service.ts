import { createHash } from 'node:crypto';
import { isIPv6 } from 'node:net';
import { and, count, countDistinct, desc, eq, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database, Transaction } from '#db/client.ts';
import { countUpTo, LIST_COUNT_CAP } from '#db/counting.ts';
import { assets, listingReports, properties, users } from '#db/schema.ts';
import { assertAdmin, type Actor } from '#lib/account.ts';
import type { Clock } from '#lib/clock.ts';
import { ConflictError, ForbiddenError, NotFoundError, TooManyRequestsError } from '#lib/errors.ts';
import { t, tCount } from '#lib/i18n.all.ts';
import type { ReportNotCountedReason, ReportOutcome } from '#lib/listing.ts';
import type { Page } from '#lib/pagination.ts';
import type { AttemptLimiters } from '#modules/accounts/accounts.limiter.ts';
import type { AccountsAdminService } from '#modules/accounts/accounts.admin.service.ts';
import type { AuditService } from '#modules/audit/audit.service.ts';
import { findListingRow, titleOf } from '#modules/catalogue/catalogue.kinds.ts';
import type { ListingWriter } from '#modules/catalogue/catalogue.writes.ts';
import type { NotificationsService } from '#modules/notifications/notifications.service.ts';
import type { SupportService } from '#modules/support/support.service.ts';
import type {
  AdminReportView,
  ListingReportListQuery,
  ReportDecision,
  ReportInput,
  ReportView,
} from './listing-reports.schema.ts';

type ListingKind = 'property' | 'asset';

/**
 * Open reports that count (see `standingOf`) from this many different reporters hide a listing
 * until an admin decides.
 */
const AUTO_HIDE_REPORTERS = 3;

/**
 * How many days old an account an admin has not verified must be for its reports to count, when
 * REPORT_MIN_ACCOUNT_DAYS does not say: accounts made for an attack are new.
 */
const DEFAULT_MIN_ACCOUNT_DAYS = 7;

const DAY_MS = 24 * 60 * 60_000;

/** Reports one visitor (not signed in) may send from one address in an hour. */
const VISITOR_REPORTS_PER_HOUR = 5;

/** Where admins work through the reports. */
const ADMIN_REPORTS_PATH = '/admin-panel/reports/listings';

/** Who reports: the signed-in user, else the client's address. */
type Reporter = { viewer: Actor | null; clientAddress: string };

type ReportRow = typeof listingReports.$inferSelect;

/** A listing of either table, as the reports need it. */
type ReportedListing = {
  kind: ListingKind;
  id: string;
  title: string;
  ownerId: string;
  hiddenAt: Date | null;
};

/** Whether a report counts toward hiding its listing, decided when it is made. */
type Standing = { isReporterVerified: boolean; notCountedReason: ReportNotCountedReason | null };

const sha256Of = (text: string) => createHash('sha256').update(text).digest('hex');

/** Who counts as one reporter: the user, or a hash of the address (never the address itself). */
export function reporterKeyOf({ viewer, clientAddress }: Reporter): string {
  if (viewer) return `user:${viewer.id}`;
  return `address:${sha256Of(clientAddress)}`;
}

/** The first four groups of an IPv6 address (its /64 network), written the same way every time. */
function ipv6NetworkOf(address: string): string {
  // An IPv4 address written at the end fills two groups; only the first four are kept.
  const groupsOf = (part: string) =>
    part === ''
      ? []
      : part.split(':').flatMap((group) => (group.includes('.') ? ['0', '0'] : [group]));
  const [head = '', tail] = address.split('%')[0]!.split('::');
  const front = groupsOf(head);
  const back = tail === undefined ? [] : groupsOf(tail);
  const groups = [...front, ...Array<string>(8 - front.length - back.length).fill('0'), ...back];
  return `${groups
    .slice(0, 4)
    .map((group) => parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}

/**
 * A hash of the place a report comes from, never the address itself: an IPv4 address, or the /64
 * network of an IPv6 one (what one subscriber is given, so changing the last groups is no new
 * place).
 */
export function addressHashOf(clientAddress: string): string {
  const mappedIpv4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(clientAddress)?.[1];
  const address = mappedIpv4 ?? clientAddress;
  return sha256Of(isIPv6(address) ? ipv6NetworkOf(address) : address);
}

function toReportView(row: ReportRow): ReportView {
  return {
    _id: row.id,
    listingId: row.listingId,
    listingKind: row.listingKind,
    reason: row.reason,
    details: row.details,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Reports of published listings (scam, already taken, wrong, duplicate, offensive, other):
 * anyone may report a listing once while their report is open; three open reports that count
 * (see `standingOf`) hide it until an admin dismisses the reports (it comes back), keeps it
 * hidden, or blocks its owner. Every decision is audited and told to the signed-in reporters.
 */
export function createListingReportsService({
  db,
  clock,
  audit,
  notifications,
  accountsAdmin,
  writer,
  limiters,
  supportTickets,
  minAccountDays = DEFAULT_MIN_ACCOUNT_DAYS,
}: {
  db: Database;
  clock: Clock;
  audit: AuditService;
  notifications: NotificationsService;
  accountsAdmin: Pick<AccountsAdminService, 'blockUserIn'>;
  /** The one way a listing is written: hiding and showing again go through it. */
  writer: Pick<ListingWriter, 'setHidden'>;
  /** Where visitors' reports are counted (shared by every process with Redis). */
  limiters: AttemptLimiters;
  /** The support queue: a reported listing's ticket opens with a report, closes with a decision. */
  supportTickets: Pick<SupportService, 'openListingReportTicket' | 'closeListingReportTicket'>;
  /** REPORT_MIN_ACCOUNT_DAYS: how old an unverified account must be for its reports to count. */
  minAccountDays?: number;
}) {
  const visitorReports = limiters.fixedWindow('visitor-reports', {
    max: VISITOR_REPORTS_PER_HOUR,
    windowMs: 60 * 60_000,
  });

  /**
   * A listing of either kind, its row locked for the transaction (so reports of one listing are
   * counted one at a time); `isPublishedOnly` keeps to what visitors can see. Deleted listings
   * are never found.
   */
  async function findListing(
    tx: Transaction,
    listingId: string,
    isPublishedOnly: boolean,
  ): Promise<ReportedListing | null> {
    const found = await findListingRow(tx, listingId, { isPublishedOnly, isLocked: true });
    if (!found) return null;
    const { kind, row } = found;
    return { kind, id: row.id, title: titleOf(row), ownerId: row.ownerId, hiddenAt: row.hiddenAt };
  }

  /** Sets or clears a listing's hiddenAt (the writer tells the listing event). */
  async function setHidden(tx: Transaction, listing: ReportedListing, hiddenAt: Date | null) {
    await writer.setHidden(tx, listing.kind, listing.id, hiddenAt);
  }

  /**
   * Whether a new report of a listing counts toward hiding it. Only established reporters count:
   * accounts an admin verified, or older than `minAccountDays`; never visitors, whose address is
   * all that tells them apart. A reporter whose earlier report of this listing an admin dismissed
   * no longer counts on it, and among reporters an admin has not verified one open report per
   * address counts: one person with many accounts is one voice. Verified reporters are known by
   * their account alone (an office or a carrier puts many people behind one address). Run under
   * the listing's row lock, so reports sent together are decided one after the other.
   */
  async function standingOf(
    tx: Transaction,
    listingId: string,
    reporter: Reporter,
    place: { reporterKey: string; addressHash: string },
  ): Promise<Standing> {
    if (!reporter.viewer) return { isReporterVerified: false, notCountedReason: 'visitor' };
    const [account] = await tx
      .select({ createdAt: users.createdAt, verifiedAt: users.verifiedAt })
      .from(users)
      .where(eq(users.id, reporter.viewer.id));
    const isReporterVerified = Boolean(account?.verifiedAt);
    const notCounted = (reason: ReportNotCountedReason): Standing => ({
      isReporterVerified,
      notCountedReason: reason,
    });
    const establishedBy = clock().getTime() - minAccountDays * DAY_MS;
    if (!isReporterVerified && !(account && account.createdAt.getTime() <= establishedBy)) {
      return notCounted('newAccount');
    }
    const ofListing = eq(listingReports.listingId, listingId);
    const sameAccount = eq(listingReports.reporterKey, place.reporterKey);
    const sameAddress = eq(listingReports.addressHash, place.addressHash);
    const [dismissed] = await tx
      .select({ id: listingReports.id })
      .from(listingReports)
      .where(
        and(
          ofListing,
          eq(listingReports.outcome, 'dismissed'),
          isReporterVerified ? sameAccount : or(sameAccount, sameAddress),
        ),
      )
      .limit(1);
    if (dismissed) return notCounted('dismissedBefore');
    if (!isReporterVerified) {
      const [counted] = await tx
        .select({ id: listingReports.id })
        .from(listingReports)
        .where(
          and(
            ofListing,
            eq(listingReports.status, 'open'),
            isNull(listingReports.notCountedReason),
            eq(listingReports.isReporterVerified, false),
            sameAddress,
          ),
        )
        .limit(1);
      if (counted) return notCounted('sameAddress');
    }
    return { isReporterVerified, notCountedReason: null };
  }

  /**
   * Hides a listing that three different established reporters reported (their open reports
   * that count), and tells the admins and its owner.
   */
  async function hideWhenReportedEnough(tx: Transaction, listing: ReportedListing) {
    const [{ reporters } = { reporters: 0 }] = await tx
      .select({ reporters: countDistinct(listingReports.reporterKey) })
      .from(listingReports)
      .where(
        and(
          eq(listingReports.listingId, listing.id),
          eq(listingReports.status, 'open'),
          isNull(listingReports.notCountedReason),
        ),
      );
    if (Number(reporters) < AUTO_HIDE_REPORTERS || listing.hiddenAt) return;
    await setHidden(tx, listing, clock());
    await notifications.notifyAdmins(
      () => ({
        kind: 'listing',
        title: t('listingReports.hiddenAdminTitle', { title: listing.title }),
        message: tCount('listingReports.hiddenAdminMessage', Number(reporters)),
        link: ADMIN_REPORTS_PATH,
      }),
      tx,
    );
    const ownerLink = `/supply-property-detail/${listing.id}`;
    await notifications.notify(
      [listing.ownerId],
      () => ({
        kind: 'listing',
        title: t('listingReports.hiddenOwnerTitle', { title: listing.title }),
        message: t('listingReports.hiddenOwnerMessage'),
        link: ownerLink,
        mail: (name) => ({
          subject: t('listingReports.hiddenOwnerTitle', { title: listing.title }),
          text: t('listingReports.hiddenOwnerMailBody', { name, title: listing.title }),
        }),
      }),
      tx,
    );
  }

  /**
   * Reports a published listing. One open report per reporter and listing (409 for another);
   * nobody reports their own listing; visitors send at most 5 reports an hour from one address.
   * Every report reaches the admins; the third that counts (`standingOf`) hides the listing, in
   * the same transaction. The reporter is not told whether theirs counted.
   */
  async function report(
    listingId: string,
    input: ReportInput,
    reporter: Reporter,
  ): Promise<ReportView> {
    const reporterKey = reporterKeyOf(reporter);
    if (!reporter.viewer) {
      const seconds = await visitorReports.retryAfterSeconds([reporterKey]);
      if (seconds > 0) {
        throw new TooManyRequestsError(
          tCount('listingReports.tooMany', Math.ceil(seconds / 60)),
          seconds,
        );
      }
    }
    const row = await db.transaction(async (tx) => {
      const listing = await findListing(tx, listingId, true);
      if (!listing) throw new NotFoundError(t('api.listingNotFound'));
      if (reporter.viewer?.id === listing.ownerId) {
        throw new ForbiddenError(t('listingReports.ownListing'));
      }
      const addressHash = addressHashOf(reporter.clientAddress);
      const standing = await standingOf(tx, listing.id, reporter, { reporterKey, addressHash });
      const [inserted] = await tx
        .insert(listingReports)
        .values({
          listingId,
          listingKind: listing.kind,
          reason: input.reason,
          details: input.details,
          reporterId: reporter.viewer?.id ?? null,
          reporterKey,
          addressHash,
          ...standing,
          createdAt: clock(),
        })
        .onConflictDoNothing()
        .returning();
      if (!inserted) throw new ConflictError(t('listingReports.alreadyReported'));
      await supportTickets.openListingReportTicket(tx, listing);
      // Only a report that counts can bring the listing to the number that hides it.
      if (inserted.notCountedReason === null) await hideWhenReportedEnough(tx, listing);
      return inserted;
    });
    if (!reporter.viewer) await visitorReports.record([reporterKey]);
    return toReportView(row);
  }

  /** A page of open or closed reports for admins, each listing's reports together, newest first. */
  async function listReports(
    query: ListingReportListQuery,
    actor: Actor,
  ): Promise<Page<AdminReportView>> {
    assertAdmin(actor);
    const owner = alias(users, 'owner');
    const reporter = alias(users, 'reporter');
    const where = eq(listingReports.status, query.status);
    const openReports = sql<number>`(select count(*)::int from listing_reports as open_reports
      where open_reports.listing_id = ${listingReports.listingId} and open_reports.status = 'open')`;
    const [rows, total] = await Promise.all([
      db
        .select({
          report: listingReports,
          propertyTitle: properties.title,
          propertyType: properties.type,
          propertyHiddenAt: properties.hiddenAt,
          propertyDeletedAt: properties.deletedAt,
          assetTitle: assets.name,
          assetType: assets.type,
          assetHiddenAt: assets.hiddenAt,
          assetDeletedAt: assets.deletedAt,
          ownerId: owner.id,
          ownerName: owner.name,
          ownerStatus: owner.status,
          reporterName: reporter.name,
          openReports,
        })
        .from(listingReports)
        .leftJoin(
          properties,
          and(
            eq(listingReports.listingKind, 'property'),
            eq(properties.id, listingReports.listingId),
          ),
        )
        .leftJoin(
          assets,
          and(eq(listingReports.listingKind, 'asset'), eq(assets.id, listingReports.listingId)),
        )
        .leftJoin(owner, eq(owner.id, sql`coalesce(${properties.ownerId}, ${assets.ownerId})`))
        .leftJoin(reporter, eq(reporter.id, listingReports.reporterId))
        .where(where)
        .orderBy(
          desc(
            sql`max(${listingReports.createdAt}) over (partition by ${listingReports.listingId})`,
          ),
          listingReports.listingId,
          desc(listingReports.createdAt),
          listingReports.id,
        )
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize),
      countUpTo(db, sql`${listingReports} where ${where}`, LIST_COUNT_CAP),
    ]);
    return {
      items: rows.map((row) => {
        const title = row.propertyTitle ?? row.assetTitle;
        const type = row.propertyType ?? row.assetType;
        return {
          ...toReportView(row.report),
          outcome: row.report.outcome,
          closedAt: row.report.closedAt?.toISOString() ?? null,
          countsTowardHiding: row.report.notCountedReason === null,
          notCountedReason: row.report.notCountedReason,
          isReporterVerified: row.report.isReporterVerified,
          reporter:
            row.report.reporterId && row.reporterName !== null
              ? { id: row.report.reporterId, name: row.reporterName }
              : null,
          listing:
            title !== null && type !== null && row.ownerId !== null
              ? {
                  title,
                  type,
                  isHidden: (row.propertyHiddenAt ?? row.assetHiddenAt) !== null,
                  isDeleted: (row.propertyDeletedAt ?? row.assetDeletedAt) !== null,
                  ownerId: row.ownerId,
                  ownerName: row.ownerName ?? '',
                  ownerStatus: row.ownerStatus ?? 'Active',
                }
              : null,
          openReports: Number(row.openReports),
        };
      }),
      page: query.page,
      pageSize: query.pageSize,
      ...total,
    };
  }

  /** Tells each signed-in reporter of closed reports what was decided, in their language. */
  async function tellReporters(
    tx: Transaction,
    closed: ReportRow[],
    listing: ReportedListing,
    outcome: ReportOutcome,
  ) {
    const reporterIds = [
      ...new Set(closed.flatMap((row) => (row.reporterId ? [row.reporterId] : []))),
    ];
    await notifications.notify(
      reporterIds,
      () => ({
        kind: 'notice',
        title: t('listingReports.outcomeTitle', { title: listing.title }),
        message: t(`listingReports.outcomeMessage.${outcome}`),
        link: null,
      }),
      tx,
    );
  }

  /**
   * An admin's decision on a listing's open reports, which it closes: 'dismissed' shows the
   * listing again, 'hidden' keeps it off the public pages, 'blocked' also blocks its owner.
   * Audited; the signed-in reporters are told.
   */
  async function decide(listingId: string, decision: ReportDecision, actor: Actor): Promise<void> {
    assertAdmin(actor);
    await db.transaction(async (tx) => {
      const listing = await findListing(tx, listingId, false);
      if (!listing) throw new NotFoundError(t('api.listingNotFound'));
      const now = clock();
      const closed = await tx
        .update(listingReports)
        .set({ status: 'closed', outcome: decision.outcome, closedAt: now, closedBy: actor.id })
        .where(and(eq(listingReports.listingId, listingId), eq(listingReports.status, 'open')))
        .returning();
      if (closed.length === 0) throw new ConflictError(t('listingReports.noOpenReports'));
      await supportTickets.closeListingReportTicket(tx, listingId);
      if (decision.outcome === 'blocked') {
        await accountsAdmin.blockUserIn(tx, listing.ownerId, actor);
      }
      const hiddenAt = decision.outcome === 'dismissed' ? null : (listing.hiddenAt ?? now);
      const isHiddenChanged = (hiddenAt === null) !== (listing.hiddenAt === null);
      if (isHiddenChanged) await setHidden(tx, listing, hiddenAt);
      await audit.record(
        {
          actor,
          action: `listing.report.${decision.outcome}`,
          targetType: listing.kind,
          targetId: listing.id,
          before: { hiddenAt: listing.hiddenAt, openReports: closed.length },
          after: { hiddenAt, outcome: decision.outcome, note: decision.note ?? null },
        },
        tx,
      );
      await tellReporters(tx, closed, listing, decision.outcome);
    });
  }

  /**
   * Shows a hidden listing again. With open reports this is dismissing them; without, the
   * listing simply comes back (audited).
   */
  async function restore(listingId: string, actor: Actor): Promise<void> {
    assertAdmin(actor);
    const [open] = await db
      .select({ reports: count() })
      .from(listingReports)
      .where(and(eq(listingReports.listingId, listingId), eq(listingReports.status, 'open')));
    if (Number(open?.reports ?? 0) > 0) {
      return decide(listingId, { outcome: 'dismissed' }, actor);
    }
    await db.transaction(async (tx) => {
      const listing = await findListing(tx, listingId, false);
      if (!listing) throw new NotFoundError(t('api.listingNotFound'));
      if (!listing.hiddenAt) throw new ConflictError(t('listingReports.notHidden'));
      await setHidden(tx, listing, null);
      await audit.record(
        {
          actor,
          action: 'listing.restore',
          targetType: listing.kind,
          targetId: listing.id,
          before: { hiddenAt: listing.hiddenAt },
          after: { hiddenAt: null },
        },
        tx,
      );
    });
  }

  return {
    report,
    listReports,
    decide,
    restore,
    /** How old an unverified account must be for its reports to count, for the admins' page. */
    minAccountDays,
  };
}

export type ListingReportsService = ReturnType<typeof createListingReportsService>;
