import { useFetcher } from 'react-router';
import type { UserStatus } from '#lib/account.ts';
import { t } from '#lib/i18n.ts';
import type { UserActionResult } from '../admin-users.server.ts';

/** The fetcher key of a user's block/unblock form: the status badge reads its answer too. */
export const statusFetcherKey = (userId: string) => `user-status-${userId}`;

/** The status to show: the last block/unblock answer's, else the loaded one. */
export function useShownStatus(userId: string, loaded: UserStatus): UserStatus {
  const fetcher = useFetcher<UserActionResult>({ key: statusFetcherKey(userId) });
  return fetcher.state === 'idle' && fetcher.data?.ok && fetcher.data.status
    ? fetcher.data.status
    : loaded;
}

/** Block an active user or unblock a blocked one; 'Failed to update user status.' otherwise. */
export function AdminUsersStatusButton({
  userId,
  status,
  name,
}: {
  userId: string;
  status: UserStatus;
  name: string;
}) {
  const fetcher = useFetcher<UserActionResult>({ key: statusFetcherKey(userId) });
  const shown = useShownStatus(userId, status);
  const isBusy = fetcher.state !== 'idle';
  const label = shown === 'Active' ? t('users.block') : t('users.unblock');
  const failure =
    fetcher.state === 'idle' && fetcher.data && !fetcher.data.ok ? fetcher.data : null;
  return (
    <fetcher.Form method="post" className="inline-flex flex-col gap-1">
      <input type="hidden" name="intent" value="status" />
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
