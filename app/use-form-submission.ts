import { useEffect, useRef } from 'react';
import { useActionData, useFetcher } from 'react-router';
import type { FormResult } from '#lib/form-result.ts';
import { useTransientResult } from './use-transient-result.ts';

/**
 * Everything a form of ours needs: a fetcher (the page stays while it posts), the answer shown
 * for `visibleMs`, the field errors, and a reset after success. With `isPageAction`, the answer
 * of a post made without JavaScript (the page's own action data) counts too. With `resetAfterMs`,
 * the form keeps what was sent until then (the request form clears with its message); by default
 * it resets as soon as the success arrives.
 */
export function useFormSubmission({
  key,
  visibleMs,
  isPageAction,
  resetAfterMs,
}: {
  key: string;
  visibleMs: number;
  isPageAction: boolean;
  resetAfterMs?: number;
}) {
  const fetcher = useFetcher<FormResult>({ key });
  const actionData = useActionData<FormResult>();
  const answer = fetcher.data ?? (isPageAction ? actionData : undefined);
  const result = useTransientResult(answer, visibleMs);
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (!fetcher.data?.ok) return;
    if (resetAfterMs === undefined) {
      formRef.current?.reset();
      return;
    }
    const timer = setTimeout(() => formRef.current?.reset(), resetAfterMs);
    return () => clearTimeout(timer);
  }, [fetcher.data, resetAfterMs]);

  return {
    fetcher,
    formRef,
    /** The latest answer, kept after the transient `result` has cleared. */
    answer,
    result,
    isSubmitting: fetcher.state !== 'idle',
    fieldErrors: answer && !answer.ok ? answer.fieldErrors : {},
  };
}
