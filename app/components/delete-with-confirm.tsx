import type { FetcherWithComponents } from 'react-router';
import type { FormResult } from '#lib/form-result.ts';
import { IntentInput } from '#app/forms/intent-input.tsx';

/** The red outline button of destructive actions. */
export const DANGER_BUTTON =
  'inline-flex min-h-11 w-full items-center justify-center rounded-lg border border-red-300 bg-white px-4 py-2 font-semibold text-red-800 hover:bg-red-50 disabled:opacity-60';

/**
 * A full-width Delete that asks for confirmation first (cancelled: nothing is sent); a plain
 * form post without JavaScript. `intent` is sent when the page's action serves several forms.
 */
export function DeleteWithConfirm({
  fetcher,
  confirmText,
  label,
  busyLabel,
  intent,
  fields = {},
  className,
}: {
  fetcher: FetcherWithComponents<FormResult>;
  confirmText: string;
  label: string;
  busyLabel: string;
  intent?: string;
  /** Hidden fields to send along (the id of the row to delete). */
  fields?: Record<string, string>;
  className?: string;
}) {
  const isDeleting = fetcher.state !== 'idle';
  return (
    <fetcher.Form
      method="post"
      className={className}
      onSubmit={(event) => {
        if (!window.confirm(confirmText)) event.preventDefault();
      }}
    >
      {intent !== undefined && <IntentInput value={intent} />}
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" className={DANGER_BUTTON} disabled={isDeleting}>
        {isDeleting ? busyLabel : label}
      </button>
    </fetcher.Form>
  );
}
