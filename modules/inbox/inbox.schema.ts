import { z } from 'zod';
import { EmailSchema, requiredText } from '#lib/form-fields.ts';
import { t } from '#lib/i18n.ts';
import { MAX_PAGE, MAX_PAGE_SIZE } from '#lib/pagination.ts';

/** The public Quick Contact form: the spec's payload names (username, email, message). */
export const ContactMessageInputSchema = z.object({
  username: requiredText('contact.name', 100),
  email: EmailSchema,
  message: requiredText('contact.comments', 5000),
});

export type ContactMessageInput = z.infer<typeof ContactMessageInputSchema>;

export const MESSAGE_MAX_LENGTH = 5000;

/** The admin inbox, newest first. */
export const MessageListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(MAX_PAGE).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(10),
});

export type MessageListQuery = z.infer<typeof MessageListQuerySchema>;

/** An admin's correction of a message's text (PUT /message/:id). */
export const MessageEditSchema = z.object({
  message: requiredText('inbox.messageLabel', MESSAGE_MAX_LENGTH),
});

export type MessageEdit = z.infer<typeof MessageEditSchema>;

// eslint-disable-next-line no-control-regex -- the point is to refuse control characters
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/** The admin's answer to a message: never blank ('Reply cannot be empty'). */
export const MessageReplySchema = z.object({
  reply: z
    .string({ error: t('inbox.replyEmpty') })
    .trim()
    .min(1, t('inbox.replyEmpty'))
    .max(MESSAGE_MAX_LENGTH, t('validation.tooLong', { max: MESSAGE_MAX_LENGTH }))
    .refine((value) => !CONTROL_CHARACTERS.test(value), t('validation.controlCharacters')),
});

export type MessageReply = z.infer<typeof MessageReplySchema>;

/** One contact message as the admin inbox shows it (the spec's Message, with its reply). */
export const MessageViewSchema = z.object({
  _id: z.uuid(),
  message: z.string(),
  username: z.string(),
  email: z.string(),
  createdAt: z.iso.datetime(),
  reply: z.string().nullable(),
  repliedAt: z.iso.datetime().nullable(),
});

export type MessageView = z.infer<typeof MessageViewSchema>;

export const MessageListAnswerSchema = z.object({
  data: z.array(MessageViewSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  isTotalCapped: z.boolean(),
});
