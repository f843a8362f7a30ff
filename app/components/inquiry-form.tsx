import { t } from '#lib/i18n.ts';
import { MESSAGE_CLEAR_MS } from '#lib/timings.ts';
import { INQUIRY_ROLES } from '#lib/listing.ts';
import { useFormSubmission } from '../use-form-submission.ts';
import { FormField } from './form-field.tsx';
import { FormMessage } from './form-message.tsx';

/** 'Request Information' on a listing page: posts to the page's own action. */
export function InquiryForm({ listingId }: { listingId: string }) {
  const {
    fetcher,
    formRef,
    result,
    isSubmitting,
    fieldErrors: errors,
  } = useFormSubmission({
    key: `inquiry-${listingId}`,
    visibleMs: MESSAGE_CLEAR_MS.inquiry,
    isPageAction: true,
  });

  return (
    <section
      aria-labelledby="inquiry-heading"
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2 id="inquiry-heading" className="text-xl font-bold">
        {t('inquiry.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t('inquiry.intro')}</p>
      <fetcher.Form ref={formRef} method="post" className="mt-4 space-y-4" noValidate>
        <input type="hidden" name="listingId" value={listingId} />
        <FormField name="name" label={t('inquiry.name')} error={errors.name}>
          {(props) => <input {...props} type="text" required autoComplete="name" />}
        </FormField>
        <FormField name="email" label={t('inquiry.email')} error={errors.email}>
          {(props) => <input {...props} type="email" required autoComplete="email" />}
        </FormField>
        <FormField name="phone" label={t('inquiry.phone')} error={errors.phone}>
          {(props) => (
            <input
              {...props}
              type="tel"
              required
              autoComplete="tel"
              inputMode="tel"
              placeholder={t('inquiry.phonePlaceholder')}
            />
          )}
        </FormField>
        <FormField name="role" label={t('inquiry.role')} error={errors.role}>
          {(props) => (
            <select {...props} required defaultValue="">
              <option value="" disabled>
                {t('inquiry.rolePlaceholder')}
              </option>
              {INQUIRY_ROLES.map((role) => (
                <option key={role} value={role}>
                  {t(`inquiry.role.${role}`)}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField name="message" label={t('inquiry.message')} error={errors.message}>
          {(props) => <textarea {...props} required rows={4} />}
        </FormField>
        <label className="flex min-h-11 items-center gap-3 text-sm text-slate-800">
          <input type="checkbox" name="agree" className="h-5 w-5 accent-brand-700" />
          {t('inquiry.agree')}
        </label>
        <button type="submit" className="button-primary w-full" disabled={isSubmitting}>
          {isSubmitting ? t('inquiry.submitting') : t('inquiry.submit')}
        </button>
        <div aria-live="polite">
          {result && (
            <FormMessage tone={result.ok ? 'success' : 'error'}>
              {result.ok ? t('inquiry.success') : t('inquiry.failure')}
            </FormMessage>
          )}
        </div>
      </fetcher.Form>
    </section>
  );
}
