import { Link } from '#app/components/link.tsx';
import { t, tCount } from '#lib/i18n.ts';

/** The logged-in strip's way to the user's notifications, with a badge counting unread ones. */
export function NotificationLink({ unread }: { unread: number }) {
  const shown = unread > 99 ? '99+' : String(unread);
  return (
    <Link
      to="/notifications"
      aria-label={unread > 0 ? tCount('notifications.linkUnread', unread) : undefined}
      className="inline-flex items-center gap-1 rounded px-2 py-0.5 font-medium hover:bg-brand-800 hover:underline"
    >
      {t('notifications.link')}
      {unread > 0 && (
        <span
          aria-hidden="true"
          className="min-w-5 rounded-full bg-amber-400 px-1.5 text-center text-xs font-bold text-slate-900"
        >
          {shown}
        </span>
      )}
    </Link>
  );
}
