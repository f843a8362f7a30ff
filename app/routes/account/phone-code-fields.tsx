import { t } from '#lib/i18n.pages.ts';
import { FormField } from '#app/components/form-field.tsx';

/** The intent of the button that asks for a new code in place of the one sent. */
export const RESEND_INTENT = 'resend-code';

/**
 * A 6-digit code's input: digits on a phone's keypad, and offered by the phone that received it
 * by SMS, or by an authenticator app (`one-time-code`).
 */
export const ONE_TIME_CODE_INPUT = {
  type: 'text',
  inputMode: 'numeric',
  pattern: '[0-9]*',
  maxLength: 6,
  required: true,
  autoComplete: 'one-time-code',
} as const;

/**
 * The step after a code went by SMS, inside its form: the code's token (hidden), the code, and
 * what to do when no SMS came.
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
        {(props) => <input {...props} {...ONE_TIME_CODE_INPUT} />}
      </FormField>
    </>
  );
}

/**
 * The code step's buttons: the form's own (which spends the code), and one asking for a new code
 * (the form's action reads the intent and the token).
 */
export function CodeStepButtons({
  isSubmitting,
  submit,
  submitting,
}: {
  isSubmitting: boolean;
  /** The form's button, and its text while the form is sent. */
  submit: string;
  submitting: string;
}) {
  return (
    <div className="flex flex-wrap gap-3">
      <button type="submit" className="button-primary w-full sm:w-auto" disabled={isSubmitting}>
        {isSubmitting ? submitting : submit}
      </button>
      <button
        type="submit"
        name="intent"
        value={RESEND_INTENT}
        className="button-secondary w-full sm:w-auto"
        disabled={isSubmitting}
      >
        {t('phoneCode.resend')}
      </button>
    </div>
  );
}
