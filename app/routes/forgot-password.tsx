import { Link } from 'react-router';
import { t } from '#lib/i18n.ts';
import { MESSAGE_CLEAR_MS } from '#lib/timings.ts';
import { PasswordResetRequestSchema } from '#modules/accounts/accounts.schema.ts';
import { PASSWORD_RESET_TTL_MINUTES } from '#modules/accounts/accounts.service.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { FormField } from '../components/form-field.tsx';
import { FormMessage } from '../components/form-message.tsx';
import { handleFormAction } from '../form-action.server.ts';
import { pageMeta } from '../page-meta.ts';
import { useFormSubmission } from '../use-form-submission.ts';
import type { Route } from './+types/forgot-password';

export function action({ request, context }: Route.ActionArgs) {
  return handleFormAction(request, context, PasswordResetRequestSchema, async (input) => {
    await context.services.accounts.requestPasswordReset(input, context);
    return t('reset.requestSent', { minutes: PASSWORD_RESET_TTL_MINUTES });
  });
}

export function meta() {
  return pageMeta({ title: t('reset.requestTitle'), description: t('reset.requestIntro') });
}

export default function ForgotPassword() {
  const { fetcher, formRef, result, isSubmitting, fieldErrors } = useFormSubmission({
    key: 'forgot-password',
    visibleMs: MESSAGE_CLEAR_MS.passwordReset,
    isPageAction: true,
  });
  return (
    <AuthCard
      heading={t('reset.requestHeading')}
      intro={t('reset.requestIntro')}
      footer={
        <Link to="/login" className="font-semibold text-brand-800 underline">
          {t('reset.backToLogin')}
        </Link>
      }
    >
      <fetcher.Form ref={formRef} method="post" className="space-y-4" noValidate>
        <FormField name="email" label={t('account.email')} error={fieldErrors.email}>
          {(props) => <input {...props} type="email" required autoComplete="email" />}
        </FormField>
        <button type="submit" className="button-primary w-full sm:w-auto" disabled={isSubmitting}>
          {isSubmitting ? t('reset.requestSubmitting') : t('reset.requestSubmit')}
        </button>
        <div aria-live="polite">
          {result && (
            <FormMessage tone={result.ok ? 'success' : 'error'}>
              {result.ok || Object.keys(result.fieldErrors).length === 0
                ? result.message || t('reset.requestFailure')
                : t('reset.requestFailure')}
            </FormMessage>
          )}
        </div>
      </fetcher.Form>
    </AuthCard>
  );
}
