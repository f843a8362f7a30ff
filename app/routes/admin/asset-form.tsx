import { data, Link } from 'react-router';
import { NotFoundError } from '#lib/errors.ts';
import type { FormResult } from '#lib/form-result.ts';
import { t } from '#lib/i18n.ts';
import { IdParamsSchema } from '#lib/listing-schemas.ts';
import { ASSET_TYPES } from '#lib/listing.ts';
import { MESSAGE_CLEAR_MS } from '#lib/timings.ts';
import {
  AdminAssetInputSchema,
  adminStatusOf,
  type AdminAssetView,
} from '#modules/manage/manage.schema.ts';
import { requireViewer } from '../../auth.server.ts';
import {
  AdminNumberField,
  AdminStatusField,
  AdminTextField,
  CurrentPhotos,
} from '../../components/admin-listing-fields.tsx';
import { FeaturesField } from '../../components/features-field.tsx';
import { FormField } from '../../components/form-field.tsx';
import { FormMessage } from '../../components/form-message.tsx';
import { PhotosField } from '../../components/photos-field.tsx';
import { handleFormAction } from '../../form-action.server.ts';
import { pageMeta } from '../../page-meta.ts';
import { useFormSubmission } from '../../use-form-submission.ts';
import type { Route } from './+types/asset-form';

/** Creating: nothing to load. Editing: the asset, whatever its moderation, or the 404 page. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const admin = requireViewer(request, context, { role: 'admin' });
  if (params.id === undefined) return { asset: null };
  const id = IdParamsSchema.safeParse(params);
  if (!id.success) throw data(null, { status: 404 });
  try {
    return { asset: await context.services.manage.getAsset(id.data.id, admin) };
  } catch (error) {
    if (error instanceof NotFoundError) throw data(null, { status: 404 });
    throw error;
  }
}

/** The form posts every field (the same schema as POST /api/create-asset). */
export function action({ request, context, params }: Route.ActionArgs) {
  const admin = requireViewer(request, context, { role: 'admin' });
  return handleFormAction(request, context, AdminAssetInputSchema, async (input, upload) => {
    const { manage, search } = context.services;
    if (params.id === undefined) {
      await manage.createAsset(input, upload.photos, admin);
      search.forgetCachedAnswers();
      return t('manage.assetCreated');
    }
    const id = IdParamsSchema.safeParse(params);
    if (!id.success) throw new NotFoundError(t('manage.assetNotFound'));
    await manage.updateAsset(id.data.id, input, upload.photos, admin);
    search.forgetCachedAnswers();
    return t('manage.assetUpdated');
  });
}

export function meta({ params }: Route.MetaArgs) {
  const title = params.id ? t('manage.updateAsset') : t('manage.addAsset');
  return pageMeta({ title, description: t('admin.title') });
}

function failureText(result: Extract<FormResult, { ok: false }>): string {
  return Object.keys(result.fieldErrors).length > 0 ? t('manage.saveAssetFailed') : result.message;
}

/** A yes/no fact: the hidden 'false' after the box is sent when it is not ticked. */
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
 * The admin asset form: the common fields, then the fields of the chosen kind (CSS shows the
 * sections of the selected type, as on the supply form; see app.css).
 */
