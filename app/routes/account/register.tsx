import { data, useActionData, useSearchParams } from 'react-router';
import { Link } from '#app/components/link.tsx';
import { safeNextPath } from '#lib/account.ts';
import { currentLocale, localePath } from '#lib/i18n.ts';
import { t } from '#lib/i18n.pages.ts';
import { browserSessionCookies } from '#modules/accounts/accounts.cookie.ts';
import {
  PhoneCodeInputSchema,
  PhoneCodeResendSchema,
  SignupInputSchema,
} from '#modules/accounts/accounts.schema.ts';
import type { FormResult } from '#lib/form-result.ts';
import { formatPhone } from '#lib/phone.ts';
import { CodeStepButtons, PhoneCodeFields, RESEND_INTENT } from './phone-code-fields.tsx';
import { AuthCard } from './auth-card.tsx';
import { FormField } from '#app/components/form-field.tsx';
import { FormErrorSummary } from '#app/components/form-error-summary.tsx';
import { FormAnswer } from '#app/components/form-answer.tsx';
import { NewPasswordFields } from './password-field.tsx';
import { RoleChoice } from './role-choice.tsx';
import { handleForm } from '#app/forms/form-action.server.ts';
import { pageMeta } from '#app/page-meta.ts';
import { useFormSubmission } from '#app/forms/use-form-submission.ts';
import { RedirectAfter, useRedirectAfter } from '#app/forms/use-redirect-after.tsx';
import type { Route } from './+types/register';
import { getServices, requestContext } from '#server/load-context.ts';
import { PrivacyNote } from '#app/components/privacy-note.tsx';

/** The answer to the form, or to its code step: `proof` keeps the code step on the page. */
type RegisterAnswer = FormResult & { proof?: string };

/**
 * Registration signs the new user in; the spec then goes to /login, which sends a signed-in
 * user on to `next` or their role's page. With a phone number, the form first asks for the code
 * sent to it by SMS (a post carrying `proof`), and registers only then.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const next = safeNextPath(new URL(request.url).searchParams.get('next'));
  const { accounts } = getServices(context);
  const { clientAddress, isSecureRequest } = context.get(requestContext);
  // The sessions list names the browser, as it does for one started at sign-in.
  const client = { clientAddress, userAgent: request.headers.get('user-agent') };
  const posted = await request.clone().formData();
  const postedProof = posted.get('proof');
  let proof = typeof postedProof === 'string' ? postedProof : undefined;

  function signedUp(grant: { token: string; deviceToken: string }) {
    const cookies = browserSessionCookies(grant, { isSecure: isSecureRequest });
    return {
      message: t('account.registered'),
      redirectTo: next ? `/login?next=${encodeURIComponent(next)}` : '/login',
      headers: cookies.map((cookie): [string, string] => ['set-cookie', cookie]),
    };
  }

  const args = { request, context };
  let answer;
  if (posted.get('intent') === RESEND_INTENT) {
    answer = await handleForm(args, PhoneCodeResendSchema, async (input) => {
      const { phone } = await accounts.resendPhoneCode(input.proof, client);
      return t('phoneCode.resent', { phone: formatPhone(phone) });
    });
  } else if (proof) {
    answer = await handleForm(args, PhoneCodeInputSchema, async (input) =>
      signedUp(await accounts.confirmSignup(input, client)),
    );
  } else {
    answer = await handleForm(args, SignupInputSchema, async (input) => {
      const outcome = await accounts.signup(input, client);
      if (!outcome.codeSent) return signedUp(outcome);
      proof = outcome.proof;
      return t('phoneCode.sent', { phone: formatPhone(input.phone ?? '') });
    });
  }
  const isDone = answer.data.ok && answer.data.redirectTo;
  if (!proof || isDone) return answer;
  return data<RegisterAnswer>({ ...answer.data, proof }, answer.init ?? undefined);
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
  const actionData = useActionData<RegisterAnswer>();
  const proof = ((fetcher.data as RegisterAnswer | undefined) ?? actionData)?.proof;
  useRedirectAfter(result);
  const formAction = localePath(next ? `/register?next=${encodeURIComponent(next)}` : '/register');
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
      {proof ? (
        <fetcher.Form
          method="post"
          action={formAction}
          className="space-y-4"
          noValidate
          onInput={onInput}
        >
          <FormErrorSummary answer={result} fieldErrors={fieldErrors} />
          {/* Where the code went (or why it was refused) comes before the field it is typed in. */}
          <FormAnswer result={result} failure={t('register.failure')} />
          <PhoneCodeFields proof={proof} error={fieldErrors.code} />
          <CodeStepButtons
            isSubmitting={isSubmitting}
            submit={t('phoneCode.submit')}
            submitting={t('phoneCode.submitting')}
          />
        </fetcher.Form>
      ) : (
        <fetcher.Form
          method="post"
          action={formAction}
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
          <p id="contact-hint" className="text-sm text-slate-700">
            {t('register.contactHint')}
          </p>
          <FormField name="phone" label={t('account.phone')} error={fieldErrors.phone}>
            {(props) => (
              <input {...props} type="tel" inputMode="tel" autoComplete="tel" placeholder="07…" />
            )}
          </FormField>
          <FormField name="email" label={t('account.email')} error={fieldErrors.email}>
            {(props) => <input {...props} type="email" autoComplete="email" />}
          </FormField>
          <RoleChoice error={fieldErrors.role} />
          <NewPasswordFields label={t('account.password')} errors={fieldErrors} />
          <PrivacyNote />
          <button type="submit" className="button-primary w-full sm:w-auto" disabled={isSubmitting}>
            {isSubmitting ? t('register.submitting') : t('register.submit')}
          </button>
          <FormAnswer result={result} failure={t('register.failure')} />
        </fetcher.Form>
      )}
    </AuthCard>
  );
}
