import { useActionData } from 'react-router';
import { Link } from '#app/components/link.tsx';
import { t } from '#lib/i18n.pages.ts';
import { SubscriptionInputSchema } from '#modules/newsletter/newsletter.schema.ts';
import { FormMessage } from '#app/components/form-message.tsx';
import { handleForm } from '#app/forms/form-action.server.ts';
import { pageMeta } from '#app/page-meta.ts';
import type { Route } from './+types/newsletter';
import { getServices } from '#server/load-context.ts';

/** The footer's newsletter form posts here, from every page. */
export function action({ request, context }: Route.ActionArgs) {
  return handleForm({ request, context }, SubscriptionInputSchema, async (input) => {
    const { isNew } = await getServices(context).newsletter.subscribe(input);
    return t(isNew ? 'newsletter.subscribed' : 'newsletter.alreadySubscribed');
  });
}

export function meta() {
  return pageMeta({ title: t('newsletter.pageTitle'), description: t('footer.newsletterHint') });
}

/** Seen only when the form was posted without JavaScript: the answer, and the way back. */
export default function Newsletter() {
  const result = useActionData<typeof action>();
  return (
    <main id="main" className="container-page max-w-xl space-y-6 py-16">
      <h1 className="text-3xl font-bold">{t('newsletter.pageTitle')}</h1>
      {result ? (
        <FormMessage tone={result.ok ? 'success' : 'error'} answer={result}>
          {result.ok ? result.message : (result.fieldErrors.email ?? t('newsletter.failed'))}
        </FormMessage>
      ) : (
        <p className="text-slate-700">{t('footer.newsletterHint')}</p>
      )}
      <Link to="/" className="button-secondary">
        {t('newsletter.back')}
      </Link>
    </main>
  );
}
