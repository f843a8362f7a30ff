import { Form, useNavigation } from 'react-router';
import { Link } from '#app/components/link.tsx';
import { t } from '#lib/i18n.pages.ts';
import { DeleteAccountFormSchema } from '#modules/privacy/privacy.schema.ts';
import { expiredSessionCookie } from '#modules/accounts/accounts.cookie.ts';
import { requireViewer } from '#app/auth.server.ts';
import { AccountPage } from '#app/components/account-page.tsx';
import { FormErrorSummary } from '#app/components/form-error-summary.tsx';
import { LoadFailure } from '#app/components/load-failure.tsx';
import { handleForm } from '#app/forms/form-action.server.ts';
import { redirect } from '#app/locale-redirect.ts';
import { pageMeta } from '#app/page-meta.ts';
import { PasswordField } from './password-field.tsx';
import type { Route } from './+types/my-data';
import { formatPhone } from '#lib/phone.ts';
import { getServices, requestContext } from '#server/load-context.ts';

/** The signed-in user's data: download it, or delete the account. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireViewer(request, context);
  // The account as its owner knows it: its e-mail, else its number.
  const { accounts } = getServices(context);
  const user = await accounts.getUser(viewer.id);
  return { email: user.email ?? formatPhone(user.phone ?? '') };
}

/**
 * Deletes the account once the password is checked and the box ticked, then signs out and
 * goes home, where a message says it is done.
 */
export function action({ request, context }: Route.ActionArgs) {
  const viewer = requireViewer(request, context);
  const services = getServices(context);
  const { isSecureRequest, clientAddress } = context.get(requestContext);
  return handleForm({ request, context }, DeleteAccountFormSchema, async ({ password }) => {
    await services.privacy.deleteOwnAccount({ password }, viewer, { clientAddress });
    throw redirect('/?accountDeleted', {
      headers: { 'set-cookie': expiredSessionCookie({ isSecure: isSecureRequest }) },
    });
  });
}

export function meta() {
  return pageMeta({ title: t('myData.title'), description: t('myData.intro') });
}

export function ErrorBoundary() {
  return <LoadFailure message={t('error.body')} />;
}

export default function MyData({ loaderData: { email }, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const errors = actionData && !actionData.ok ? actionData.fieldErrors : {};
  return (
    <AccountPage heading={t('myData.title')}>
      <p className="max-w-prose text-slate-700">{t('myData.intro')}</p>
      <section
        aria-labelledby="download-heading"
        className="max-w-xl space-y-3 rounded-xl border border-slate-200 bg-white p-4"
      >
        <h2 id="download-heading" className="text-xl font-bold">
          {t('myData.downloadHeading')}
        </h2>
        <p className="text-slate-700">{t('myData.downloadText')}</p>
        {/* The API answers the file as an attachment; the session cookie signs it in. */}
        <a href="/api/me/export" download className="button-primary w-full sm:w-auto">
          {t('myData.download')}
        </a>
      </section>
      <section
        aria-labelledby="delete-heading"
        className="max-w-xl space-y-3 rounded-xl border border-red-200 bg-white p-4"
      >
        <h2 id="delete-heading" className="text-xl font-bold">
          {t('myData.deleteHeading')}
        </h2>
        <p className="text-slate-700">{t('myData.deleteText')}</p>
        {/* The confirmation step: open only when asked (and after a refused try). */}
        <details open={Boolean(actionData && !actionData.ok)} className="space-y-4">
          <summary className="button-secondary w-full cursor-pointer text-red-800 sm:w-auto">
            {t('myData.deleteOpen')}
          </summary>
          <Form method="post" className="mt-4 space-y-4" noValidate>
            <FormErrorSummary answer={actionData} fieldErrors={errors} />
            <p className="text-sm text-slate-700 [overflow-wrap:anywhere]">
              {t('myData.deleteAccountOf', { email })}
            </p>
            <PasswordField
              name="password"
              label={t('myData.password')}
              error={errors.password}
              autoComplete="current-password"
            />
            <div>
              <label className="flex min-h-11 items-center gap-3 text-slate-800">
                <input
                  id="field-isUnderstood"
                  type="checkbox"
                  name="isUnderstood"
                  className="h-5 w-5 shrink-0 accent-brand-700"
                  aria-invalid={errors.isUnderstood ? true : undefined}
                  aria-describedby={errors.isUnderstood ? 'field-isUnderstood-error' : undefined}
                />
                {t('myData.understand')}
              </label>
              {errors.isUnderstood && (
                <p id="field-isUnderstood-error" className="field-error">
                  {errors.isUnderstood}
                </p>
              )}
            </div>
            <button
              type="submit"
              className="button-primary w-full bg-red-700 hover:bg-red-800 sm:w-auto"
              disabled={navigation.state === 'submitting'}
            >
              {t('myData.deleteConfirm')}
            </button>
          </Form>
        </details>
      </section>
      <p className="flex flex-wrap gap-x-6 gap-y-2">
        <Link to="/privacy" className="font-semibold text-brand-800 underline">
          {t('privacy.title')}
        </Link>
        <Link to="/account/notifications" className="font-semibold text-brand-800 underline">
          {t('emailChoices.heading')}
        </Link>
      </p>
    </AccountPage>
  );
}
