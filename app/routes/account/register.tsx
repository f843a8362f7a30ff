import { useSearchParams } from 'react-router';
import { Link } from '#app/components/link.tsx';
import { safeNextPath } from '#lib/account.ts';
import { currentLocale, localePath } from '#lib/i18n.ts';
import { t } from '#lib/i18n.pages.ts';
import { browserSessionCookies } from '#modules/accounts/accounts.cookie.ts';
import { SignupInputSchema } from '#modules/accounts/accounts.schema.ts';
import { AuthCard } from './auth-card.tsx';
import { FormField } from '#app/components/form-field.tsx';
import { FormErrorSummary } from '#app/components/form-error-summary.tsx';
import { FormAnswer } from '#app/components/form-answer.tsx';
import { PasswordField } from './password-field.tsx';
import { RoleChoice } from './role-choice.tsx';
import { handleForm } from '#app/forms/form-action.server.ts';
import { pageMeta } from '#app/page-meta.ts';
import { useFormSubmission } from '#app/forms/use-form-submission.ts';
import { RedirectAfter, useRedirectAfter } from '#app/forms/use-redirect-after.tsx';
import type { Route } from './+types/register';
import { getServices, requestContext } from '#server/load-context.ts';
import { PrivacyNote } from '#app/components/privacy-note.tsx';

/**
 * Registration signs the new user in; the spec then goes to /login, which sends a signed-in
 * user on to `next` or their role's page.
 */
export function action({ request, context }: Route.ActionArgs) {
  const next = safeNextPath(new URL(request.url).searchParams.get('next'));
  const { accounts } = getServices(context);
  const { clientAddress, isSecureRequest } = context.get(requestContext);
  return handleForm({ request, context }, SignupInputSchema, async (input) => {
    // The sessions list names the browser, as it does for one started at sign-in.
    const grant = await accounts.signup(input, {
      clientAddress,
      userAgent: request.headers.get('user-agent'),
    });
    const cookies = browserSessionCookies(grant, { isSecure: isSecureRequest });
    return {
      message: t('account.registered'),
      redirectTo: next ? `/login?next=${encodeURIComponent(next)}` : '/login',
      headers: cookies.map((cookie): [string, string] => ['set-cookie', cookie]),
    };
  });
}

export function meta() {
  return pageMeta({ title: t('register.title'), description: t('register.intro') });
}

export default function Register() {
  const [searchParams] = useSearchParams();
  const next = safeNextPath(searchParams.get('next'));
  const { fetcher, result, isSubmitting, fieldErrors, onInput } = useFormSubmission({
    key: 'register',
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
        action={localePath(next ? `/register?next=${encodeURIComponent(next)}` : '/register')}
        className="space-y-4"
        noValidate
        onInput={onInput}
      >
        {/* The account keeps the language it was made in, whatever address the post reaches. */}
        <input type="hidden" name="locale" value={currentLocale()} />
        <FormErrorSummary answer={result} fieldErrors={fieldErrors} />
        <FormField name="username" label={t('account.username')} error={fieldErrors.username}>
          {(props) => <input {...props} type="text" required autoComplete="name" />}
        </FormField>
        <FormField name="email" label={t('account.email')} error={fieldErrors.email}>
          {(props) => <input {...props} type="email" required autoComplete="email" />}
        </FormField>
        <RoleChoice error={fieldErrors.role} />
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
        <PrivacyNote />
        <button type="submit" className="button-primary w-full sm:w-auto" disabled={isSubmitting}>
          {isSubmitting ? t('register.submitting') : t('register.submit')}
        </button>
        <FormAnswer result={result} failure={t('register.failure')} />
      </fetcher.Form>
    </AuthCard>
  );
}
