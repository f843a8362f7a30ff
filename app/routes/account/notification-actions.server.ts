import { z } from 'zod';
import { t } from '#lib/i18n.all.ts';
import { getServices } from '#server/load-context.ts';
import { requireViewer } from '#app/auth.server.ts';
import {
  formHandler,
  handleIntents,
  type FormArgs,
  type IntentOf,
} from '#app/forms/form-action.server.ts';

/** Mark one of the signed-in user's notifications read, or all of them. */
export function handleNotificationAction(args: FormArgs) {
  const viewer = requireViewer(args.request, args.context);
  const { notifications } = getServices(args.context);
  return handleIntents(args, {
    'mark-read': formHandler(z.object({ id: z.string() }), async ({ id }) => {
      await notifications.markRead(id, viewer);
      return t('notifications.markedRead');
    }),
    'mark-all-read': formHandler(z.object({}), async () => {
      await notifications.markAllRead(viewer);
      return t('notifications.allMarkedRead');
    }),
  });
}

export type NotificationIntent = IntentOf<typeof handleNotificationAction>;
