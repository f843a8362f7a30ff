import { data } from 'react-router';
import { NotFoundError } from '#lib/errors.ts';
import { formatDateTime } from '#lib/format.ts';
import { t } from '#lib/i18n.all.ts';
import type { Locale } from '#lib/i18n.ts';
import { IdParamsSchema } from '#lib/listing-schemas.ts';
import {
  TicketNoteSchema,
  TicketReplySchema,
  TicketUpdateSchema,
  type Assignable,
  type TicketDetail,
} from '#modules/support/support.schema.ts';
import { TICKET_MESSAGE_MAX_LENGTH, TICKET_STATUSES } from '#lib/support.ts';
import { adminContext } from '#app/auth.server.ts';
import { BackLink } from '#app/components/back-link.tsx';
import { FactList, type Fact } from '#app/components/fact-list.tsx';
import { FormErrorSummary } from '#app/components/form-error-summary.tsx';
import { FormField } from '#app/components/form-field.tsx';
import { FormMessage } from '#app/components/form-message.tsx';
import { Link } from '#app/components/link.tsx';
import { EmptyState } from '#app/components/listing-grid.tsx';
import { LoadFailure } from '#app/components/load-failure.tsx';
import { formHandler, handleIntents, type IntentOf } from '#app/forms/form-action.server.ts';
import { IntentInput } from '#app/forms/intent-input.tsx';
import { useFormSubmission } from '#app/forms/use-form-submission.ts';
import { loadOrNull } from '#app/load-or-null.server.ts';
import { pageMeta } from '#app/page-meta.ts';
import { getServices } from '#server/load-context.ts';
import { TicketKindBadge, TicketStatusBadge } from './ticket-badges.tsx';
import type { Route } from './+types/support-ticket';

const QUEUE_PATH = '/admin-panel/support';

/** Each language by its own name, as the language switcher writes it. */
const LANGUAGE_NAMES: Record<Locale, string> = {
  rw: 'Kinyarwanda',
  en: 'English',
  fr: 'Français',
};

/** A ticket with its thread, the admins it can be given to, and who reads it (admins only). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const admin = context.get(adminContext);
  const { support } = getServices(context);
  const id = IdParamsSchema.safeParse(params);
  const [ticket, assignees] = await Promise.all([
    id.success ? loadOrNull(() => support.getTicket(id.data.id, admin)) : null,
    support.listAssignees(admin),
  ]);
  const answer = { ticket, assignees, viewerId: admin.id };
  return ticket ? answer : data(answer, { status: 404 });
}

/** Reply (e-mailed), note (kept among admins), assign, change status: each audited. */
export function action({ params, request, context }: Route.ActionArgs) {
  const admin = context.get(adminContext);
  const { support } = getServices(context);
  const ticketId = () => {
    const id = IdParamsSchema.safeParse(params);
    if (!id.success) throw new NotFoundError(t('support.notFound'));
    return id.data.id;
  };
  return handleIntents(
    { request, context },
    {
      reply: formHandler(TicketReplySchema, async (input) => {
        await support.replyToTicket(ticketId(), input, admin);
        return t('support.replySent');
      }),
      note: formHandler(TicketNoteSchema, async (input) => {
        await support.addNote(ticketId(), input, admin);
        return t('support.noteAdded');
      }),
      assign: formHandler(TicketUpdateSchema, async (input) => {
        await support.updateTicket(ticketId(), input, admin);
        return t('support.updated');
      }),
      status: formHandler(TicketUpdateSchema, async (input) => {
        await support.updateTicket(ticketId(), input, admin);
        return t('support.updated');
      }),
    },
  );
}

type Intent = IntentOf<typeof action>;

export function meta({ data: loaderData }: Route.MetaArgs) {
  const ticket = loaderData?.ticket;
  return pageMeta({
    title: ticket ? `#${ticket.number} · ${ticket.subject}` : t('support.notFound'),
    description: ticket ? t(`support.kind.${ticket.kind}`) : '',
  });
}

export function ErrorBoundary() {
  return <LoadFailure message={t('admin.support.ticketLoadFailed')} />;
}

