import { FAQ_ANSWER_MAX_LENGTH, FAQ_QUESTION_MAX_LENGTH } from '#lib/limits.ts';
import type { Faq } from '#modules/settings/settings.schema.ts';
import { t } from '#lib/i18n.all.ts';
import { FormErrorSummary } from '#app/components/form-error-summary.tsx';
import { FormField } from '#app/components/form-field.tsx';
import { IntentInput } from '#app/forms/intent-input.tsx';
import { Panel, PanelMessage, usePanelForm } from './panel.tsx';
import type { SettingsIntent } from './settings-actions.server.ts';

/** FAQs: add a question and its answer; the list, each with Delete (after a confirmation). */
export function FaqPanel({ faqs }: { faqs: Faq[] }) {
  const {
    fetcher: addFetcher,
    formRef: addFormRef,
    result: addResult,
    isSubmitting: isAdding,
    fieldErrors: errors,
    onInput: onAddInput,
  } = usePanelForm('faq-add');
  const {
    fetcher: deleteFetcher,
    result: deleteResult,
    isSubmitting: isDeleting,
  } = usePanelForm('faq-delete');
  return (
    <Panel id="faq-heading" title="settings.faqHeading">
      <addFetcher.Form
        ref={addFormRef}
        method="post"
        className="space-y-4"
        noValidate
        onInput={onAddInput}
      >
        <FormErrorSummary answer={addResult} fieldErrors={errors} idPrefix="faq-add" />
        <IntentInput<SettingsIntent> value="faq-add" />
        <FormField
          idPrefix="faq-add"
          name="question"
          label={t('settings.faqQuestion')}
          error={errors.question}
        >
          {(props) => <input {...props} type="text" required maxLength={FAQ_QUESTION_MAX_LENGTH} />}
        </FormField>
        <FormField
          idPrefix="faq-add"
          name="answer"
          label={t('settings.faqAnswer')}
          error={errors.answer}
        >
          {(props) => <textarea {...props} required rows={3} maxLength={FAQ_ANSWER_MAX_LENGTH} />}
        </FormField>
        <button type="submit" className="button-primary w-full sm:w-auto" disabled={isAdding}>
          {isAdding ? t('settings.saving') : t('settings.faqAdd')}
        </button>
        <PanelMessage
          result={addResult}
          success={t('settings.faqAdded')}
          failure={t('settings.faqAddFailed')}
        />
      </addFetcher.Form>

      <h3 className="mt-6 font-semibold">{t('settings.faqListHeading')}</h3>
      <div className="mt-2">
        <PanelMessage
          result={deleteResult}
          success={t('settings.faqDeleted')}
          failure={t('settings.faqDeleteFailed')}
        />
      </div>
      {faqs.length === 0 ? (
        <p className="mt-2 text-slate-600">{t('settings.faqEmpty')}</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-200">
          {faqs.map((faq) => (
            <li key={faq._id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-start">
              <div className="min-w-0 flex-1">
                <p className="font-medium break-words">{faq.question}</p>
                <p className="mt-1 text-sm break-words whitespace-pre-line text-slate-700">
                  {faq.answer}
                </p>
              </div>
              <deleteFetcher.Form
                method="post"
                onSubmit={(event) => {
                  if (!window.confirm(t('settings.faqDeleteConfirm'))) event.preventDefault();
                }}
              >
                <IntentInput<SettingsIntent> value="faq-delete" />
                <input type="hidden" name="id" value={faq._id} />
                <button
                  type="submit"
                  className="button-secondary text-red-800"
                  disabled={isDeleting}
                  aria-label={t('settings.faqDeleteLabel', { question: faq.question })}
                >
                  {t('settings.faqDelete')}
                </button>
              </deleteFetcher.Form>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
