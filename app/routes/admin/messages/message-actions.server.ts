import { z } from 'zod';
import { t } from '#lib/i18n.all.ts';
import { MessageEditSchema, MessageReplySchema } from '#modules/inbox/inbox.schema.ts';
import {
  NotificationEditSchema,
  NotificationInputSchema,
} from '#modules/notifications/notifications.schema.ts';
import { getServices } from '#server/load-context.ts';
import { adminContext } from '#app/auth.server.ts';
import {
  formHandler,
  handleIntents,
  type FormArgs,
  type IntentOf,
} from '#app/forms/form-action.server.ts';

const WithId = z.object({ id: z.string() });

/** The forms of /admin-panel/messages: contact messages, and notifications to users. */
export function handleMessagesAction(args: FormArgs) {
  const admin = args.context.get(adminContext);
  const { inbox, notifications } = getServices(args.context);
  return handleIntents(args, {
    'update-message': formHandler(MessageEditSchema.extend(WithId.shape), async (input) => {
      await inbox.updateMessage(input.id, input, admin);
      return t('inbox.updated');
    }),
    'delete-message': formHandler(WithId, async ({ id }) => {
      await inbox.deleteMessage(id, admin);
      return t('inbox.deleted');
    }),
    'reply-message': formHandler(MessageReplySchema.extend(WithId.shape), async (input) => {
      await inbox.replyToMessage(input.id, input, admin);
      return t('inbox.replySent');
    }),
    'create-notification': formHandler(NotificationInputSchema, async (input) => {
      await notifications.createNotification(input, admin);
      return t('notifications.sent');
    }),
    'update-notification': formHandler(
      NotificationEditSchema.extend(WithId.shape),
      async (input) => {
        await notifications.updateNotification(input.id, input, admin);
        return t('notifications.updated');
      },
    ),
    'delete-notification': formHandler(WithId, async ({ id }) => {
      await notifications.deleteNotification(id, admin);
      return t('notifications.deleted');
    }),
  });
}

export type MessagesIntent = IntentOf<typeof handleMessagesAction>;
