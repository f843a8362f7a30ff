import { t } from '#lib/i18n.ts';
import { ASSET_TYPES } from '#lib/listing.ts';
import { adminStatusOf, type AdminAssetView } from '#modules/manage/manage.schema.ts';
import { AdminStatusField } from '../../components/admin-listing-fields.tsx';
import { AdminListingForm, adminListingFormTitle } from '../../components/admin-listing-form.tsx';
import { AssetKindFields } from '../../components/asset-kind-fields.tsx';
import { FormField } from '../../components/form-field.tsx';
import { NumberField } from '../../components/number-field.tsx';
import { TextField } from '../../components/text-field.tsx';
import { pageMeta } from '../../page-meta.ts';
import { loadListingForm, saveListingForm } from './listing-form.server.ts';
import type { Route } from './+types/asset-form';

/** Creating: nothing to load. Editing: the asset, whatever its moderation, or the 404 page. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const asset = await loadListingForm(request, context, params, (id, admin) =>
    context.services.manage.getAsset(id, admin),
  );
  return { asset };
}

/** The form posts every field (the same schema as POST /api/create-asset). */
export function action({ request, context, params }: Route.ActionArgs) {
  return saveListingForm(request, context, params, 'asset');
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
    <AdminListingForm kind="asset" listing={asset}>
      {(errors) => (
        <>
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="sm:col-span-2">
              <TextField
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
                {(props) => <textarea {...props} rows={4} defaultValue={values.description} />}
              </FormField>
            </div>
          </div>

          <AssetKindFields values={values} errors={errors} />
        </>
      )}
    </AdminListingForm>
  );
}
