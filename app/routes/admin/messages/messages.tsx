import { useState } from 'react';
import { NOTIFICATION_LIST_PAGE_SIZE } from '#lib/limits.ts';
import { t } from '#lib/i18n.all.ts';
import { MessageListQuerySchema } from '#modules/inbox/inbox.schema.ts';
import type { NotificationView } from '#modules/notifications/notifications.schema.ts';
import { adminContext } from '#app/auth.server.ts';
import { handleMessagesAction } from './message-actions.server.ts';
import { InboxItem, type InboxMode } from './inbox-item.tsx';
import { NotificationForm } from './notification-form.tsx';
import { NotificationList } from './notification-list.tsx';
import { FormMessage } from '#app/components/form-message.tsx';
import { EmptyState } from '#app/components/listing-grid.tsx';
import { LoadFailure } from '#app/components/load-failure.tsx';
import { Pagination } from '#app/components/pagination.tsx';
import { pageMeta } from '#app/page-meta.ts';
import type { Route } from './+types/messages';
import { getServices } from '#server/load-context.ts';
import { readListQuery } from '#lib/list-query.ts';
import { redirectPastLastPage } from '#app/last-page.server.ts';

/** The inbox (one page of it) and the recent notifications. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = context.get(adminContext);
  const url = new URL(request.url);
  const services = getServices(context);
  const [inbox, notifications] = await Promise.all([
    services.inbox.listMessages(readListQuery(url, MessageListQuerySchema), admin),
    services.notifications.listNotifications(
      { page: 1, pageSize: NOTIFICATION_LIST_PAGE_SIZE },
      admin,
    ),
  ]);
  redirectPastLastPage(request, inbox);
  // Without JavaScript, Edit and Reply ask for the page again with the box to open.
  const editNotification = url.searchParams.get('editNotification');
  return {
    inbox,
    notifications: notifications.items,
    open: { edit: url.searchParams.get('edit'), reply: url.searchParams.get('reply') },
    editing: notifications.items.find((item) => item._id === editNotification) ?? null,
  };
}

/** Every form of the page: edit, delete or reply to a message; create, edit or delete a notification. */
export function action({ request, context }: Route.ActionArgs) {
  return handleMessagesAction({ request, context });
}

export function meta() {
  return pageMeta({ title: t('inbox.heading'), description: t('inbox.intro') });
}

export function ErrorBoundary() {
  return <LoadFailure message={t('inbox.loadFailed')} />;
}

function modeOf(id: string, open: { edit: string | null; reply: string | null }): InboxMode {
  if (open.edit === id) return 'edit';
  if (open.reply === id) return 'reply';
  return 'view';
}

export default function AdminMessages({
  loaderData: { inbox, notifications, open, editing: initialEditing },
  actionData,
}: Route.ComponentProps) {
  const [chosen, setEditing] = useState<NotificationView | null>(initialEditing);
  // A notification deleted while it was being edited: back to creating one.
  const editing = chosen && notifications.some((item) => item._id === chosen._id) ? chosen : null;

  return (
    <main id="main" className="container-page space-y-8 py-10">
      <div className="space-y-2">
        <h1 className="text-3xl font-bold">{t('inbox.heading')}</h1>
        <p className="text-slate-700">{t('inbox.intro')}</p>
      </div>
      {/* The answer to a form posted without JavaScript. */}
      {actionData && (
        <FormMessage tone={actionData.ok ? 'success' : 'error'}>{actionData.message}</FormMessage>
      )}
      <div className="grid gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <section aria-labelledby="inbox-heading" className="min-w-0 space-y-4">
          <h2 id="inbox-heading" className="text-xl font-semibold">
            {t('inbox.title')}
          </h2>
          {inbox.items.length === 0 ? (
            <EmptyState>{t('inbox.empty')}</EmptyState>
          ) : (
            <ul className="space-y-4">
              {inbox.items.map((message) => (
                <InboxItem
                  key={message._id}
                  message={message}
                  initialMode={modeOf(message._id, open)}
                  page={inbox.page}
                />
              ))}
            </ul>
          )}
          <Pagination page={inbox} />
        </section>
        <div className="min-w-0 space-y-8">
          <NotificationForm editing={editing} onDone={() => setEditing(null)} />
          <NotificationList
            notifications={notifications}
            onEdit={(notification) => {
              setEditing(notification);
              document.getElementById('notification-form-heading')?.scrollIntoView();
            }}
          />
        </div>
      </div>
    </main>
  );
}
