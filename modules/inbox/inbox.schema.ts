import { z } from 'zod';
import { EmailSchema, requiredText } from '#lib/form-fields.ts';
import { t } from '#lib/i18n.all.ts';
import { CONTACT_MESSAGE_MAX_LENGTH, INBOX_PAGE_SIZE, NAME_MAX_LENGTH } from '#lib/limits.ts';
import { listAnswerSchema, listQuerySchema } from '#lib/list-query.ts';

/** The public Quick Contact form: the spec's payload names (username, email, message). */
export const ContactMessageInputSchema = z.object({
  username: requiredText('contact.name', NAME_MAX_LENGTH),
  email: EmailSchema,
  message: requiredText('contact.comments', CONTACT_MESSAGE_MAX_LENGTH),
});

export type ContactMessageInput = z.infer<typeof ContactMessageInputSchema>;

/** The admin inbox, newest first. */
export const MessageListQuerySchema = listQuerySchema(INBOX_PAGE_SIZE, {});

export type MessageListQuery = z.infer<typeof MessageListQuerySchema>;

/** An admin's correction of a message's text (PUT /message/:id). */
export const MessageEditSchema = z.object({
  message: requiredText('inbox.messageLabel', CONTACT_MESSAGE_MAX_LENGTH),
});

export type MessageEdit = z.infer<typeof MessageEditSchema>;

// eslint-disable-next-line no-control-regex -- the point is to refuse control characters
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/** The admin's answer to a message: never blank ('Reply cannot be empty'). */
export const MessageReplySchema = z.object({
  reply: z
    .string({ error: () => t('inbox.replyEmpty') })
    .trim()
    .min(1, { error: () => t('inbox.replyEmpty') })
    .max(CONTACT_MESSAGE_MAX_LENGTH, {
      error: () => t('validation.tooLong', { max: CONTACT_MESSAGE_MAX_LENGTH }),
    })
    .refine((value) => !CONTROL_CHARACTERS.test(value), {
      error: () => t('validation.controlCharacters'),
    }),
});

export type MessageReply = z.infer<typeof MessageReplySchema>;

/** One contact message as the admin inbox shows it (the spec's Message, with its reply). */
const MessageViewSchema = z.object({
  _id: z.uuid(),
  message: z.string(),
  username: z.string(),
  email: z.string(),
  createdAt: z.iso.datetime(),
  reply: z.string().nullable(),
  repliedAt: z.iso.datetime().nullable(),
});

export type MessageView = z.infer<typeof MessageViewSchema>;

export const MessageListAnswerSchema = listAnswerSchema(MessageViewSchema);
