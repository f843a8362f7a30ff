import { t } from '#lib/i18n.all.ts';
import type { UserView } from '#modules/accounts/accounts.schema.ts';
import { FormErrorSummary } from '#app/components/form-error-summary.tsx';
import { FormMessage } from '#app/components/form-message.tsx';
import { Icon } from '#app/components/icon.tsx';
import { IntentInput } from '#app/forms/intent-input.tsx';
import { useFormSubmission } from '#app/forms/use-form-submission.ts';
import type { UserIntent } from './user-actions.server.ts';

/**
 * "Verified seller": Mark as verified, once the admin ticks that they checked an identity
 * document (no number is ever asked for or kept), or Remove verification.
 */
export function VerificationPanel({
  user,
  verifiedOn,
}: {
  user: UserView;
  /** When they were verified, formatted; null when they are not. */
  verifiedOn: string | null;
}) {
  const {
    fetcher: verifyFetcher,
    formRef: verifyFormRef,
    result: verifyResult,
    isSubmitting: isVerifying,
    fieldErrors,
    onInput,
  } = useFormSubmission({ key: `user-verify-${user.id}`, intent: 'verify' });
  const unverify = useFormSubmission({ key: `user-unverify-${user.id}`, intent: 'unverify' });
  const results = [verifyResult, unverify.result].filter((result) => result !== undefined);
  return (
    <section
      aria-labelledby="verification-heading"
      className="space-y-3 rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2 id="verification-heading" className="text-lg font-bold">
        {t('users.verifiedBadge')}
      </h2>
      {verifiedOn ? (
        <>
          <p className="flex items-center gap-1 font-semibold text-emerald-900">
            <Icon name="check" className="h-5 w-5" />
            {t('users.verifiedOn', { date: verifiedOn })}
          </p>
          <unverify.fetcher.Form method="post">
            <IntentInput<UserIntent> value="unverify" />
            <input type="hidden" name="userId" value={user.id} />
            <button type="submit" className="button-secondary" disabled={unverify.isSubmitting}>
              {unverify.isSubmitting ? t('users.unverifying') : t('users.unverify')}
            </button>
          </unverify.fetcher.Form>
        </>
      ) : (
        <verifyFetcher.Form
          method="post"
          ref={verifyFormRef}
          noValidate
          onInput={onInput}
          className="space-y-3"
        >
          <FormErrorSummary answer={verifyResult} fieldErrors={fieldErrors} />
          <IntentInput<UserIntent> value="verify" />
          <input type="hidden" name="userId" value={user.id} />
          <label className="flex min-h-11 items-center gap-2 font-medium text-slate-800">
            <input
              type="checkbox"
              id="checkedIdentity"
              name="checkedIdentity"
              value="true"
              required
              aria-invalid={fieldErrors.checkedIdentity ? true : undefined}
              aria-describedby="verify-hint"
              className="h-5 w-5 accent-brand-700"
            />
            {t('users.verifyChecked')}
          </label>
          {fieldErrors.checkedIdentity && (
            <p className="text-sm font-medium text-red-800">{fieldErrors.checkedIdentity}</p>
          )}
          <p id="verify-hint" className="text-sm text-slate-600">
            {t('users.verifyHint')}
          </p>
          <button type="submit" className="button-primary" disabled={isVerifying}>
            {isVerifying ? t('users.verifying') : t('users.verify')}
          </button>
        </verifyFetcher.Form>
      )}
      <div aria-live="polite" className="space-y-2">
        {results.map((result, index) =>
          result.ok ? (
            <FormMessage key={index} tone="success">
              {result.message}
            </FormMessage>
          ) : Object.keys(result.fieldErrors).length > 0 ? null : (
            <FormMessage key={index} tone="error">
              {result.message}
            </FormMessage>
          ),
        )}
      </div>
    </section>
  );
}
