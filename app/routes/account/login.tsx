import { useSearchParams, type ShouldRevalidateFunctionArgs } from 'react-router';
import { redirect } from '#app/locale-redirect.ts';
import { Link } from '#app/components/link.tsx';
import { z } from 'zod';
import { landingPathFor, safeNextPath } from '#lib/account.ts';
import { t } from '#lib/i18n.ts';
import { sessionCookie } from '#modules/accounts/accounts.cookie.ts';
import { LoginInputSchema } from '#modules/accounts/accounts.schema.ts';
import { AuthCard } from './auth-card.tsx';
import { FormField } from '#app/components/form-field.tsx';
import { FormErrorSummary } from '#app/components/form-error-summary.tsx';
import { FormMessage } from '#app/components/form-message.tsx';
import { FormAnswer } from '#app/components/form-answer.tsx';
import { PasswordField } from './password-field.tsx';
import { handleForm } from '#app/forms/form-action.server.ts';
import { pageMeta } from '#app/page-meta.ts';
import { useFormSubmission } from '#app/forms/use-form-submission.ts';
import { RedirectAfter, useRedirectAfter } from '#app/forms/use-redirect-after.tsx';
import type { Route } from './+types/login';
import { requestContext } from '#server/load-context.ts';

const LoginFormSchema = LoginInputSchema.extend({ next: z.string().optional() });

/**
 * A signed-in visitor has nothing to do here and goes on: to `next`, or to their role's page.
 * Except when an admin page sent them because their role may not open it: then they may sign in
 * with another account.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const next = safeNextPath(url.searchParams.get('next'));
  const { viewer } = context.get(requestContext);
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
  const page = context.get(requestContext);
  return handleForm({ request, context }, LoginFormSchema, async ({ next, ...input }) => {
    const { token, user } = await page.services.accounts.login(input, page);
    return {
      message: t('account.loggedIn'),
      redirectTo: safeNextPath(next) ?? landingPathFor(user.role),
      headers: {
        'set-cookie': sessionCookie(token, { isSecure: page.isSecureRequest }),
      },
    };
  });
}

export function meta() {
  return pageMeta({ title: t('login.title'), description: t('login.intro') });
}

export default function Login({ loaderData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  const next = safeNextPath(searchParams.get('next'));
  const isLoggedOut = searchParams.has('loggedOut');
  const { fetcher, result, isSubmitting, fieldErrors, onInput } = useFormSubmission({
    key: 'login',
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
      <fetcher.Form method="post" className="space-y-4" noValidate onInput={onInput}>
        <FormErrorSummary answer={result} fieldErrors={fieldErrors} />
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
        <FormAnswer result={result} failure={t('login.failure')} />
      </fetcher.Form>
    </AuthCard>
  );
}
