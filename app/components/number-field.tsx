import { FormField } from './form-field.tsx';

/** A labelled whole-number input (rooms, price). */
export function NumberField({
  name,
  label,
  value,
  error,
}: {
  name: string;
  label: string;
  value: number | null | undefined;
  error: string | undefined;
}) {
  return (
    <FormField name={name} label={label} error={error}>
      {(props) => (
        <input
          {...props}
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          defaultValue={value ?? undefined}
        />
      )}
    </FormField>
  );
}
