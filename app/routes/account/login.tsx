import {
  data,
  useActionData,
  useSearchParams,
  type ShouldRevalidateFunctionArgs,
} from 'react-router';
import { redirect } from '#app/locale-redirect.ts';
import { Link } from '#app/components/link.tsx';
import { z } from 'zod';
import { landingPathFor, safeNextPath, type UserRole } from '#lib/account.ts';
import type { FormResult } from '#lib/form-result.ts';
import { withoutLocale } from '#lib/i18n.ts';
import { t } from '#lib/i18n.pages.ts';
import { browserSessionCookies, readDeviceCookie } from '#modules/accounts/accounts.cookie.ts';
import {
  LoginInputSchema,
  PhoneCodeInputSchema,
  PhoneCodeResendSchema,
  PhoneInputSchema,
  TwoStepLoginInputSchema,
} from '#modules/accounts/accounts.schema.ts';
import type { LoginOutcome } from '#modules/accounts/accounts.service.ts';
import { formatPhone } from '#lib/phone.ts';
import {
  CodeStepButtons,
  ONE_TIME_CODE_INPUT,
  PhoneCodeFields,
  RESEND_INTENT,
} from './phone-code-fields.tsx';
import { IdentifierField } from './identifier-field.tsx';
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
import { getServices, getViewer, requestContext } from '#server/load-context.ts';

const withNext = z.object({ next: z.string().optional() });
const LoginFormSchema = z.intersection(LoginInputSchema, withNext);
const CodeFormSchema = TwoStepLoginInputSchema.extend(withNext.shape);
const SmsCodeFormSchema = PhoneCodeInputSchema.extend(withNext.shape);

/** The intent of the form that asks for a sign-in code by SMS. */
const SMS_LOGIN_INTENT = 'sms-login';

/** Where two-step sign-in is turned on (and where ADMIN_2FA=required sends admins). */
const SECURITY_PATH = '/account/security';

/**
 * The answer to any step. `step: 'code'` asks for the two-step code next (or again), with the
 * challenge the code form posts back in a hidden field, so the page works without JavaScript;
 * `step: 'sms'` asks for the code sent by SMS, with its token (`proof`).
 */
type LoginAnswer = FormResult & { step?: 'code' | 'sms'; challenge?: string; proof?: string };

/**
 * A signed-in visitor has nothing to do here and goes on: to `next`, or to their role's page.
 * Except when an admin page sent them because their role may not open it: then they may sign in
 * with another account.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const next = safeNextPath(url.searchParams.get('next'));
  const viewer = getViewer(context);
  if (!viewer) return { signedInAs: null };
  const isRoleBounce = next?.startsWith('/admin-panel') && viewer.accountRole !== 'admin';
  if (!isRoleBounce) throw redirect(next ?? landingPathFor(viewer.accountRole));
  return { signedInAs: { name: viewer.name, role: viewer.accountRole } };
}

/**
 * After signing in here, this page's loader would send the user on at once; the message stays
 * for the spec's 2 seconds instead (the header still reloads and shows the user).
 */
