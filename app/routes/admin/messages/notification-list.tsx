import { useFetcher } from 'react-router';
import { truncate } from '#lib/format.ts';
import { t } from '#lib/i18n.all.ts';
import type { NotificationView } from '#modules/notifications/notifications.schema.ts';
import { useFormSubmission } from '#app/forms/use-form-submission.ts';
import { IntentInput } from '#app/forms/intent-input.tsx';
import type { MessagesIntent } from './message-actions.server.ts';
import { FormMessage } from '#app/components/form-message.tsx';
import { EmptyState } from '#app/components/listing-grid.tsx';
import { formatDateTime } from '#lib/format.ts';

/** The spec's notification preview length. */
const NOTIFICATION_PREVIEW_LENGTH = 60;

const DELETE_KEY = 'notification-delete';
const smallButton = 'button-secondary min-h-9 px-3 py-1 text-sm';

function NotificationRow({
  notification,
  onEdit,
}: {
  notification: NotificationView;
  onEdit: (notification: NotificationView) => void;
}) {
  // Every row posts through the list's one fetcher, so that the list shows the outcome.
  const fetcher = useFetcher({ key: DELETE_KEY });
  return (
    <li className="space-y-2 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="font-semibold text-slate-900">{notification.title}</h3>
        <span className="text-sm text-slate-600">
          {t('notifications.sentTo', {
            audience: t(`notifications.audience.${notification.audience}`),
          })}
          {' · '}
          <time dateTime={notification.createdAt}>{formatDateTime(notification.createdAt)}</time>
        </span>
      </div>
      <p className="break-words text-slate-700">
        {truncate(notification.message, NOTIFICATION_PREVIEW_LENGTH)}
      </p>
      <div className="flex flex-wrap gap-2">
        <form
          method="get"
          onSubmit={(event) => {
            event.preventDefault();
            onEdit(notification);
          }}
        >
          <input type="hidden" name="editNotification" value={notification._id} />
          <button type="submit" className={smallButton}>
            {t('notifications.edit')}
          </button>
        </form>
        <fetcher.Form
          method="post"
          onSubmit={(event) => {
            if (!window.confirm(t('notifications.deleteConfirm'))) event.preventDefault();
          }}
        >
          <IntentInput<MessagesIntent> value="delete-notification" />
          <input type="hidden" name="id" value={notification._id} />
          <button
            type="submit"
            className={`${smallButton} text-red-800`}
            disabled={fetcher.state !== 'idle'}
          >
            {t('notifications.delete')}
          </button>
        </fetcher.Form>
      </div>
    </li>
  );
}

/** The recent broadcasts, each with a 60-character preview, Edit and Delete. */
export function NotificationList({
  notifications,
  onEdit,
}: {
  notifications: NotificationView[];
  onEdit: (notification: NotificationView) => void;
}) {
  const { result } = useFormSubmission({
    key: DELETE_KEY,
    isPageAction: false,
  });
  return (
    <section aria-labelledby="recent-notifications-heading" className="space-y-3">
      <h2 id="recent-notifications-heading" className="text-xl font-semibold">
        {t('notifications.recent')}
      </h2>
      {result && (
        <FormMessage tone={result.ok ? 'success' : 'error'} answer={result}>
          {result.ok ? result.message : t('notifications.deleteFailed')}
        </FormMessage>
      )}
      {notifications.length === 0 ? (
        <EmptyState>{t('notifications.noneSent')}</EmptyState>
      ) : (
        <ul className="space-y-3">
          {notifications.map((notification) => (
            <NotificationRow key={notification._id} notification={notification} onEdit={onEdit} />
          ))}
        </ul>
      )}
    </section>
  );
}
