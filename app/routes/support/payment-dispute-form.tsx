import { t } from '#lib/i18n.pages.ts';
import { TICKET_MESSAGE_MAX_LENGTH } from '#lib/support.ts';
import { FormAnswer } from '#app/components/form-answer.tsx';
import { FormErrorSummary } from '#app/components/form-error-summary.tsx';
import { FormField } from '#app/components/form-field.tsx';
import { IntentInput } from '#app/forms/intent-input.tsx';
import { useFormSubmission } from '#app/forms/use-form-submission.ts';

/** The intent of the receipt page's action that this form posts. */
const PAYMENT_DISPUTE_INTENT = 'dispute';

/**
 * "I paid but nothing happened", under a settled payment for its payer: a few optional words,
 * and the support team opens a ticket about the payment and answers by e-mail.
 */
export function PaymentDisputeForm() {
  const { fetcher, formRef, result, isSubmitting, fieldErrors, onInput } = useFormSubmission({
    key: 'payment-dispute',
    intent: PAYMENT_DISPUTE_INTENT,
  });
  return (
    <section
      aria-labelledby="dispute-heading"
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h2 id="dispute-heading" className="text-lg font-bold">
        {t('support.dispute.heading')}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{t('support.dispute.intro')}</p>
      <fetcher.Form
        ref={formRef}
        method="post"
        noValidate
        onInput={onInput}
        className="mt-3 space-y-3"
      >
        <FormErrorSummary answer={result} fieldErrors={fieldErrors} />
        <IntentInput value={PAYMENT_DISPUTE_INTENT} />
        <FormField
          name="message"
          idPrefix="dispute"
          label={t('support.dispute.messageLabel')}
          hint={t('support.dispute.messageHint')}
          error={fieldErrors.message}
        >
          {(props) => <textarea {...props} rows={3} maxLength={TICKET_MESSAGE_MAX_LENGTH} />}
        </FormField>
        <button type="submit" className="button-secondary w-full sm:w-auto" disabled={isSubmitting}>
          {isSubmitting ? t('support.sending') : t('support.dispute.submit')}
        </button>
        <FormAnswer result={result} failure={t('support.dispute.failure')} />
      </fetcher.Form>
    </section>
  );
}
