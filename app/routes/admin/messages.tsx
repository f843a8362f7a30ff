import { useState } from 'react';
import { z } from 'zod';
import { t } from '#lib/i18n.ts';
import {
  MessageEditSchema,
  MessageListQuerySchema,
  MessageReplySchema,
} from '#modules/inbox/inbox.schema.ts';
import {
  NotificationEditSchema,
  NotificationInputSchema,
  type NotificationView,
} from '#modules/notifications/notifications.schema.ts';
import { requireViewer } from '../../auth.server.ts';
import { ADMIN_MESSAGES_INTENTS as INTENTS } from '../../components/admin-messages-intents.ts';
import { AdminMessagesItem, type InboxMode } from '../../components/admin-messages-item.tsx';
import { AdminMessagesNotificationForm } from '../../components/admin-messages-notification-form.tsx';
import { AdminMessagesNotificationList } from '../../components/admin-messages-notification-list.tsx';
import { FormMessage } from '../../components/form-message.tsx';
import { EmptyState } from '../../components/listing-grid.tsx';
import { LoadFailure } from '../../components/load-failure.tsx';
import { Pagination } from '../../components/pagination.tsx';
import { handleFormAction } from '../../form-action.server.ts';
import { pageMeta } from '../../page-meta.ts';
import type { Route } from './+types/messages';

const INBOX_PAGE_SIZE = 10;
const RECENT_NOTIFICATIONS = 10;

const WithId = z.object({ id: z.string() });

/** The inbox (one page of it) and the recent notifications. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = requireViewer(request, context, { role: 'admin' });
  const url = new URL(request.url);
  // A bad ?page= shows the first page rather than failing.
  const page = MessageListQuerySchema.shape.page.safeParse(
    url.searchParams.get('page') ?? undefined,
  );
  const [inbox, notifications] = await Promise.all([
    context.services.inbox.listMessages(
      { page: page.success ? page.data : 1, pageSize: INBOX_PAGE_SIZE },
      admin,
    ),
    context.services.notifications.listNotifications(
      { page: 1, pageSize: RECENT_NOTIFICATIONS },
      admin,
    ),
  ]);
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
export async function action({ request, context }: Route.ActionArgs) {
  const admin = requireViewer(request, context, { role: 'admin' });
  const { inbox, notifications } = context.services;
  const intent = (await request.clone().formData()).get('intent');
  switch (intent) {
    case INTENTS.updateMessage:
      return handleFormAction(
        request,
        context,
        MessageEditSchema.extend(WithId.shape),
        async (input) => {
          await inbox.updateMessage(input.id, input, admin);
          return t('inbox.updated');
        },
      );
    case INTENTS.deleteMessage:
      return handleFormAction(request, context, WithId, async (input) => {
        await inbox.deleteMessage(input.id, admin);
        return t('inbox.deleted');
      });
    case INTENTS.replyMessage:
      return handleFormAction(
        request,
        context,
        MessageReplySchema.extend(WithId.shape),
        async (input) => {
          await inbox.replyToMessage(input.id, input, admin);
          return t('inbox.replySent');
        },
      );
    case INTENTS.createNotification:
      return handleFormAction(request, context, NotificationInputSchema, async (input) => {
        await notifications.createNotification(input, admin);
        return t('notifications.sent');
      });
    case INTENTS.updateNotification:
      return handleFormAction(
        request,
        context,
        NotificationEditSchema.extend(WithId.shape),
        async (input) => {
          await notifications.updateNotification(input.id, input, admin);
          return t('notifications.updated');
        },
      );
    case INTENTS.deleteNotification:
      return handleFormAction(request, context, WithId, async (input) => {
        await notifications.deleteNotification(input.id, admin);
        return t('notifications.deleted');
      });
    default:
      return handleFormAction(request, context, z.object({ intent: z.never() }), async () => '');
  }
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
                <AdminMessagesItem
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
          <AdminMessagesNotificationForm editing={editing} onDone={() => setEditing(null)} />
          <AdminMessagesNotificationList
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
