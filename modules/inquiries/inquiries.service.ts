import { isPublishedIn } from '#db/catalogue-sql.ts';
import { and, asc, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { countUpTo, LIST_COUNT_CAP } from '#db/catalogue-sql.ts';
import type { Database, Transaction } from '#db/client.ts';
import { assets, inquiries, inquiryMessages, properties, users } from '#db/schema.ts';
import { assertAdmin, type Actor } from '#lib/account.ts';
import type { Clock } from '#lib/clock.ts';
import { ForbiddenError, NotFoundError } from '#lib/errors.ts';
import { currentLocale, DEFAULT_LOCALE, localePath } from '#lib/i18n.ts';
import { withLocale } from '#lib/i18n.server.ts';
import { t } from '#lib/i18n.admin.ts';
import { isUuid } from '#lib/listing-schemas.ts';
import type { InquirySide } from '#lib/listing.ts';
import type { Page } from '#lib/pagination.ts';
import type { AuditService } from '#modules/audit/audit.service.ts';
import type { MailService } from '#modules/mail/mail.service.ts';
import type { Notice, NotificationsService } from '#modules/notifications/notifications.service.ts';
import type { SettingsService } from '#modules/settings/settings.service.ts';
import type {
  InquiryInput,
  InquiryListQuery,
  InquiryMessage,
  InquiryMessageInput,
  InquiryView,
} from './inquiries.schema.ts';

export type InquiriesService = ReturnType<typeof createInquiriesService>;

/** The listing an inquiry is about, as the conversation shows it. */
type ListingFacts = {
  listingId: string;
  title: string;
  path: string;
  contact: string | null;
  ownerId: string;
  isAdminListing: boolean;
};

type InquiryRow = typeof inquiries.$inferSelect;

/** The part of a message shown in a notification. */
function excerpt(text: string): string {
  const oneLine = text.replace(/\s+/g, ' ').trim();
  return oneLine.length > 140 ? `${oneLine.slice(0, 139)}…` : oneLine;
}

/**
 * The first e-mail of a conversation, to either party, ends with the safety tips (never pay
 * before a viewing, check the UPI, meet in daylight); replies do not repeat them.
 */
function withSafetyTips(text: string): string {
  return `${text}\n\n${t('inquiries.safetyTips')}`;
}

/** Conversations are read by their parties and admins; to anyone else they do not exist. */
function sideOf(row: InquiryRow, viewer: Actor): InquirySide | undefined {
  if (row.senderId === viewer.id) return 'visitor';
  if (row.ownerId === viewer.id || viewer.role === 'admin') return 'owner';
  return undefined;
}

function isUnreadFor(row: InquiryRow, side: InquirySide): boolean {
  if (row.lastMessageFrom === side) return false;
  const readAt = side === 'owner' ? row.ownerReadAt : row.senderReadAt;
  return !readAt || readAt < row.lastMessageAt;
}

export function createInquiriesService({
  db,
  clock,
  siteUrl,
  notifications,
  mail,
  settings,
  audit,
}: {
  db: Database;
  clock: Clock;
  /** The site's address, for links in e-mails. */
  siteUrl: string;
  notifications: NotificationsService;
  mail: MailService;
  settings: SettingsService;
  audit: AuditService;
}) {
  const listingColumns = {
    propertyId: inquiries.propertyId,
    assetId: inquiries.assetId,
    title: sql<string>`coalesce(${properties.title}, ${assets.name})`,
    contact: sql<string | null>`coalesce(${properties.contact}, ${assets.contact})`,
    ownerName: users.name,
  };

  /** A published listing by id, with who owns it, or NotFoundError. */
  async function findPublishedListing(id: string): Promise<ListingFacts> {
    const [property] = await db
      .select({
        id: properties.id,
        title: properties.title,
        contact: properties.contact,
        ownerId: properties.ownerId,
        role: users.role,
      })
      .from(properties)
      .innerJoin(users, eq(users.id, properties.ownerId))
      .where(and(eq(properties.id, id), isPublishedIn(properties)));
    if (property) {
      return {
        listingId: property.id,
        title: property.title,
        path: `/property/${property.id}`,
        contact: property.contact,
        ownerId: property.ownerId,
        isAdminListing: property.role === 'admin',
      };
    }
    const [asset] = await db
      .select({
        id: assets.id,
        title: assets.name,
        contact: assets.contact,
        ownerId: assets.ownerId,
        role: users.role,
      })
      .from(assets)
      .innerJoin(users, eq(users.id, assets.ownerId))
      .where(and(eq(assets.id, id), isPublishedIn(assets)));
    if (asset) {
      return {
        listingId: asset.id,
        title: asset.title,
        path: `/asset/${asset.id}`,
        contact: asset.contact,
        ownerId: asset.ownerId,
        isAdminListing: asset.role === 'admin',
      };
    }
    throw new NotFoundError(t('api.listingNotFound'));
  }

  /**
   * Tells the owner side of a conversation: the owner in-app and by e-mail, or, for a listing
   * an admin created, every admin in-app and the support address from Platform Settings.
   */
  async function tellOwnerSide(
    listing: Pick<ListingFacts, 'ownerId' | 'isAdminListing'>,
    noticeFor: () => Notice,
    tx: Transaction,
  ): Promise<void> {
    if (!listing.isAdminListing) {
      await notifications.notify([listing.ownerId], noticeFor, tx);
      return;
    }
    await notifications.notifyAdmins(() => ({ ...noticeFor(), mail: undefined }), tx);
    const support = await settings.getSupportInfo();
    if (!support.contactEmail) return;
    // The company's own address hears in the site's default language.
    await withLocale(DEFAULT_LOCALE, async () => {
      const notice = noticeFor();
      if (!notice.mail) return;
      await mail.send(
        {
          to: support.contactEmail,
          kind: notice.kind,
          ...notice.mail(t('inquiries.supportName')),
        },
        tx,
      );
    });
  }

  /** An address of this site in the language of the e-mail being written. */
  const siteLink = (path: string) => `${siteUrl}${localePath(path)}`;

  /**
   * Stores a visitor's information request against the published listing it came from, and in
   * the same transaction tells the lister (in-app and by e-mail) and confirms to the visitor by
   * e-mail, without repeating anything the visitor typed. A signed-in visitor finds the
   * conversation under "Sent".
   */
  async function createInquiry(input: InquiryInput, viewer: Actor | null): Promise<{ id: string }> {
    const listing = await findPublishedListing(input.listingId);
    const isProperty = listing.path.startsWith('/property/');
    const now = clock();
    return db.transaction(async (tx) => {
      const [row] = await tx
        .insert(inquiries)
        .values({
          propertyId: isProperty ? listing.listingId : null,
          assetId: isProperty ? null : listing.listingId,
          ownerId: listing.ownerId,
          senderId: viewer?.id ?? null,
          name: input.name,
          email: input.email,
          phone: input.phone,
          role: input.role,
          message: input.message,
          isAgreedToEmails: input.agree,
          locale: currentLocale(),
          createdAt: now,
          lastMessageAt: now,
          lastMessageFrom: 'visitor',
        })
        .returning({ id: inquiries.id });
      const id = row!.id;
      // Made for each e-mail, in its recipient's language (the links too).
      const links = () => ({
        listingUrl: siteLink(listing.path),
        conversationUrl: siteLink(`/inquiries/${id}`),
      });
      // The lister's copy keeps who asked and what: it goes to an account holder expecting leads,
      // at an address nobody typed into this form.
      await tellOwnerSide(
        listing,
        () => ({
          kind: 'inquiry',
          title: t('inquiries.newTitle', { title: listing.title }),
          message: t('inquiries.newMessage', { name: input.name, excerpt: excerpt(input.message) }),
          link: `/inquiries/${id}`,
          mail: (recipient) => ({
            subject: t('inquiries.newMailSubject', { title: listing.title }),
            text: withSafetyTips(
              t('inquiries.newMailBody', {
                recipient,
                title: listing.title,
                name: input.name,
                phone: input.phone,
                email: input.email,
                message: input.message,
                ...links(),
              }),
            ),
          }),
        }),
        tx,
      );
      // The confirmation goes to whatever address was typed, and nobody has proven they own it
      // (not even a signed-in visitor's own account address: accounts' addresses are not
      // verified). So it carries none of the sender's words, no name, no message, and no link
      // but ours: otherwise anyone could have this site mail their text to anyone. The title
      // may appear: the lister wrote it, but an inquiry needs a published listing, and a
      // moderator read the title before it was published (a lister's edit sends it back).
      await mail.send(
        {
          to: input.email,
          kind: 'inquiry',
          subject: t('inquiries.confirmMailSubject', { title: listing.title }),
          text: withSafetyTips(
            t(viewer ? 'inquiries.confirmMailBodySignedIn' : 'inquiries.confirmMailBody', {
              title: listing.title,
              ...links(),
            }),
          ),
        },
        tx,
      );
      return { id };
    });
  }

  /** A conversation that is not deleted, or NotFoundError. */
  async function findRow(id: string): Promise<InquiryRow> {
    const [row] = isUuid(id)
      ? await db
          .select()
          .from(inquiries)
          .where(and(eq(inquiries.id, id), isNull(inquiries.deletedAt)))
      : [];
    if (!row) throw new NotFoundError(t('inquiries.notFound'));
    return row;
  }

  /** The conversation and the viewer's side in it; NotFoundError for anyone not party to it. */
  async function findForViewer(id: string, viewer: Actor) {
    const row = await findRow(id);
    const side = sideOf(row, viewer);
    if (!side) throw new NotFoundError(t('inquiries.notFound'));
    return { row, side };
  }

  /** Views of conversation rows, each with its listing and whole thread, in the given order. */
  async function toViews(
    rows: (InquiryRow & { title: string; contact: string | null; ownerName: string })[],
    viewer: Actor,
  ): Promise<InquiryView[]> {
    const ids = rows.map((row) => row.id);
    const replies =
      ids.length === 0
        ? []
        : await db
            .select()
            .from(inquiryMessages)
            .where(inArray(inquiryMessages.inquiryId, ids))
            .orderBy(asc(inquiryMessages.createdAt), asc(inquiryMessages.id));
    return rows.map((row) => {
      const side = sideOf(row, viewer) ?? 'owner';
      const listingId = (row.propertyId ?? row.assetId)!;
      const first: InquiryMessage = {
        from: 'visitor',
        body: row.message,
        createdAt: row.createdAt.toISOString(),
      };
      return {
        id: row.id,
        listingId,
        listingTitle: row.title,
        listingPath: row.propertyId ? `/property/${listingId}` : `/asset/${listingId}`,
        listingContact: row.contact,
        ownerId: row.ownerId,
        ownerName: row.ownerName,
        name: row.name,
        email: row.email,
        phone: row.phone,
        message: row.message,
        createdAt: row.createdAt.toISOString(),
        lastMessageAt: row.lastMessageAt.toISOString(),
        unread: isUnreadFor(row, side),
        handled: row.handledAt !== null,
        viewerSide: side,
        messages: [
          first,
          ...replies
            .filter((reply) => reply.inquiryId === row.id)
            .map((reply) => ({
              from: reply.from,
              body: reply.body,
              createdAt: reply.createdAt.toISOString(),
            })),
        ],
      };
    });
  }

  function selectWithListing() {
    return db
      .select({ inquiry: inquiries, ...listingColumns })
      .from(inquiries)
      .leftJoin(properties, eq(properties.id, inquiries.propertyId))
      .leftJoin(assets, eq(assets.id, inquiries.assetId))
      .innerJoin(users, eq(users.id, inquiries.ownerId));
  }

  /**
   * A page of conversations, the latest activity first: about the viewer's listings (every
   * listing's, for admins, or one owner's with `ownerId`), or the ones the viewer started.
   */
  async function listInquiries(query: InquiryListQuery, viewer: Actor): Promise<Page<InquiryView>> {
    const conditions: (SQL | undefined)[] = [isNull(inquiries.deletedAt)];
    if (query.box === 'sent') {
      conditions.push(eq(inquiries.senderId, viewer.id));
    } else if (viewer.role === 'admin') {
      if (query.ownerId) conditions.push(eq(inquiries.ownerId, query.ownerId));
    } else {
      conditions.push(eq(inquiries.ownerId, viewer.id));
    }
    if (query.listingId) {
      conditions.push(
        or(eq(inquiries.propertyId, query.listingId), eq(inquiries.assetId, query.listingId)),
      );
    }
    const where = and(...conditions);
    const [rows, count] = await Promise.all([
      selectWithListing()
        .where(where)
        .orderBy(desc(inquiries.lastMessageAt), desc(inquiries.id))
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize),
      countUpTo(db, sql`${inquiries} where ${where}`, LIST_COUNT_CAP),
    ]);
    const items = await toViews(
      rows.map((row) => ({
        ...row.inquiry,
        title: row.title,
        contact: row.contact,
        ownerName: row.ownerName,
      })),
      viewer,
    );
    return { items, page: query.page, pageSize: query.pageSize, ...count };
  }

  /**
   * The listings with conversations (for the filter), by title: the viewer's own, or, for an
   * admin, one owner's (`ownerId`) or everyone's.
   */
  async function listReceivedListings(
    viewer: Actor,
    ownerId?: string,
  ): Promise<{ id: string; title: string }[]> {
    const owner = viewer.role === 'admin' ? ownerId : viewer.id;
    const rows = await db
      .selectDistinct({
        id: sql<string>`coalesce(${inquiries.propertyId}, ${inquiries.assetId})`,
        title: listingColumns.title,
      })
      .from(inquiries)
      .leftJoin(properties, eq(properties.id, inquiries.propertyId))
      .leftJoin(assets, eq(assets.id, inquiries.assetId))
      .where(and(isNull(inquiries.deletedAt), owner ? eq(inquiries.ownerId, owner) : undefined))
      .orderBy(listingColumns.title)
      .limit(200);
    return rows;
  }

  /**
   * The owners whose listings have conversations, by name (the admin panel's owner filter);
   * admins only.
   */
  async function listConversationOwners(viewer: Actor): Promise<{ id: string; name: string }[]> {
    assertAdmin(viewer);
    return db
      .selectDistinct({ id: users.id, name: users.name })
      .from(inquiries)
      .innerJoin(users, eq(users.id, inquiries.ownerId))
      .where(isNull(inquiries.deletedAt))
      .orderBy(users.name, users.id)
      .limit(200);
  }

  /** One conversation for a party to it or an admin; NotFoundError for anyone else. */
  async function getInquiry(id: string, viewer: Actor): Promise<InquiryView> {
    await findForViewer(id, viewer);
    const [row] = await selectWithListing().where(eq(inquiries.id, id));
    const [view] = await toViews(
      [{ ...row!.inquiry, title: row!.title, contact: row!.contact, ownerName: row!.ownerName }],
      viewer,
    );
    return view!;
  }

  /**
   * A party opens a conversation: it is read, for their side, up to now. Answers it as it was
   * before (so the page can still show what was new).
   */
  async function openInquiry(id: string, viewer: Actor): Promise<InquiryView> {
    const view = await getInquiry(id, viewer);
    // An admin reading a seller's conversation leaves it unread for the seller.
    const isParty = view.viewerSide === 'visitor' || view.ownerId === viewer.id;
    if (view.unread && isParty) {
      await db
        .update(inquiries)
        .set(view.viewerSide === 'owner' ? { ownerReadAt: clock() } : { senderReadAt: clock() })
        .where(eq(inquiries.id, id));
    }
    return view;
  }

  /**
   * A party writes in a conversation: the owner (or an admin) answers the visitor, or the
   * signed-in visitor writes back. The other side is told in the same transaction: the visitor
   * by e-mail (and in-app when signed in), the owner side in-app and by e-mail. A visitor's
   * message reopens a conversation marked handled.
   */
  async function postMessage(
    id: string,
    input: InquiryMessageInput,
    viewer: Actor,
  ): Promise<InquiryMessage> {
    const { row, side } = await findForViewer(id, viewer);
    const [listing] = await selectWithListing().where(eq(inquiries.id, id));
    const title = listing!.title;
    const now = clock();
    return db.transaction(async (tx) => {
      const [message] = await tx
        .insert(inquiryMessages)
        .values({
          inquiryId: id,
          from: side,
          authorId: viewer.id,
          body: input.body,
          createdAt: now,
        })
        .returning();
      await tx
        .update(inquiries)
        .set({
          lastMessageAt: now,
          lastMessageFrom: side,
          ...(side === 'owner' ? { ownerReadAt: now } : { senderReadAt: now, handledAt: null }),
        })
        .where(eq(inquiries.id, id));
      const facts = () => ({
        title,
        body: input.body,
        listingUrl: siteLink(
          row.propertyId ? `/property/${row.propertyId}` : `/asset/${row.assetId}`,
        ),
        conversationUrl: siteLink(`/inquiries/${id}`),
      });
      if (side === 'owner') {
        if (row.senderId) {
          // To the visitor's account address, which is not proven either: not their typed name.
          await notifications.notify(
            [row.senderId],
            () => ({
              kind: 'inquiry',
              title: t('inquiries.replyTitle', { title }),
              message: excerpt(input.body),
              link: `/inquiries/${id}`,
              mail: () => ({
                subject: t('inquiries.replyMailSubject', { title }),
                text: t('inquiries.replyMailBodySignedIn', facts()),
              }),
            }),
            tx,
          );
        } else {
          // A visitor without an account hears in the language they asked in, at the address
          // they typed: as with the confirmation, nothing they typed (their name) comes back in
          // it. The lister's answer does: it is what the visitor asked for, and the one who
          // typed the address does not choose it; abusing it takes a published (moderated)
          // listing and a signed-in account answering each inquiry, which admins can block.
          await withLocale(row.locale, () =>
            mail.send(
              {
                to: row.email,
                kind: 'inquiry',
                subject: t('inquiries.replyMailSubject', { title }),
                text: t('inquiries.replyMailBody', {
                  contact: listing!.contact ?? '',
                  ...facts(),
                }),
              },
              tx,
            ),
          );
        }
      } else {
        const [owner] = await tx
          .select({ role: users.role })
          .from(users)
          .where(eq(users.id, row.ownerId));
        await tellOwnerSide(
          { ownerId: row.ownerId, isAdminListing: owner?.role === 'admin' },
          () => ({
            kind: 'inquiry',
            title: t('inquiries.messageTitle', { title }),
            message: t('inquiries.newMessage', { name: row.name, excerpt: excerpt(input.body) }),
            link: `/inquiries/${id}`,
            mail: (recipient) => ({
              subject: t('inquiries.messageMailSubject', { title }),
              text: t('inquiries.messageMailBody', { recipient, name: row.name, ...facts() }),
            }),
          }),
          tx,
        );
      }
      return { from: side, body: message!.body, createdAt: message!.createdAt.toISOString() };
    });
  }

  /** The owner (or an admin) marks a conversation handled, or open again. */
  async function setHandled(id: string, handled: boolean, viewer: Actor): Promise<InquiryView> {
    const { side } = await findForViewer(id, viewer);
    if (side !== 'owner') throw new ForbiddenError(t('inquiries.ownerOnly'));
    await db
      .update(inquiries)
      .set({ handledAt: handled ? clock() : null })
      .where(eq(inquiries.id, id));
    return getInquiry(id, viewer);
  }

  /** An admin deletes a conversation (kept in the table, marked deleted); audited. */
  async function deleteInquiry(id: string, actor: Actor): Promise<void> {
    if (actor.role !== 'admin') throw new NotFoundError(t('inquiries.notFound'));
    const row = await findRow(id);
    await db.transaction(async (tx) => {
      await tx.update(inquiries).set({ deletedAt: clock() }).where(eq(inquiries.id, id));
      await audit.record(
        {
          actor,
          action: 'inquiry.delete',
          targetType: 'inquiry',
          targetId: id,
          before: { name: row.name, email: row.email, message: row.message },
        },
        tx,
      );
    });
  }

  return {
    createInquiry,
    listInquiries,
    listReceivedListings,
    listConversationOwners,
    getInquiry,
    openInquiry,
    postMessage,
    setHandled,
    deleteInquiry,
  };
}
