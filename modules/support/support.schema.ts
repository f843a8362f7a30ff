import { z } from 'zod';
import { EmailSchema, optionalText, requiredText } from '#lib/form-fields.ts';
import { t } from '#lib/i18n.all.ts';
import { LOCALES } from '#lib/i18n.ts';
import { NAME_MAX_LENGTH, SEARCH_TEXT_MAX_LENGTH } from '#lib/limits.ts';
import { listAnswerSchema, listQuerySchema } from '#lib/list-query.ts';
import {
  TICKET_ASSIGNEE_FILTERS,
  TICKET_AUTHORS,
  TICKET_KINDS,
  TICKET_MESSAGE_MAX_LENGTH,
  TICKET_QUEUE_PAGE_SIZE,
  TICKET_STATUSES,
} from '#lib/support.ts';

/** A message of a ticket (a reply, a note, a requester's answer): never blank. */
const messageBody = () => requiredText('support.messageLabel', TICKET_MESSAGE_MAX_LENGTH);

/** The queue: open tickets (the default), waiting, closed or all; newest activity first. */
export const TicketListQuerySchema = listQuerySchema(TICKET_QUEUE_PAGE_SIZE, {
  status: z
    .enum([...TICKET_STATUSES, 'all'], { error: () => t('support.badStatus') })
    .default('open'),
  kind: z.enum(TICKET_KINDS, { error: () => t('support.badKind') }).optional(),
  assignee: z
    .enum(TICKET_ASSIGNEE_FILTERS, { error: () => t('support.badAssignee') })
    .default('anyone'),
  /** Part of the requester's e-mail or of the subject. */
  q: z
    .string()
    .trim()
    .max(SEARCH_TEXT_MAX_LENGTH, {
      error: () => t('validation.tooLong', { max: SEARCH_TEXT_MAX_LENGTH }),
    })
    .optional(),
});
export type TicketListQuery = z.infer<typeof TicketListQuerySchema>;

/** An admin's reply, e-mailed to the requester. */
export const TicketReplySchema = z.object({ body: messageBody() });
export type TicketReply = z.infer<typeof TicketReplySchema>;

/** An admin's internal note: never sent, never shown to the requester. */
export const TicketNoteSchema = z.object({ body: messageBody() });
export type TicketNote = z.infer<typeof TicketNoteSchema>;

/** A form's empty choice ('' for "nobody") is null, as the API sends it. */
const emptyAsNull = (value: unknown) => (value === '' ? null : value);

/** An admin changes a ticket's status, its assignee, or both (PUT /admin/support/:id). */
export const TicketUpdateSchema = z
  .object({
    status: z.enum(TICKET_STATUSES, { error: () => t('support.badStatus') }).optional(),
    assigneeId: z
      .preprocess(emptyAsNull, z.uuid({ error: () => t('support.badAssigneeId') }).nullable())
      .optional(),
  })
  .check(
    z.refine((input) => input.status !== undefined || input.assigneeId !== undefined, {
      path: ['status'],
      error: () => t('support.nothingToChange'),
    }),
  );
export type TicketUpdate = z.infer<typeof TicketUpdateSchema>;

/** Someone who cannot get into their account says who they are and what happened. */
export const AccountAccessInputSchema = z.object({
  name: requiredText('support.accountAccess.name', NAME_MAX_LENGTH),
  email: EmailSchema,
  message: requiredText('support.accountAccess.message', TICKET_MESSAGE_MAX_LENGTH),
});
export type AccountAccessInput = z.infer<typeof AccountAccessInputSchema>;

/** A payer says their payment went through but nothing happened; their words are optional. */
export const PaymentDisputeInputSchema = z.object({
  message: optionalText(TICKET_MESSAGE_MAX_LENGTH),
});
export type PaymentDisputeInput = z.infer<typeof PaymentDisputeInputSchema>;

/** The same, through the API: which payment. */
export const PaymentDisputeApiInputSchema = PaymentDisputeInputSchema.extend({
  paymentId: z.uuid({ error: () => t('api.invalidId') }),
});

/** The token of a ticket's link, as a reply e-mail carries it. */
const TicketTokenSchema = z
  .string({ error: () => t('support.linkInvalid') })
  .min(1, { error: () => t('support.linkInvalid') })
  .max(400, { error: () => t('support.linkInvalid') });

/** The requester answers through the link of a reply e-mail (the page's form sends the body). */
export const TicketLinkReplySchema = z.object({ body: messageBody() });
export type TicketLinkReply = z.infer<typeof TicketLinkReplySchema>;

/** The same, through the API: with the link's token. */
export const TicketLinkReplyApiSchema = TicketLinkReplySchema.extend({ token: TicketTokenSchema });

export const TicketLinkQuerySchema = z.object({ token: TicketTokenSchema });

const TicketMessageSchema = z.object({
  _id: z.number().int(),
  author: z.enum(TICKET_AUTHORS),
  /** The admin who wrote a reply or a note; null for the requester. */
  adminName: z.string().nullable(),
  body: z.string(),
  createdAt: z.iso.datetime(),
});
export type TicketMessage = z.infer<typeof TicketMessageSchema>;

const AssigneeSchema = z.object({ id: z.uuid(), name: z.string() }).nullable();

/** One ticket in the queue. */
const TicketRowSchema = z.object({
  _id: z.uuid(),
  number: z.number().int(),
  kind: z.enum(TICKET_KINDS),
  status: z.enum(TICKET_STATUSES),
  subject: z.string(),
  requesterName: z.string().nullable(),
  requesterEmail: z.string().nullable(),
  assignee: AssigneeSchema,
  createdAt: z.iso.datetime(),
  lastActivityAt: z.iso.datetime(),
});
export type TicketRow = z.infer<typeof TicketRowSchema>;

export const TicketListAnswerSchema = listAnswerSchema(TicketRowSchema);

/** A ticket as admins work on it: its thread, notes included, and where it comes from. */
export const TicketDetailSchema = TicketRowSchema.extend({
  locale: z.enum(LOCALES),
  /** The requester's account, when known. */
  requesterId: z.uuid().nullable(),
  /** The contact message, the listing or the payment; null for account access. */
  sourceId: z.string().nullable(),
  /** Whether a reply can be e-mailed (a reported listing has nobody to answer). */
  canReply: z.boolean(),
  messages: z.array(TicketMessageSchema),
});
export type TicketDetail = z.infer<typeof TicketDetailSchema>;

/** An admin a ticket can be given to. */
export type Assignable = { id: string; name: string };

/**
 * A ticket as its link shows it to the requester: the replies and their own messages, never the
 * internal notes, the admins' names, the address or the assignee.
 */
export const PublicTicketSchema = z.object({
  number: z.number().int(),
  kind: z.enum(TICKET_KINDS),
  status: z.enum(TICKET_STATUSES),
  messages: z.array(
    z.object({
      author: z.enum(['requester', 'admin']),
      body: z.string(),
      createdAt: z.iso.datetime(),
    }),
  ),
});
export type PublicTicket = z.infer<typeof PublicTicketSchema>;
