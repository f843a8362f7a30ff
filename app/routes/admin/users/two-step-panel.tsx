import { t } from '#lib/i18n.all.ts';
import type { UserView } from '#modules/accounts/accounts.schema.ts';
import { answerToShow, FormMessage } from '#app/components/form-message.tsx';
import { IntentInput } from '#app/forms/intent-input.tsx';
import { useFormSubmission } from '#app/forms/use-form-submission.ts';
import type { UserIntent } from './user-actions.server.ts';

/**
 * Whether the user has two-step sign-in on, and, when they do, the way back in for an owner who
 * lost their phone and recovery codes: an admin turns it off (audited; the owner is e-mailed).
 */
export function TwoStepPanel({ user }: { user: UserView }) {
  const reset = useFormSubmission({ key: `user-two-step-${user.id}`, intent: 'twoStepReset' });
  return (
    <section
      aria-labelledby="two-step-heading"
      className="space-y-3 rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2 id="two-step-heading" className="text-lg font-bold">
        {t('users.twoStepLabel')}
      </h2>
      <p className="font-semibold" data-testid="user-two-step">
        {user.isTwoStepOn ? t('users.twoStepIsOn') : t('users.twoStepIsOff')}
      </p>
      {user.isTwoStepOn && (
        <reset.fetcher.Form
          method="post"
          className="space-y-3"
          onSubmit={(event) => {
            if (!window.confirm(t('users.resetTwoStepConfirm'))) event.preventDefault();
          }}
        >
          <p className="text-sm text-slate-700">{t('users.resetTwoStepHint')}</p>
          <IntentInput<UserIntent> value="twoStepReset" />
          <input type="hidden" name="userId" value={user.id} />
          <button type="submit" className="button-secondary" disabled={reset.isSubmitting}>
            {t('users.resetTwoStep')}
          </button>
        </reset.fetcher.Form>
      )}
      <div aria-live="polite">
        {reset.result && (
          <FormMessage
            tone={reset.result.ok ? 'success' : 'error'}
            answer={answerToShow(reset.result)}
          >
            {reset.result.message}
          </FormMessage>
        )}
      </div>
    </section>
  );
}
