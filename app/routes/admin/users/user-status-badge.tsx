import type { UserStatus } from '#lib/account.ts';
import { t } from '#lib/i18n.all.ts';

/** Active or Blocked. */
export function UserStatusBadge({ status }: { status: UserStatus }) {
  const shown = status;
  return (
    <span
      className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${
        shown === 'Active' ? 'bg-brand-100 text-brand-900' : 'bg-red-100 text-red-800'
      }`}
    >
      {t(`users.status.${shown}`)}
    </span>
  );
}
