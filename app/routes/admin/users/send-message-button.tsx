import { useEffect } from 'react';
import { useIsHydrated } from '#app/use-is-hydrated.ts';
import { PERSONAL_MESSAGE_MAX_LENGTH } from '#lib/limits.ts';
import { useFetcher } from 'react-router';
import type { UserRole } from '#lib/account.ts';
import { t } from '#lib/i18n.all.ts';
import type { UserActionResult, UserIntent } from './user-actions.server.ts';
import { IntentInput } from '#app/forms/intent-input.tsx';

/** The spec's failure text: it depends on the target's role (section 6). */
function messageFailureText(role: UserRole): string {
  return role === 'admin' ? t('users.messageFailed') : t('users.messageUnauthorized');
}

/**
 * Send message: with JavaScript a prompt (empty or cancelled sends nothing, a failure is an
 * alert); without it, a small form with a textarea.
 */
export function SendMessageButton({
  user,
}: {
  user: { id: string; name: string; role: UserRole };
}) {
  const fetcher = useFetcher<UserActionResult>({ key: `user-message-${user.id}` });
  const isHydrated = useIsHydrated();
  const sent = fetcher.state === 'idle' && fetcher.data?.ok ? fetcher.data : undefined;

  useEffect(() => {
    if (fetcher.data && !fetcher.data.ok) window.alert(messageFailureText(user.role));
  }, [fetcher.data, user.role]);

  if (!isHydrated) {
    return (
      <details className="text-sm">
        <summary className="inline-flex min-h-11 cursor-pointer items-center rounded-lg border border-slate-300 bg-white px-3 py-1.5 font-semibold text-slate-800">
          {t('users.sendMessage')}
        </summary>
        <form method="post" className="mt-2 space-y-2">
          <IntentInput<UserIntent> value="message" />
          <input type="hidden" name="userId" value={user.id} />
          <label htmlFor={`message-${user.id}`} className="field-label">
            {t('users.messageLabel')}
          </label>
          <textarea
            maxLength={PERSONAL_MESSAGE_MAX_LENGTH}
            id={`message-${user.id}`}
            name="message"
            rows={3}
            required
            className="field-input"
          />
          <button type="submit" className="button-primary">
            {t('users.messageSend')}
          </button>
        </form>
      </details>
    );
  }

  return (
    <span className="inline-flex flex-col gap-1">
      <button
        type="button"
        disabled={fetcher.state !== 'idle'}
        aria-label={`${t('users.sendMessage')} ${user.name}`}
        className="inline-flex min-h-11 items-center rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-semibold text-slate-800 hover:bg-slate-100 disabled:opacity-60"
        onClick={() => {
          const message = window.prompt(t('users.messagePrompt', { name: user.name }));
          if (message === null || message.trim() === '') return;
          void fetcher.submit({ intent: 'message', userId: user.id, message }, { method: 'post' });
        }}
      >
        {t('users.sendMessage')}
      </button>
      <span aria-live="polite" className="text-sm text-brand-800">
        {sent?.message}
      </span>
    </span>
  );
}
