import { t } from '#lib/i18n.all.ts';
import { ASSET_TYPES } from '#lib/listing.ts';
import { adminStatusOf } from '#lib/admin-listings.ts';
import type { AdminAssetView } from '#modules/admin-listings/admin-listings.schema.ts';
import { AdminStatusField } from './admin-listing-fields.tsx';
import { AdminListingForm, adminListingFormTitle } from './admin-listing-form.tsx';
import { AssetKindFields } from '#app/components/asset-kind-fields.tsx';
import { FormField } from '#app/components/form-field.tsx';
import { PlaceFields } from '#app/components/place-fields.tsx';
import { PointFields } from '#app/components/point-fields.tsx';
import { PricePeriodField } from '#app/components/price-period-field.tsx';
import { ListerFields } from '#app/components/lister-fields.tsx';
import { DescriptionField, ListingField } from '#app/components/listing-field.tsx';
import { pageMeta } from '#app/page-meta.ts';
import { loadListingForm, saveListingForm } from './listing-form.server.ts';
import type { Route } from './+types/asset-form';
import { getServices } from '#server/load-context.ts';

/** Creating: nothing to load. Editing: the asset, whatever its moderation, or the 404 page. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const asset = await loadListingForm({ context, params }, (id, admin) =>
    getServices(context).adminListings.getAsset(id, admin),
  );
  return { asset };
}

/** The form posts every field (the same schema as POST /api/create-asset). */
export function action({ request, context, params }: Route.ActionArgs) {
  return saveListingForm({ request, context, params }, 'asset');
}

export function meta({ params }: Route.MetaArgs) {
  return pageMeta({
    title: adminListingFormTitle('asset', params.id),
    description: t('admin.title'),
  });
}

/**
 * The admin asset form: the common fields, then the fields of the chosen kind (CSS shows the
 * sections of the selected type, as on the supply form; see app.css).
 */
export default function AdminAssetForm({ loaderData: { asset } }: Route.ComponentProps) {
  const values: Partial<AdminAssetView> = asset ?? { type: 'Land' };
  return (
    <AdminListingForm values={values} kind="asset" listing={asset}>
      {(fields) => (
        <>
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="sm:col-span-2">
              <ListingField name="name" form={fields} />
            </div>
            <FormField name="type" label={t('listing.type')} error={fields.errors.type}>
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
            <AdminStatusField
              value={asset ? adminStatusOf(asset) : 'Rent'}
              error={fields.errors.status}
            />
            <ListingField name="price" form={fields} />
            <PricePeriodField value={values.pricePeriod} error={fields.errors.pricePeriod} />
            <PlaceFields values={values} errors={fields.errors} />
            <PointFields values={values} errors={fields.errors} />
            <div data-kinds="Land" className="sm:col-span-2">
              <ListingField name="upi" form={fields} />
            </div>
            <ListingField name="owner" form={fields} />
            <ListingField name="contact" form={fields} />
            <ListerFields listedBy={values.listedBy} form={fields} />
            <DescriptionField form={fields} />
          </div>

          <AssetKindFields form={fields} />
        </>
      )}
    </AdminListingForm>
  );
}
