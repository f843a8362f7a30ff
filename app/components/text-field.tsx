import { FormField } from './form-field.tsx';

/** A labelled text input (a phone number with `type="tel"`). */
export function TextField({
  name,
  label,
  value,
  error,
  type = 'text',
}: {
  name: string;
  label: string;
  value: string | number | null | undefined;
  error: string | undefined;
  type?: 'text' | 'tel';
}) {
  return (
    <FormField name={name} label={label} error={error}>
      {(props) => <input {...props} type={type} defaultValue={value ?? undefined} />}
    </FormField>
  );
}
