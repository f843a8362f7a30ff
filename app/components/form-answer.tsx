import type { ReactNode } from 'react';
import type { FormResult } from '#lib/form-result.ts';
import { FormMessage } from './form-message.tsx';

/**
 * What a refusal says: the page's own text when fields are to blame (the error summary and the
 * fields say what to fix); otherwise the server's reason (a limit, a conflict), which says more.
 */
function refusalText(result: Extract<FormResult, { ok: false }>, pageText: string): string {
  const hasFieldErrors = Object.keys(result.fieldErrors).length > 0;
  return hasFieldErrors ? pageText : result.message || pageText;
}

/**
 * The line under a posted form, announced as it changes: the success and what happens next,
 * or why it failed. It stays until the form is sent again.
 */
export function FormAnswer({
  result,
  failure,
  next,
  className,
}: {
  result: FormResult | undefined;
  /** The page's text for a refusal (see refusalText). */
  failure: string;
  /** What happens after a success, under its message. */
  next?: ReactNode;
  className?: string;
}) {
  return (
    <div aria-live="polite" className={className}>
      {result && (
        <FormMessage tone={result.ok ? 'success' : 'error'}>
          {result.ok ? result.message : refusalText(result, failure)}
          {result.ok && next && <span className="mt-1 block font-normal">{next}</span>}
        </FormMessage>
      )}
    </div>
  );
}
