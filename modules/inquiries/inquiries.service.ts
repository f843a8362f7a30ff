import { and, asc, desc, eq, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { smsTitle } from '#lib/sms-text.ts';
import { z } from 'zod';
import type { Database, Transaction } from '#db/client.ts';
import { countUpTo, LIST_COUNT_CAP } from '#db/counting.ts';
import { assets, inquiries, inquiryMessages, properties, users } from '#db/schema.ts';
import { assertAdmin, type Actor } from '#lib/account.ts';
import type { Clock } from '#lib/clock.ts';
import { ConflictError, ForbiddenError, NotFoundError } from '#lib/errors.ts';
import { currentLocale, DEFAULT_LOCALE } from '#lib/i18n.ts';
import { withLocale } from '#lib/i18n.server.ts';
import { t } from '#lib/i18n.all.ts';
import { isUuid } from '#lib/listing-schemas.ts';
import {
  inquiryRoleKey,
  type InquirySide,
  type ListingKind,
  type Offer,
  LISTING_KINDS,
} from '#lib/listing.ts';
import type { Page } from '#lib/pagination.ts';
import { internationalPhone } from '#lib/site.ts';
import { isPublishedIn } from '#modules/catalogue/catalogue.sql.ts';
import { LISTING_TABLES, TITLE_COLUMNS } from '#modules/catalogue/catalogue.kinds.ts';
import type { AuditService } from '#modules/audit/audit.service.ts';
import type { MailLinks } from '#modules/mail/mail.links.ts';
import type { MailService } from '#modules/mail/mail.service.ts';
import type { Notice, NotificationsService } from '#modules/notifications/notifications.service.ts';
import type { SettingsService } from '#modules/settings/settings.service.ts';
import type { Signer } from '#modules/signing/signing.service.ts';
import type {
  GuestLinkAnswer,
  InquiryInput,
  InquiryListQuery,
  InquiryMessage,
  InquiryMessageInput,
  InquiryView,
} from './inquiries.schema.ts';

export type InquiriesService = ReturnType<typeof createInquiriesService>;

/** The listing an inquiry is about, as the conversation shows it. */
type ListingFacts = {
  kind: ListingKind;
  listingId: string;
  title: string;
  path: string;
  contact: string | null;
  /** Rent or Sale: which words the visitor's "I'm interested in" choice reads in. */
  offer: Offer;
  ownerId: string;
  isAdminListing: boolean;
};

type InquiryRow = typeof inquiries.$inferSelect;

/** What a guest's conversation link is signed for (modules/signing). */
const GUEST_LINK_PURPOSE = 'inquiry-guest';

/**
 * How long a guest's conversation link opens it. Every e-mail about the conversation brings a
 * fresh one, so a link forwarded or left in an old mailbox stops working on its own.
 */
export const GUEST_LINK_DAYS = 60;

/** What a guest's link carries: the conversation (`i`) and until when (`x`, ms). */
const GuestLinkPayloadSchema = z.object({ i: z.uuid(), x: z.number().int() });

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

/** The public page of the listing a conversation is about: a property's or an asset's. */
function listingPathOf(row: Pick<InquiryRow, 'propertyId' | 'assetId'>): string {
  return row.propertyId ? `/property/${row.propertyId}` : `/asset/${row.assetId}`;
}

function isUnreadFor(row: InquiryRow, side: InquirySide): boolean {
  if (row.lastMessageFrom === side) return false;
  const readAt = side === 'owner' ? row.ownerReadAt : row.senderReadAt;
  return !readAt || readAt < row.lastMessageAt;
}

export function createInquiriesService({
  db,
  clock,
  links,
  signer,
  notifications,
  mail,
  settings,
  audit,
}: {
  db: Database;
  clock: Clock;
  /** Links in e-mails, in their recipient's language. */
  links: MailLinks;
  /** Signs the links that open a guest's conversation without an account. */
  signer: Signer;
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
    offer: sql<Offer>`coalesce(${properties.offer}, ${assets.offer})`,
    ownerName: users.name,
  };

  /** A published listing by id, with who owns it, or NotFoundError. */
  async function findPublishedListing(id: string): Promise<ListingFacts> {
    for (const kind of LISTING_KINDS) {
      const table = LISTING_TABLES[kind];
      const [listing] = await db
        .select({
          id: table.id,
          title: TITLE_COLUMNS[kind],
          contact: table.contact,
          offer: table.offer,
          ownerId: table.ownerId,
          role: users.role,
        })
        .from(table)
        .innerJoin(users, eq(users.id, table.ownerId))
        .where(and(eq(table.id, id), isPublishedIn(table)));
      if (listing) {
        return {
          kind,
          listingId: listing.id,
          title: listing.title,
          path: `/${kind}/${listing.id}`,
          contact: listing.contact,
          offer: listing.offer,
          ownerId: listing.ownerId,
          isAdminListing: listing.role === 'admin',
        };
      }
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
  const siteLink = (path: string) => links.link(path);

  /**
   * Stores a visitor's information request against the published listing it came from, and in
   * the same transaction tells the lister (in-app and by e-mail) and confirms to the visitor by
   * e-mail, without repeating anything the visitor typed. A signed-in visitor finds the
   * conversation under "Sent".
   */
  async function createInquiry(input: InquiryInput, viewer: Actor | null): Promise<{ id: string }> {
    const listing = await findPublishedListing(input.listingId);
    const now = clock();
    return db.transaction(async (tx) => {
      const [row] = await tx
        .insert(inquiries)
        .values({
          // Two columns, each a foreign key to its kind's table: the other stays empty.
          propertyId: listing.kind === 'property' ? listing.listingId : null,
          assetId: listing.kind === 'asset' ? listing.listingId : null,
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
          // The first message of a conversation only: its later ones stay in the site.
          sms: {
            kind: 'inquiry',
            text: t('inquiries.smsNew', { brand: t('brand.name'), title: smsTitle(listing.title) }),
          },
          message: t('inquiries.newInquiryMessage', {
            name: input.name,
            interest: t(inquiryRoleKey(input.role, listing.offer)),
            excerpt: excerpt(input.message),
          }),
          link: `/inquiries/${id}`,
          mail: (recipient) => ({
            subject: t('inquiries.newMailSubject', { title: listing.title }),
            text: withSafetyTips(
              t('inquiries.newMailBody', {
                recipient,
                title: listing.title,
                name: input.name,
                interest: t(inquiryRoleKey(input.role, listing.offer)),
                // Dialled from anywhere, the owner's phone abroad or on a foreign SIM included.
                phone: internationalPhone(input.phone),
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

  /**
   * Views of conversation rows, each with its listing and whole thread, in the given order, for
   * the viewer's side in each.
   */
  async function toViews(
    rows: (InquiryRow & {
      title: string;
      contact: string | null;
      offer: Offer;
      ownerName: string;
    })[],
    sideFor: (row: InquiryRow) => InquirySide,
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
      const side = sideFor(row);
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
        listingPath: listingPathOf(row),
        listingContact: row.contact,
        listingOffer: row.offer,
        ownerId: row.ownerId,
        ownerName: row.ownerName,
        name: row.name,
        email: row.email,
        phone: row.phone,
        role: row.role,
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
        offer: row.offer,
        ownerName: row.ownerName,
      })),
      (row) => sideOf(row, viewer) ?? 'owner',
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

  /** One conversation as `side` sees it. */
  async function viewOf(id: string, side: (row: InquiryRow) => InquirySide): Promise<InquiryView> {
    const [row] = await selectWithListing().where(eq(inquiries.id, id));
    const [view] = await toViews(
      [
        {
          ...row!.inquiry,
          title: row!.title,
          contact: row!.contact,
          offer: row!.offer,
          ownerName: row!.ownerName,
        },
      ],
      side,
    );
    return view!;
  }

  /** One conversation for a party to it or an admin; NotFoundError for anyone else. */
  async function getInquiry(id: string, viewer: Actor): Promise<InquiryView> {
    await findForViewer(id, viewer);
    return viewOf(id, (row) => sideOf(row, viewer) ?? 'owner');
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
    return writeMessage(row, side, viewer.id, input);
  }

  /** A token for the link that opens conversation `id` to its guest until GUEST_LINK_DAYS on. */
  async function signGuestLink(id: string, runner: Database | Transaction): Promise<string> {
    const expiresAt = clock().getTime() + GUEST_LINK_DAYS * 24 * 60 * 60_000;
    return signer.sign(GUEST_LINK_PURPOSE, JSON.stringify({ i: id, x: expiresAt }), runner);
  }

  /** The guest's link to conversation `id`, in the language of the e-mail being written. */
  const guestLink = (token: string) => links.link(`/conversation?token=${token}`);

  /**
   * The guest conversation a link opens. Anything but a link this site signed, unexpired, for a
   * conversation that still exists, is NotFoundError: a guessed or altered link opens nothing,
   * and says nothing of what exists.
   */
  async function findGuestRow(token: string): Promise<InquiryRow> {
    const notFound = () => new NotFoundError(t('guestConversation.invalid'));
    const payload = await signer.verifyJson(GUEST_LINK_PURPOSE, token, GuestLinkPayloadSchema);
    if (!payload || payload.x <= clock().getTime()) throw notFound();
    const [row] = await db
      .select()
      .from(inquiries)
      .where(and(eq(inquiries.id, payload.i), isNull(inquiries.deletedAt)));
    if (!row) throw notFound();
    return row;
  }

  /**
   * A guest opens their conversation from the link of an e-mail about it, without an account:
   * the whole thread, read (for the visitor's side) up to now. Never their own contact details,
   * which whoever the link was forwarded to need not learn. Once the conversation has joined
   * the visitor's account (they proved the address), the link opens nothing but where it is:
   * they read it signed in now.
   */
  async function openGuestConversation(token: string): Promise<GuestLinkAnswer> {
    const row = await findGuestRow(token);
    if (row.senderId) return { isJoined: true, inquiryId: row.id };
    const view = await viewOf(row.id, () => 'visitor');
    if (view.unread) {
      await db.update(inquiries).set({ senderReadAt: clock() }).where(eq(inquiries.id, row.id));
    }
    const { email: _email, phone: _phone, ownerId: _ownerId, ...conversation } = view;
    return { isJoined: false, conversation };
  }

  /**
   * A guest writes back in their conversation through its link; the owner side is told. A
   * conversation that has joined the visitor's account takes messages there only (Conflict).
   */
  async function postGuestMessage(
    token: string,
    input: InquiryMessageInput,
  ): Promise<InquiryMessage> {
    const row = await findGuestRow(token);
    if (row.senderId) throw new ConflictError(t('guestConversation.joined'));
    return writeMessage(row, 'visitor', null, input);
  }

  /**
   * An account proved that it owns `email`: the inquiries sent from that address without an
   * account (in any case of it) become the account's, in the caller's transaction. The visitor
   * reads them under "Sent" from now on, and their guest links stop opening them. Running it
   * again changes nothing. Answers how many joined.
   */
  async function joinGuestInquiries(
    tx: Transaction,
    account: { id: string; email: string },
  ): Promise<number> {
    const joined = await tx
      .update(inquiries)
      .set({ senderId: account.id })
      .where(
        and(
          isNull(inquiries.senderId),
          sql`lower(${inquiries.email}) = ${account.email.toLowerCase()}`,
          // Asking about one's own listing makes no conversation with oneself.
          ne(inquiries.ownerId, account.id),
        ),
      )
      .returning({ id: inquiries.id });
    return joined.length;
  }

  /**
   * Writes a message of `side` in a conversation, by `authorId` (null: the guest who asked,
   * through their link), and tells the other side in the same transaction.
   */
  async function writeMessage(
    row: InquiryRow,
    side: InquirySide,
    authorId: string | null,
    input: InquiryMessageInput,
  ): Promise<InquiryMessage> {
    const { id } = row;
    const [listing] = await selectWithListing().where(eq(inquiries.id, id));
    const title = listing!.title;
    const now = clock();
    return db.transaction(async (tx) => {
      const [message] = await tx
        .insert(inquiryMessages)
        .values({
          inquiryId: id,
          from: side,
          authorId,
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
        listingUrl: siteLink(listingPathOf(row)),
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
              sms: {
                kind: 'inquiry',
                text: t('inquiries.smsReply', { brand: t('brand.name'), title: smsTitle(title) }),
              },
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
          // Its link opens this conversation alone, to read and answer without an account.
          const token = await signGuestLink(id, tx);
          await withLocale(row.locale, () =>
            mail.send(
              {
                to: row.email,
                kind: 'inquiry',
                subject: t('inquiries.replyMailSubject', { title }),
                text: t('inquiries.replyMailBody', {
                  contact: listing!.contact ?? '',
                  ...facts(),
                  conversationUrl: guestLink(token),
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
    openGuestConversation,
    postGuestMessage,
    joinGuestInquiries,
    setHandled,
    deleteInquiry,
  };
}
