import type { FetcherWithComponents } from 'react-router';
import type { FormResult } from '#lib/form-result.ts';
import { t } from '#lib/i18n.ts';
import { LISTING_TYPES } from '#lib/listing.ts';
import type { RequestView } from '#modules/requests/requests.schema.ts';
import { FeaturesField } from './features-field.tsx';
import { FormField } from './form-field.tsx';
import { PhotosField } from './photos-field.tsx';

type Values = Partial<RequestView>;

/**
 * A text field the request cannot go without (title, budget, location): marked in the label and
 * for screen readers. The browser does not block the post (the form is `noValidate`): the server
 * answers with the field's message, the same with or without JavaScript.
 */
function RequiredField({
  name,
  label,
  value,
  error,
  isNumeric = false,
}: {
  name: string;
  label: string;
  value: string | number | null | undefined;
  error: string | undefined;
  isNumeric?: boolean;
}) {
  const id = `field-${name}`;
  const errorId = `${id}-error`;
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
        <span className="text-red-700" aria-hidden="true">
          {' '}
          *
        </span>
      </label>
      <input
        id={id}
        name={name}
        type="text"
        inputMode={isNumeric ? 'numeric' : undefined}
        required
        className="field-input"
        aria-invalid={Boolean(error)}
        aria-describedby={error ? errorId : undefined}
        defaultValue={value ?? undefined}
      />
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

/** An optional text field; the rooms take digits but stay text inputs, as the spec says. */
function TextField({
  name,
  label,
  value,
  error,
  placeholder,
  isNumeric = false,
  isCompact = false,
}: {
  name: string;
  label: string;
  value: string | number | null | undefined;
  error: string | undefined;
  placeholder?: string;
  isNumeric?: boolean;
  /** Narrow boxes (three rooms side by side on a phone) keep the placeholder readable. */
  isCompact?: boolean;
}) {
  return (
    <FormField name={name} label={label} error={error}>
      {(props) => (
        <input
          {...props}
          className={isCompact ? `${props.className} px-2` : props.className}
          type="text"
          inputMode={isNumeric ? 'numeric' : undefined}
          placeholder={placeholder}
          defaultValue={value ?? undefined}
        />
      )}
    </FormField>
  );
}

/**
 * The request form (spec: Request form), for a new wanted-ad or an edit: title, budget and
 * location are required; the rest narrows down what the buyer wants. Errors show beside their
 * field.
 */
export function RequestForm({
  fetcher,
  formRef,
  values = {},
  requesterNamePlaceholder,
  fieldErrors,
  isSubmitting,
  submitLabel,
  submittingLabel,
}: {
  fetcher: FetcherWithComponents<FormResult>;
  formRef: React.RefObject<HTMLFormElement | null>;
  values?: Values;
  /** What an empty name stands for: the signed-in user's account name. */
  requesterNamePlaceholder?: string;
  fieldErrors: Record<string, string>;
  isSubmitting: boolean;
  submitLabel: string;
  submittingLabel: string;
}) {
  const errors = fieldErrors;
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
          <RequiredField
            name="title"
            label={t('request.fieldTitle')}
            value={values.title}
            error={errors.title}
          />
        </div>
        <RequiredField
          name="price"
          label={t('request.fieldPrice')}
          value={values.price}
          error={errors.price}
          isNumeric
        />
        <RequiredField
          name="location"
          label={t('request.fieldLocation')}
          value={values.location}
          error={errors.location}
        />
        <FormField
          name="requesterName"
          label={t('request.requesterName')}
          error={errors.requesterName}
        >
          {(props) => (
            <input
              {...props}
              type="text"
              autoComplete="name"
              placeholder={requesterNamePlaceholder}
              defaultValue={values.requesterName}
            />
          )}
        </FormField>
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
        <TextField
          name="area"
          label={t('form.areaSqm')}
          value={values.area}
          error={errors.area}
          isNumeric
        />
      </div>

      <div className="grid grid-cols-3 gap-3 sm:gap-4">
        <TextField
          name="bedrooms"
          label={t('listing.bedrooms')}
          value={values.bedrooms}
          error={errors.bedrooms}
          placeholder={t('form.minimum')}
          isNumeric
          isCompact
        />
        <TextField
          name="bathrooms"
          label={t('listing.bathrooms')}
          value={values.bathrooms}
          error={errors.bathrooms}
          placeholder={t('form.minimum')}
          isNumeric
          isCompact
        />
        <TextField
          name="toilets"
          label={t('listing.toilets')}
          value={values.toilets}
          error={errors.toilets}
          placeholder={t('form.minimum')}
          isNumeric
          isCompact
        />
      </div>

      <FeaturesField key={String(values._id)} initial={values.features} error={errors.features} />
      <PhotosField error={errors.photos} hint={values._id ? t('form.keepPhotosHint') : undefined} />
      <button type="submit" className="button-primary w-full sm:w-auto" disabled={isSubmitting}>
        {isSubmitting ? submittingLabel : submitLabel}
      </button>
    </fetcher.Form>
  );
}
