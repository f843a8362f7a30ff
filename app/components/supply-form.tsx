import type { FetcherWithComponents } from 'react-router';
import type { FormResult } from '#lib/form-result.ts';
import { t } from '#lib/i18n.ts';
import { LISTING_TYPES, OFFERS, type ListingType } from '#lib/listing.ts';
import type { SupplyView } from '#modules/supplies/supplies.schema.ts';
import { FeaturesField } from './features-field.tsx';
import { FormField } from './form-field.tsx';
import { PhotosField } from './photos-field.tsx';

const PROPERTY_KINDS = 'House Hotel Apartment';
const VEHICLE_KINDS = 'Car Motorcycle';

type Values = Partial<SupplyView>;

/** A number input for a whole quantity. */
function NumberField({
  name,
  label,
  value,
  error,
}: {
  name: string;
  label: string;
  value: number | null | undefined;
  error: string | undefined;
}) {
  return (
    <FormField name={name} label={label} error={error}>
      {(props) => (
        <input
          {...props}
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          defaultValue={value ?? undefined}
        />
      )}
    </FormField>
  );
}

function TextField({
  name,
  label,
  value,
  error,
}: {
  name: string;
  label: string;
  value: string | null | undefined;
  error: string | undefined;
}) {
  return (
    <FormField name={name} label={label} error={error}>
      {(props) => <input {...props} type="text" defaultValue={value ?? undefined} />}
    </FormField>
  );
}

function CheckField({
  name,
  label,
  value,
}: {
  name: string;
  label: string;
  value?: boolean | null;
}) {
  return (
    <label className="flex min-h-11 items-center gap-2 font-medium text-slate-800">
      <input
        type="checkbox"
        name={name}
        defaultChecked={value ?? false}
        className="h-5 w-5 accent-brand-700"
      />
      <input type="hidden" name={name} value="false" />
      {label}
    </label>
  );
}

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
        <FormField name="price" label={t('form.priceRwf')} error={errors.price}>
          {(props) => (
            <input
              {...props}
              type="number"
              inputMode="numeric"
              min={0}
              step={1}
              defaultValue={values.price ?? undefined}
            />
          )}
        </FormField>
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

      <fieldset data-kinds={VEHICLE_KINDS} className="gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-lg font-semibold">{t('listing.vehicle')}</legend>
        <TextField
          name="transmission"
          label={t('listing.transmission')}
          value={values.transmission}
          error={errors.transmission}
        />
        <TextField name="fuel" label={t('listing.fuel')} value={values.fuel} error={errors.fuel} />
        <CheckField name="certified" label={t('listing.certified')} value={values.certified} />
        <CheckField name="inspected" label={t('listing.inspected')} value={values.inspected} />
        <TextField
          name="warranty"
          label={t('listing.warranty')}
          value={values.warranty}
          error={errors.warranty}
        />
        <NumberField
          name="rentalPrice"
          label={t('listing.rentalPrice')}
          value={values.rentalPrice}
          error={errors.rentalPrice}
        />
        <TextField
          name="rentDuration"
          label={t('listing.rentDuration')}
          value={values.rentDuration}
          error={errors.rentDuration}
        />
      </fieldset>

      <fieldset data-kinds="Land" className="gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-lg font-semibold">{t('listing.land')}</legend>
        <TextField name="size" label={t('listing.size')} value={values.size} error={errors.size} />
      </fieldset>

      <fieldset data-kinds="Clothes" className="gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-lg font-semibold">{t('listing.clothes')}</legend>
        <TextField
          name="condition"
          label={t('listing.condition')}
          value={values.condition}
          error={errors.condition}
        />
        <TextField
          name="sizeCloth"
          label={t('listing.sizeCloth')}
          value={values.sizeCloth}
          error={errors.sizeCloth}
        />
      </fieldset>

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
