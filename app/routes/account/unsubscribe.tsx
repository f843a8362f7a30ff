import { data, Form, useNavigation } from 'react-router';
import { Link } from '#app/components/link.tsx';
import { t } from '#lib/i18n.pages.ts';
import {
  UnsubscribeFormSchema,
  UnsubscribeTokenSchema,
} from '#modules/email-choices/email-choices.schema.ts';
import { FormMessage } from '#app/components/form-message.tsx';
import { handleForm } from '#app/forms/form-action.server.ts';
import { pageMeta } from '#app/page-meta.ts';
import type { Route } from './+types/unsubscribe';
import { getServices, getViewer } from '#server/load-context.ts';

/** `d…@example.rw`: enough for its owner to recognise, little for whoever the link reaches. */
function maskAddress(email: string): string {
  const [name = '', domain = ''] = email.split('@');
  return `${name.slice(0, 1)}…@${domain}`;
}

function tokenOf(request: Request): string | null {
  const parsed = UnsubscribeTokenSchema.safeParse({
    token: new URL(request.url).searchParams.get('token') ?? undefined,
  });
  return parsed.success ? parsed.data.token : null;
}

/** What the link stops and whether it still arrives; 400 for a link that is not one. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = getServices(context);
  const viewer = getViewer(context);
  const token = tokenOf(request);
  const link = token ? await services.emailChoices.readLink(token).catch(() => null) : null;
  if (!link) return data({ link: null, isSignedIn: viewer !== null }, { status: 400 });
  return {
    link: { kind: link.kind, email: maskAddress(link.email), isReceiving: link.isReceiving },
    isSignedIn: viewer !== null,
  };
}

/**
 * The visitor's button (stop, or start again), or a mail program's one-click unsubscribe
 * (RFC 8058), which posts `List-Unsubscribe=One-Click` here without an intent.
 */
export function action({ request, context }: Route.ActionArgs) {
  const { emailChoices } = getServices(context);
  return handleForm({ request, context }, UnsubscribeFormSchema, async ({ intent }) => {
    const isReceiving = intent === 'resubscribe';
    const link = await emailChoices.answerLink(tokenOf(request) ?? '', isReceiving);
    const facts = { kind: t(`emailChoices.about.${link.kind}`), email: maskAddress(link.email) };
    return t(isReceiving ? 'unsubscribe.resubscribed' : 'unsubscribe.done', facts);
  });
}

export function meta() {
  return pageMeta({ title: t('unsubscribe.heading'), description: t('emailChoices.intro') });
}

export default function UnsubscribePage({
  loaderData: { link, isSignedIn },
  actionData,
}: Route.ComponentProps) {
  const navigation = useNavigation();
  const choicesLink = (
    <Link
      to={isSignedIn ? '/account/notifications' : '/login?next=/account/notifications'}
      className="font-semibold text-brand-800 underline"
    >
      {t('unsubscribe.allChoices')}
    </Link>
  );
  if (!link) {
    return (
      <main id="main" className="container-page max-w-xl space-y-4 py-10">
        <h1 className="text-3xl font-bold">{t('unsubscribe.heading')}</h1>
        <FormMessage tone="error">{t('unsubscribe.invalid')}</FormMessage>
        {choicesLink}
      </main>
    );
  }
  const facts = { kind: t(`emailChoices.about.${link.kind}`), email: link.email };
  return (
    <main id="main" className="container-page max-w-xl space-y-4 py-10">
      <h1 className="text-3xl font-bold">{t('unsubscribe.heading')}</h1>
      <p aria-live="polite" className="text-lg text-slate-800 [overflow-wrap:anywhere]">
        {link.isReceiving ? t('unsubscribe.question', facts) : t('unsubscribe.done', facts)}
      </p>
      <Form method="post">
        <button
          type="submit"
          name="intent"
          value={link.isReceiving ? 'unsubscribe' : 'resubscribe'}
          className={link.isReceiving ? 'button-primary' : 'button-secondary'}
          disabled={navigation.state === 'submitting'}
        >
          {link.isReceiving ? t('unsubscribe.confirm') : t('unsubscribe.again')}
        </button>
      </Form>
      {/* A success shows in the sentence above, read again from the saved choice. */}
      {actionData && !actionData.ok && <FormMessage tone="error">{actionData.message}</FormMessage>}
      {choicesLink}
    </main>
  );
}
