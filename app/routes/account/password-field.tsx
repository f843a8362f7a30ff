import { useState } from 'react';
import { t } from '#lib/i18n.pages.ts';
import { FormField } from '#app/components/form-field.tsx';

/** A password input with a Show/Hide toggle, as on the spec's login and registration forms. */
export function PasswordField({
  name,
  label,
  error,
  autoComplete,
  idPrefix,
}: {
  name: string;
  label: string;
  error: string | undefined;
  autoComplete: 'current-password' | 'new-password';
  /** Keeps ids unique when two forms of one page have a password field. */
  idPrefix?: string;
}) {
  const [isVisible, setIsVisible] = useState(false);
  return (
    <FormField name={name} label={label} error={error} idPrefix={idPrefix}>
      {(props) => (
        <div className="relative">
          <input
            {...props}
            className={`${props.className} pr-20`}
            type={isVisible ? 'text' : 'password'}
            autoComplete={autoComplete}
            required
          />
          <button
            type="button"
            className="absolute inset-y-0 right-0 min-w-16 rounded-r-lg px-3 text-sm font-semibold text-brand-800 hover:bg-brand-50"
            aria-controls={props.id}
            aria-pressed={isVisible}
            aria-label={isVisible ? t('account.hidePassword') : t('account.showPassword')}
            onClick={() => setIsVisible((visible) => !visible)}
          >
            {isVisible ? t('account.hide') : t('account.show')}
          </button>
        </div>
      )}
    </FormField>
  );
}

/** A new password, typed twice (`password`, `confirmPassword`). */
export function NewPasswordFields({
  label,
  errors,
}: {
  /** The first field's label: "Password" where an account is made, "New password" elsewhere. */
  label: string;
  errors: { password?: string | undefined; confirmPassword?: string | undefined };
}) {
  return (
    <>
      <PasswordField
        name="password"
        label={label}
        error={errors.password}
        autoComplete="new-password"
      />
      <PasswordField
        name="confirmPassword"
        label={t('account.confirmPassword')}
        error={errors.confirmPassword}
        autoComplete="new-password"
      />
    </>
  );
}
