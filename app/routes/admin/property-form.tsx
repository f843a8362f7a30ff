import { data, Link } from 'react-router';
import { NotFoundError } from '#lib/errors.ts';
import type { FormResult } from '#lib/form-result.ts';
import { t } from '#lib/i18n.ts';
import { IdParamsSchema } from '#lib/listing-schemas.ts';
import { PROPERTY_TYPES } from '#lib/listing.ts';
import { MESSAGE_CLEAR_MS } from '#lib/timings.ts';
import {
  AdminPropertyInputSchema,
  adminStatusOf,
  type AdminPropertyView,
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
import type { Route } from './+types/property-form';

/** Creating: nothing to load. Editing: the property, whatever its moderation, or the 404 page. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const admin = requireViewer(request, context, { role: 'admin' });
  if (params.id === undefined) return { property: null };
  const id = IdParamsSchema.safeParse(params);
  if (!id.success) throw data(null, { status: 404 });
  try {
    return { property: await context.services.manage.getProperty(id.data.id, admin) };
  } catch (error) {
    if (error instanceof NotFoundError) throw data(null, { status: 404 });
    throw error;
  }
}

/** The form posts every field (the same schema as POST /api/create-property). */
export function action({ request, context, params }: Route.ActionArgs) {
  const admin = requireViewer(request, context, { role: 'admin' });
  return handleFormAction(request, context, AdminPropertyInputSchema, async (input, upload) => {
    const { manage, search } = context.services;
    if (params.id === undefined) {
      await manage.createProperty(input, upload.photos, admin);
      search.forgetCachedAnswers();
      return t('manage.propertyCreated');
    }
    const id = IdParamsSchema.safeParse(params);
    if (!id.success) throw new NotFoundError(t('manage.propertyNotFound'));
    await manage.updateProperty(id.data.id, input, upload.photos, admin);
    search.forgetCachedAnswers();
    return t('manage.propertyUpdated');
  });
}

export function meta({ params }: Route.MetaArgs) {
  const title = params.id ? t('manage.updateProperty') : t('manage.addProperty');
  return pageMeta({ title, description: t('admin.title') });
}

function failureText(result: Extract<FormResult, { ok: false }>): string {
  return Object.keys(result.fieldErrors).length > 0 ? t('manage.saveFailed') : result.message;
}

/** The admin property form (spec §5): every field but address required; rooms default to 1. */
export default function AdminPropertyForm({ loaderData: { property } }: Route.ComponentProps) {
  const isEdit = property !== null;
  const { fetcher, formRef, result, isSubmitting, fieldErrors } = useFormSubmission({
    key: `admin-property-${property?._id ?? 'new'}`,
    visibleMs: MESSAGE_CLEAR_MS.admin,
    isPageAction: true,
  });
  const values: Partial<AdminPropertyView> = property ?? {
    bedrooms: 1,
    bathrooms: 1,
    toilets: 1,
    type: 'House',
  };
  const errors = fieldErrors;
  const heading = isEdit ? t('manage.updateProperty') : t('manage.addProperty');
  return (
    <main id="main" className="container-page max-w-3xl space-y-6 py-10">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold">{heading}</h1>
        <Link to="/admin-panel/properties" className="button-secondary">
          {t('manage.backToProperties')}
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
                name="title"
                label={t('supply.fieldTitle')}
                value={values.title}
                error={errors.title}
              />
            </div>
            <FormField name="type" label={t('listing.type')} error={errors.type}>
              {(props) => (
                <select {...props} defaultValue={values.type ?? 'House'}>
                  {PROPERTY_TYPES.map((type) => (
                    <option key={type} value={type}>
                      {t(`type.${type}`)}
                    </option>
                  ))}
                </select>
              )}
            </FormField>
            <AdminStatusField
              value={property ? adminStatusOf(property) : 'Rent'}
              error={errors.status}
            />
            <AdminTextField
              name="location"
              label={t('listing.location')}
              value={values.location}
              error={errors.location}
            />
            <AdminTextField
              name="address"
              label={t('listing.address')}
              value={values.address}
              error={errors.address}
            />
            <AdminTextField
              name="area"
              label={t('manage.fieldArea')}
              value={values.area}
              error={errors.area}
            />
            <AdminNumberField
              name="price"
              label={t('form.priceRwf')}
              value={values.price}
              error={errors.price}
            />
            <AdminNumberField
              name="bedrooms"
              label={t('listing.bedrooms')}
              value={values.bedrooms}
              error={errors.bedrooms}
            />
            <AdminNumberField
              name="bathrooms"
              label={t('listing.bathrooms')}
              value={values.bathrooms}
              error={errors.bathrooms}
            />
            <AdminNumberField
              name="toilets"
              label={t('listing.toilets')}
              value={values.toilets}
              error={errors.toilets}
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
                {(props) => <textarea {...props} rows={5} defaultValue={values.description} />}
              </FormField>
            </div>
          </div>
          <FeaturesField
            key={property?._id ?? 'new'}
            initial={property?.features}
            error={errors.features}
          />
          {property && <CurrentPhotos photos={property.photos} alt={property.title} />}
          <PhotosField
            error={errors.photos}
            hint={property ? t('form.keepPhotosHint') : undefined}
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
