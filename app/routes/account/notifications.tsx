import { Form, useNavigation } from 'react-router';
import { Link } from '#app/components/link.tsx';
import { t } from '#lib/i18n.pages.ts';
import { requireViewer } from '#app/auth.server.ts';
import { AccountPage } from '#app/components/account-page.tsx';
import { FormMessage } from '#app/components/form-message.tsx';
import { EmptyState } from '#app/components/listing-grid.tsx';
import { LoadFailure } from '#app/components/load-failure.tsx';
import { NotificationItem } from './notification-item.tsx';
import {
  handleNotificationAction,
  type NotificationIntent,
} from './notification-actions.server.ts';
import { IntentInput } from '#app/forms/intent-input.tsx';
import { pageMeta } from '#app/page-meta.ts';
import type { Route } from './+types/notifications';
import { getServices } from '#server/load-context.ts';

/** The signed-in user's notifications: broadcasts for their role and personal messages. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireViewer(request, context);
  return getServices(context).notifications.listMyNotifications(viewer);
}

/** Mark one notification read, or all of them. */
export function action({ request, context }: Route.ActionArgs) {
  return handleNotificationAction({ request, context });
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
        <p className="text-slate-700">
          {t('notifications.intro')}{' '}
          <Link to="/account/notifications" className="font-semibold text-brand-800 underline">
            {t('emailChoices.link')}
          </Link>
        </p>
        {unread > 0 && (
          <Form method="post">
            <IntentInput<NotificationIntent> value="mark-all-read" />
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
