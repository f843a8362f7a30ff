import { useState } from 'react';
import { useIsHydrated } from '#app/use-is-hydrated.ts';
import { t } from '#lib/i18n.pages.ts';
import { LOCATION_MAX_LENGTH, PLACE_NAME_MAX_LENGTH } from '#lib/limits.ts';
import { DISTRICTS, findDistrict, PROVINCE_KEYS, PROVINCES } from '#lib/places.ts';
import { FormField } from './form-field.tsx';
import { TextField } from './text-field.tsx';

type PlaceValues = {
  district?: string | null;
  sector?: string | null;
  cell?: string | null;
  street?: string | null;
};

/**
 * Where a listing or a request is, the spec's required location: the district, then one of its
 * sectors, from lists (both required and marked so); an optional cell and an optional street or
 * landmark line. Without JavaScript the sector list holds every district's sectors, grouped by
 * district (the server checks that the pair fits); once the page runs, it holds the chosen
 * district's only.
 */
export function PlaceFields({
  values,
  errors,
  legend = t('listing.location'),
}: {
  values: PlaceValues;
  errors: Record<string, string | undefined>;
  /** The spec's name for the location, where a form has its own ('Preferred Location'). */
  legend?: string;
}) {
  const [district, setDistrict] = useState(values.district ?? '');
  const isRunning = useIsHydrated();
  const chosen = findDistrict(district);
  const sectorGroups =
    isRunning && chosen ? DISTRICTS.filter((entry) => entry.name === chosen) : DISTRICTS;
  return (
    <fieldset className="grid gap-4 sm:col-span-2 sm:grid-cols-2">
      <legend className="mb-2 text-lg font-semibold">{legend}</legend>
      <FormField
        name="district"
        label={t('place.district')}
        error={errors.district}
        isRequired
        hasRequiredMark
      >
        {(props) => (
          <select
            {...props}
            value={district}
            onChange={(event) => setDistrict(event.currentTarget.value)}
          >
            <option value="">{t('place.chooseDistrict')}</option>
            <DistrictOptions />
          </select>
        )}
      </FormField>
      <FormField
        name="sector"
        label={t('place.sector')}
        error={errors.sector}
        isRequired
        hasRequiredMark
      >
        {(props) => (
          <select {...props} key={chosen ?? 'all'} defaultValue={values.sector ?? ''}>
            <option value="">{t('place.chooseSector')}</option>
            {sectorGroups.map((entry) => (
              <optgroup key={entry.name} label={entry.name}>
                {entry.sectors.map((sector) => (
                  <option key={sector} value={sector}>
                    {sector}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        )}
      </FormField>
      <TextField
        name="cell"
        label={t('place.cell')}
        value={values.cell}
        error={errors.cell}
        maxLength={PLACE_NAME_MAX_LENGTH}
      />
      <TextField
        name="location"
        label={t('place.street')}
        hint={t('place.streetHint')}
        value={values.street}
        error={errors.location}
        maxLength={LOCATION_MAX_LENGTH}
      />
    </fieldset>
  );
}

/** Every district as a choice, grouped by province. */
export function DistrictOptions() {
  return PROVINCES.map((province) => (
    <optgroup key={province} label={t(PROVINCE_KEYS[province])}>
      {DISTRICTS.filter((entry) => entry.province === province).map((entry) => (
        <option key={entry.name} value={entry.name}>
          {entry.name}
        </option>
      ))}
    </optgroup>
  ));
}
