import { useEffect } from 'react';
import { NOTIFICATION_MESSAGE_MAX_LENGTH, TITLE_MAX_LENGTH } from '#lib/limits.ts';
import { t } from '#lib/i18n.all.ts';
import { NOTIFICATION_AUDIENCES } from '#lib/notifications.ts';
import type { NotificationView } from '#modules/notifications/notifications.schema.ts';
import { useFormSubmission } from '#app/forms/use-form-submission.ts';
import { IntentInput } from '#app/forms/intent-input.tsx';
import type { MessagesIntent } from './message-actions.server.ts';
import { FormField } from '#app/components/form-field.tsx';
import { FormErrorSummary } from '#app/components/form-error-summary.tsx';
import { answerToShow, FormMessage } from '#app/components/form-message.tsx';

const NOTIFICATION_FORM_KEY = 'notification-form';

/**
 * The bulk notification form: it creates one, or edits `editing` when given, and goes back to
 * an empty create form after a success.
 */
export function NotificationForm({
  editing,
  onDone,
}: {
  editing: NotificationView | null;
  onDone: () => void;
}) {
  const { fetcher, formRef, result, isSubmitting, fieldErrors, onInput } = useFormSubmission({
    key: NOTIFICATION_FORM_KEY,
    isPageAction: false,
  });

  useEffect(() => {
    if (fetcher.data?.ok) onDone();
    // onDone changes with every render of the page; only a new answer matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fetcher.data]);

  const isEditing = editing !== null;
  const intent = isEditing ? 'update-notification' : 'create-notification';
  const failure =
    result?.intent === 'update-notification'
      ? t('notifications.updateFailed')
      : t('notifications.sendFailed');

  return (
    <section
      aria-labelledby="notification-form-heading"
      className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id="notification-form-heading" className="text-xl font-semibold">
        {isEditing ? t('notifications.editHeading') : t('notifications.formHeading')}
      </h2>
      <fetcher.Form
        // A new form for each mode, so that its fields start from the edited notification.
        key={editing?._id ?? 'new'}
        ref={formRef}
        method="post"
        noValidate
        className="space-y-4"
        onInput={onInput}
      >
        <FormErrorSummary answer={result} fieldErrors={fieldErrors} />
        <IntentInput<MessagesIntent> value={intent} />
        {editing && <input type="hidden" name="id" value={editing._id} />}
        <FormField name="title" label={t('notifications.title')} error={fieldErrors.title}>
          {(props) => (
            <input
              {...props}
              type="text"
              maxLength={TITLE_MAX_LENGTH}
              defaultValue={editing?.title}
            />
          )}
        </FormField>
        <FormField name="message" label={t('notifications.message')} error={fieldErrors.message}>
          {(props) => (
            <textarea
              {...props}
              rows={4}
              maxLength={NOTIFICATION_MESSAGE_MAX_LENGTH}
              defaultValue={editing?.message}
            />
          )}
        </FormField>
        <FormField name="audience" label={t('notifications.audience')} error={fieldErrors.audience}>
          {(props) => (
            <select {...props} defaultValue={editing?.audience ?? 'everyone'}>
              {NOTIFICATION_AUDIENCES.map((audience) => (
                <option key={audience} value={audience}>
                  {t(`notifications.audience.${audience}`)}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <div className="flex flex-wrap gap-2">
          <button type="submit" className="button-primary" disabled={isSubmitting}>
            {isSubmitting
              ? t('notifications.sending')
              : isEditing
                ? t('notifications.update')
                : t('notifications.send')}
          </button>
          {isEditing && (
            <a
              href="?"
              className="button-secondary"
              onClick={(event) => {
                event.preventDefault();
                onDone();
              }}
            >
              {t('notifications.cancelEdit')}
            </a>
          )}
        </div>
      </fetcher.Form>
      {result && (
        <FormMessage tone={result.ok ? 'success' : 'error'} answer={answerToShow(result)}>
          {result.ok ? result.message : failure}
        </FormMessage>
      )}
    </section>
  );
}
