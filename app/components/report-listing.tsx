import { useActionData, type ShouldRevalidateFunction } from 'react-router';
import { describeRefusal } from '#lib/form-result.ts';
import { t } from '#lib/i18n.pages.ts';
import { REPORT_DETAILS_MAX_LENGTH } from '#lib/limits.ts';
import { REPORT_REASONS } from '#lib/listing.ts';
import { useFormSubmission, type Answer } from '#app/forms/use-form-submission.ts';
import { INTENT_FIELD, IntentInput } from '#app/forms/intent-input.tsx';
import type { ListingIntent } from '#app/routes/catalogue/listing-action.server.ts';
import { FormErrorSummary } from './form-error-summary.tsx';
import { FormField } from './form-field.tsx';
import { answerToShow, FormMessage } from './form-message.tsx';

/**
 * "Report this listing": a disclosure (works without JavaScript) holding the reasons, a details
 * box and a submit button, posting to the listing page's own action.
 */
export function ReportListing({ listingId }: { listingId: string }) {
  const { fetcher, formRef, result, isSubmitting, fieldErrors, onInput } = useFormSubmission({
    key: `report-${listingId}`,
    intent: 'report',
  });
  // Posted without JavaScript, the page comes back with the answer: open, to show it.
  const isAnswered = useActionData<Answer>()?.intent === 'report';
  return (
    <details
      className="rounded-xl border border-slate-200 bg-white p-4 text-sm shadow-sm"
      open={isAnswered}
    >
      <summary className="flex min-h-11 cursor-pointer items-center font-semibold text-slate-700">
        {t('report.open')}
      </summary>
      <p className="mt-2 text-slate-600">{t('report.intro')}</p>
      <fetcher.Form
        ref={formRef}
        method="post"
        className="mt-3 space-y-4"
        noValidate
        onInput={onInput}
      >
        <FormErrorSummary answer={result} fieldErrors={fieldErrors} idPrefix="report" />
        <IntentInput<ListingIntent> value="report" />
        <fieldset
          aria-describedby={fieldErrors.reason ? 'report-reason-error' : undefined}
          aria-invalid={Boolean(fieldErrors.reason)}
        >
          <legend className="field-label">{t('report.reason')}</legend>
          <div className="space-y-1">
            {REPORT_REASONS.map((reason, index) => (
              <label key={reason} className="flex min-h-11 items-center gap-3 text-slate-800">
                <input
                  // The error summary's link to the reason leads to the first choice.
                  id={index === 0 ? 'report-reason' : undefined}
                  type="radio"
                  name="reason"
                  value={reason}
                  required
                  className="h-5 w-5 accent-brand-700"
                />
                {t(`report.${reason}Reason`)}
              </label>
            ))}
          </div>
          {fieldErrors.reason && (
            <p id="report-reason-error" className="mt-1 text-sm text-red-700">
              {fieldErrors.reason}
            </p>
          )}
        </fieldset>
        <FormField
          name="details"
          idPrefix="report"
          label={t('report.details')}
          hint={t('report.detailsHint')}
          error={fieldErrors.details}
        >
          {(props) => <textarea {...props} rows={3} maxLength={REPORT_DETAILS_MAX_LENGTH} />}
        </FormField>
        <button type="submit" className="button-secondary w-full" disabled={isSubmitting}>
          {isSubmitting ? t('report.submitting') : t('report.submit')}
        </button>
        <div aria-live="polite">
          {result && (
            <FormMessage tone={result.ok ? 'success' : 'error'} answer={answerToShow(result)}>
              {result.ok ? result.message : describeRefusal(result, result.message)}
            </FormMessage>
          )}
        </div>
      </fetcher.Form>
    </details>
  );
}

/**
 * A listing page's `shouldRevalidate`: a report does not reload the page, so the reporter reads
 * the answer even when their report was the one that hid the listing.
 */
export const keepPageAfterReport: ShouldRevalidateFunction = ({
  formData,
  defaultShouldRevalidate,
}) => (formData?.get(INTENT_FIELD) === 'report' ? false : defaultShouldRevalidate);
