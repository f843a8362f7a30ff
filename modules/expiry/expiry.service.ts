import { and, asc, eq, gt, isNull, lte, ne, type SQL } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import type { properties } from '#db/schema.ts';
import { isOwnerOrAdmin, type Actor } from '#lib/account.ts';
import type { Clock } from '#lib/clock.ts';
import { ConflictError, ForbiddenError, InvalidError, NotFoundError } from '#lib/errors.ts';
import { formatDate } from '#lib/format.ts';
import { t, tCount } from '#lib/i18n.all.ts';
import type { ListingKind } from '#lib/listing.ts';
import { isPublishedIn } from '#modules/catalogue/catalogue.sql.ts';
import {
  findListingRow,
  sharedTableOf,
  titleOf,
  TITLE_COLUMNS,
  type KindRow,
  type ListingRow,
} from '#modules/catalogue/catalogue.kinds.ts';
import { LISTING_KINDS } from '#lib/listing.ts';
import type { ListingWriter } from '#modules/catalogue/catalogue.writes.ts';
import type { JobQueue } from '#modules/jobs/jobs.service.ts';
import type { MailLinks } from '#modules/mail/mail.links.ts';
import type { NotificationsService } from '#modules/notifications/notifications.service.ts';
import type { SettingsService } from '#modules/settings/settings.service.ts';
import type { Signer } from '#modules/signing/signing.service.ts';
import type { ListingLife } from './expiry.schema.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Rows one transaction of the sweep changes, or owners it warns, at most. */
const BATCH_SIZE = 200;

/** A "still available" link still works this long after the listing would have expired. */
const LINK_GRACE_DAYS = 14;

/** What the signer signs "still available" links for (never valid as another kind of link). */
const LINK_PURPOSE = 'still-available';

/** How often the sweep runs (UTC cron); it also runs when a process that runs jobs starts. */
const SWEEP_CRON = '*/15 * * * *';

/** The expiry numbers of Platform Settings, in days. */
type ExpiryRules = { lifetimeDays: number; warningDays: number; soldDays: number };

const daysAfter = (moment: Date, days: number) => new Date(moment.getTime() + days * DAY_MS);

/** The owner's page of a listing, where they see its state, edit it and renew it. */
const ownerPathOf = (listingId: string) => `/supply-property-detail/${listingId}`;

/**
 * When a listed row leaves the lists unless it is renewed: its lifetime from `confirmedAt`, but
 * never before its owner has had the warning's days (a lifetime shortened in Platform Settings
 * does not take listings down unannounced); sooner for a listing sold or rented
 * `soldDays` ago. Null when it is not listed (or was published before expiry existed).
 */
function listedUntilOf(row: ListingRow, rules: ExpiryRules, now: Date): Date | null {
  if (row.moderation !== 'Approved' || row.deletedAt || row.hiddenAt || row.expiredAt) return null;
  const moments: Date[] = [];
  if (row.confirmedAt) {
    const lifetimeEnd = daysAfter(row.confirmedAt, rules.lifetimeDays);
    const warnedEnd = daysAfter(row.expiryWarnedAt ?? now, rules.warningDays);
    moments.push(lifetimeEnd > warnedEnd ? lifetimeEnd : warnedEnd);
  }
  if (row.availability !== 'Available' && row.availabilityChangedAt) {
    moments.push(daysAfter(row.availabilityChangedAt, rules.soldDays));
  }
  if (moments.length === 0) return null;
  return new Date(Math.min(...moments.map((moment) => moment.getTime())));
}

/** The listing a token names and the confirmation it was sent for. */
type LinkFacts = { kind: ListingKind; listingId: string; confirmedAt: number; expiresAt: number };

function encodeLink(facts: LinkFacts): string {
  return [facts.kind, facts.listingId, facts.confirmedAt, facts.expiresAt].join(':');
}

function decodeLink(payload: string): LinkFacts | null {
  const [kind, listingId, confirmedAt, expiresAt, ...rest] = payload.split(':');
  if (rest.length > 0 || (kind !== 'property' && kind !== 'asset') || !listingId) return null;
  const numbers = [Number(confirmedAt), Number(expiresAt)];
  if (!numbers.every(Number.isSafeInteger)) return null;
  return { kind, listingId, confirmedAt: numbers[0]!, expiresAt: numbers[1]! };
}

