import { z } from 'zod';
import { CheckboxSchema, EmailSchema, PhoneSchema, requiredText } from '#lib/form-fields.ts';
import { t } from '#lib/i18n.all.ts';
import {
  INQUIRY_LIST_PAGE_SIZE,
  INQUIRY_MESSAGE_MAX_LENGTH,
  NAME_MAX_LENGTH,
} from '#lib/limits.ts';
import { listAnswerSchema, listQuerySchema } from '#lib/list-query.ts';
import { INQUIRY_ROLES, INQUIRY_SIDES, OFFERS } from '#lib/listing.ts';

/** The Request Information form, from a property or an asset detail page. */
export const InquiryInputSchema = z.object({
  listingId: z.uuid({ error: () => t('api.invalidId') }),
  name: requiredText('inquiry.name', NAME_MAX_LENGTH),
  email: EmailSchema,
  phone: PhoneSchema,
  role: z.enum(INQUIRY_ROLES, { error: () => t('validation.role') }),
  message: requiredText('inquiry.message', INQUIRY_MESSAGE_MAX_LENGTH),
  agree: CheckboxSchema,
});

export type InquiryInput = z.infer<typeof InquiryInputSchema>;

/** Which conversations: about the viewer's listings, or the ones the viewer started. */
const INQUIRY_BOXES = ['received', 'sent'] as const;

export const InquiryListQuerySchema = listQuerySchema(INQUIRY_LIST_PAGE_SIZE, {
  box: z.enum(INQUIRY_BOXES, { error: () => t('inquiries.boxInvalid') }).default('received'),
  listingId: z.uuid({ error: () => t('api.invalidId') }).optional(),
  /** Admins only: the conversations about one owner's listings. */
  ownerId: z.uuid({ error: () => t('api.invalidId') }).optional(),
});
export type InquiryListQuery = z.infer<typeof InquiryListQuerySchema>;

/** A new message in a conversation. */
export const InquiryMessageInputSchema = z.object({
  body: requiredText('inquiry.message', INQUIRY_MESSAGE_MAX_LENGTH),
});
export type InquiryMessageInput = z.infer<typeof InquiryMessageInputSchema>;

/** What the owner (or an admin) changes on a conversation. */
export const InquiryUpdateSchema = z.object({
  handled: z.boolean({ error: () => t('inquiries.handledInvalid') }),
});

const InquiryMessageSchema = z.object({
  from: z.enum(INQUIRY_SIDES),
  body: z.string(),
  createdAt: z.iso.datetime(),
});
export type InquiryMessage = z.infer<typeof InquiryMessageSchema>;

/**
 * A conversation as its parties see it: the visitor's details and first message, the whole
 * thread (first message included) oldest first, and whether the viewer has unread messages.
 */
export const InquiryViewSchema = z.object({
  id: z.uuid(),
  listingId: z.uuid(),
  listingTitle: z.string(),
  listingPath: z.string(),
  /** The listing's contact number, for the visitor's Call and WhatsApp buttons. */
  listingContact: z.string().nullable(),
  /** Rent or Sale: the words the visitor's role reads in (Renting or Buying, say). */
  listingOffer: z.enum(OFFERS),
  ownerId: z.uuid(),
  /** The lister's account name. */
  ownerName: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  /** The visitor's "I'm interested in" choice. */
  role: z.enum(INQUIRY_ROLES),
  message: z.string(),
  createdAt: z.iso.datetime(),
  lastMessageAt: z.iso.datetime(),
  unread: z.boolean(),
  handled: z.boolean(),
  /** The viewer's side in it: the visitor who asked, the owner who listed (admins too). */
  viewerSide: z.enum(INQUIRY_SIDES),
  messages: z.array(InquiryMessageSchema),
});
export type InquiryView = z.infer<typeof InquiryViewSchema>;

/**
 * A conversation as its guest sees it through the link of an e-mail about it: without their own
 * contact details (the link may have been forwarded) or the owner's account id.
 */
type GuestConversation = Omit<InquiryView, 'email' | 'phone' | 'ownerId'>;

/**
 * What a guest's link opens: the conversation, or, once it has joined the visitor's account,
 * only its id (they read it signed in).
 */
export type GuestLinkAnswer =
  { isJoined: false; conversation: GuestConversation } | { isJoined: true; inquiryId: string };

/** The token of a guest's conversation link (`/conversation?token=…`). */
export const GuestLinkTokenSchema = z.object({
  token: z
    .string({ error: () => t('guestConversation.invalid') })
    .min(1, { error: () => t('guestConversation.invalid') })
    .max(400),
});

export const InquiryListAnswerSchema = listAnswerSchema(InquiryViewSchema);
export const InquiryMessageAnswerSchema = z.object({
  message: z.string(),
  data: InquiryMessageSchema,
});
