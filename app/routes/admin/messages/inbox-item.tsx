import { useState } from 'react';
import { CONTACT_MESSAGE_MAX_LENGTH } from '#lib/limits.ts';
import { t } from '#lib/i18n.all.ts';
import type { MessageView } from '#modules/inbox/inbox.schema.ts';
import { useFormSubmission } from '#app/forms/use-form-submission.ts';
import { IntentInput } from '#app/forms/intent-input.tsx';
import type { MessagesIntent } from './message-actions.server.ts';
import { FormErrorSummary } from '#app/components/form-error-summary.tsx';
import { FormMessage } from '#app/components/form-message.tsx';
import { formatDateTime } from '#lib/format.ts';

export type InboxMode = 'view' | 'edit' | 'reply';

const FAILURES = {
  'update-message': 'inbox.updateFailed',
  'delete-message': 'inbox.deleteFailed',
  'reply-message': 'inbox.replyFailed',
} as const;

type ItemIntent = keyof typeof FAILURES;

/** Which of the item's forms an answer is about (an edit, when it cannot tell). */
function failedIntentOf(intent: string | null | undefined): ItemIntent {
  return intent === 'reply-message' || intent === 'delete-message' ? intent : 'update-message';
}

const smallButton = 'button-secondary min-h-9 px-3 py-1 text-sm';

/**
 * A button that opens the edit or reply box. Without JavaScript it asks the page again with
 * `?edit=` or `?reply=` (the server opens the box); with it, the box opens in place.
 */
function ModeButton({
  mode,
  messageId,
  page,
  label,
  onOpen,
}: {
  mode: 'edit' | 'reply';
  messageId: string;
  page: number;
  label: string;
  onOpen: () => void;
}) {
  return (
    <form
      method="get"
      onSubmit={(event) => {
        event.preventDefault();
        onOpen();
      }}
    >
      <input type="hidden" name="page" value={page} />
      <input type="hidden" name={mode} value={messageId} />
      <button type="submit" className={smallButton}>
        {label}
      </button>
    </form>
  );
}

