import { t } from '#lib/i18n.pages.ts';
import { LISTING_TYPES, OFFERS, type ListingType } from '#lib/listing.ts';
import type { SupplyView } from '#modules/supplies/supplies.schema.ts';
import { AssetKindFields } from '#app/components/asset-kind-fields.tsx';
import { FeaturesField } from '#app/components/features-field.tsx';
import { FormErrorSummary } from '#app/components/form-error-summary.tsx';
import type { FormSubmission } from '#app/forms/use-form-submission.ts';
import { FormField } from '#app/components/form-field.tsx';
import { PlaceFields } from '#app/components/place-fields.tsx';
import { PointFields } from '#app/components/point-fields.tsx';
import { PricePeriodField } from '#app/components/price-period-field.tsx';
import { ListerFields } from '#app/components/lister-fields.tsx';
import { PhotosField } from '#app/components/photos-field.tsx';
import { DescriptionField, ListingField } from '#app/components/listing-field.tsx';
import { PrivacyNote } from '#app/components/privacy-note.tsx';

const PROPERTY_KINDS = 'House Hotel Apartment';

type Values = Partial<SupplyView>;

/**
 * The supply form (spec: Supply form), for a new supply or an edit. The fields follow the type:
 * rooms and area for properties, vehicle facts for cars and motorcycles, size for land,
 * condition and size for clothes (CSS shows the sections of the chosen type, see app.css).
 * The title, price and place are required, and marked so (the type always has a value); the
 * server says what is missing, beside the field.
 */
export function SupplyForm({
  form,
  values = {},
  submitLabel,
  submittingLabel,
}: {
  form: FormSubmission;
  values?: Values;
  submitLabel: string;
  submittingLabel: string;
}) {
  const { fetcher, formRef, result, isSubmitting, fieldErrors: errors, onInput } = form;
  const type: ListingType = values.type ?? 'House';
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
          <ListingField name="title" form={fields} isRequired />
        </div>
        <FormField name="type" label={t('listing.type')} error={errors.type}>
          {(props) => (
            <select {...props} defaultValue={type}>
              {LISTING_TYPES.map((option) => (
                <option key={option} value={option}>
                  {t(`type.${option}`)}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField name="status" label={t('listing.status')} error={errors.status}>
          {(props) => (
            <select {...props} defaultValue={values.status ?? 'Rent'}>
              {OFFERS.map((offer) => (
                <option key={offer} value={offer}>
                  {t(`listing.offer.${offer}`)}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <ListingField name="price" form={fields} isRequired />
        <PricePeriodField value={values.pricePeriod} error={errors.pricePeriod} />
        <PlaceFields values={values} errors={errors} />
        <PointFields values={values} errors={errors} />
        <div data-kinds="House Land" className="sm:col-span-2">
          <ListingField name="upi" form={fields} />
        </div>
        <ListingField name="owner" form={fields} />
        <ListingField name="contact" form={fields} />
        <ListerFields listedBy={values.listedBy} form={fields} />
        <DescriptionField form={fields} />
      </div>

      <fieldset data-kinds={PROPERTY_KINDS} className="gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-lg font-semibold">{t('listing.details')}</legend>
        <ListingField name="bedrooms" form={fields} />
        <ListingField name="bathrooms" form={fields} />
        <ListingField name="toilets" form={fields} />
        <ListingField name="area" form={fields} />
      </fieldset>

      <AssetKindFields form={fields} />

      <FeaturesField key={String(values._id)} initial={values.features} error={errors.features} />
      <PhotosField error={errors.photos} hint={values._id ? t('form.keepPhotosHint') : undefined} />
      <PrivacyNote />
      <button type="submit" className="button-primary w-full sm:w-auto" disabled={isSubmitting}>
        {isSubmitting ? submittingLabel : submitLabel}
      </button>
    </fetcher.Form>
  );
}
