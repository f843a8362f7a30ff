import type { ReactNode } from 'react';
import { describeRefusal, type FormResult } from '#lib/form-result.ts';
import { answerToShow, FormMessage } from './form-message.tsx';

/**
 * The line under a posted form, announced as it changes and brought into view: the success and
 * what happens next, or why it failed. It stays until the form is sent again.
 */
export function FormAnswer({
  result,
  failure,
  next,
  className,
}: {
  result: FormResult | undefined;
  /** The page's text for a failure (see describeRefusal). */
  failure: string;
  /** What happens after a success, under its message. */
  next?: ReactNode;
  className?: string;
}) {
  return (
    <div aria-live="polite" className={className}>
      {result && (
        <FormMessage tone={result.ok ? 'success' : 'error'} answer={answerToShow(result)}>
          {result.ok ? result.message : describeRefusal(result, failure)}
          {result.ok && next && <span className="mt-1 block font-normal">{next}</span>}
        </FormMessage>
      )}
    </div>
  );
}
