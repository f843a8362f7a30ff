import { z } from 'zod';
import { requiredText } from '#lib/form-fields.ts';
import { t } from '#lib/i18n.all.ts';
import { NOTIFICATION_AUDIENCES } from '#lib/notifications.ts';
import {
  NOTIFICATION_LIST_PAGE_SIZE,
  NOTIFICATION_MESSAGE_MAX_LENGTH,
  TITLE_MAX_LENGTH,
} from '#lib/limits.ts';
import { listAnswerSchema, listQuerySchema } from '#lib/list-query.ts';

/** A blank audience (a form's empty choice) counts as not given. */
const blankToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

const AudienceSchema = z.enum(NOTIFICATION_AUDIENCES, {
  error: () => t('notifications.audienceInvalid'),
});

const fields = {
  title: requiredText('notifications.title', TITLE_MAX_LENGTH),
  message: requiredText('notifications.message', NOTIFICATION_MESSAGE_MAX_LENGTH),
};

/** A new broadcast: title and message required; it reaches everyone unless narrowed. */
export const NotificationInputSchema = z.object({
  ...fields,
  audience: z.preprocess(blankToUndefined, AudienceSchema.default('everyone')),
});

export type NotificationInput = z.infer<typeof NotificationInputSchema>;

/** An edited broadcast: without an audience, the one it had stays. */
export const NotificationEditSchema = z.object({
  ...fields,
  audience: z.preprocess(blankToUndefined, AudienceSchema.optional()),
});

export type NotificationEdit = z.infer<typeof NotificationEditSchema>;

export const NotificationListQuerySchema = listQuerySchema(NOTIFICATION_LIST_PAGE_SIZE, {});

export type NotificationListQuery = z.infer<typeof NotificationListQuerySchema>;

/** A broadcast as admins manage it (the spec's Notification, with its audience). */
const NotificationViewSchema = z.object({
  _id: z.uuid(),
  title: z.string(),
  message: z.string(),
  audience: z.enum(NOTIFICATION_AUDIENCES),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});

export type NotificationView = z.infer<typeof NotificationViewSchema>;

export const NotificationListAnswerSchema = listAnswerSchema(NotificationViewSchema);

export const NotificationAnswerSchema = z.object({
  message: z.string(),
  notification: NotificationViewSchema,
});

/** A notification in a user's inbox: a broadcast for them or a personal message. */
const MyNotificationSchema = z.object({
  _id: z.uuid(),
  title: z.string(),
  message: z.string(),
  createdAt: z.iso.datetime(),
  /** The page it is about (a conversation, a listing), as a path on this site. */
  link: z.string().nullable(),
  isRead: z.boolean(),
  isPersonal: z.boolean(),
});

export type MyNotification = z.infer<typeof MyNotificationSchema>;

export const MyNotificationsAnswerSchema = z.object({
  data: z.array(MyNotificationSchema),
  unread: z.number().int(),
});

export type MyNotifications = z.infer<typeof MyNotificationsAnswerSchema>;
