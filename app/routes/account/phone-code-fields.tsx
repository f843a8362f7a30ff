import { t } from '#lib/i18n.pages.ts';
import { FormField } from '#app/components/form-field.tsx';

/** The intent of the button that asks for a new code in place of the one sent. */
export const RESEND_INTENT = 'resend-code';

/**
 * The step after a code went by SMS, inside its form: the code's token (hidden), the code, typed
 * or offered by the phone that received it (`one-time-code`), and what to do when no SMS came.
 */
export function PhoneCodeFields({ proof, error }: { proof: string; error: string | undefined }) {
  return (
    <>
      <input type="hidden" name="proof" value={proof} />
      <FormField
        name="code"
        label={t('phoneCode.codeLabel')}
        hint={t('phoneCode.noSms')}
        error={error}
      >
        {(props) => (
          <input
            {...props}
            type="text"
            inputMode="numeric"
            pattern="[0-9]*"
            maxLength={6}
            required
            autoComplete="one-time-code"
          />
        )}
      </FormField>
    </>
  );
}

/** Asks for a new code (the form's action reads the intent and the token). */
export function ResendCodeButton({ disabled }: { disabled: boolean }) {
  return (
    <button
      type="submit"
      name="intent"
      value={RESEND_INTENT}
      className="button-secondary w-full sm:w-auto"
      disabled={disabled}
    >
      {t('phoneCode.resend')}
    </button>
  );
}
