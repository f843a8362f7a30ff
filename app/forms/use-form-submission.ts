import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useActionData, useFetcher } from 'react-router';
import type { FormResult } from '#lib/form-result.ts';

/** What a posted form answers; a page with several forms says which one (`intent`). */
export type Answer = FormResult & { intent?: string | null };

/**
 * Everything a form of ours needs: a fetcher (the page stays while it posts), the answer, the
 * field errors, and a reset after success. The answer stays until the next submission; a
 * field's error goes as soon as the visitor changes that field (`onInput` on the form).
 *
 * The answer of a post made without JavaScript (the page's own action data) counts too, unless
 * `isPageAction` is false (another form of the page posted); with `intent`, only when the page
 * answered that form. With `resetAfterMs`, a successful form keeps what was sent for that long
 * (the request form shows its photos with the message); by default it resets at once.
 */
export function useFormSubmission({
  key,
  intent,
  isPageAction = true,
  resetAfterMs,
}: {
  key: string;
  intent?: string;
  isPageAction?: boolean;
  resetAfterMs?: number;
}) {
  const fetcher = useFetcher<Answer>({ key });
  const actionData = useActionData<Answer>();
  const pageAnswer =
    isPageAction && (intent === undefined || actionData?.intent === intent)
      ? actionData
      : undefined;
  const answer = fetcher.data ?? pageAnswer;
  const isSubmitting = fetcher.state !== 'idle';
  const formRef = useRef<HTMLFormElement>(null);

  // Fields changed since the answer arrived: their errors no longer apply.
  const [edited, setEdited] = useState<{ answer: Answer | undefined; fields: string[] }>({
    answer,
    fields: [],
  });
  const editedFields = edited.answer === answer ? edited.fields : [];
  const fieldErrors: Record<string, string> = {};
  if (answer && !answer.ok) {
    for (const [field, message] of Object.entries(answer.fieldErrors)) {
      if (!editedFields.includes(field)) fieldErrors[field] = message;
    }
  }
  const onInput = (event: FormEvent<HTMLFormElement>) => {
    const { name } = event.target as HTMLInputElement;
    if (name && fieldErrors[name]) setEdited({ answer, fields: [...editedFields, name] });
  };

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
    /** The latest answer; none while the next submission is on its way. */
    result: isSubmitting ? undefined : answer,
    isSubmitting,
    fieldErrors,
    onInput,
  };
}

/** A form's state, handed to a form component shared by a create and an edit page. */
export type FormSubmission = ReturnType<typeof useFormSubmission>;
