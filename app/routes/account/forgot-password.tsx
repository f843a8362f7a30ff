import { Link } from '#app/components/link.tsx';
import { describeRefusal } from '#lib/form-result.ts';
import { t } from '#lib/i18n.pages.ts';
import { data, useActionData } from 'react-router';
import {
  PasswordResetRequestSchema,
  PhoneCodeResendSchema,
  PhonePasswordResetSchema,
} from '#modules/accounts/accounts.schema.ts';
import type { FormResult } from '#lib/form-result.ts';
import { formatPhone } from '#lib/phone.ts';
import { RedirectAfter, useRedirectAfter } from '#app/forms/use-redirect-after.tsx';
import { IdentifierField } from './identifier-field.tsx';
import { NewPasswordFields } from './password-field.tsx';
import { CodeStepButtons, PhoneCodeFields, RESEND_INTENT } from './phone-code-fields.tsx';
import { PASSWORD_RESET_TTL_MINUTES } from '#modules/accounts/accounts.service.ts';
import { AuthCard } from './auth-card.tsx';
import { FormErrorSummary } from '#app/components/form-error-summary.tsx';
import { answerToShow, FormMessage } from '#app/components/form-message.tsx';
import { handleForm } from '#app/forms/form-action.server.ts';
import { pageMeta } from '#app/page-meta.ts';
import { useFormSubmission } from '#app/forms/use-form-submission.ts';
import type { Route } from './+types/forgot-password';
import { getServices, requestContext } from '#server/load-context.ts';

/** The answer to the form, or to its code step: `proof` keeps the code step on the page. */
type ForgotAnswer = FormResult & { proof?: string };

/**
 * An e-mail address gets a reset link; a phone number a code by SMS, typed here with the new
 * password (a post carrying `proof`).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { accounts } = getServices(context);
  const { clientAddress } = context.get(requestContext);
  const client = { clientAddress };
  const posted = await request.clone().formData();
  const postedProof = posted.get('proof');
  let proof = typeof postedProof === 'string' ? postedProof : undefined;
  const args = { request, context };
  let answer;
  if (posted.get('intent') === RESEND_INTENT) {
    answer = await handleForm(args, PhoneCodeResendSchema, async (input) => {
      const { phone } = await accounts.resendPhoneCode(input.proof, client);
      return t('phoneCode.resent', { phone: formatPhone(phone) });
    });
  } else if (proof) {
    answer = await handleForm(args, PhonePasswordResetSchema, async (input) => {
      await accounts.resetPasswordWithCode(input, client);
      return { message: t('reset.done'), redirectTo: '/login' };
    });
  } else {
    answer = await handleForm(args, PasswordResetRequestSchema, async (input) => {
      const sent = await accounts.requestPasswordReset(input, client);
      if (sent.proof === null)
        return t('reset.requestSent', { minutes: PASSWORD_RESET_TTL_MINUTES });
      proof = sent.proof;
      return t('phoneCode.loginSent', { phone: formatPhone(input.phone ?? '') });
    });
  }
  const isDone = answer.data.ok && answer.data.redirectTo;
  const isProofDead = !answer.data.ok && 'proof' in answer.data.fieldErrors;
  if (!proof || isDone || isProofDead) return answer;
  return data<ForgotAnswer>({ ...answer.data, proof }, answer.init ?? undefined);
}

export function meta() {
  return pageMeta({ title: t('reset.requestTitle'), description: t('reset.requestIntro') });
}

export default function ForgotPassword() {
  const { fetcher, formRef, result, isSubmitting, fieldErrors, onInput } = useFormSubmission({
    key: 'forgot-password',
  });
  const actionData = useActionData<ForgotAnswer>();
  const proof = ((fetcher.data as ForgotAnswer | undefined) ?? actionData)?.proof;
  useRedirectAfter(result);
  const answer = (
    <div aria-live="polite">
      {result && (
        <FormMessage tone={result.ok ? 'success' : 'error'} answer={answerToShow(result)}>
          {result.ok ? result.message : describeRefusal(result, t('reset.requestFailure'))}
        </FormMessage>
      )}
    </div>
  );
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
      <RedirectAfter />
      <fetcher.Form ref={formRef} method="post" className="space-y-4" noValidate onInput={onInput}>
        <FormErrorSummary answer={result} fieldErrors={fieldErrors} />
        {proof ? (
          <>
            {/* Where the code went (or why it was refused) comes before the field it is typed in. */}
            {answer}
            <p className="text-sm text-slate-700">{t('reset.codeIntro')}</p>
            <PhoneCodeFields proof={proof} error={fieldErrors.code} />
            <NewPasswordFields label={t('account.password')} errors={fieldErrors} />
            <CodeStepButtons
              isSubmitting={isSubmitting}
              submit={t('reset.submit')}
              submitting={t('reset.submitting')}
            />
          </>
        ) : (
          <>
            <IdentifierField error={fieldErrors.email} hint={t('reset.phoneHint')} />
            <button
              type="submit"
              className="button-primary w-full sm:w-auto"
              disabled={isSubmitting}
            >
              {isSubmitting ? t('reset.requestSubmitting') : t('reset.requestSubmit')}
            </button>
          </>
        )}
        {!proof && answer}
      </fetcher.Form>
    </AuthCard>
  );
}