export default function AdminAssetForm({ loaderData: { asset } }: Route.ComponentProps) {
  const isEdit = asset !== null;
  const { fetcher, formRef, result, isSubmitting, fieldErrors } = useFormSubmission({
    key: `admin-asset-${asset?._id ?? 'new'}`,
    visibleMs: MESSAGE_CLEAR_MS.admin,
    isPageAction: true,
  });
  const values: Partial<AdminAssetView> = asset ?? { type: 'Land' };
  const errors = fieldErrors;
  const heading = isEdit ? t('manage.updateAsset') : t('manage.addAsset');
  return (
    <main id="main" className="container-page max-w-3xl space-y-6 py-10">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold">{heading}</h1>
        <Link to="/admin-panel/assets" className="button-secondary">
          {t('manage.backToAssets')}
        </Link>
      </div>
      <section className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
        <fetcher.Form
          ref={formRef}
          method="post"
          encType="multipart/form-data"
          className="space-y-5"
          noValidate
        >
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="sm:col-span-2">
              <AdminTextField
                name="name"
                label={t('manage.fieldName')}
                value={values.name}
                error={errors.name}
              />
            </div>
            <FormField name="type" label={t('listing.type')} error={errors.type}>
              {(props) => (
                <select {...props} defaultValue={values.type ?? 'Land'}>
                  {ASSET_TYPES.map((type) => (
                    <option key={type} value={type}>
                      {t(`type.${type}`)}
                    </option>
                  ))}
                </select>
              )}
            </FormField>
            <AdminStatusField value={asset ? adminStatusOf(asset) : 'Rent'} error={errors.status} />
            <AdminNumberField
              name="price"
              label={t('form.priceRwf')}
              value={values.price}
              error={errors.price}
            />
            <AdminTextField
              name="location"
              label={t('listing.location')}
              value={values.location}
              error={errors.location}
            />
            <AdminTextField
              name="owner"
              label={t('listing.owner')}
              value={values.owner}
              error={errors.owner}
            />
            <AdminTextField
              name="contact"
              label={t('listing.contact')}
              value={values.contact}
              error={errors.contact}
              type="tel"
            />
            <div className="sm:col-span-2">
              <FormField
                name="description"
                label={t('listing.description')}
                error={errors.description}
              >
                {(props) => <textarea {...props} rows={4} defaultValue={values.description} />}
              </FormField>
            </div>
          </div>

          <fieldset data-kinds="Car Motorcycle" className="gap-4 sm:grid-cols-2">
            <legend className="mb-2 text-lg font-semibold">{t('listing.vehicle')}</legend>
            <AdminTextField
              name="transmission"
              label={t('listing.transmission')}
              value={values.transmission}
              error={errors.transmission}
            />
            <AdminTextField
              name="fuel"
              label={t('listing.fuel')}
              value={values.fuel}
              error={errors.fuel}
            />
            <CheckField name="certified" label={t('listing.certified')} value={values.certified} />
            <CheckField name="inspected" label={t('listing.inspected')} value={values.inspected} />
            <AdminTextField
              name="warranty"
              label={t('listing.warranty')}
              value={values.warranty}
              error={errors.warranty}
            />
            <AdminNumberField
              name="rentalPrice"
              label={t('listing.rentalPrice')}
              value={values.rentalPrice}
              error={errors.rentalPrice}
            />
            <AdminTextField
              name="rentDuration"
              label={t('listing.rentDuration')}
              value={values.rentDuration}
              error={errors.rentDuration}
            />
          </fieldset>
          <fieldset data-kinds="Land" className="gap-4 sm:grid-cols-2">
            <legend className="mb-2 text-lg font-semibold">{t('listing.land')}</legend>
            <AdminTextField
              name="size"
              label={t('listing.size')}
              value={values.size}
              error={errors.size}
            />
          </fieldset>
          <fieldset data-kinds="Clothes" className="gap-4 sm:grid-cols-2">
            <legend className="mb-2 text-lg font-semibold">{t('listing.clothes')}</legend>
            <AdminTextField
              name="condition"
              label={t('listing.condition')}
              value={values.condition}
              error={errors.condition}
            />
            <AdminTextField
              name="sizeCloth"
              label={t('listing.sizeCloth')}
              value={values.sizeCloth}
              error={errors.sizeCloth}
            />
          </fieldset>

          <FeaturesField
            key={asset?._id ?? 'new'}
            initial={asset?.features}
            error={errors.features}
          />
          {asset && <CurrentPhotos photos={asset.photos} alt={asset.name} />}
          <PhotosField error={errors.photos} hint={asset ? t('form.keepPhotosHint') : undefined} />
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
        <div aria-live="polite" className="mt-4">
          {result && (
            <FormMessage tone={result.ok ? 'success' : 'error'}>
              {result.ok ? result.message : failureText(result)}
            </FormMessage>
          )}
        </div>
      </section>
    </main>
  );
}
