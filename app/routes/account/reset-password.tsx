import { useSearchParams } from 'react-router';
import { Link } from '#app/components/link.tsx';
import { describeRefusal } from '#lib/form-result.ts';
import { t } from '#lib/i18n.pages.ts';
import { PASSWORD_MIN_LENGTH } from '#lib/limits.ts';
import { PasswordResetSchema } from '#modules/accounts/accounts.schema.ts';
import { AuthCard } from './auth-card.tsx';
import { FormErrorSummary } from '#app/components/form-error-summary.tsx';
import { FormMessage } from '#app/components/form-message.tsx';
import { NewPasswordFields } from './password-field.tsx';
import { handleForm } from '#app/forms/form-action.server.ts';
import { pageMeta } from '#app/page-meta.ts';
import { useFormSubmission } from '#app/forms/use-form-submission.ts';
import type { Route } from './+types/reset-password';
import { getServices, requestContext } from '#server/load-context.ts';

export function action({ request, context }: Route.ActionArgs) {
  const { accounts } = getServices(context);
  const { clientAddress } = context.get(requestContext);
  return handleForm({ request, context }, PasswordResetSchema, async (input) => {
    await accounts.resetPassword(input, { clientAddress });
    return t('reset.done');
  });
}

export function meta() {
  return pageMeta({ title: t('reset.title'), description: t('reset.title') });
}

/** The page a reset e-mail links to: the token rides in the URL and the form posts it back. */
export default function ResetPassword() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const { fetcher, result, isSubmitting, fieldErrors, onInput } = useFormSubmission({
    key: 'reset-password',
  });
  // Once the password is changed the form is gone for good and the way to /login stays.
  const isDone = result?.ok === true;
  const footer = (
    <Link to="/login" className="font-semibold text-brand-800 underline">
      {t('reset.backToLogin')}
    </Link>
  );

  if (!token) {
    return (
      <AuthCard heading={t('reset.heading')} intro={t('reset.missingToken')} footer={footer}>
        <Link to="/forgot-password" className="button-primary">
          {t('reset.requestSubmit')}
        </Link>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      heading={t('reset.heading')}
      intro={t('reset.intro', { min: PASSWORD_MIN_LENGTH })}
      footer={footer}
    >
      {!isDone && (
        <fetcher.Form method="post" className="space-y-4" noValidate onInput={onInput}>
          <FormErrorSummary answer={result} fieldErrors={fieldErrors} />
          <input type="hidden" name="token" value={token} />
          <NewPasswordFields label={t('account.newPassword')} errors={fieldErrors} />
          <button type="submit" className="button-primary w-full sm:w-auto" disabled={isSubmitting}>
            {isSubmitting ? t('reset.submitting') : t('reset.submit')}
          </button>
        </fetcher.Form>
      )}
      <div aria-live="polite" className="mt-4">
        {isDone && <FormMessage tone="success">{t('reset.done')}</FormMessage>}
        {result && !result.ok && (
          <FormMessage tone="error">{describeRefusal(result, t('reset.failure'))}</FormMessage>
        )}
      </div>
    </AuthCard>
  );
}
