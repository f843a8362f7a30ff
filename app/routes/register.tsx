import { Link, useSearchParams } from 'react-router';
import { safeNextPath } from '#lib/account.ts';
import type { FormResult } from '#lib/form-result.ts';
import { t } from '#lib/i18n.ts';
import { MESSAGE_CLEAR_MS } from '#lib/timings.ts';
import { sessionCookie } from '#modules/accounts/accounts.cookie.ts';
import { SignupInputSchema } from '#modules/accounts/accounts.schema.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { FormField } from '../components/form-field.tsx';
import { FormMessage } from '../components/form-message.tsx';
import { PasswordField } from '../components/password-field.tsx';
import { handleFormAction } from '../form-action.server.ts';
import { pageMeta } from '../page-meta.ts';
import { useFormSubmission } from '../use-form-submission.ts';
import { RedirectAfter, useRedirectAfter } from '../use-redirect-after.tsx';
import type { Route } from './+types/register';

/**
 * Registration signs the new user in; the spec then goes to /login, which sends a signed-in
 * user on to `next` or their role's page.
 */
export function action({ request, context }: Route.ActionArgs) {
  const next = safeNextPath(new URL(request.url).searchParams.get('next'));
  return handleFormAction(request, context, SignupInputSchema, async (input) => {
    const { token } = await context.services.accounts.signup(input, context);
    return {
      message: t('account.registered'),
      redirectTo: next ? `/login?next=${encodeURIComponent(next)}` : '/login',
      headers: { 'set-cookie': sessionCookie(token, { isSecure: context.isSecureRequest }) },
    };
  });
}

export function meta() {
  return pageMeta({ title: t('register.title'), description: t('register.intro') });
}

function failureText(result: Extract<FormResult, { ok: false }>): string {
  const hasFieldErrors = Object.keys(result.fieldErrors).length > 0;
  return hasFieldErrors ? t('register.failure') : result.message || t('register.failure');
}

export default function Register() {
  const [searchParams] = useSearchParams();
  const next = safeNextPath(searchParams.get('next'));
  const { fetcher, result, isSubmitting, fieldErrors } = useFormSubmission({
    key: 'register',
    visibleMs: MESSAGE_CLEAR_MS.register,
    isPageAction: true,
  });
  useRedirectAfter(result);
  const loginPath = next ? `/login?next=${encodeURIComponent(next)}` : '/login';

  return (
    <AuthCard
      heading={t('register.heading')}
      intro={t('register.intro')}
      footer={
        <p>
          {t('register.haveAccount')}{' '}
          <Link to={loginPath} className="font-semibold text-brand-800 underline">
            {t('register.loginLink')}
          </Link>
        </p>
      }
    >
      <RedirectAfter />
      <fetcher.Form
        method="post"
        action={next ? `/register?next=${encodeURIComponent(next)}` : '/register'}
        className="space-y-4"
        noValidate
      >
        <FormField name="username" label={t('account.username')} error={fieldErrors.username}>
          {(props) => <input {...props} type="text" required autoComplete="name" />}
        </FormField>
        <FormField name="email" label={t('account.email')} error={fieldErrors.email}>
          {(props) => <input {...props} type="email" required autoComplete="email" />}
        </FormField>
        <FormField name="role" label={t('account.role')} error={fieldErrors.role}>
          {(props) => (
            <input
              {...props}
              type="text"
              required
              placeholder={t('account.roleHint')}
              list="signup-roles"
              autoCapitalize="none"
            />
          )}
        </FormField>
        <datalist id="signup-roles">
          <option value="buyer" />
          <option value="seller" />
          <option value="guest" />
        </datalist>
        <PasswordField
          name="password"
          label={t('account.password')}
          error={fieldErrors.password}
          autoComplete="new-password"
        />
        <PasswordField
          name="confirmPassword"
          label={t('account.confirmPassword')}
          error={fieldErrors.confirmPassword}
          autoComplete="new-password"
        />
        <button type="submit" className="button-primary w-full sm:w-auto" disabled={isSubmitting}>
          {isSubmitting ? t('register.submitting') : t('register.submit')}
        </button>
        <div aria-live="polite">
          {result && (
            <FormMessage tone={result.ok ? 'success' : 'error'}>
              {result.ok ? result.message : failureText(result)}
            </FormMessage>
          )}
        </div>
      </fetcher.Form>
    </AuthCard>
  );
}
