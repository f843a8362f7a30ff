import { t } from '#lib/i18n.ts';
import { EMAIL_MAX_LENGTH } from '#lib/limits.ts';
import { useFormSubmission } from '#app/forms/use-form-submission.ts';
import { FormMessage } from './form-message.tsx';

export function NewsletterForm() {
  // The footer is on every page: another page's action data is not this form's answer.
  const { fetcher, formRef, result, isSubmitting, onInput } = useFormSubmission({
    key: 'newsletter',
    isPageAction: false,
  });

  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      action="/newsletter"
      className="space-y-2"
      noValidate
      onInput={onInput}
    >
      <label htmlFor="newsletter-email" className="block text-sm text-slate-300">
        {t('footer.newsletterHint')}
      </label>
      <div className="flex gap-2">
        <input
          id="newsletter-email"
          name="email"
          type="email"
          required
          maxLength={EMAIL_MAX_LENGTH}
          autoComplete="email"
          placeholder={t('footer.newsletterEmail')}
          aria-label={t('footer.newsletterEmail')}
          className="min-h-11 w-full min-w-0 rounded-lg border border-slate-600 bg-slate-800 px-3 text-white placeholder:text-slate-400"
        />
        <button type="submit" className="button-primary shrink-0" disabled={isSubmitting}>
          {t('footer.subscribe')}
        </button>
      </div>
      <div aria-live="polite" className="min-h-0">
        {isSubmitting ? (
          <FormMessage tone="pending">{t('footer.subscribing')}</FormMessage>
        ) : result ? (
          <FormMessage tone={result.ok ? 'success' : 'error'}>
            {result.ok
              ? result.message
              : (result.fieldErrors.email ?? (result.message || t('newsletter.failed')))}
          </FormMessage>
        ) : null}
      </div>
    </fetcher.Form>
  );
}
