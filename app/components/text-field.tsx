import { FormField } from './form-field.tsx';

/** What a field holds, and so which keyboard a phone shows. */
type Kind = 'text' | 'tel' | 'email' | 'url' | 'digits';

const INPUT_TYPES: Record<Kind, { type: string; inputMode?: 'numeric' | 'url' }> = {
  text: { type: 'text' },
  tel: { type: 'tel' },
  email: { type: 'email' },
  // A text input with the URL keyboard: site paths such as /terms are accepted too.
  url: { type: 'text', inputMode: 'url' },
  // A text input with the digit keyboard, not `type="number"`: a browser sends words typed into
  // a number input as nothing at all, and the visitor would read "required" instead of what to
  // type.
  digits: { type: 'text', inputMode: 'numeric' },
};

/** A labelled one-line input with its hint and error (see FormField). */
export function TextField({
  name,
  label,
  value,
  error,
  kind = 'text',
  hint,
  idPrefix,
  placeholder,
  maxLength,
  autoComplete,
  isRequired,
  hasRequiredMark,
  isCompact = false,
}: {
  name: string;
  label: string;
  value?: string | number | null;
  error: string | undefined;
  kind?: Kind;
  hint?: string;
  idPrefix?: string;
  placeholder?: string;
  maxLength?: number;
  autoComplete?: string;
  isRequired?: boolean;
  hasRequiredMark?: boolean;
  /** Narrow boxes (three rooms side by side on a phone) keep the placeholder readable. */
  isCompact?: boolean;
}) {
  return (
    <FormField
      name={name}
      label={label}
      hint={hint}
      error={error}
      idPrefix={idPrefix}
      isRequired={isRequired}
      hasRequiredMark={hasRequiredMark}
    >
      {(props) => (
        <input
          {...props}
          {...INPUT_TYPES[kind]}
          className={isCompact ? `${props.className} px-2` : props.className}
          autoComplete={autoComplete ?? (kind === 'digits' ? 'off' : undefined)}
          placeholder={placeholder}
          maxLength={maxLength}
          defaultValue={value ?? undefined}
        />
      )}
    </FormField>
  );
}
