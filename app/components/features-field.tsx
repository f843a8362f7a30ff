import { useCallback, useRef, useState } from 'react';
import { t } from '#lib/i18n.pages.ts';
import { useFormReset } from '#app/forms/use-form-reset.ts';

/**
 * Features added one by one (a blank one is not added) and removable. Each added feature is a
 * hidden `features` input; the text box is a `features` input too, so a feature typed but not
 * added is still sent, and the field works before JavaScript loads.
 */
const NO_FEATURES: string[] = [];

export function FeaturesField({
  initial = NO_FEATURES,
  error,
}: {
  initial?: string[];
  error: string | undefined;
}) {
  const [features, setFeatures] = useState<string[]>(initial);
  const [draft, setDraft] = useState('');
  const fieldRef = useRef<HTMLDivElement>(null);
  useFormReset(
    fieldRef,
    useCallback(() => {
      setFeatures(initial);
      setDraft('');
    }, [initial]),
  );

  function add() {
    const feature = draft.trim();
    if (feature !== '' && !features.includes(feature)) setFeatures([...features, feature]);
    setDraft('');
  }

  return (
    <div ref={fieldRef}>
      <label htmlFor="field-features" className="field-label">
        {t('form.features')}
      </label>
      <div className="flex gap-2">
        <input
          id="field-features"
          name="features"
          className="field-input"
          value={draft}
          placeholder={t('form.featurePlaceholder')}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? 'field-features-error' : undefined}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return;
            event.preventDefault();
            add();
          }}
        />
        <button type="button" className="button-secondary shrink-0" onClick={add}>
          {t('form.addFeature')}
        </button>
      </div>
      {error && (
        <p id="field-features-error" className="field-error">
          {error}
        </p>
      )}
      {features.length > 0 && (
        <ul className="mt-3 flex flex-wrap gap-2" aria-label={t('form.addedFeatures')}>
          {features.map((feature) => (
            <li
              key={feature}
              className="flex items-center gap-1 rounded-full bg-brand-50 py-1 pr-1 pl-3 text-sm text-brand-900"
            >
              <input type="hidden" name="features" value={feature} />
              {feature}
              <button
                type="button"
                className="flex h-7 w-7 items-center justify-center rounded-full hover:bg-brand-100"
                aria-label={t('form.removeFeature', { feature })}
                onClick={() => setFeatures(features.filter((kept) => kept !== feature))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
