import { useFetcher } from 'react-router';
import type { UserStatus } from '#lib/account.ts';
import { t } from '#lib/i18n.all.ts';
import type { UserActionResult, UserIntent } from './user-actions.server.ts';
import { IntentInput } from '#app/forms/intent-input.tsx';

/** Block an active user or unblock a blocked one; 'Failed to update user status.' otherwise. */
export function UserStatusButton({
  userId,
  status,
  name,
}: {
  userId: string;
  status: UserStatus;
  name: string;
}) {
  const fetcher = useFetcher<UserActionResult>({ key: `user-status-${userId}` });
  // The answer reloads the page's data, which carries the new status.
  const shown = status;
  const isBusy = fetcher.state !== 'idle';
  const label = shown === 'Active' ? t('users.block') : t('users.unblock');
  const failure =
    fetcher.state === 'idle' && fetcher.data && !fetcher.data.ok ? fetcher.data : null;
  return (
    <fetcher.Form method="post" className="inline-flex flex-col gap-1">
      <IntentInput<UserIntent> value="status" />
      <input type="hidden" name="userId" value={userId} />
      <button
        type="submit"
        disabled={isBusy}
        aria-label={`${label} ${name}`}
        className={`inline-flex min-h-11 items-center rounded-lg border px-3 py-1.5 text-sm font-semibold disabled:opacity-60 ${
          shown === 'Active'
            ? 'border-red-300 bg-white text-red-800 hover:bg-red-50'
            : 'border-brand-600 bg-white text-brand-800 hover:bg-brand-50'
        }`}
      >
        {label}
      </button>
      {failure && (
        <span role="alert" className="text-sm text-red-700">
          {t('users.statusFailed')} {failure.message}
        </span>
      )}
    </fetcher.Form>
  );
}
