import { data } from 'react-router';
import { Link } from '#app/components/link.tsx';
import { loginPathReturningTo } from '#lib/account.ts';
import { DomainError } from '#lib/errors.ts';
import { t } from '#lib/i18n.pages.ts';
import { INQUIRY_MESSAGE_MAX_LENGTH } from '#lib/limits.ts';
import {
  GuestLinkTokenSchema,
  InquiryMessageInputSchema,
} from '#modules/inquiries/inquiries.schema.ts';
import { ConversationThread } from '#app/components/conversation-thread.tsx';
import { FactList } from '#app/components/fact-list.tsx';
import { FormErrorSummary } from '#app/components/form-error-summary.tsx';
import { FormField } from '#app/components/form-field.tsx';
import { answerToShow, FormMessage } from '#app/components/form-message.tsx';
import { ReachButtons } from '#app/components/reach-buttons.tsx';
import { handleForm } from '#app/forms/form-action.server.ts';
import { useFormSubmission } from '#app/forms/use-form-submission.ts';
import { pageMeta } from '#app/page-meta.ts';
import { getSiteOrigin } from '#app/site-origin.server.ts';
import { getServices } from '#server/load-context.ts';
import type { Route } from './+types/guest-conversation';

/**
 * Kept by nobody: the page is a conversation opened by the token in its address, and changes
 * with every message (a cache would also keep it from being marked read).
 */
const NOT_KEPT = { 'Cache-Control': 'private, no-store' };

function tokenOf(request: Request): string {
  return new URL(request.url).searchParams.get('token') ?? '';
}

/**
 * The conversation a guest's link opens, without an account: read it, and answer it below. A
 * link that is not one, has expired or lost its conversation answers 404; one whose
 * conversation has joined the visitor's account since says to sign in.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = getServices(context);
  const origin = getSiteOrigin(request, context);
  const parsed = GuestLinkTokenSchema.safeParse({ token: tokenOf(request) });
  try {
    if (!parsed.success) throw new Error('no token');
    const answer = await services.inquiries.openGuestConversation(parsed.data.token);
    return data({ answer, origin }, { headers: NOT_KEPT });
  } catch (error) {
    if (parsed.success && !(error instanceof DomainError)) throw error;
    return data({ answer: null, origin }, { status: 404, headers: NOT_KEPT });
  }
}

export function headers() {
  return NOT_KEPT;
}

/** The guest writes back through the same link (the token of the page's address). */
export function action({ request, context }: Route.ActionArgs) {
  const { inquiries } = getServices(context);
  return handleForm({ request, context }, InquiryMessageInputSchema, async (input) => {
    await inquiries.postGuestMessage(tokenOf(request), input);
    return t('inquiries.sentAnswer');
  });
}

export function meta({ data: loaderData }: Route.MetaArgs) {
  const answer = loaderData?.answer;
  const title =
    answer && !answer.isJoined
      ? t('inquiries.about', { title: answer.conversation.listingTitle })
      : t('inquiries.heading');
  return [...pageMeta({ title, description: '' }), { name: 'robots', content: 'noindex' }];
}

function ReplyForm() {
  const { fetcher, formRef, result, isSubmitting, fieldErrors, onInput } = useFormSubmission({
    key: 'guest-reply',
  });
  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      noValidate
      onInput={onInput}
      className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <FormErrorSummary answer={result} fieldErrors={fieldErrors} />
      <FormField
        name="body"
        label={t('inquiries.reply')}
        hint={t('inquiries.replyHint')}
        error={fieldErrors.body}
      >
        {(props) => (
          <textarea {...props} required rows={4} maxLength={INQUIRY_MESSAGE_MAX_LENGTH} />
        )}
      </FormField>
      <button type="submit" className="button-primary w-full sm:w-auto" disabled={isSubmitting}>
        {isSubmitting ? t('inquiries.sending') : t('inquiries.send')}
      </button>
      <div aria-live="polite">
        {result && answerToShow(result) && (
          <FormMessage tone={result.ok ? 'success' : 'error'} answer={answerToShow(result)}>
            {result.message}
          </FormMessage>
        )}
      </div>
    </fetcher.Form>
  );
}

export default function GuestConversationPage({
  loaderData: { answer, origin },
}: Route.ComponentProps) {
  if (!answer || answer.isJoined) {
    return (
      <main id="main" className="container-page max-w-xl space-y-4 py-10">
        <h1 className="text-3xl font-bold">{t('inquiries.heading')}</h1>
        {answer ? (
          <>
            <FormMessage tone="pending">{t('guestConversation.joined')}</FormMessage>
            <Link
              to={loginPathReturningTo(`/inquiries/${answer.inquiryId}`)}
              className="button-primary"
            >
              {t('guestConversation.signIn')}
            </Link>
          </>
        ) : (
          <FormMessage tone="error">{t('guestConversation.invalid')}</FormMessage>
        )}
      </main>
    );
  }
  const { conversation } = answer;
  return (
    <main id="main" className="container-page space-y-6 py-8">
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <section className="space-y-4" aria-labelledby="conversation-heading">
          <h1 id="conversation-heading" className="text-2xl font-bold break-words">
            {t('inquiries.about', { title: conversation.listingTitle })}
          </h1>
          <p className="max-w-prose text-slate-700">{t('guestConversation.intro')}</p>
          <ReachButtons
            inquiry={{ ...conversation, phone: '' }}
            listingUrl={`${origin}${conversation.listingPath}`}
          />
          <ConversationThread conversation={conversation} />
          <ReplyForm />
        </section>
        <aside className="space-y-4">
          <section className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
            <h2 className="text-lg font-bold">{t('inquiries.listing')}</h2>
            <FactList
              facts={[
                { label: t('listing.owner'), value: conversation.ownerName },
                {
                  label: t('inquiries.listing'),
                  value: (
                    <Link to={conversation.listingPath} className="text-brand-800 underline">
                      {conversation.listingTitle}
                    </Link>
                  ),
                },
              ]}
            />
          </section>
          <p className="text-sm text-slate-700">
            {t('guestConversation.register')}{' '}
            <Link to="/register" className="font-semibold text-brand-800 underline">
              {t('guestConversation.registerLink')}
            </Link>
          </p>
        </aside>
      </div>
    </main>
  );
}