/** What the "still available" page shows about the listing its link names. */
type StillAvailableLink = {
  listingId: string;
  kind: ListingKind;
  title: string;
  availability: ListingRow['availability'];
  /** Its owner's page, where it can be marked sold or rented instead. */
  ownerPath: string;
  /** Whether the link was already answered (the listing was renewed since it was sent). */
  isAnswered: boolean;
  /** When it leaves the lists (ISO), or null when it already has. */
  listedUntil: string | null;
};

/**
 * Listings' life after publishing. A published listing stays listed for the lifetime of
 * Platform Settings (60 days) from its approval or its owner's last confirmation; its owner is
 * warned by e-mail (the warning's days before, 7) with a signed one-click "still available"
 * link, and renews from it or from their listing page. One left unconfirmed leaves the public
 * lists, search and sitemap but stays with its owner, who is told in-app; so does one marked
 * Sold or Rented after the sold-listing days (14). A durable sweep (pg-boss, every 15 minutes and
 * when a worker starts) does the warning and the expiring, in batches, each batch in its own
 * transaction with the e-mails and notices it causes, rows locked with SKIP LOCKED: a crash
 * repeats nothing that committed, and two processes never warn or expire one listing twice.
 */
export function createExpiryService({
  db,
  clock,
  links,
  jobs,
  notifications,
  settings,
  signer,
  writer,
}: {
  db: Database;
  clock: Clock;
  /** The still-available links, in the e-mail's language. */
  links: MailLinks;
  jobs: JobQueue;
  notifications: NotificationsService;
  settings: SettingsService;
  signer: Signer;
  /** The one way a listing is written: expiry, warnings and renewals go through it. */
  writer: ListingWriter;
}) {
  /** The numbers of Platform Settings, the warning kept shorter than the lifetime. */
  async function readRules(): Promise<ExpiryRules> {
    const platform = await settings.getPlatformSettings();
    const lifetimeDays = platform.listingLifetimeDays;
    return {
      lifetimeDays,
      warningDays: Math.min(platform.expiryWarningDays, lifetimeDays - 1),
      soldDays: platform.soldListingDays,
    };
  }

  /** Takes a batch of due listings of one table off the lists; answers how many. */
  async function expireBatch(kind: ListingKind, due: SQL, order: SQL, now: Date): Promise<number> {
    const table = sharedTableOf(kind);
    const expired = await db.transaction(async (tx) => {
      const rows = await tx
        .select({ id: table.id, ownerId: table.ownerId, title: TITLE_COLUMNS[kind] })
        .from(table)
        .where(and(isPublishedIn(table), due))
        .orderBy(order)
        .limit(BATCH_SIZE)
        .for('update', { skipLocked: true });
      if (rows.length === 0) return rows;
      await writer.expire(
        tx,
        kind,
        rows.map((row) => row.id),
        now,
      );
      for (const row of rows) {
        await notifications.notify(
          [row.ownerId],
          () => ({
            kind: 'listing',
            title: t('expiry.expiredTitle', { title: row.title }),
            message: t('expiry.expiredMessage'),
            link: ownerPathOf(row.id),
          }),
          tx,
        );
      }
      return rows;
    });
    return expired.length;
  }

  /** Expires every due listing of one rule, batch after batch; answers how many. */
  async function expireAll(
    due: (table: typeof properties) => SQL,
    order: (table: typeof properties) => SQL,
    now: Date,
  ) {
    let count = 0;
    for (const kind of LISTING_KINDS) {
      const table = sharedTableOf(kind);
      for (;;) {
        const expired = await expireBatch(kind, due(table), order(table), now);
        count += expired;
        if (expired < BATCH_SIZE) break;
      }
    }
    return count;
  }

  /** Whether a listing is due for its warning: past `lifetime - warning` days, not warned yet. */
  const isWarningDue = (table: typeof properties, rules: ExpiryRules, now: Date) =>
    and(
      lte(
        table.confirmedAt,
        new Date(now.getTime() - (rules.lifetimeDays - rules.warningDays) * DAY_MS),
      ),
      isNull(table.expiryWarnedAt),
    )!;

  /**
   * Warns one owner of all their listings due for a warning: one e-mail listing each with its own
   * "still available" link, a notice per listing, and `expiryWarnedAt` set, in one transaction.
   */
  async function warnOwner(ownerId: string, rules: ExpiryRules, now: Date): Promise<number> {
    return db.transaction(async (tx) => {
      const due: { kind: ListingKind; row: ListingRow }[] = [];
      for (const kind of LISTING_KINDS) {
        const table = sharedTableOf(kind);
        const rows = await tx
          .select()
          .from(table)
          .where(
            and(isPublishedIn(table), eq(table.ownerId, ownerId), isWarningDue(table, rules, now)),
          )
          .orderBy(asc(table.confirmedAt))
          .for('update', { skipLocked: true });
        due.push(...rows.map((row) => ({ kind, row })));
        await writer.markWarned(
          tx,
          kind,
          rows.map((row) => row.id),
          now,
        );
      }
      if (due.length === 0) return 0;
      const listings = await Promise.all(
        due.map(async ({ kind, row }) => {
          const until = listedUntilOf({ ...row, expiryWarnedAt: now }, rules, now)!;
          const token = await signer.sign(
            LINK_PURPOSE,
            encodeLink({
              kind,
              listingId: row.id,
              confirmedAt: row.confirmedAt!.getTime(),
              expiresAt: daysAfter(until, LINK_GRACE_DAYS).getTime(),
            }),
            tx,
          );
          return { id: row.id, title: titleOf(row), until, token };
        }),
      );
      // Made in the owner's language, as their notices are.
      const lines = () =>
        listings.map((listing) =>
          t('expiry.mailLine', {
            title: listing.title,
            date: formatDate(listing.until),
            url: links.link(`/listings/still-available?token=${encodeURIComponent(listing.token)}`),
          }),
        );
      await notifications.notifyDigest(
        ownerId,
        listings.map((listing, index) => () => ({
          kind: 'listing',
          title: t('expiry.warningTitle', { title: listing.title }),
          message: t('expiry.warningMessage', { date: formatDate(listing.until) }),
          link: ownerPathOf(listing.id),
          // One SMS for them all, carried by the first, as the e-mail is.
          ...(index === 0 && {
            sms: {
              kind: 'listing' as const,
              text: tCount('expiry.sms', listings.length, { brand: t('brand.name') }),
            },
          }),
        })),
        (name) => ({
          subject: tCount('expiry.mailSubject', listings.length),
          text: t('expiry.mailBody', { name, lines: lines().join('\n\n') }),
        }),
        tx,
      );
      return listings.length;
    });
  }

  /** Warns every owner with listings due for a warning, owner by owner; answers how many listings. */
  async function warnAll(rules: ExpiryRules, now: Date): Promise<number> {
    let count = 0;
    let after = '00000000-0000-0000-0000-000000000000';
    for (;;) {
      const owners = new Set<string>();
      for (const kind of LISTING_KINDS) {
        const table = sharedTableOf(kind);
        const rows = await db
          .selectDistinct({ ownerId: table.ownerId })
          .from(table)
          .where(
            and(isPublishedIn(table), isWarningDue(table, rules, now), gt(table.ownerId, after)),
          )
          .orderBy(asc(table.ownerId))
          .limit(BATCH_SIZE);
        for (const row of rows) owners.add(row.ownerId);
      }
      if (owners.size === 0) return count;
      // Owner ids in order, at most a batch: the next round starts after the last one.
      const batch = [...owners].sort().slice(0, BATCH_SIZE);
      for (const ownerId of batch) count += await warnOwner(ownerId, rules, now);
      after = batch.at(-1)!;
    }
  }

  /**
   * One sweep at `now`: takes off the lists the listings past their lifetime (warned long enough
   * ago) and those sold or rented long enough ago, then warns the owners of those nearing their
   * end. Safe to repeat and to run in several processes at once.
   */
  async function sweep(now: Date = clock()) {
    const rules = await readRules();
    const lifetimeCutoff = new Date(now.getTime() - rules.lifetimeDays * DAY_MS);
    const warnedCutoff = new Date(now.getTime() - rules.warningDays * DAY_MS);
    const soldCutoff = new Date(now.getTime() - rules.soldDays * DAY_MS);
    const expired =
      (await expireAll(
        (table) =>
          and(lte(table.confirmedAt, lifetimeCutoff), lte(table.expiryWarnedAt, warnedCutoff))!,
        (table) => asc(table.confirmedAt),
        now,
      )) +
      (await expireAll(
        (table) =>
          and(ne(table.availability, 'Available'), lte(table.availabilityChangedAt, soldCutoff))!,
        (table) => asc(table.availabilityChangedAt),
        now,
      ));
    const warned = await warnAll(rules, now);
    return { expired, warned };
  }

  jobs.define('listing-expiry', {
    isTransactional: false,
    policy: 'stately',
    cron: SWEEP_CRON,
    run: async () => {
      await sweep();
    },
  });

  /** A listing of either kind (or of `kinds`) that is not deleted, with its kind. */
  async function findListing(
    listingId: string,
    kinds: readonly ListingKind[] = LISTING_KINDS,
  ): Promise<KindRow> {
    const found = await findListingRow(db, listingId, { kinds });
    if (!found) throw new NotFoundError(t('api.listingNotFound'));
    return found;
  }

  /** Whether a listing can be renewed: published by its moderation and not hidden. */
  const isRenewable = (row: ListingRow) => row.moderation === 'Approved' && row.hiddenAt === null;

  /** Renews a listing (writer.renew); answers when it is listed until. */
  async function renewRow(kind: ListingKind, before: ListingRow, rules: ExpiryRules) {
    const after = await db.transaction((tx) => writer.renew(tx, kind, before.id));
    return listedUntilOf(after, rules, clock())!;
  }

  /** Where a listing stands (listed until, expired on), for its owner or an admin. */
  async function getLife(listingId: string, actor: Actor): Promise<ListingLife> {
    const { row } = await findListing(listingId);
    if (!isOwnerOrAdmin(actor, row.ownerId)) throw new ForbiddenError(t('auth.forbidden'));
    const until = listedUntilOf(row, await readRules(), clock());
    return {
      listedUntil: until?.toISOString() ?? null,
      expiredAt: row.expiredAt?.toISOString() ?? null,
      canRenew: isRenewable(row),
    };
  }

  /** Renews a published listing (its owner or an admin); answers when it is listed until. */
  async function renew(listingId: string, actor: Actor): Promise<Date> {
    const { kind, row } = await findListing(listingId);
    if (!isOwnerOrAdmin(actor, row.ownerId)) throw new ForbiddenError(t('auth.forbidden'));
    if (!isRenewable(row)) throw new ConflictError(t('expiry.notPublished'));
    return renewRow(kind, row, await readRules());
  }

  /** The facts of a "still available" token, or a 400 naming `token` for anything else. */
  async function readToken(token: string): Promise<LinkFacts> {
    const payload = await signer.verify(LINK_PURPOSE, token);
    const facts = payload === null ? null : decodeLink(payload);
    if (!facts) throw InvalidError.field('token', t('expiry.invalidLink'));
    if (clock().getTime() > facts.expiresAt) {
      throw InvalidError.field('token', t('expiry.expiredLink'));
    }
    return facts;
  }

  /** What a "still available" link is about, for its page (no sign-in: the link is the key). */
  async function readLink(token: string): Promise<StillAvailableLink> {
    const facts = await readToken(token);
    const { row } = await findListing(facts.listingId, [facts.kind]);
    if (!isRenewable(row)) throw new NotFoundError(t('api.listingNotFound'));
    const until = listedUntilOf(row, await readRules(), clock());
    return {
      listingId: row.id,
      kind: facts.kind,
      title: titleOf(row),
      availability: row.availability,
      ownerPath: ownerPathOf(row.id),
      isAnswered: (row.confirmedAt?.getTime() ?? 0) > facts.confirmedAt,
      listedUntil: until?.toISOString() ?? null,
    };
  }

  /**
   * Answers a "still available" link: renews the listing it names, if it was not renewed since
   * the link was sent (then it answers the date it is already listed until). Answers that date.
   */
  async function renewWithToken(token: string): Promise<Date> {
    const facts = await readToken(token);
    const { kind, row } = await findListing(facts.listingId, [facts.kind]);
    if (!isRenewable(row)) throw new NotFoundError(t('api.listingNotFound'));
    const rules = await readRules();
    const confirmedAt = row.confirmedAt?.getTime() ?? 0;
    if (confirmedAt > facts.confirmedAt) {
      const until = listedUntilOf(row, rules, clock());
      if (until) return until;
    } else if (confirmedAt !== facts.confirmedAt) {
      throw InvalidError.field('token', t('expiry.invalidLink'));
    }
    return renewRow(kind, row, rules);
  }

  return { sweep, getLife, renew, readLink, renewWithToken };
}

export type ExpiryService = ReturnType<typeof createExpiryService>;
