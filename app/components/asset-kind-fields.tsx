import { t } from '#lib/i18n.pages.ts';
import { CheckField } from './check-field.tsx';
import { ListingField, type ListingFormState } from './listing-field.tsx';

/**
 * The fields of an asset's kind: vehicle facts for cars and motorcycles, size for land,
 * condition and size for clothes (CSS shows the sections of the chosen type, see app.css).
 */
export function AssetKindFields({ form }: { form: ListingFormState }) {
  return (
    <>
      <fieldset data-kinds="Car Motorcycle" className="gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-lg font-semibold">{t('listing.vehicle')}</legend>
        <ListingField name="transmission" form={form} />
        <ListingField name="fuel" form={form} />
        <CheckField name="certified" label={t('listing.certified')} value={form.values.certified} />
        <CheckField name="inspected" label={t('listing.inspected')} value={form.values.inspected} />
        <ListingField name="warranty" form={form} />
        <ListingField name="rentalPrice" form={form} />
        <ListingField name="rentDuration" form={form} />
      </fieldset>

      <fieldset data-kinds="Land" className="gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-lg font-semibold">{t('listing.land')}</legend>
        <ListingField name="size" form={form} />
      </fieldset>

      <fieldset data-kinds="Clothes" className="gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-lg font-semibold">{t('listing.clothes')}</legend>
        <ListingField name="condition" form={form} />
        <ListingField name="sizeCloth" form={form} />
      </fieldset>
    </>
  );
}
