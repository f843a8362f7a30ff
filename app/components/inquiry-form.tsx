import { Link } from '#app/components/link.tsx';
import { describeRefusal } from '#lib/form-result.ts';
import { t } from '#lib/i18n.pages.ts';
import { EMAIL_MAX_LENGTH, INQUIRY_MESSAGE_MAX_LENGTH, NAME_MAX_LENGTH } from '#lib/limits.ts';
import { INQUIRY_ROLES, inquiryRoleKey, type Offer } from '#lib/listing.ts';
import { useFormSubmission } from '#app/forms/use-form-submission.ts';
import { useSignedInUser } from '#app/use-root-data.ts';
import { IntentInput } from '#app/forms/intent-input.tsx';
import type { ListingIntent } from '#app/routes/catalogue/listing-action.server.ts';
import { FormField } from './form-field.tsx';
import { TextField } from './text-field.tsx';
import { FormErrorSummary } from './form-error-summary.tsx';
import { answerToShow, FormMessage } from './form-message.tsx';
import { PrivacyNote } from '#app/components/privacy-note.tsx';

/**
 * 'Request Information' on a listing page: posts to the page's own action. A signed-in visitor
 * finds their name, e-mail and role filled in, and the conversation afterwards under Inquiries.
 * The role's choices fit the listing's offer: Buying / Selling on a sale, Renting / Letting on a
 * rental.
 */
export function InquiryForm({ listingId, offer }: { listingId: string; offer: Offer }) {
  const user = useSignedInUser();
  const role = INQUIRY_ROLES.find((choice) => choice === user?.role) ?? '';
  const {
    fetcher,
    formRef,
    result,
    isSubmitting,
    fieldErrors: errors,
    onInput,
  } = useFormSubmission({
    key: `inquiry-${listingId}`,
    intent: 'inquiry',
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
      <fetcher.Form
        ref={formRef}
        method="post"
        className="mt-4 space-y-4"
        noValidate
        onInput={onInput}
      >
        <FormErrorSummary answer={result} fieldErrors={errors} />
        <IntentInput<ListingIntent> value="inquiry" />
        <input type="hidden" name="listingId" value={listingId} />
        <TextField
          name="name"
          label={t('inquiry.name')}
          value={user?.username}
          error={errors.name}
          isRequired
          maxLength={NAME_MAX_LENGTH}
          autoComplete="name"
        />
        <TextField
          name="email"
          label={t('inquiry.email')}
          value={user?.email}
          error={errors.email}
          kind="email"
          isRequired
          maxLength={EMAIL_MAX_LENGTH}
          autoComplete="email"
        />
        <TextField
          name="phone"
          label={t('inquiry.phone')}
          error={errors.phone}
          kind="tel"
          isRequired
          autoComplete="tel"
          placeholder={t('inquiry.phonePlaceholder')}
        />
        <FormField name="role" label={t('inquiry.role')} error={errors.role}>
          {(props) => (
            <select {...props} required defaultValue={role}>
              <option value="" disabled>
                {t('inquiry.rolePlaceholder')}
              </option>
              {INQUIRY_ROLES.map((role) => (
                <option key={role} value={role}>
                  {t(inquiryRoleKey(role, offer))}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField name="message" label={t('inquiry.message')} error={errors.message}>
          {(props) => (
            <textarea {...props} required rows={4} maxLength={INQUIRY_MESSAGE_MAX_LENGTH} />
          )}
        </FormField>
        <label className="flex min-h-11 items-center gap-3 text-sm text-slate-800">
          <input type="checkbox" name="agree" className="h-5 w-5 accent-brand-700" />
          {t('inquiry.agree')}
        </label>
        <PrivacyNote />
        <button type="submit" className="button-primary w-full" disabled={isSubmitting}>
          {isSubmitting ? t('inquiry.submitting') : t('inquiry.submit')}
        </button>
        <div aria-live="polite">
          {result && (
            <FormMessage tone={result.ok ? 'success' : 'error'} answer={answerToShow(result)}>
              {result.ok ? t('inquiry.success') : describeRefusal(result, t('inquiry.failure'))}
              {result.ok && (
                <span className="mt-1 block">
                  {user ? (
                    <>
                      {t('inquiry.nextSignedIn')}{' '}
                      <Link to="/inquiries" className="font-semibold underline">
                        {t('inquiries.heading')}
                      </Link>
                    </>
                  ) : (
                    t('inquiry.next')
                  )}
                </span>
              )}
            </FormMessage>
          )}
        </div>
      </fetcher.Form>
    </section>
  );
}
