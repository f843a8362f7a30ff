import { t } from '#lib/i18n.ts';
import type { AssetKindField } from '#lib/listing.ts';
import type { AssetView } from '#modules/assets/assets.schema.ts';
import { CheckField } from './check-field.tsx';
import { NumberField } from './number-field.tsx';
import { TextField } from './text-field.tsx';

/**
 * The fields of an asset's kind: vehicle facts for cars and motorcycles, size for land,
 * condition and size for clothes (CSS shows the sections of the chosen type, see app.css).
 */
export function AssetKindFields({
  values,
  errors,
}: {
  values: Partial<Pick<AssetView, AssetKindField>>;
  errors: Record<string, string>;
}) {
  return (
    <>
      <fieldset data-kinds="Car Motorcycle" className="gap-4 sm:grid-cols-2">
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
    </>
  );
}