/** Where the ticket comes from, as links an admin follows. */
function sourceFacts(ticket: TicketDetail): Fact[] {
  const link = (to: string, text: string) => (
    <Link to={to} className="text-brand-800 underline">
      {text}
    </Link>
  );
  const facts: Fact[] = [];
  const source = ticket.sourceId;
  if (ticket.kind === 'contact') {
    facts.push({
      label: t('admin.support.source'),
      value: link('/admin-panel/messages', t('admin.support.sourceContact')),
    });
  }
  if (ticket.kind === 'listingReport' && source) {
    facts.push(
      {
        label: t('admin.support.source'),
        value: link(`/admin-panel/supplied-property/${source}`, ticket.subject),
      },
      {
        label: t('admin.support.reports'),
        value: link('/admin-panel/reports/listings', t('admin.support.reportsLink')),
      },
    );
  }
  if (ticket.kind === 'paymentDispute' && source) {
    facts.push({
      label: t('admin.support.source'),
      value: link(`/payments/${source}`, t('admin.support.sourcePayment')),
    });
  }
  if (ticket.requesterId) {
    facts.push({
      label: t('admin.support.account'),
      value: link(`/admin-panel/users/${ticket.requesterId}`, t('admin.support.accountLink')),
    });
  } else if (ticket.kind === 'accountAccess') {
    facts.push({ label: t('admin.support.account'), value: t('admin.support.noAccount') });
  }
  return facts;
}

/** The thread, oldest first: the requester's messages, the replies sent, the notes kept. */
function Thread({ ticket }: { ticket: TicketDetail }) {
  if (ticket.messages.length === 0) return <EmptyState>{t('admin.support.noMessages')}</EmptyState>;
  const STYLES = {
    requester: 'border border-slate-200 bg-white',
    admin: 'bg-brand-50',
    note: 'border border-dashed border-amber-300 bg-amber-50',
  } as const;
  return (
    <ol className="space-y-3" aria-label={t('admin.support.thread')}>
      {ticket.messages.map((message) => {
        const who =
          message.author === 'requester'
            ? (ticket.requesterName ?? t('admin.support.requester'))
            : (message.adminName ?? t('admin.support.anAdmin'));
        return (
          <li key={message._id}>
            <article className={`rounded-xl px-4 py-3 shadow-sm ${STYLES[message.author]}`}>
              <p className="text-xs font-semibold text-slate-600">
                {who} · {t(`admin.support.author.${message.author}`)} ·{' '}
                <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time>
              </p>
              <p className="mt-1 break-words whitespace-pre-line text-slate-900">{message.body}</p>
            </article>
          </li>
        );
      })}
    </ol>
  );
}

/** A form of one textarea: the reply to the requester, or a note for the admins. */
function MessageForm({
  intent,
  label,
  hint,
  submit,
}: {
  intent: 'reply' | 'note';
  label: string;
  hint: string;
  submit: string;
}) {
  const { fetcher, formRef, result, isSubmitting, fieldErrors, onInput } = useFormSubmission({
    key: `support-${intent}`,
    intent,
  });
  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      noValidate
      onInput={onInput}
      className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <FormErrorSummary answer={result} fieldErrors={fieldErrors} idPrefix={intent} />
      <IntentInput<Intent> value={intent} />
      <FormField name="body" idPrefix={intent} label={label} hint={hint} error={fieldErrors.body}>
        {(props) => <textarea {...props} required rows={4} maxLength={TICKET_MESSAGE_MAX_LENGTH} />}
      </FormField>
      <button type="submit" className="button-primary w-full sm:w-auto" disabled={isSubmitting}>
        {isSubmitting ? t('support.sending') : submit}
      </button>
      <div aria-live="polite">
        {result && (
          <FormMessage tone={result.ok ? 'success' : 'error'}>{result.message}</FormMessage>
        )}
      </div>
    </fetcher.Form>
  );
}

