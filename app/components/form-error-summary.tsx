import { useLayoutEffect, useRef, useState } from 'react';
import type { FormResult } from '#lib/form-result.ts';
import { t } from '#lib/i18n.ts';

/** The form control posting `name`, if the form has one with an id to link to. */
function controlOf(form: HTMLFormElement | null | undefined, name: string): HTMLElement | null {
  const item = form?.elements.namedItem(name);
  const control = item instanceof RadioNodeList ? item[0] : item;
  return control instanceof HTMLElement && control.id ? control : null;
}

/** A field's name as the visitor reads it: its label, or its group's legend (radio buttons). */
function labelOf(control: HTMLElement | null): string | undefined {
  if (!control) return undefined;
  const legend = control.matches('input[type=radio]')
    ? control.closest('fieldset')?.querySelector('legend')
    : undefined;
  const label = legend ?? ('labels' in control ? (control.labels as NodeList)[0] : undefined);
  if (!label) return undefined;
  // What a screen reader reads: not the required mark, which is aria-hidden.
  const readable = label.cloneNode(true) as HTMLElement;
  readable.querySelectorAll('[aria-hidden="true"]').forEach((mark) => mark.remove());
  return readable.textContent?.trim() || undefined;
}

/**
 * The list of what to fix, at the top of a refused form. When a refusal arrives, focus moves
 * here, so a phone shows it and a screen reader reads it; each line links to its field (and
 * focuses it). A line goes as its field is changed. Without JavaScript the links use the ids
 * FormField gives (`idPrefix-name`); in the browser each line also names its field's label.
 */
export function FormErrorSummary({
  answer,
  fieldErrors,
  idPrefix = 'field',
}: {
  /** The answer the errors come from: a new one moves focus here. */
  answer: FormResult | undefined;
  fieldErrors: Record<string, string>;
  idPrefix?: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [labels, setLabels] = useState<Record<string, string>>({});
  const hasErrors = Object.keys(fieldErrors).length > 0;

  // Before the browser paints, so the lines never show without their labels.
  useLayoutEffect(() => {
    if (!answer || answer.ok || Object.keys(answer.fieldErrors).length === 0) return;
    const form = ref.current?.closest('form');
    const found: Record<string, string> = {};
    for (const name of Object.keys(answer.fieldErrors)) {
      const label = labelOf(controlOf(form, name));
      if (label) found[name] = label;
    }
    // Measuring the rendered form, as layout code does: one more render per refusal.
    // eslint-disable-next-line react-hooks/set-state-in-effect -- read from the DOM
    setLabels(found);
    ref.current?.focus();
  }, [answer]);

  if (!hasErrors) return null;
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="group"
      aria-labelledby={`${idPrefix}-error-summary`}
      className="rounded-lg border-2 border-red-700 bg-red-50 p-4 outline-none focus:ring-4 focus:ring-red-200"
    >
      <h2 id={`${idPrefix}-error-summary`} className="font-bold text-red-900">
        {t('form.errorSummary')}
      </h2>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-sm">
        {Object.entries(fieldErrors).map(([name, message]) => (
          <li key={name}>
            <a
              href={`#${idPrefix}-${name}`}
              className="font-medium text-red-800 underline"
              onClick={(event) => {
                const control = controlOf(ref.current?.closest('form'), name);
                if (!control) return;
                event.preventDefault();
                control.focus();
                control.scrollIntoView({ block: 'center' });
              }}
            >
              {labels[name] ? t('form.fieldError', { field: labels[name], message }) : message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
