import { Form, useNavigation } from 'react-router';
import { Link } from '#app/components/link.tsx';
import { t } from '#lib/i18n.pages.ts';
import { answerToShow, FormMessage } from '#app/components/form-message.tsx';
import { pageMeta } from '#app/page-meta.ts';
import type { Route } from './+types/email-proof';
import { proveFromPage, readProofPage } from './email-proof.server.ts';

/**
 * The link of a proof e-mail, for the account's owner signed in. Opening it changes nothing
 * (mail scanners open links): the button's post proves the address.
 */
export function loader(args: Route.LoaderArgs) {
  return readProofPage(args);
}

/** "Confirm my address": a plain form post, without JavaScript. */
export function action(args: Route.ActionArgs) {
  return proveFromPage(args);
}

export function meta() {
  return [
    ...pageMeta({ title: t('emailProof.pageTitle'), description: t('emailProof.explain') }),
    { name: 'robots', content: 'noindex' },
  ];
}

export default function EmailProofPage({
  loaderData: { link, token, error },
  actionData,
}: Route.ComponentProps) {
  const navigation = useNavigation();
  const heading = <h1 className="text-3xl font-bold">{t('emailProof.pageTitle')}</h1>;
  if (!link) {
    return (
      <main id="main" className="container-page max-w-xl space-y-4 py-10">
        {heading}
        <FormMessage tone="error">{error}</FormMessage>
        <Link to="/account/security" className="font-semibold text-brand-800 underline">
          {t('emailProof.newLink')}
        </Link>
      </main>
    );
  }
  const isDone = actionData?.ok === true;
  return (
    <main id="main" className="container-page max-w-xl space-y-4 py-10">
      {heading}
      {isDone || link.isProved ? (
        <FormMessage tone="success" answer={answerToShow(actionData)}>
          {isDone ? actionData.message : t('emailProof.alreadyProved')}
        </FormMessage>
      ) : (
        <Form method="post" className="space-y-4">
          <p className="text-lg text-slate-800 [overflow-wrap:anywhere]">
            {t('emailProof.question', { email: link.email })}
          </p>
          <p className="text-slate-700">{t('emailProof.explain')}</p>
          <input type="hidden" name="token" value={token} />
          <button
            type="submit"
            className="button-primary"
            disabled={navigation.state === 'submitting'}
          >
            {t('emailProof.confirm')}
          </button>
          {actionData && !actionData.ok && (
            <FormMessage tone="error" answer={answerToShow(actionData)}>
              {actionData.message}
            </FormMessage>
          )}
        </Form>
      )}
      <Link to="/inquiries?box=sent" className="font-semibold text-brand-800 underline">
        {t('emailProof.seeInquiries')}
      </Link>
    </main>
  );
}
