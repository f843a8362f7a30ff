import { t } from '#lib/i18n.pages.ts';
import { PRICE_PERIODS, type PricePeriod } from '#lib/listing.ts';
import { FormField } from './form-field.tsx';

/**
 * What a rent is paid for: per night ... per year. The empty choice is the form's own: a listing's
 * usual period for its type, or a buyer's budget to buy.
 */
export function PricePeriodField({
  value,
  error,
  label = t('price.periodLabel'),
  emptyLabel = t('price.periodUsual'),
  hint = t('price.periodHint'),
}: {
  value: PricePeriod | null | undefined;
  error: string | undefined;
  label?: string;
  emptyLabel?: string;
  hint?: string;
}) {
  return (
    <FormField name="pricePeriod" label={label} hint={hint} error={error}>
      {(props) => (
        <select {...props} defaultValue={value ?? ''}>
          <option value="">{emptyLabel}</option>
          {PRICE_PERIODS.map((period) => (
            <option key={period} value={period}>
              {t(`price.per.${period}`)}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}
