import { useEffect, useRef } from 'react';
import { useActionData, useFetcher } from 'react-router';
import type { FormResult } from '#lib/form-result.ts';
import { useTransientResult } from './use-transient-result.ts';

/**
 * Everything a form of ours needs: a fetcher (the page stays while it posts), the answer shown
 * for `visibleMs`, the field errors, and a reset after success. With `isPageAction`, the answer
 * of a post made without JavaScript (the page's own action data) counts too.
 */
export function useFormSubmission({
  key,
  visibleMs,
  isPageAction,
}: {
  key: string;
  visibleMs: number;
  isPageAction: boolean;
}) {
  const fetcher = useFetcher<FormResult>({ key });
  const actionData = useActionData<FormResult>();
  const answer = fetcher.data ?? (isPageAction ? actionData : undefined);
  const result = useTransientResult(answer, visibleMs);
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (fetcher.data?.ok) formRef.current?.reset();
  }, [fetcher.data]);

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
