import { t } from '#lib/i18n.pages.ts';
import { AVAILABILITIES, type Availability } from '#lib/listing.ts';
import { useFormSubmission } from '#app/forms/use-form-submission.ts';
import { IntentInput } from '#app/forms/intent-input.tsx';
import type { ListingIntent } from '#app/routes/catalogue/listing-action.server.ts';
import { FormField } from './form-field.tsx';
import { answerToShow, FormMessage } from './form-message.tsx';

/** For the listing's owner (and admins): mark it sold or rented, or available again. */
export function ManageListing({
  listingId,
  availability,
}: {
  listingId: string;
  availability: Availability;
}) {
  const { fetcher, result, isSubmitting, fieldErrors, onInput } = useFormSubmission({
    key: `availability-${listingId}`,
    isPageAction: false,
  });
  return (
    <section
      aria-labelledby="manage-heading"
      className="rounded-xl border border-brand-200 bg-brand-50 p-5 shadow-sm"
    >
      <h2 id="manage-heading" className="text-lg font-bold">
        {t('manage.heading')}
      </h2>
      <fetcher.Form method="post" className="mt-3 space-y-3" onInput={onInput}>
        <IntentInput<ListingIntent> value="availability" />
        <FormField
          name="availability"
          label={t('manage.availability')}
          error={fieldErrors.availability}
        >
          {(props) => (
            <select {...props} defaultValue={availability} key={availability}>
              {AVAILABILITIES.map((option) => (
                <option key={option} value={option}>
                  {t(`listing.availability.${option}`)}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <button type="submit" className="button-primary w-full" disabled={isSubmitting}>
          {isSubmitting ? t('manage.saving') : t('manage.save')}
        </button>
        <div aria-live="polite">
          {result && (
            <FormMessage tone={result.ok ? 'success' : 'error'} answer={answerToShow(result)}>
              {result.message}
            </FormMessage>
          )}
        </div>
      </fetcher.Form>
    </section>
  );
}
