import { t } from '#lib/i18n.pages.ts';
import { ALERT_FREQUENCIES, type AlertFrequency } from '#lib/listing.ts';

/** How often a saved search's new listings are told: at once or once a day. */
export function FrequencyField({ id, value }: { id: string; value?: AlertFrequency }) {
  return (
    <div className="min-w-0 grow">
      <label htmlFor={id} className="field-label">
        {t('savedSearch.frequencyLabel')}
      </label>
      <select id={id} name="frequency" defaultValue={value} className="field-input">
        {ALERT_FREQUENCIES.map((frequency) => (
          <option key={frequency} value={frequency}>
            {t(`savedSearch.frequency.${frequency}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
