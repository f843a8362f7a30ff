import { t } from '#lib/i18n.pages.ts';
import { FormField } from '#app/components/form-field.tsx';

/**
 * Who is signing in, or asking for a new password: an e-mail address or a phone number in one
 * field (`email`, the spec's name), neither capitalised nor corrected by the phone's keyboard.
 */
export function IdentifierField({ error, hint }: { error: string | undefined; hint?: string }) {
  return (
    <FormField name="email" label={t('login.identifier')} hint={hint} error={error}>
      {(props) => (
        <input
          {...props}
          type="text"
          inputMode="email"
          required
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
        />
      )}
    </FormField>
  );
}
