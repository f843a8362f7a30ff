import { Link, redirect, useSearchParams, type ShouldRevalidateFunctionArgs } from 'react-router';
import { z } from 'zod';
import { landingPathFor, safeNextPath } from '#lib/account.ts';
import type { FormResult } from '#lib/form-result.ts';
import { t } from '#lib/i18n.ts';
import { MESSAGE_CLEAR_MS } from '#lib/timings.ts';
import { sessionCookie } from '#modules/accounts/accounts.cookie.ts';
import { LoginInputSchema } from '#modules/accounts/accounts.schema.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { FormField } from '../components/form-field.tsx';
import { FormMessage } from '../components/form-message.tsx';
import { PasswordField } from '../components/password-field.tsx';
import { handleFormAction } from '../form-action.server.ts';
import { pageMeta } from '../page-meta.ts';
import { useFormSubmission } from '../use-form-submission.ts';
import { RedirectAfter, useRedirectAfter } from '../use-redirect-after.tsx';
import type { Route } from './+types/login';

const LoginFormSchema = LoginInputSchema.extend({ next: z.string().optional() });

/**
 * A signed-in visitor has nothing to do here and goes on: to `next`, or to their role's page.
 * Except when an admin page sent them because their role may not open it: then they may sign in
 * with another account.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const next = safeNextPath(url.searchParams.get('next'));
  const viewer = context.viewer;
  if (!viewer) return { signedInAs: null };
  const isRoleBounce = next?.startsWith('/admin-panel') && viewer.role !== 'admin';
  if (!isRoleBounce) throw redirect(next ?? landingPathFor(viewer.role));
  return { signedInAs: { name: viewer.name, role: viewer.role } };
}

/**
 * After signing in here, this page's loader would send the user on at once; the message stays
 * for the spec's 2 seconds instead (the header still reloads and shows the user).
 */
export function shouldRevalidate({
  formAction,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (formAction?.startsWith('/login')) return false;
  return defaultShouldRevalidate;
}

export function action({ request, context }: Route.ActionArgs) {
  return handleFormAction(request, context, LoginFormSchema, async ({ next, ...input }) => {
    const { token, user } = await context.services.accounts.login(input, context);
    return {
      message: t('account.loggedIn'),
      redirectTo: safeNextPath(next) ?? landingPathFor(user.role),
      headers: { 'set-cookie': sessionCookie(token, { isSecure: context.isSecureRequest }) },
    };
  });
}

export function meta() {
  return pageMeta({ title: t('login.title'), description: t('login.intro') });
}

function failureText(result: Extract<FormResult, { ok: false }>): string {
  const hasFieldErrors = Object.keys(result.fieldErrors).length > 0;
  return hasFieldErrors ? t('login.failure') : result.message || t('login.failure');
}

export default function Login({ loaderData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  const next = safeNextPath(searchParams.get('next'));
  const isLoggedOut = searchParams.has('loggedOut');
  const { fetcher, result, isSubmitting, fieldErrors } = useFormSubmission({
    key: 'login',
    visibleMs: MESSAGE_CLEAR_MS.login,
    isPageAction: true,
  });
  useRedirectAfter(result);
  const registerPath = next ? `/register?next=${encodeURIComponent(next)}` : '/register';

  return (
    <AuthCard
      heading={t('login.heading')}
      intro={t('login.intro')}
      footer={
        <p>
          {t('login.noAccount')}{' '}
          <Link to={registerPath} className="font-semibold text-brand-800 underline">
            {t('login.registerLink')}
          </Link>
        </p>
      }
    >
      <RedirectAfter />
      {loaderData.signedInAs && (
        <div className="mb-4">
          <FormMessage tone="pending">
            {t('login.signedInAs', {
              name: loaderData.signedInAs.name,
              role: loaderData.signedInAs.role,
            })}
          </FormMessage>
        </div>
      )}
      {isLoggedOut && !result && (
        <div className="mb-4">
          <FormMessage tone="success">{t('account.loggedOut')}</FormMessage>
        </div>
      )}
      <fetcher.Form method="post" className="space-y-4" noValidate>
        {next && <input type="hidden" name="next" value={next} />}
        <FormField name="email" label={t('account.email')} error={fieldErrors.email}>
          {(props) => <input {...props} type="email" required autoComplete="email" />}
        </FormField>
        <PasswordField
          name="password"
          label={t('account.password')}
          error={fieldErrors.password}
          autoComplete="current-password"
        />
        <div className="flex flex-wrap items-center justify-between gap-3">
          <button type="submit" className="button-primary w-full sm:w-auto" disabled={isSubmitting}>
            {isSubmitting ? t('login.submitting') : t('login.submit')}
          </button>
          <Link to="/forgot-password" className="text-sm font-medium text-brand-800 underline">
            {t('login.forgot')}
          </Link>
        </div>
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
