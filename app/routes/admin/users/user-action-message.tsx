import type { UserRole } from '#lib/account.ts';
import { t } from '#lib/i18n.all.ts';
import type { Answer } from '#app/forms/use-form-submission.ts';
import { FormMessage } from '#app/components/form-message.tsx';

const FAILURES = {
  status: 'users.statusFailed',
  update: 'users.updateFailed',
  promote: 'users.promoteFailed',
  delete: 'users.deleteFailed',
} as const;

/** The spec's failure text for a user action, then the server's reason. */
function failureText(result: Answer, role: UserRole | undefined): string {
  if (result.ok) return result.message;
  const reason = Object.keys(result.fieldErrors).length > 0 ? '' : ` ${result.message}`;
  if (result.intent === 'message') {
    const base =
      role && role !== 'admin' ? t('users.messageUnauthorized') : t('users.messageFailed');
    return `${base}${reason}`;
  }
  const key = Object.entries(FAILURES).find(([intent]) => intent === result.intent)?.[1];
  return key ? `${t(key)}${reason}` : result.message;
}

/** The answer of a user action: its success message, or the spec's failure text and why. */
export function UserActionMessage({
  result,
  role,
}: {
  result: Answer;
  /** The target's role: the message failure text depends on it. */
  role: UserRole | undefined;
}) {
  return (
    <FormMessage tone={result.ok ? 'success' : 'error'}>{failureText(result, role)}</FormMessage>
  );
}
