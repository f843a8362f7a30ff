import { Form, useNavigation } from 'react-router';
import { Link } from '#app/components/link.tsx';
import { t } from '#lib/i18n.pages.ts';
import { ConflictError } from '#lib/errors.ts';
import { EMAIL_CHOICES } from '#lib/notifications.ts';
import { EmailChoicesFormSchema } from '#modules/email-choices/email-choices.schema.ts';
import { requireViewer } from '#app/auth.server.ts';
import { AccountPage } from '#app/components/account-page.tsx';
import { FormMessage } from '#app/components/form-message.tsx';
import { LoadFailure } from '#app/components/load-failure.tsx';
import { handleForm } from '#app/forms/form-action.server.ts';
import { pageMeta } from '#app/page-meta.ts';
import type { Route } from './+types/email-choices';
import { getServices } from '#server/load-context.ts';

/** Which kinds of e-mail reach the signed-in user. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireViewer(request, context);
  const { emailChoices } = getServices(context);
  // An account registered by phone alone has no address to choose e-mails for.
  const choices = viewer.email ? await emailChoices.getChoices(viewer.email) : null;
  return { email: viewer.email, choices };
}

/** Saves every box of the form: a ticked one is a kind to receive. */
export function action({ request, context }: Route.ActionArgs) {
  const viewer = requireViewer(request, context);
  const { emailChoices } = getServices(context);
  return handleForm({ request, context }, EmailChoicesFormSchema, async (choices) => {
    if (!viewer.email) throw new ConflictError(t('emailProof.none'));
    await emailChoices.setChoices(viewer.email, choices);
    return t('emailChoices.saved');
  });
}

export function meta() {
  return pageMeta({ title: t('emailChoices.heading'), description: t('emailChoices.intro') });
}

export function ErrorBoundary() {
  return <LoadFailure message={t('error.body')} />;
}

export default function EmailChoicesPage({
  loaderData: { email, choices },
  actionData,
}: Route.ComponentProps) {
  const navigation = useNavigation();
  return (
    <AccountPage heading={t('emailChoices.heading')}>
      <p className="max-w-prose text-slate-700">{t('emailChoices.intro')}</p>
      {email === null || choices === null ? (
        <p className="font-medium text-slate-800">{t('emailProof.none')}</p>
      ) : (
        <>
          <p className="font-medium text-slate-800 [overflow-wrap:anywhere]">
            {t('emailChoices.sentTo', { email })}
          </p>
          {/* Keyed by the saved choices, so the boxes show them again after each save. */}
          <Form method="post" key={JSON.stringify(choices)} className="max-w-xl space-y-4">
            <fieldset className="space-y-1 rounded-xl border border-slate-200 bg-white p-4">
              <legend className="px-1 font-semibold text-slate-900">
                {t('emailChoices.legend')}
              </legend>
              {EMAIL_CHOICES.map((kind) => (
                <label
                  key={kind}
                  className="flex min-h-11 items-center gap-3 text-slate-800 [overflow-wrap:anywhere]"
                >
                  <input
                    type="checkbox"
                    name={kind}
                    defaultChecked={choices[kind]}
                    className="h-5 w-5 shrink-0 accent-brand-700"
                  />
                  {t(`emailChoices.label.${kind}`)}
                </label>
              ))}
            </fieldset>
            <p className="text-sm text-slate-600">{t('emailChoices.accountNote')}</p>
            <button
              type="submit"
              className="button-primary w-full sm:w-auto"
              disabled={navigation.state === 'submitting'}
            >
              {t('emailChoices.save')}
            </button>
            <div aria-live="polite">
              {actionData && (
                <FormMessage tone={actionData.ok ? 'success' : 'error'} answer={actionData}>
                  {actionData.message}
                </FormMessage>
              )}
            </div>
          </Form>
        </>
      )}
      <p className="flex flex-wrap gap-x-6 gap-y-2">
        <Link to="/notifications" className="font-semibold text-brand-800 underline">
          {t('notifications.heading')}
        </Link>
        <Link to="/account/data" className="font-semibold text-brand-800 underline">
          {t('myData.title')}
        </Link>
      </p>
    </AccountPage>
  );
}
