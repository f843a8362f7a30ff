import { t } from '#lib/i18n.ts';
import { PROPERTY_TYPES } from '#lib/listing.ts';
import { adminStatusOf, type AdminPropertyView } from '#modules/manage/manage.schema.ts';
import { AdminStatusField } from '../../components/admin-listing-fields.tsx';
import { AdminListingForm, adminListingFormTitle } from '../../components/admin-listing-form.tsx';
import { FormField } from '../../components/form-field.tsx';
import { NumberField } from '../../components/number-field.tsx';
import { TextField } from '../../components/text-field.tsx';
import { pageMeta } from '../../page-meta.ts';
import { loadListingForm, saveListingForm } from './listing-form.server.ts';
import type { Route } from './+types/property-form';

/** Creating: nothing to load. Editing: the property, whatever its moderation, or the 404 page. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const property = await loadListingForm(request, context, params, (id, admin) =>
    context.services.manage.getProperty(id, admin),
  );
  return { property };
}

/** The form posts every field (the same schema as POST /api/create-property). */
export function action({ request, context, params }: Route.ActionArgs) {
  return saveListingForm(request, context, params, 'property');
}

export function meta({ params }: Route.MetaArgs) {
  return pageMeta({
    title: adminListingFormTitle('property', params.id),
    description: t('admin.title'),
  });
}

/** The admin property form (spec §5): every field but address required; rooms default to 1. */
export default function AdminPropertyForm({ loaderData: { property } }: Route.ComponentProps) {
  const values: Partial<AdminPropertyView> = property ?? {
    bedrooms: 1,
    bathrooms: 1,
    toilets: 1,
    type: 'House',
  };
  return (
    <AdminListingForm kind="property" listing={property && { ...property, name: property.title }}>
      {(errors) => (
        <>
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
            <TextField
              name="location"
              label={t('listing.location')}
              value={values.location}
              error={errors.location}
            />
            <TextField
              name="address"
              label={t('listing.address')}
              value={values.address}
              error={errors.address}
            />
            <TextField
              name="area"
              label={t('manage.fieldArea')}
              value={values.area}
              error={errors.area}
            />
            <NumberField
              name="price"
              label={t('form.priceRwf')}
              value={values.price}
              error={errors.price}
            />
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
            <TextField
              name="owner"
              label={t('listing.owner')}
              value={values.owner}
              error={errors.owner}
            />
            <TextField
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
        </>
      )}
    </AdminListingForm>
  );
}
