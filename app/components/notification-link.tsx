import { Link } from '#app/components/link.tsx';
import { t, tCount } from '#lib/i18n.ts';
import { Icon } from './icon.tsx';

/**
 * The header's bell: the way to the user's notifications, with a badge counting unread ones.
 * An icon, so that it stays on a phone's one-line header; its name says the count.
 */
export function NotificationLink({
  unread,
  tone,
}: {
  unread: number;
  /** On the dark top bar, or on the white bar of a phone. */
  tone: 'dark' | 'light';
}) {
  const shown = unread > 99 ? '99+' : String(unread);
  return (
    <Link
      to="/notifications"
      aria-label={unread > 0 ? tCount('notifications.linkUnread', unread) : t('notifications.link')}
      className={`relative inline-flex min-h-11 min-w-11 items-center justify-center rounded-md ${
        tone === 'dark' ? 'hover:bg-brand-800' : 'text-slate-800 hover:bg-slate-100'
      }`}
    >
      <Icon name="bell" className="h-6 w-6" />
      {unread > 0 && (
        <span
          aria-hidden="true"
          className="absolute top-0.5 right-0 min-w-5 rounded-full bg-amber-400 px-1 text-center text-xs leading-5 font-bold text-slate-900"
        >
          {shown}
        </span>
      )}
    </Link>
  );
}
