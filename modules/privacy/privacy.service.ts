import { and, asc, eq, getTableColumns, inArray, lt, or, sql } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import {
  emailOptOuts,
  favourites,
  inquiries,
  inquiryMessages,
  newsletterSubscriptions,
  notifications,
  propertyRequests,
  savedSearches,
  sessions,
  users,
} from '#db/schema.ts';
import type { Actor } from '#lib/account.ts';
import type { Clock } from '#lib/clock.ts';
import { NotFoundError } from '#lib/errors.ts';
import type { ListingKind } from '#lib/listing.ts';
import { t } from '#lib/i18n.all.ts';
import type { AccountsAdminService } from '#modules/accounts/accounts.admin.service.ts';
import type { AccountSecurityService } from '#modules/accounts/accounts.security.service.ts';
import { LISTING_TABLES } from '#modules/catalogue/catalogue.kinds.ts';
import type { JobQueue } from '#modules/jobs/jobs.service.ts';
import type { SettingsService } from '#modules/settings/settings.service.ts';
import type { DeleteAccountInput, PrivacyExport } from './privacy.schema.ts';

/** Conversations erased per transaction by the retention job. */
const RETENTION_BATCH_SIZE = 500;

/** The retention job runs every night at 03:30 in Kigali (01:30 UTC). */
const RETENTION_CRON = '30 1 * * *';

type PrivacyLogger = { info(details: object, message: string): void };

export type PrivacyService = ReturnType<typeof createPrivacyService>;

/** A row as JSON: dates as ISO text, the search vectors (derived, internal) left out. */
function toJsonRow(row: Record<string, unknown>): Record<string, unknown> {
  const json: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    if (key === 'search' || key === 'headline') continue;
    json[key] = value instanceof Date ? value.toISOString() : value;
  }
  return json;
}

const iso = (date: Date) => date.toISOString();
const isoOrNull = (date: Date | null) => date?.toISOString() ?? null;

/** The moment `months` calendar months before `now`. */
function monthsBefore(now: Date, months: number): Date {
  const cutoff = new Date(now);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - months);
  return cutoff;
}

/**
 * People's data under Rwanda's Law No 058/2021: a user downloads everything kept about them
 * and deletes their own account (the admins' anonymising delete); visitors' conversations are
 * erased once their last message is older than the retention period of Platform Settings.
 */
