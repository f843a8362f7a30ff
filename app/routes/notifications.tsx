import { Form, useNavigation } from 'react-router';
import { z } from 'zod';
import { t } from '#lib/i18n.ts';
import { requireViewer } from '../auth.server.ts';
import { AccountPage } from '../components/account-page.tsx';
import { FormMessage } from '../components/form-message.tsx';
import { EmptyState } from '../components/listing-grid.tsx';
import { LoadFailure } from '../components/load-failure.tsx';
import {
  MARK_ALL_READ_INTENT,
  MARK_READ_INTENT,
  NotificationItem,
} from '../components/notification-item.tsx';
import { handleFormAction } from '../form-action.server.ts';
import { pageMeta } from '../page-meta.ts';
import type { Route } from './+types/notifications';

const MarkReadSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal(MARK_READ_INTENT), id: z.string() }),
  z.object({ intent: z.literal(MARK_ALL_READ_INTENT) }),
]);

/** The signed-in user's notifications: broadcasts for their role and personal messages. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireViewer(request, context);
  return context.services.notifications.listMyNotifications(viewer);
}

/** Mark one notification read, or all of them. */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireViewer(request, context);
  return handleFormAction(request, context, MarkReadSchema, async (input) => {
    if (input.intent === MARK_READ_INTENT) {
      await context.services.notifications.markRead(input.id, viewer);
      return t('notifications.markedRead');
    }
    await context.services.notifications.markAllRead(viewer);
    return t('notifications.allMarkedRead');
  });
}

export function meta() {
  return pageMeta({ title: t('notifications.heading'), description: t('notifications.intro') });
}

export function ErrorBoundary() {
  return <LoadFailure message={t('notifications.loadFailed')} />;
}

export default function NotificationsPage({
  loaderData: { data, unread },
  actionData,
}: Route.ComponentProps) {
  const navigation = useNavigation();
  return (
    <AccountPage heading={t('notifications.heading')}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-slate-700">{t('notifications.intro')}</p>
        {unread > 0 && (
          <Form method="post">
            <input type="hidden" name="intent" value={MARK_ALL_READ_INTENT} />
            <button
              type="submit"
              className="button-secondary"
              disabled={navigation.state === 'submitting'}
            >
              {t('notifications.markAllRead')}
            </button>
          </Form>
        )}
      </div>
      {actionData && !actionData.ok && <FormMessage tone="error">{actionData.message}</FormMessage>}
      {data.length === 0 ? (
        <EmptyState>{t('notifications.empty')}</EmptyState>
      ) : (
        <ul className="space-y-3">
          {data.map((notification) => (
            <NotificationItem key={notification._id} notification={notification} />
          ))}
        </ul>
      )}
    </AccountPage>
  );
}