/** Give the ticket to me, to another admin, or to nobody; and change its status. */
function ManagePanel({
  ticket,
  assignees,
  viewerId,
}: {
  ticket: TicketDetail;
  assignees: Assignable[];
  viewerId: string;
}) {
  const assign = useFormSubmission({ key: 'support-assign', intent: 'assign' });
  // Both assign forms post the same intent: without JavaScript, the select's form shows the answer.
  const mine = useFormSubmission({ key: 'support-assign-me', isPageAction: false });
  const status = useFormSubmission({ key: 'support-status', intent: 'status' });
  const results = [mine.result, assign.result, status.result].filter(
    (result) => result !== undefined,
  );
  return (
    <section
      aria-labelledby="manage-heading"
      className="space-y-4 rounded-xl border border-brand-100 bg-brand-50 p-5 shadow-sm"
    >
      <h2 id="manage-heading" className="text-lg font-bold">
        {t('admin.support.manage')}
      </h2>
      {ticket.assignee?.id !== viewerId && (
        <mine.fetcher.Form method="post">
          <IntentInput<Intent> value="assign" />
          <input type="hidden" name="assigneeId" value={viewerId} />
          <button type="submit" className="button-secondary w-full" disabled={mine.isSubmitting}>
            {t('admin.support.assignToMe')}
          </button>
        </mine.fetcher.Form>
      )}
      <assign.fetcher.Form method="post" className="space-y-2">
        <IntentInput<Intent> value="assign" />
        <label htmlFor="support-assignee" className="field-label">
          {t('admin.support.assignee')}
        </label>
        <select
          id="support-assignee"
          name="assigneeId"
          defaultValue={ticket.assignee?.id ?? ''}
          key={ticket.assignee?.id ?? ''}
          className="field-input"
        >
          <option value="">{t('admin.support.assigneeNobody')}</option>
          {assignees.map((admin) => (
            <option key={admin.id} value={admin.id}>
              {admin.name}
            </option>
          ))}
        </select>
        <button type="submit" className="button-secondary w-full" disabled={assign.isSubmitting}>
          {t('admin.support.assign')}
        </button>
      </assign.fetcher.Form>
      <status.fetcher.Form method="post" className="space-y-2 border-t border-brand-100 pt-4">
        <IntentInput<Intent> value="status" />
        <label htmlFor="support-status" className="field-label">
          {t('admin.support.statusLabel')}
        </label>
        <select
          id="support-status"
          name="status"
          defaultValue={ticket.status}
          key={ticket.status}
          className="field-input"
        >
          {TICKET_STATUSES.map((value) => (
            <option key={value} value={value}>
              {t(`support.status.${value}`)}
            </option>
          ))}
        </select>
        <button type="submit" className="button-secondary w-full" disabled={status.isSubmitting}>
          {t('admin.support.changeStatus')}
        </button>
      </status.fetcher.Form>
      <div aria-live="polite" className="space-y-2">
        {results.map((result, index) => (
          <FormMessage key={index} tone={result.ok ? 'success' : 'error'}>
            {result.message}
          </FormMessage>
        ))}
      </div>
    </section>
  );
}

export default function SupportTicket({
  loaderData: { ticket, assignees, viewerId },
}: Route.ComponentProps) {
  if (!ticket) {
    return (
      <main id="main" className="container-page space-y-6 py-10">
        <BackLink to={QUEUE_PATH}>{t('admin.support.backToQueue')}</BackLink>
        <EmptyState>{t('support.notFound')}</EmptyState>
      </main>
    );
  }
  const facts: Fact[] = [
    {
      label: t('admin.support.requester'),
      value: ticket.requesterName ?? t('admin.support.noRequester'),
    },
    ...(ticket.requesterEmail
      ? [{ label: t('admin.support.email'), value: ticket.requesterEmail }]
      : []),
    { label: t('admin.support.language'), value: LANGUAGE_NAMES[ticket.locale] },
    { label: t('admin.support.opened'), value: formatDateTime(ticket.createdAt) },
    ...sourceFacts(ticket),
  ];
  return (
    <main id="main" className="container-page space-y-6 py-8">
      <BackLink to={QUEUE_PATH}>{t('admin.support.backToQueue')}</BackLink>
      <header className="space-y-2">
        <div className="flex flex-wrap items-center gap-2">
          <TicketKindBadge kind={ticket.kind} />
          <TicketStatusBadge status={ticket.status} />
        </div>
        <h1 className="text-2xl font-bold break-words">
          #{ticket.number} · {ticket.subject}
        </h1>
      </header>
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="min-w-0 space-y-6">
          <Thread ticket={ticket} />
          {ticket.canReply ? (
            <MessageForm
              intent="reply"
              label={t('admin.support.replyLabel')}
              hint={t('admin.support.replyHint', {
                email: ticket.requesterEmail ?? '',
                language: LANGUAGE_NAMES[ticket.locale],
              })}
              submit={t('admin.support.sendReply')}
            />
          ) : (
            <p className="rounded-lg border border-dashed border-slate-300 bg-white p-3 text-sm text-slate-700">
              {t('admin.support.cannotReply')}
            </p>
          )}
          <MessageForm
            intent="note"
            label={t('admin.support.noteLabel')}
            hint={t('admin.support.noteHint')}
            submit={t('admin.support.addNote')}
          />
        </div>
        <aside className="space-y-6">
          <section className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
            <h2 className="mb-3 text-lg font-bold">{t('admin.support.details')}</h2>
            <FactList facts={facts} />
          </section>
          <ManagePanel ticket={ticket} assignees={assignees} viewerId={viewerId} />
        </aside>
      </div>
    </main>
  );
}
