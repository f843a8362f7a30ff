import type { ReactNode } from 'react';
import { Link } from '#app/components/link.tsx';
import { t } from '#lib/i18n.all.ts';
import type { PhotoView } from '#lib/photos.ts';
import { useFormSubmission } from '#app/forms/use-form-submission.ts';
import { CurrentPhotos } from './admin-listing-fields.tsx';
import { FeaturesField } from '#app/components/features-field.tsx';
import { FormErrorSummary } from '#app/components/form-error-summary.tsx';
import type { ListingFormState } from '#app/components/listing-field.tsx';
import { FormAnswer } from '#app/components/form-answer.tsx';
import { PhotosField } from '#app/components/photos-field.tsx';

const KINDS = {
  property: {
    add: 'manage.addProperty',
    update: 'manage.updateProperty',
    back: 'manage.backToProperties',
    listPath: '/admin-panel/properties',
    saveFailed: 'manage.saveFailed',
  },
  asset: {
    add: 'manage.addAsset',
    update: 'manage.updateAsset',
    back: 'manage.backToAssets',
    listPath: '/admin-panel/assets',
    saveFailed: 'manage.saveAssetFailed',
  },
} as const;

/** The page title of an admin listing form: adding, or updating the listing of `id`. */
export function adminListingFormTitle(kind: 'property' | 'asset', id: string | undefined) {
  return t(id ? KINDS[kind].update : KINDS[kind].add);
}

/**
 * The admin property or asset form page: heading, back link, the fields `children` draws from
 * the values and the errors, then features, photos, the submit button and the result.
 */
export function AdminListingForm({
  kind,
  listing,
  values,
  children,
}: {
  kind: 'property' | 'asset';
  /** The listing being edited (its name is the photos' alt text), null when creating. */
  listing: { _id: string; name: string; features: string[]; photos: PhotoView[] } | null;
  /** What the fields start from: the listing, or a new listing's defaults. */
  values: ListingFormState['values'];
  children: (fields: ListingFormState) => ReactNode;
}) {
  const texts = KINDS[kind];
  const isEdit = listing !== null;
  const { fetcher, formRef, result, isSubmitting, fieldErrors, onInput } = useFormSubmission({
    key: `admin-${kind}-${listing?._id ?? 'new'}`,
  });
  return (
    <main id="main" className="container-page max-w-3xl space-y-6 py-10">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold">{adminListingFormTitle(kind, listing?._id)}</h1>
        <Link to={texts.listPath} className="button-secondary">
          {t(texts.back)}
        </Link>
      </div>
      <section className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
        <fetcher.Form
          ref={formRef}
          method="post"
          encType="multipart/form-data"
          className="space-y-5"
          noValidate
          onInput={onInput}
        >
          <FormErrorSummary answer={result} fieldErrors={fieldErrors} />
          {children({ values, errors: fieldErrors })}
          <FeaturesField
            key={listing?._id ?? 'new'}
            initial={listing?.features}
            error={fieldErrors.features}
          />
          {listing && <CurrentPhotos photos={listing.photos} alt={listing.name} />}
          <PhotosField
            error={fieldErrors.photos}
            hint={listing ? t('form.keepPhotosHint') : undefined}
          />
          <button type="submit" className="button-primary w-full sm:w-auto" disabled={isSubmitting}>
            {isEdit
              ? isSubmitting
                ? t('form.saving')
                : t('form.save')
              : isSubmitting
                ? t('manage.creating')
                : t('manage.create')}
          </button>
        </fetcher.Form>
        <FormAnswer result={result} failure={t(texts.saveFailed)} className="mt-4" />
      </section>
    </main>
  );
}
