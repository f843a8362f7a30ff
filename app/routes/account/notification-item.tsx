import { useFetcher } from 'react-router';
import { Link } from '#app/components/link.tsx';
import { t } from '#lib/i18n.pages.ts';
import type { MyNotification } from '#modules/notifications/notifications.schema.ts';
import { formatDateTime } from '#lib/format.ts';
import { IntentInput } from '#app/forms/intent-input.tsx';
import type { NotificationIntent } from './notification-actions.server.ts';

/** One notification in the user's inbox: unread ones stand out and can be marked read. */
export function NotificationItem({ notification }: { notification: MyNotification }) {
  const fetcher = useFetcher({ key: `notification-${notification._id}` });
  // Shown read as soon as the mark is sent; the list reloads after it.
  const isRead = notification.isRead || fetcher.state !== 'idle';
  const headingId = `notification-${notification._id}-title`;
  return (
    <li>
      <article
        aria-labelledby={headingId}
        className={`rounded-xl border bg-white p-4 shadow-sm ${
          isRead ? 'border-slate-200' : 'border-l-4 border-brand-600'
        }`}
      >
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h2 id={headingId} className={`text-lg ${isRead ? 'font-medium' : 'font-bold'}`}>
            {notification.title}
          </h2>
          <div className="flex flex-wrap gap-2 text-xs font-semibold">
            {notification.isPersonal && (
              <span className="rounded bg-slate-100 px-2 py-0.5 text-slate-700">
                {t('notifications.personal')}
              </span>
            )}
            {!isRead && (
              <span className="rounded bg-brand-700 px-2 py-0.5 text-white">
                {t('notifications.unread')}
              </span>
            )}
          </div>
        </div>
        <p className="mt-2 break-words whitespace-pre-line text-slate-800">
          {notification.message}
        </p>
        {notification.link && (
          <Link
            to={notification.link}
            className="mt-2 inline-block font-semibold text-brand-800 underline"
          >
            {t('notifications.open')}
          </Link>
        )}
        <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
          <time dateTime={notification.createdAt} className="text-sm text-slate-600">
            {formatDateTime(notification.createdAt)}
          </time>
          {!isRead && (
            <fetcher.Form method="post">
              <IntentInput<NotificationIntent> value="mark-read" />
              <input type="hidden" name="id" value={notification._id} />
              <button
                type="submit"
                className="button-secondary min-h-9 px-3 py-1 text-sm"
                aria-label={`${t('notifications.markRead')}: ${notification.title}`}
              >
                {t('notifications.markRead')}
              </button>
            </fetcher.Form>
          )}
        </div>
      </article>
    </li>
  );
}