export function createPrivacyService({
  db,
  clock,
  jobs,
  settings,
  accountsAdmin,
  accountSecurity,
  logger,
}: {
  db: Database;
  clock: Clock;
  jobs: JobQueue;
  settings: Pick<SettingsService, 'getPlatformSettings'>;
  accountsAdmin: Pick<AccountsAdminService, 'deleteOwnAccount'>;
  accountSecurity: Pick<AccountSecurityService, 'confirmPassword'>;
  logger: PrivacyLogger;
}) {
  /** Everything kept about the signed-in user, as one JSON document. */
  async function exportData(viewer: Actor & { sessionId: string }): Promise<PrivacyExport> {
    const [user] = await db.select().from(users).where(eq(users.id, viewer.id));
    if (!user || user.deletedAt) throw new NotFoundError(t('profile.notFound'));
    /** The user's own listings of one kind, every column but the search vectors (large). */
    const ownListings = (kind: ListingKind) => {
      const table = LISTING_TABLES[kind];
      const { search: _search, headline: _headline, ...columns } = getTableColumns(table);
      return db
        .select(columns)
        .from(table)
        .where(eq(table.ownerId, user.id))
        .orderBy(asc(table.createdAt));
    };
    // An account registered by phone alone has no address to look its e-mail choices up by.
    const email = user.email?.toLowerCase() ?? '';
    const [
      ownProperties,
      ownAssets,
      requests,
      conversations,
      saved,
      searches,
      notices,
      optOuts,
      subscription,
      ownSessions,
    ] = await Promise.all([
      ownListings('property'),
      ownListings('asset'),
      db
        .select()
        .from(propertyRequests)
        .where(eq(propertyRequests.requesterId, user.id))
        .orderBy(asc(propertyRequests.createdAt)),
      db
        .select()
        .from(inquiries)
        .where(or(eq(inquiries.senderId, user.id), eq(inquiries.ownerId, user.id)))
        .orderBy(asc(inquiries.createdAt)),
      db
        .select()
        .from(favourites)
        .where(eq(favourites.userId, user.id))
        .orderBy(asc(favourites.createdAt)),
      db
        .select()
        .from(savedSearches)
        .where(eq(savedSearches.userId, user.id))
        .orderBy(asc(savedSearches.createdAt)),
      db
        .select()
        .from(notifications)
        .where(eq(notifications.userId, user.id))
        .orderBy(asc(notifications.createdAt)),
      db.select().from(emailOptOuts).where(eq(emailOptOuts.email, email)),
      db
        .select()
        .from(newsletterSubscriptions)
        .where(sql`lower(${newsletterSubscriptions.email}) = ${email}`),
      db
        .select()
        .from(sessions)
        .where(eq(sessions.userId, user.id))
        .orderBy(asc(sessions.createdAt)),
    ]);
    const ids = conversations.map((row) => row.id);
    const replies =
      ids.length === 0
        ? []
        : await db
            .select()
            .from(inquiryMessages)
            .where(inArray(inquiryMessages.inquiryId, ids))
            .orderBy(asc(inquiryMessages.createdAt), asc(inquiryMessages.id));
    const sent = conversations.filter((row) => row.senderId === user.id);
    return {
      exportedAt: iso(clock()),
      profile: {
        id: user.id,
        name: user.name,
        email: user.email,
        phone: user.phone,
        phoneProvedAt: isoOrNull(user.phoneProvedAt),
        role: user.role,
        status: user.status,
        locale: user.locale,
        isTwoStepOn: user.totpEnabledAt !== null,
        verifiedAt: isoOrNull(user.verifiedAt),
        emailProvedAt: isoOrNull(user.emailProvedAt),
        createdAt: iso(user.createdAt),
        updatedAt: iso(user.updatedAt),
      },
      listings: {
        properties: ownProperties.map((row) => ({ ...toJsonRow(row), isDeleted: !!row.deletedAt })),
        assets: ownAssets.map((row) => ({ ...toJsonRow(row), isDeleted: !!row.deletedAt })),
      },
      requests: requests.map((row) => ({ ...toJsonRow(row), isDeleted: !!row.deletedAt })),
      conversations: conversations.map((row) => ({
        id: row.id,
        side: row.senderId === user.id ? 'visitor' : 'owner',
        listingId: (row.propertyId ?? row.assetId)!,
        listingKind: row.propertyId ? 'property' : 'asset',
        name: row.name,
        email: row.email,
        phone: row.phone,
        role: row.role,
        isAgreedToEmails: row.isAgreedToEmails,
        createdAt: iso(row.createdAt),
        lastMessageAt: iso(row.lastMessageAt),
        messages: [
          { from: 'visitor' as const, body: row.message, createdAt: iso(row.createdAt) },
          ...replies
            .filter((reply) => reply.inquiryId === row.id)
            .map((reply) => ({
              from: reply.from,
              body: reply.body,
              createdAt: iso(reply.createdAt),
            })),
        ],
      })),
      favourites: saved.map((row) => ({
        listingId: row.listingId,
        listingKind: row.listingKind,
        knownPrice: row.knownPrice,
        createdAt: iso(row.createdAt),
      })),
      savedSearches: searches.map((row) => ({
        id: row.id,
        name: row.name,
        filters: row.filters,
        frequency: row.frequency,
        createdAt: iso(row.createdAt),
      })),
      notifications: notices.map((row) => ({
        id: row.id,
        title: row.title,
        message: row.message,
        kind: row.kind,
        link: row.link,
        createdAt: iso(row.createdAt),
      })),
      consents: {
        emailOptOuts: optOuts.map((row) => ({ kind: row.kind, since: iso(row.createdAt) })),
        newsletter: {
          isSubscribed: subscription.length > 0,
          since: subscription[0] ? iso(subscription[0].createdAt) : null,
        },
        inquiryEmailAgreements: sent.map((row) => ({
          inquiryId: row.id,
          isAgreedToEmails: row.isAgreedToEmails,
          createdAt: iso(row.createdAt),
        })),
      },
      sessions: ownSessions.map((row) => ({
        createdAt: iso(row.createdAt),
        lastSeenAt: iso(row.lastSeenAt),
        expiresAt: iso(row.expiresAt),
        userAgent: row.userAgent,
        isCurrent: row.id === viewer.sessionId,
      })),
    };
  }

  /**
   * The signed-in user deletes their own account, once their current password is checked
   * again (400 naming `password` when it is wrong, and nothing changes). The account is
   * anonymised as an admin's delete does it; its sessions end.
   */
  async function deleteOwnAccount(
    input: DeleteAccountInput,
    viewer: Actor,
    client: { clientAddress: string },
  ): Promise<void> {
    // Counted as a sign-in attempt: a stolen session cannot try passwords here without limit.
    await accountSecurity.confirmPassword(viewer.id, input.password, client);
    await accountsAdmin.deleteOwnAccount(viewer);
  }

  /**
   * Erases the conversations (and their messages) whose last message is older than the
   * retention period, in batches of their own transaction, so a run that stops half way
   * leaves whole conversations and the next run goes on. Answers how many it erased.
   */
  async function eraseExpiredInquiries(): Promise<number> {
    const { inquiryRetentionMonths } = await settings.getPlatformSettings();
    const cutoff = monthsBefore(clock(), inquiryRetentionMonths);
    let erased = 0;
    for (;;) {
      const batch = await db.transaction(async (tx) => {
        const old = tx
          .select({ id: inquiries.id })
          .from(inquiries)
          .where(lt(inquiries.lastMessageAt, cutoff))
          .limit(RETENTION_BATCH_SIZE);
        const rows = await tx
          .delete(inquiries)
          .where(and(inArray(inquiries.id, old), lt(inquiries.lastMessageAt, cutoff)))
          .returning({ id: inquiries.id });
        return rows.length;
      });
      erased += batch;
      if (batch < RETENTION_BATCH_SIZE) break;
    }
    if (erased > 0) {
      logger.info(
        { erased, months: inquiryRetentionMonths, before: iso(cutoff) },
        'inquiry retention: erased conversations older than the retention period',
      );
    }
    return erased;
  }

  jobs.define('inquiry-retention', {
    // Each batch commits on its own; running it twice erases nothing twice.
    isTransactional: false,
    policy: 'stately',
    cron: RETENTION_CRON,
    run: async () => {
      await eraseExpiredInquiries();
    },
  });

  return { exportData, deleteOwnAccount, eraseExpiredInquiries };
}
