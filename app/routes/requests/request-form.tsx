import { t } from '#lib/i18n.pages.ts';
import { LISTING_TYPES } from '#lib/listing.ts';
import type { RequestView } from '#modules/requests/requests.schema.ts';
import { FeaturesField } from '#app/components/features-field.tsx';
import { FormErrorSummary } from '#app/components/form-error-summary.tsx';
import type { FormSubmission } from '#app/forms/use-form-submission.ts';
import { FormField } from '#app/components/form-field.tsx';
import { PlaceFields } from '#app/components/place-fields.tsx';
import { PointFields } from '#app/components/point-fields.tsx';
import { PricePeriodField } from '#app/components/price-period-field.tsx';
import { PhotosField } from '#app/components/photos-field.tsx';
import { DescriptionField, ListingField } from '#app/components/listing-field.tsx';
import { PrivacyNote } from '#app/components/privacy-note.tsx';

type Values = Partial<RequestView>;

/**
 * The request form (spec: Request form), for a new wanted-ad or an edit: title, budget and
 * location are required; the rest narrows down what the buyer wants. Errors show beside their
 * field.
 */
export function RequestForm({
  form,
  values = {},
  requesterNamePlaceholder,
  submitLabel,
  submittingLabel,
}: {
  form: FormSubmission;
  values?: Values;
  /** What an empty name stands for: the signed-in user's account name. */
  requesterNamePlaceholder?: string;
  submitLabel: string;
  submittingLabel: string;
}) {
  const { fetcher, formRef, result, isSubmitting, fieldErrors: errors, onInput } = form;
  const fields = { values, errors };
  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      encType="multipart/form-data"
      className="space-y-5"
      noValidate
      onInput={onInput}
    >
      <FormErrorSummary answer={result} fieldErrors={errors} />
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <ListingField name="title" form={fields} label={t('request.fieldTitle')} isRequired />
        </div>
        <ListingField name="price" form={fields} label={t('request.fieldPrice')} isRequired />
        <PricePeriodField
          value={values.pricePeriod}
          error={errors.pricePeriod}
          label={t('request.budgetFor')}
          emptyLabel={t('request.budgetToBuy')}
          hint={t('request.budgetHint')}
        />
        <PlaceFields values={values} errors={errors} legend={t('request.fieldLocation')} />
        <PointFields values={values} errors={errors} />
        <ListingField name="requesterName" form={fields} placeholder={requesterNamePlaceholder} />
        <ListingField name="contact" form={fields} />
        <DescriptionField form={fields} />
        <FormField name="type" label={t('listing.type')} error={errors.type}>
          {(props) => (
            <select {...props} defaultValue={values.type ?? ''}>
              <option value="">{t('request.anyType')}</option>
              {LISTING_TYPES.map((option) => (
                <option key={option} value={option}>
                  {t(`type.${option}`)}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <ListingField name="area" form={fields} />
      </div>

      <div className="grid grid-cols-3 gap-3 sm:gap-4">
        <ListingField name="bedrooms" form={fields} isCompact placeholder={t('form.minimum')} />
        <ListingField name="bathrooms" form={fields} isCompact placeholder={t('form.minimum')} />
        <ListingField name="toilets" form={fields} isCompact placeholder={t('form.minimum')} />
      </div>

      <FeaturesField key={String(values._id)} initial={values.features} error={errors.features} />
      <PhotosField error={errors.photos} hint={values._id ? t('form.keepPhotosHint') : undefined} />
      <PrivacyNote />
      <button type="submit" className="button-primary w-full sm:w-auto" disabled={isSubmitting}>
        {isSubmitting ? submittingLabel : submitLabel}
      </button>
    </fetcher.Form>
  );
}
