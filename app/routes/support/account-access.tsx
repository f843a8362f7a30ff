import { t } from '#lib/i18n.pages.ts';
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH } from '#lib/limits.ts';
import { AccountAccessInputSchema } from '#modules/support/support.schema.ts';
import { TICKET_MESSAGE_MAX_LENGTH } from '#lib/support.ts';
import { Link } from '#app/components/link.tsx';
import { FormAnswer } from '#app/components/form-answer.tsx';
import { FormErrorSummary } from '#app/components/form-error-summary.tsx';
import { FormField } from '#app/components/form-field.tsx';
import { PrivacyNote } from '#app/components/privacy-note.tsx';
import { TextField } from '#app/components/text-field.tsx';
import { handleForm } from '#app/forms/form-action.server.ts';
import { useFormSubmission } from '#app/forms/use-form-submission.ts';
import { pageMeta } from '#app/page-meta.ts';
import { getServices } from '#server/load-context.ts';
import type { Route } from './+types/account-access';

/**
 * Someone who cannot get into their account tells the support team (rate-limited as every
 * form). The answer never says whether the address has an account.
 */
export function action({ request, context }: Route.ActionArgs) {
  return handleForm({ request, context }, AccountAccessInputSchema, async (input) => {
    await getServices(context).support.requestAccountAccess(input);
    return t('support.accountAccess.sent');
  });
}

export function meta() {
  return pageMeta({
    title: t('support.accountAccess.title'),
    description: t('support.accountAccess.intro'),
  });
}

export default function AccountAccess() {
  const { fetcher, formRef, result, isSubmitting, fieldErrors, onInput } = useFormSubmission({
    key: 'account-access',
  });
  return (
    <main id="main" className="container-page max-w-xl space-y-6 py-10">
      <div className="space-y-2">
        <h1 className="text-3xl font-bold">{t('support.accountAccess.title')}</h1>
        <p className="text-slate-700">{t('support.accountAccess.intro')}</p>
        <p className="text-sm text-slate-700">
          {t('support.accountAccess.tryReset')}{' '}
          <Link to="/forgot-password" className="font-semibold text-brand-800 underline">
            {t('support.accountAccess.resetLink')}
          </Link>
        </p>
      </div>
      <fetcher.Form
        ref={formRef}
        method="post"
        noValidate
        onInput={onInput}
        className="space-y-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8"
      >
        <FormErrorSummary answer={result} fieldErrors={fieldErrors} />
        <TextField
          name="name"
          label={t('support.accountAccess.name')}
          error={fieldErrors.name}
          isRequired
          maxLength={NAME_MAX_LENGTH}
          autoComplete="name"
        />
        <TextField
          name="email"
          label={t('support.accountAccess.email')}
          hint={t('support.accountAccess.emailHint')}
          error={fieldErrors.email}
          kind="email"
          isRequired
          maxLength={EMAIL_MAX_LENGTH}
          autoComplete="email"
        />
        <FormField
          name="message"
          label={t('support.accountAccess.message')}
          hint={t('support.accountAccess.messageHint')}
          error={fieldErrors.message}
        >
          {(props) => (
            <textarea {...props} required rows={5} maxLength={TICKET_MESSAGE_MAX_LENGTH} />
          )}
        </FormField>
        <PrivacyNote />
        <button type="submit" className="button-primary w-full sm:w-auto" disabled={isSubmitting}>
          {isSubmitting ? t('support.sending') : t('support.accountAccess.submit')}
        </button>
        <FormAnswer
          result={result}
          failure={t('support.accountAccess.failure')}
          next={t('support.accountAccess.sentNext')}
        />
      </fetcher.Form>
    </main>
  );
}