export function shouldRevalidate({
  formAction,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  // The form posts to this page's own address, '/rw/login' on a Kinyarwanda page.
  if (formAction && withoutLocale(formAction).startsWith('/login')) return false;
  return defaultShouldRevalidate;
}

/**
 * Signs in: the password, then, for an account with two-step sign-in on, a code (a post that
 * carries a `challenge` is the second step). An admin held to two-step sign-in by ADMIN_2FA
 * goes to the security page to turn it on.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { accounts } = getServices(context);
  const { clientAddress, isSecureRequest } = context.get(requestContext);
  const client = {
    clientAddress,
    userAgent: request.headers.get('user-agent'),
    deviceToken: readDeviceCookie(request.headers.get('cookie')),
  };
  const posted = await request.clone().formData();
  const postedChallenge = posted.get('challenge');
  const isCodeStep = typeof postedChallenge === 'string';
  let challenge = isCodeStep ? postedChallenge : undefined;
  const postedProof = posted.get('proof');
  let proof = typeof postedProof === 'string' ? postedProof : undefined;
  const intent = posted.get('intent');

  function signedIn(
    grant: { token: string; deviceToken: string; user: { role: UserRole } },
    isTwoStepOn: boolean,
    next: string | undefined,
  ) {
    const role = grant.user.role;
    const mustSetUp = accounts.mustTurnOnTwoStep({ accountRole: role, isTwoStepOn });
    const cookies = browserSessionCookies(grant, { isSecure: isSecureRequest });
    return {
      message: t('account.loggedIn'),
      redirectTo: mustSetUp ? SECURITY_PATH : (safeNextPath(next) ?? landingPathFor(role)),
      headers: cookies.map((cookie): [string, string] => ['set-cookie', cookie]),
    };
  }

  /** After a right password or SMS code: signed in, or the two-step code asked next. */
  function afterFirstStep(outcome: LoginOutcome, next: string | undefined) {
    if (!outcome.twoStepRequired) return signedIn(outcome, false, next);
    challenge = outcome.challenge;
    proof = undefined;
    return t('login.twoStepPrompt');
  }

  const args = { request, context };
  let answer;
  if (isCodeStep) {
    answer = await handleForm(args, CodeFormSchema, async ({ next, ...input }) => {
      return signedIn(await accounts.loginWithCode(input, client), true, next);
    });
  } else if (intent === SMS_LOGIN_INTENT) {
    answer = await handleForm(args, PhoneInputSchema, async ({ phone }) => {
      proof = await accounts.requestLoginCode(phone, client);
      return t('phoneCode.loginSent', { phone: formatPhone(phone) });
    });
  } else if (intent === RESEND_INTENT) {
    answer = await handleForm(args, PhoneCodeResendSchema, async (input) => {
      const { phone } = await accounts.resendPhoneCode(input.proof, client);
      return t('phoneCode.resent', { phone: formatPhone(phone) });
    });
  } else if (proof) {
    answer = await handleForm(args, SmsCodeFormSchema, async ({ next, ...input }) =>
      afterFirstStep(await accounts.loginWithPhoneCode(input, client), next),
    );
  } else {
    answer = await handleForm(args, LoginFormSchema, async ({ next, ...input }) =>
      afterFirstStep(await accounts.login(input, client), next),
    );
  }
  if (answer.data.ok && answer.data.redirectTo) return answer;
  // A challenge that has expired (or taken too many codes) sends the visitor back to the
  // password; otherwise the code form stays, with the challenge (or the SMS code's token).
  const isChallengeDead = !answer.data.ok && 'challenge' in answer.data.fieldErrors;
  if (challenge && !isChallengeDead) {
    return data<LoginAnswer>({ ...answer.data, step: 'code', challenge }, answer.init ?? undefined);
  }
  const isProofDead = !answer.data.ok && 'proof' in answer.data.fieldErrors;
  if (proof && !isProofDead) {
    return data<LoginAnswer>({ ...answer.data, step: 'sms', proof }, answer.init ?? undefined);
  }
  return answer;
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
  // Both steps post through the one fetcher: its latest answer (kept while the next is on its
  // way) says which step shows; without JavaScript, the page's own answer does.
  const actionData = useActionData<LoginAnswer>();
  const latest = (fetcher.data as LoginAnswer | undefined) ?? actionData;
  const challenge = latest?.step === 'code' ? latest.challenge : undefined;
  const proof = latest?.step === 'sms' ? latest.proof : undefined;
  useRedirectAfter(result);
  const registerPath = next ? `/register?next=${encodeURIComponent(next)}` : '/register';

  return (
    <AuthCard
      heading={challenge ? t('login.twoStepHeading') : t('login.heading')}
      intro={challenge ? t('login.twoStepPrompt') : t('login.intro')}
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
      {challenge ? (
        <div className="space-y-4">
          <fetcher.Form method="post" className="space-y-4" noValidate onInput={onInput}>
            <FormErrorSummary answer={result} fieldErrors={fieldErrors} />
            {next && <input type="hidden" name="next" value={next} />}
            <input type="hidden" name="challenge" value={challenge} />
            <FormField name="code" label={t('login.twoStepPrompt')} error={fieldErrors.code}>
              {(props) => <input {...props} {...ONE_TIME_CODE_INPUT} />}
            </FormField>
            <button
              type="submit"
              className="button-primary w-full sm:w-auto"
              disabled={isSubmitting}
            >
              {isSubmitting ? t('login.verifying') : t('login.verify')}
            </button>
            {result && (!result.ok || result.redirectTo) && (
              <FormAnswer result={result} failure={t('login.failure')} />
            )}
          </fetcher.Form>
          <details className="rounded-lg border border-slate-200 p-3">
            <summary className="cursor-pointer font-medium text-brand-800">
              {t('login.useRecoveryCode')}
            </summary>
            <fetcher.Form method="post" className="mt-3 space-y-4" noValidate>
              {next && <input type="hidden" name="next" value={next} />}
              <input type="hidden" name="challenge" value={challenge} />
              <FormField
                name="code"
                idPrefix="recovery"
                label={t('login.recoveryCodeLabel')}
                error={undefined}
              >
                {(props) => (
                  <input {...props} type="text" required autoComplete="off" spellCheck={false} />
                )}
              </FormField>
              <button type="submit" className="button-secondary" disabled={isSubmitting}>
                {t('login.verify')}
              </button>
            </fetcher.Form>
          </details>
        </div>
      ) : proof ? (
        <fetcher.Form method="post" className="space-y-4" noValidate onInput={onInput}>
          <FormErrorSummary answer={result} fieldErrors={fieldErrors} />
          {next && <input type="hidden" name="next" value={next} />}
          {/* Where the code went (or why it was refused) comes before the field it is typed in. */}
          <FormAnswer result={result} failure={t('login.failure')} />
          <PhoneCodeFields proof={proof} error={fieldErrors.code} />
          <CodeStepButtons
            isSubmitting={isSubmitting}
            submit={t('login.verify')}
            submitting={t('login.verifying')}
          />
        </fetcher.Form>
      ) : (
        <div className="space-y-4">
          <fetcher.Form method="post" className="space-y-4" noValidate onInput={onInput}>
            <FormErrorSummary answer={result} fieldErrors={fieldErrors} />
            {next && <input type="hidden" name="next" value={next} />}
            <IdentifierField error={fieldErrors.email} />
            <PasswordField
              name="password"
              label={t('account.password')}
              error={fieldErrors.password}
              autoComplete="current-password"
            />
            <div className="flex flex-wrap items-center justify-between gap-3">
              <button
                type="submit"
                className="button-primary w-full sm:w-auto"
                disabled={isSubmitting}
              >
                {isSubmitting ? t('login.submitting') : t('login.submit')}
              </button>
              <Link to="/forgot-password" className="text-sm font-medium text-brand-800 underline">
                {t('login.forgot')}
              </Link>
              <Link
                to="/support/account-access"
                className="text-sm font-medium text-brand-800 underline"
              >
                {t('support.accountAccess.link')}
              </Link>
            </div>
            <FormAnswer result={result} failure={t('login.failure')} />
          </fetcher.Form>
          <details className="rounded-lg border border-slate-200 p-3">
            <summary className="cursor-pointer font-medium text-brand-800">
              {t('login.smsLink')}
            </summary>
            <fetcher.Form method="post" className="mt-3 space-y-4" noValidate onInput={onInput}>
              <p className="text-sm text-slate-700">{t('login.smsExplain')}</p>
              {next && <input type="hidden" name="next" value={next} />}
              <input type="hidden" name="intent" value={SMS_LOGIN_INTENT} />
              <FormField
                name="phone"
                idPrefix="sms"
                label={t('account.phone')}
                error={fieldErrors.phone}
              >
                {(props) => (
                  <input {...props} type="tel" inputMode="tel" required autoComplete="tel" />
                )}
              </FormField>
              <button type="submit" className="button-secondary" disabled={isSubmitting}>
                {t('login.smsSubmit')}
              </button>
            </fetcher.Form>
          </details>
        </div>
      )}
    </AuthCard>
  );
}
