import type { FetcherWithComponents } from 'react-router';
import type { FormResult } from '#lib/form-result.ts';

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
  className,
}: {
  fetcher: FetcherWithComponents<FormResult>;
  confirmText: string;
  label: string;
  busyLabel: string;
  intent?: string;
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
      {intent !== undefined && <input type="hidden" name="intent" value={intent} />}
      <button type="submit" className={DANGER_BUTTON} disabled={isDeleting}>
        {isDeleting ? busyLabel : label}
      </button>
    </fetcher.Form>
  );
}
