import type { FetcherWithComponents } from 'react-router';
import type { FormResult } from '#lib/form-result.ts';
import { t } from '#lib/i18n.ts';
import { LISTING_TYPES, OFFERS, type ListingType } from '#lib/listing.ts';
import type { SupplyView } from '#modules/supplies/supplies.schema.ts';
import { AssetKindFields } from './asset-kind-fields.tsx';
import { FeaturesField } from './features-field.tsx';
import { FormField } from './form-field.tsx';
import { NumberField } from './number-field.tsx';
import { PhotosField } from './photos-field.tsx';
import { TextField } from './text-field.tsx';

const PROPERTY_KINDS = 'House Hotel Apartment';

type Values = Partial<SupplyView>;

/**
 * The supply form (spec: Supply form), for a new supply or an edit. The fields follow the type:
 * rooms and area for properties, vehicle facts for cars and motorcycles, size for land,
 * condition and size for clothes (CSS shows the sections of the chosen type, see app.css).
 * Every field is optional in the browser; the server says what is missing, beside the field.
 */
export function SupplyForm({
  fetcher,
  formRef,
  values = {},
  fieldErrors,
  isSubmitting,
  submitLabel,
  submittingLabel,
}: {
  fetcher: FetcherWithComponents<FormResult>;
  formRef: React.RefObject<HTMLFormElement | null>;
  values?: Values;
  fieldErrors: Record<string, string>;
  isSubmitting: boolean;
  submitLabel: string;
  submittingLabel: string;
}) {
  const errors = fieldErrors;
  const type: ListingType = values.type ?? 'House';
  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      encType="multipart/form-data"
      className="space-y-5"
      noValidate
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <TextField
            name="title"
            label={t('supply.fieldTitle')}
            value={values.title}
            error={errors.title}
          />
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
                  {offer}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <NumberField
          name="price"
          label={t('form.priceRwf')}
          value={values.price}
          error={errors.price}
        />
        <TextField
          name="location"
          label={t('listing.location')}
          value={values.location}
          error={errors.location}
        />
        <TextField
          name="owner"
          label={t('listing.owner')}
          value={values.owner}
          error={errors.owner}
        />
        <FormField name="contact" label={t('listing.contact')} error={errors.contact}>
          {(props) => (
            <input
              {...props}
              type="tel"
              autoComplete="tel"
              placeholder={t('inquiry.phonePlaceholder')}
              defaultValue={values.contact ?? undefined}
            />
          )}
        </FormField>
        <div className="sm:col-span-2">
          <FormField name="description" label={t('listing.description')} error={errors.description}>
            {(props) => <textarea {...props} rows={4} defaultValue={values.description} />}
          </FormField>
        </div>
      </div>

      <fieldset data-kinds={PROPERTY_KINDS} className="gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-lg font-semibold">{t('listing.details')}</legend>
        <NumberField
          name="bedrooms"
          label={t('listing.bedrooms')}
          value={values.bedrooms}
          error={errors.bedrooms}
        />
        <NumberField
          name="bathrooms"
          label={t('listing.bathrooms')}
          value={values.bathrooms}
          error={errors.bathrooms}
        />
        <NumberField
          name="toilets"
          label={t('listing.toilets')}
          value={values.toilets}
          error={errors.toilets}
        />
        <NumberField
          name="area"
          label={t('form.areaSqm')}
          value={values.area}
          error={errors.area}
        />
      </fieldset>

      <AssetKindFields values={values} errors={errors} />

      <FeaturesField key={String(values._id)} initial={values.features} error={errors.features} />
      <PhotosField error={errors.photos} hint={values._id ? t('form.keepPhotosHint') : undefined} />
      <button type="submit" className="button-primary w-full sm:w-auto" disabled={isSubmitting}>
        {isSubmitting ? submittingLabel : submitLabel}
      </button>
    </fetcher.Form>
  );
}

/** The line under a refused supply: the spec's text; the fields name what to fix. */
export function supplyFailureText(result: Extract<FormResult, { ok: false }>): string {
  const hasFieldErrors = Object.keys(result.fieldErrors).length > 0;
  return hasFieldErrors ? t('supply.failure') : `${t('supply.failure')} ${result.message}`;
}
