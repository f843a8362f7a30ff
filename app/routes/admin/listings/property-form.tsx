import { t } from '#lib/i18n.all.ts';
import { PROPERTY_TYPES } from '#lib/listing.ts';
import { adminStatusOf } from '#lib/admin-listings.ts';
import type { AdminPropertyView } from '#modules/admin-listings/admin-listings.schema.ts';
import { AdminStatusField } from './admin-listing-fields.tsx';
import { AdminListingForm, adminListingFormTitle } from './admin-listing-form.tsx';
import { FormField } from '#app/components/form-field.tsx';
import { PlaceFields } from '#app/components/place-fields.tsx';
import { PointFields } from '#app/components/point-fields.tsx';
import { PricePeriodField } from '#app/components/price-period-field.tsx';
import { ListerFields } from '#app/components/lister-fields.tsx';
import { DescriptionField, ListingField } from '#app/components/listing-field.tsx';
import { pageMeta } from '#app/page-meta.ts';
import { loadListingForm, saveListingForm } from './listing-form.server.ts';
import type { Route } from './+types/property-form';
import { getServices } from '#server/load-context.ts';

/** Creating: nothing to load. Editing: the property, whatever its moderation, or the 404 page. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const property = await loadListingForm({ context, params }, (id, admin) =>
    getServices(context).adminListings.getProperty(id, admin),
  );
  return { property };
}

/** The form posts every field (the same schema as POST /api/create-property). */
export function action({ request, context, params }: Route.ActionArgs) {
  return saveListingForm({ request, context, params }, 'property');
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
    <AdminListingForm
      values={values}
      kind="property"
      listing={property && { ...property, name: property.title }}
    >
      {(fields) => (
        <>
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="sm:col-span-2">
              <ListingField name="title" form={fields} />
            </div>
            <FormField name="type" label={t('listing.type')} error={fields.errors.type}>
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
              error={fields.errors.status}
            />
            <PlaceFields values={values} errors={fields.errors} />
            <PointFields values={values} errors={fields.errors} />
            <ListingField name="address" form={fields} />
            <ListingField name="area" form={fields} label={t('manage.fieldArea')} kind="text" />
            <ListingField name="price" form={fields} />
            <PricePeriodField value={values.pricePeriod} error={fields.errors.pricePeriod} />
            <div data-kinds="House" className="sm:col-span-2">
              <ListingField name="upi" form={fields} />
            </div>
            <ListingField name="bedrooms" form={fields} />
            <ListingField name="bathrooms" form={fields} />
            <ListingField name="toilets" form={fields} />
            <ListingField name="owner" form={fields} />
            <ListingField name="contact" form={fields} />
            <ListerFields listedBy={values.listedBy} form={fields} />
            <DescriptionField form={fields} rows={5} />
          </div>
        </>
      )}
    </AdminListingForm>
  );
}
