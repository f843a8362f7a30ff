import { data, Form, useNavigation } from 'react-router';
import { Link } from '#app/components/link.tsx';
import { FormMessage } from '#app/components/form-message.tsx';
import { handleForm } from '#app/forms/form-action.server.ts';
import { pageMeta } from '#app/page-meta.ts';
import { DomainError } from '#lib/errors.ts';
import { formatDate } from '#lib/format.ts';
import { t } from '#lib/i18n.pages.ts';
import { StillAvailableTokenSchema } from '#modules/expiry/expiry.schema.ts';
import { getServices } from '#server/load-context.ts';
import type { Route } from './+types/still-available';

function tokenOf(request: Request): string {
  return new URL(request.url).searchParams.get('token') ?? '';
}

/**
 * What the link of an expiry warning names. Opening it changes nothing (mail scanners open
 * links): only the button's post renews. A link that is not one, or has expired, answers 400.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = getServices(context);
  const token = tokenOf(request);
  try {
    const parsed = StillAvailableTokenSchema.parse({ token });
    return { link: await services.expiry.readLink(parsed.token), token: parsed.token, error: null };
  } catch (error) {
    const isDomain = error instanceof DomainError;
    return data(
      {
        link: null,
        token,
        error: isDomain ? error.message : t('expiry.badLink'),
      },
      { status: isDomain ? error.status : 400 },
    );
  }
}

/** "Yes, keep it listed": a plain form post, without JavaScript and without signing in. */
export function action({ request, context }: Route.ActionArgs) {
  const { expiry } = getServices(context);
  return handleForm({ request, context }, StillAvailableTokenSchema, async ({ token }) => {
    const until = await expiry.renewWithToken(token);
    return t('expiry.listedUntil', { date: formatDate(until) });
  });
}

export function meta() {
  return pageMeta({ title: t('expiry.pageTitle'), description: t('expiry.pageDescription') });
}

export default function StillAvailablePage({
  loaderData: { link, token, error },
  actionData,
}: Route.ComponentProps) {
  const navigation = useNavigation();
  if (!link) {
    return (
      <main id="main" className="container-page max-w-xl space-y-4 py-10">
        <h1 className="text-3xl font-bold">{t('expiry.pageTitle')}</h1>
        <FormMessage tone="error">{error}</FormMessage>
        <Link to="/supplied-property" className="font-semibold text-brand-800 underline">
          {t('expiry.myListings')}
        </Link>
      </main>
    );
  }
  const isDone = actionData?.ok === true;
  return (
    <main id="main" className="container-page max-w-xl space-y-4 py-10">
      <h1 className="text-3xl font-bold [overflow-wrap:anywhere]">
        {t('expiry.question', { title: link.title })}
      </h1>
      {isDone ? (
        <FormMessage tone="success" answer={actionData}>
          {actionData.message}
        </FormMessage>
      ) : (
        <>
          {link.isAnswered && link.listedUntil ? (
            <p className="text-slate-700">
              {t('expiry.listedUntil', { date: formatDate(link.listedUntil) })}
            </p>
          ) : (
            <p className="text-slate-700">{t('expiry.intro')}</p>
          )}
          <Form method="post">
            <input type="hidden" name="token" value={token} />
            <button
              type="submit"
              className="button-primary"
              disabled={navigation.state === 'submitting'}
            >
              {t('expiry.keepListed')}
            </button>
          </Form>
          {actionData && !actionData.ok && (
            <FormMessage tone="error" answer={actionData}>
              {actionData.message}
            </FormMessage>
          )}
        </>
      )}
      <p>
        <Link to={link.ownerPath} className="font-semibold text-brand-800 underline">
          {t('expiry.markSoldInstead')}
        </Link>
      </p>
    </main>
  );
}
