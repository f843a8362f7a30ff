import { data } from 'react-router';
import { DomainError } from '#lib/errors.ts';
import { formatDateTime } from '#lib/format.ts';
import { t } from '#lib/i18n.pages.ts';
import {
  TicketLinkQuerySchema,
  TicketLinkReplySchema,
  type PublicTicket,
} from '#modules/support/support.schema.ts';
import { TICKET_MESSAGE_MAX_LENGTH } from '#lib/support.ts';
import { FormErrorSummary } from '#app/components/form-error-summary.tsx';
import { FormField } from '#app/components/form-field.tsx';
import { answerToShow, FormMessage } from '#app/components/form-message.tsx';
import { handleForm } from '#app/forms/form-action.server.ts';
import { useFormSubmission } from '#app/forms/use-form-submission.ts';
import { pageMeta } from '#app/page-meta.ts';
import { getServices } from '#server/load-context.ts';
import type { Route } from './+types/ticket';

/** Kept by nobody: the page is a ticket opened by the token in its address. */
const NOT_KEPT = { 'Cache-Control': 'private, no-store' };

function tokenOf(request: Request): string {
  return new URL(request.url).searchParams.get('token') ?? '';
}

/**
 * The ticket a reply e-mail's link opens, without an account: the requester's messages and the
 * replies (never the admins' internal notes), and a form to answer. A link that is not one, or
 * has expired, answers 404.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const parsed = TicketLinkQuerySchema.safeParse({ token: tokenOf(request) });
  try {
    if (!parsed.success) throw new Error('no token');
    const ticket = await getServices(context).support.openTicketByLink(parsed.data.token);
    return data({ ticket }, { headers: NOT_KEPT });
  } catch (error) {
    if (parsed.success && !(error instanceof DomainError)) throw error;
    return data({ ticket: null }, { status: 404, headers: NOT_KEPT });
  }
}

export function headers() {
  return NOT_KEPT;
}

/** The requester answers through the same link: the ticket opens again for the team. */
export function action({ request, context }: Route.ActionArgs) {
  const { support } = getServices(context);
  return handleForm({ request, context }, TicketLinkReplySchema, async (input) => {
    await support.replyByLink(tokenOf(request), input);
    return t('support.ticket.sent');
  });
}

export function meta({ data: loaderData }: Route.MetaArgs) {
  const ticket = loaderData?.ticket;
  const title = ticket
    ? t('support.ticket.heading', { number: ticket.number })
    : t('support.ticket.title');
  return [...pageMeta({ title, description: '' }), { name: 'robots', content: 'noindex' }];
}

function Thread({ ticket }: { ticket: PublicTicket }) {
  return (
    <ol className="space-y-3" aria-label={t('support.ticket.thread')}>
      {ticket.messages.map((message, index) => {
        const isMine = message.author === 'requester';
        return (
          <li key={index} className={`flex ${isMine ? 'justify-end' : 'justify-start'}`}>
            <article
              className={`max-w-[85%] rounded-2xl px-4 py-3 shadow-sm ${
                isMine ? 'bg-brand-50 text-slate-900' : 'border border-slate-200 bg-white'
              }`}
            >
              <p className="text-xs font-semibold text-slate-600">
                {isMine ? t('support.ticket.you') : t('support.ticket.team')} ·{' '}
                <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time>
              </p>
              <p className="mt-1 break-words whitespace-pre-line">{message.body}</p>
            </article>
          </li>
        );
      })}
    </ol>
  );
}

function ReplyForm() {
  const { fetcher, formRef, result, isSubmitting, fieldErrors, onInput } = useFormSubmission({
    key: 'support-ticket-reply',
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
        label={t('support.ticket.replyLabel')}
        hint={t('support.ticket.replyHint')}
        error={fieldErrors.body}
      >
        {(props) => <textarea {...props} required rows={4} maxLength={TICKET_MESSAGE_MAX_LENGTH} />}
      </FormField>
      <button type="submit" className="button-primary w-full sm:w-auto" disabled={isSubmitting}>
        {isSubmitting ? t('support.sending') : t('support.send')}
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

export default function SupportTicketPage({ loaderData: { ticket } }: Route.ComponentProps) {
  if (!ticket) {
    return (
      <main id="main" className="container-page max-w-xl space-y-4 py-10">
        <h1 className="text-3xl font-bold">{t('support.ticket.title')}</h1>
        <FormMessage tone="error">{t('support.linkInvalid')}</FormMessage>
      </main>
    );
  }
  return (
    <main id="main" className="container-page max-w-2xl space-y-6 py-8">
      <header className="space-y-2">
        <h1 className="text-2xl font-bold">
          {t('support.ticket.heading', { number: ticket.number })}
        </h1>
        <p className="text-sm text-slate-700">{t(`support.kind.${ticket.kind}`)}</p>
        <p className="max-w-prose text-slate-700">{t('support.ticket.intro')}</p>
      </header>
      <Thread ticket={ticket} />
      {ticket.status === 'closed' && (
        <p className="text-sm text-slate-700">{t('support.ticket.closedNote')}</p>
      )}
      <ReplyForm />
    </main>
  );
}
