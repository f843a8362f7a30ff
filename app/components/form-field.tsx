import type { ReactElement } from 'react';

type ControlProps = {
  id: string;
  name: string;
  className: string;
  required: boolean;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
};

/**
 * A labelled control with its hint and error underneath, wired for screen readers. `idPrefix`
 * keeps ids unique when two forms on one page share field names. A required field tells screen
 * readers so; where most of a form is optional, `hasRequiredMark` also marks it in the label.
 * Forms are `noValidate`: the server says what is missing, the same with or without JavaScript.
 */
export function FormField({
  name,
  label,
  hint,
  error,
  idPrefix = 'field',
  isRequired = false,
  hasRequiredMark = false,
  children,
}: {
  name: string;
  label: string;
  hint?: string;
  error: string | undefined;
  idPrefix?: string;
  isRequired?: boolean;
  hasRequiredMark?: boolean;
  children: (props: ControlProps) => ReactElement;
}) {
  const id = `${idPrefix}-${name}`;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint && hintId, error && errorId].filter(Boolean).join(' ');
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
        {hasRequiredMark && (
          <span className="text-red-700" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      {children({
        id,
        name,
        className: 'field-input',
        required: isRequired,
        'aria-invalid': Boolean(error),
        'aria-describedby': describedBy || undefined,
      })}
      {hint && (
        <p id={hintId} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
