import { t, localePath } from '#lib/i18n.ts';
import { EMAIL_MAX_LENGTH } from '#lib/limits.ts';
import { useFormSubmission } from '#app/forms/use-form-submission.ts';
import { FormErrorSummary } from './form-error-summary.tsx';
import { answerToShow, FormMessage } from './form-message.tsx';
import { PrivacyNote } from '#app/components/privacy-note.tsx';

export function NewsletterForm() {
  // The footer is on every page: another page's action data is not this form's answer.
  const { fetcher, formRef, result, isSubmitting, fieldErrors, onInput } = useFormSubmission({
    key: 'newsletter',
    isPageAction: false,
  });

  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      action={localePath('/newsletter')}
      className="space-y-2"
      noValidate
      onInput={onInput}
    >
      <FormErrorSummary answer={result} fieldErrors={fieldErrors} idPrefix="newsletter" />
      <p id="newsletter-hint" className="text-sm text-slate-300">
        {t('footer.newsletterHint')}
      </p>
      <div className="flex gap-2">
        {/* The label the error summary names the field by; the hint above stays visible. */}
        <label htmlFor="newsletter-email" className="sr-only">
          {t('footer.newsletterEmail')}
        </label>
        <input
          id="newsletter-email"
          name="email"
          type="email"
          required
          maxLength={EMAIL_MAX_LENGTH}
          autoComplete="email"
          placeholder={t('footer.newsletterEmail')}
          aria-describedby="newsletter-hint"
          aria-invalid={Boolean(fieldErrors.email)}
          className="min-h-11 w-full min-w-0 rounded-lg border border-slate-600 bg-slate-800 px-3 text-white placeholder:text-slate-400"
        />
        <button type="submit" className="button-primary shrink-0" disabled={isSubmitting}>
          {t('footer.subscribe')}
        </button>
      </div>
      <PrivacyNote tone="dark" />
      <div aria-live="polite" className="min-h-0">
        {isSubmitting ? (
          <FormMessage tone="pending">{t('footer.subscribing')}</FormMessage>
        ) : result ? (
          <FormMessage tone={result.ok ? 'success' : 'error'} answer={answerToShow(result)}>
            {result.ok
              ? result.message
              : (result.fieldErrors.email ?? (result.message || t('newsletter.failed')))}
          </FormMessage>
        ) : null}
      </div>
    </fetcher.Form>
  );
}
