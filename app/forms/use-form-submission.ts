import {
  createElement,
  forwardRef,
  useEffect,
  useMemo,
  useRef,
  useState,
  type FormEvent,
} from 'react';
import {
  useActionData,
  useFetcher,
  type FetcherFormProps,
  type FetcherWithComponents,
} from 'react-router';
import type { FormResult } from '#lib/form-result.ts';
import { t } from '#lib/i18n.ts';

/** What a posted form answers; a page with several forms says which one (`intent`). */
export type Answer = FormResult & { intent?: string | null };

/** The answer to a form that never left: the visitor is offline, what they typed stays. */
function notSentAnswer(): Answer {
  return { ok: false, message: t('offline.formNotSent'), fieldErrors: {}, isOffline: true };
}

/** The service worker answers a post that could not leave without a text: it has none. */
function withOfflineText(answer: Answer | undefined): Answer | undefined {
  return answer && !answer.ok && answer.isOffline ? notSentAnswer() : answer;
}

/** The method a submission uses: its button's `formmethod`, else the form's (GET by default). */
function methodOf(event: FormEvent<HTMLFormElement>, formMethod: string | undefined): string {
  const submitter = (event.nativeEvent as SubmitEvent).submitter;
  return (submitter?.getAttribute('formmethod') ?? formMethod ?? 'get').toLowerCase();
}

/**
 * Everything a form of ours needs: a fetcher (the page stays while it posts), the answer, the
 * field errors, and a reset after success. The answer stays until the next submission; a
 * field's error goes as soon as the visitor changes that field (`onInput` on the form).
 *
 * The answer of a post made without JavaScript (the page's own action data) counts too, unless
 * `isPageAction` is false (another form of the page posted); with `intent`, only when the page
 * answered that form. With `resetAfterMs`, a successful form keeps what was sent for that long
 * (the request form shows its photos with the message); by default it resets at once.
 *
 * Offline, a form is never lost (decision 021): its `fetcher.Form` does not post while the
 * browser knows it is offline, and shows that nothing was sent, keeping what was typed; a post
 * that fails on the way is answered the same by the service worker (`isOffline`).
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
  const routerFetcher = useFetcher<Answer>({ key });
  const actionData = useActionData<Answer>();
  const pageAnswer =
    isPageAction && (intent === undefined || actionData?.intent === intent)
      ? actionData
      : undefined;
  // A submission refused here because the browser is offline, until the next one is sent.
  const [notSent, setNotSent] = useState<Answer>();
  const PostingForm = routerFetcher.Form;
  const Form = useMemo(
    () =>
      forwardRef<HTMLFormElement, FetcherFormProps>(function OfflineAwareForm(
        { onSubmit, ...props },
        ref,
      ) {
        const submit = (event: FormEvent<HTMLFormElement>) => {
          onSubmit?.(event);
          if (event.defaultPrevented) return;
          // A GET only reads: the service worker answers it from what the phone kept.
          if (methodOf(event, props.method) !== 'get' && !navigator.onLine) {
            event.preventDefault();
            setNotSent(notSentAnswer());
            return;
          }
          setNotSent(undefined);
        };
        return createElement(PostingForm, { ...props, ref, onSubmit: submit });
      }),
    [PostingForm],
  );
  const fetcher: FetcherWithComponents<Answer> = useMemo(
    () => ({ ...routerFetcher, Form }),
    [routerFetcher, Form],
  );
  const answer = withOfflineText(notSent ?? fetcher.data ?? pageAnswer);
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