/** Closes the edit or reply box: in place, or (without JavaScript) by asking for the page again. */
function CancelLink({ page, onCancel }: { page: number; onCancel: () => void }) {
  return (
    <a
      href={`?page=${page}`}
      className="button-secondary"
      onClick={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      {t('inbox.cancel')}
    </a>
  );
}

/** One contact message in the admin inbox, with Edit, Reply and Delete. */
export function InboxItem({
  message,
  initialMode,
  page,
}: {
  message: MessageView;
  initialMode: InboxMode;
  page: number;
}) {
  const [mode, setMode] = useState<InboxMode>(initialMode);
  const [emptyReply, setEmptyReply] = useState(false);
  const { fetcher, result, isSubmitting, fieldErrors, onInput } = useFormSubmission({
    key: `inbox-${message._id}`,
    isPageAction: false,
  });

  // A saved edit or a sent reply closes its box (set while rendering the new answer, as React
  // advises for state that follows other state); the list reloads with the change.
  const [seenAnswer, setSeenAnswer] = useState(fetcher.data);
  if (fetcher.data !== seenAnswer) {
    setSeenAnswer(fetcher.data);
    if (fetcher.data?.ok) setMode('view');
  }

  const id = message._id;
  const headingId = `inbox-${id}-sender`;
  const statusText =
    result &&
    (result.ok
      ? result.message
      : result.intent === 'reply-message' && fieldErrors.reply
        ? fieldErrors.reply
        : t(FAILURES[failedIntentOf(result.intent)]));
  // One fetcher serves the item's forms: each summary shows only the answer to its own form.
  const answerTo = (intent: ItemIntent) => (result?.intent === intent ? result : undefined);
  const errorsOf = (intent: ItemIntent) => (answerTo(intent) ? fieldErrors : {});
  const close = () => {
    setMode('view');
    setEmptyReply(false);
  };

  return (
    <li>
      <article
        aria-labelledby={headingId}
        className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
      >
        <header className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
          <div className="min-w-0">
            <h3 id={headingId} className="font-semibold text-slate-900">
              {message.username}
            </h3>
            <a
              href={`mailto:${message.email}`}
              className="text-sm break-all text-brand-800 underline"
            >
              {message.email}
            </a>
          </div>
          <time dateTime={message.createdAt} className="text-sm text-slate-600">
            {t('inbox.received', { date: formatDateTime(message.createdAt) })}
          </time>
        </header>

        {mode === 'edit' ? (
          <fetcher.Form method="post" className="space-y-2" onInput={onInput}>
            <FormErrorSummary
              answer={answerTo('update-message')}
              fieldErrors={errorsOf('update-message')}
              idPrefix={`inbox-${id}`}
            />
            <IntentInput<MessagesIntent> value="update-message" />
            <input type="hidden" name="id" value={id} />
            <label htmlFor={`inbox-${id}-message`} className="field-label">
              {t('inbox.messageLabel')}
            </label>
            <textarea
              maxLength={CONTACT_MESSAGE_MAX_LENGTH}
              id={`inbox-${id}-message`}
              name="message"
              rows={4}
              defaultValue={message.message}
              className="field-input"
              aria-invalid={Boolean(fieldErrors.message)}
              aria-describedby={fieldErrors.message ? `inbox-${id}-message-error` : undefined}
            />
            {fieldErrors.message && (
              <p id={`inbox-${id}-message-error`} className="field-error">
                {fieldErrors.message}
              </p>
            )}
            <div className="flex gap-2">
              <button type="submit" className="button-primary" disabled={isSubmitting}>
                {t('inbox.save')}
              </button>
              <CancelLink page={page} onCancel={close} />
            </div>
          </fetcher.Form>
        ) : (
          <p className="break-words whitespace-pre-line text-slate-800">{message.message}</p>
        )}

        {message.reply && message.repliedAt && (
          <section
            aria-label={t('inbox.replied', { date: formatDateTime(message.repliedAt) })}
            className="rounded-lg border-l-4 border-brand-600 bg-brand-50 px-3 py-2"
          >
            <p className="text-xs font-semibold text-brand-900">
              {t('inbox.replied', { date: formatDateTime(message.repliedAt) })}
            </p>
            <p className="mt-1 break-words whitespace-pre-line text-slate-800">{message.reply}</p>
          </section>
        )}

        {mode === 'reply' && (
          <fetcher.Form
            method="post"
            className="space-y-2"
            noValidate
            onSubmit={(event) => {
              const reply = new FormData(event.currentTarget).get('reply');
              if (typeof reply !== 'string' || reply.trim() === '') {
                event.preventDefault();
                setEmptyReply(true);
                return;
              }
              setEmptyReply(false);
            }}
            onInput={onInput}
          >
            <FormErrorSummary
              answer={answerTo('reply-message')}
              fieldErrors={errorsOf('reply-message')}
              idPrefix={`inbox-${id}`}
            />
            <IntentInput<MessagesIntent> value="reply-message" />
            <input type="hidden" name="id" value={id} />
            <label htmlFor={`inbox-${id}-reply`} className="field-label">
              {t('inbox.replyLabel')}
            </label>
            <textarea
              maxLength={CONTACT_MESSAGE_MAX_LENGTH}
              id={`inbox-${id}-reply`}
              name="reply"
              rows={4}
              className="field-input"
              aria-invalid={emptyReply}
            />
            {emptyReply && <FormMessage tone="error">{t('inbox.replyEmpty')}</FormMessage>}
            <div className="flex gap-2">
              <button type="submit" className="button-primary" disabled={isSubmitting}>
                {fetcher.formData?.get('intent') === 'reply-message'
                  ? t('notifications.sending')
                  : t('inbox.send')}
              </button>
              <CancelLink page={page} onCancel={close} />
            </div>
          </fetcher.Form>
        )}

        {mode === 'view' && (
          <div className="flex flex-wrap gap-2">
            <ModeButton
              mode="edit"
              messageId={id}
              page={page}
              label={t('inbox.edit')}
              onOpen={() => setMode('edit')}
            />
            <ModeButton
              mode="reply"
              messageId={id}
              page={page}
              label={t('inbox.reply')}
              onOpen={() => setMode('reply')}
            />
            <fetcher.Form
              method="post"
              onSubmit={(event) => {
                if (!window.confirm(t('inbox.deleteConfirm'))) event.preventDefault();
              }}
            >
              <IntentInput<MessagesIntent> value="delete-message" />
              <input type="hidden" name="id" value={id} />
              <button
                type="submit"
                className={`${smallButton} text-red-800`}
                disabled={isSubmitting}
              >
                {t('inbox.delete')}
              </button>
            </fetcher.Form>
          </div>
        )}

        {result && statusText && (
          <FormMessage tone={result.ok ? 'success' : 'error'} answer={result}>
            {statusText}
          </FormMessage>
        )}
      </article>
    </li>
  );
}
