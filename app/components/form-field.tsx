import type { ReactElement } from 'react';

type ControlProps = {
  id: string;
  name: string;
  className: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
};

/** A labelled control with its error underneath, wired for screen readers. */
export function FormField({
  name,
  label,
  error,
  children,
}: {
  name: string;
  label: string;
  error: string | undefined;
  children: (props: ControlProps) => ReactElement;
}) {
  const id = `field-${name}`;
  const errorId = `${id}-error`;
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      {children({
        id,
        name,
        className: 'field-input',
        'aria-invalid': Boolean(error),
        'aria-describedby': error ? errorId : undefined,
      })}
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
