import { Link } from '#app/components/link.tsx';
import { describeRefusal } from '#lib/form-result.ts';
import { t } from '#lib/i18n.pages.ts';
import { PasswordResetRequestSchema } from '#modules/accounts/accounts.schema.ts';
import { PASSWORD_RESET_TTL_MINUTES } from '#modules/accounts/accounts.service.ts';
import { AuthCard } from './auth-card.tsx';
import { FormErrorSummary } from '#app/components/form-error-summary.tsx';
import { FormField } from '#app/components/form-field.tsx';
import { answerToShow, FormMessage } from '#app/components/form-message.tsx';
import { handleForm } from '#app/forms/form-action.server.ts';
import { pageMeta } from '#app/page-meta.ts';
import { useFormSubmission } from '#app/forms/use-form-submission.ts';
import type { Route } from './+types/forgot-password';
import { getServices, requestContext } from '#server/load-context.ts';

export function action({ request, context }: Route.ActionArgs) {
  const { accounts } = getServices(context);
  const { clientAddress } = context.get(requestContext);
  return handleForm({ request, context }, PasswordResetRequestSchema, async (input) => {
    await accounts.requestPasswordReset(input, { clientAddress });
    return t('reset.requestSent', { minutes: PASSWORD_RESET_TTL_MINUTES });
  });
}

export function meta() {
  return pageMeta({ title: t('reset.requestTitle'), description: t('reset.requestIntro') });
}

export default function ForgotPassword() {
  const { fetcher, formRef, result, isSubmitting, fieldErrors, onInput } = useFormSubmission({
    key: 'forgot-password',
  });
  return (
    <AuthCard
      heading={t('reset.requestHeading')}
      intro={t('reset.requestIntro')}
      footer={
        <p className="flex flex-wrap gap-x-4 gap-y-2">
          <Link to="/login" className="font-semibold text-brand-800 underline">
            {t('reset.backToLogin')}
          </Link>
          <Link to="/support/account-access" className="font-semibold text-brand-800 underline">
            {t('support.accountAccess.link')}
          </Link>
        </p>
      }
    >
      <fetcher.Form ref={formRef} method="post" className="space-y-4" noValidate onInput={onInput}>
        <FormErrorSummary answer={result} fieldErrors={fieldErrors} />
        <FormField name="email" label={t('account.email')} error={fieldErrors.email}>
          {(props) => <input {...props} type="email" required autoComplete="email" />}
        </FormField>
        <button type="submit" className="button-primary w-full sm:w-auto" disabled={isSubmitting}>
          {isSubmitting ? t('reset.requestSubmitting') : t('reset.requestSubmit')}
        </button>
        <div aria-live="polite">
          {result && (
            <FormMessage tone={result.ok ? 'success' : 'error'} answer={answerToShow(result)}>
              {result.ok ? result.message : describeRefusal(result, t('reset.requestFailure'))}
            </FormMessage>
          )}
        </div>
      </fetcher.Form>
    </AuthCard>
  );
}
