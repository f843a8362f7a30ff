import { Form, useNavigation } from 'react-router';
import { formatDateTime } from '#lib/format.ts';
import { t } from '#lib/i18n.all.ts';
import { withoutLocale } from '#lib/i18n.ts';
import { SEARCH_TEXT_MAX_LENGTH } from '#lib/limits.ts';
import { readListQuery } from '#lib/list-query.ts';
import { TicketListQuerySchema, type TicketRow } from '#modules/support/support.schema.ts';
import { TICKET_KINDS, TICKET_STATUSES } from '#lib/support.ts';
import { adminContext } from '#app/auth.server.ts';
import { FilterSelect } from '#app/components/filter-select.tsx';
import { FormMessage } from '#app/components/form-message.tsx';
import { Link } from '#app/components/link.tsx';
import { EmptyState } from '#app/components/listing-grid.tsx';
import { LoadFailure } from '#app/components/load-failure.tsx';
import { Pagination } from '#app/components/pagination.tsx';
import { StackedCell, StackedRow, StackedTable } from '#app/components/stacked-table.tsx';
import { redirectPastLastPage } from '#app/last-page.server.ts';
import { pageMeta } from '#app/page-meta.ts';
import { getServices } from '#server/load-context.ts';
import { TicketKindBadge, TicketStatusBadge } from './ticket-badges.tsx';
import type { Route } from './+types/support-queue';

const QUEUE_PATH = '/admin-panel/support';

/** The queue: open tickets unless the filters say otherwise, the latest activity first. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = context.get(adminContext);
  const query = readListQuery(new URL(request.url), TicketListQuerySchema);
  const page = await getServices(context).support.listTickets(query, admin);
  redirectPastLastPage(request, page);
  return {
    page,
    filters: {
      status: query.status,
      kind: query.kind ?? '',
      assignee: query.assignee === 'anyone' ? '' : query.assignee,
      q: query.q ?? '',
    },
  };
}

export function meta() {
  return pageMeta({ title: t('admin.support.title'), description: t('admin.support.intro') });
}

export function ErrorBoundary() {
  return <LoadFailure message={t('admin.support.loadFailed')} />;
}

type Filters = Route.ComponentProps['loaderData']['filters'];

/** Status, kind, whose and a search, asked for again by GET (works without JavaScript). */
function QueueFilters({ filters }: { filters: Filters }) {
  return (
    <Form method="get" role="search" className="flex flex-wrap items-end gap-3">
      <div className="min-w-36 flex-1 sm:flex-none">
        <label htmlFor="filter-status" className="field-label">
          {t('admin.support.filterStatus')}
        </label>
        <select
          id="filter-status"
          name="status"
          defaultValue={filters.status}
          className="field-input"
        >
          {TICKET_STATUSES.map((status) => (
            <option key={status} value={status}>
              {t(`support.status.${status}`)}
            </option>
          ))}
          <option value="all">{t('admin.support.allStatuses')}</option>
        </select>
      </div>
      <FilterSelect
        name="kind"
        label={t('admin.support.filterKind')}
        allLabel={t('admin.support.allKinds')}
        value={filters.kind}
        options={TICKET_KINDS.map((kind) => ({ value: kind, label: t(`support.kind.${kind}`) }))}
      />
      <FilterSelect
        name="assignee"
        label={t('admin.support.filterAssignee')}
        allLabel={t('admin.support.assigneeAnyone')}
        value={filters.assignee}
        options={[
          { value: 'me', label: t('admin.support.assigneeMe') },
          { value: 'unassigned', label: t('admin.support.assigneeNobody') },
        ]}
      />
      <div className="min-w-52 flex-1">
        <label htmlFor="support-search" className="field-label">
          {t('admin.support.search')}
        </label>
        <input
          id="support-search"
          name="q"
          type="search"
          defaultValue={filters.q}
          maxLength={SEARCH_TEXT_MAX_LENGTH}
          className="field-input"
        />
      </div>
      <button type="submit" className="button-secondary">
        {t('admin.support.apply')}
      </button>
    </Form>
  );
}

const COLUMNS = [
  'admin.support.col.ticket',
  'admin.support.col.requester',
  'admin.support.col.status',
  'admin.support.col.assignee',
  'admin.support.col.activity',
] as const;

function QueueRow({ ticket }: { ticket: TicketRow }) {
  const [ticketCol, requesterCol, statusCol, assigneeCol, activityCol] = COLUMNS.map((key) =>
    t(key),
  ) as [string, string, string, string, string];
  return (
    <StackedRow>
      <StackedCell label={ticketCol} className="min-w-0">
        <div className="min-w-0 space-y-1">
          <TicketKindBadge kind={ticket.kind} />
          <Link
            to={`${QUEUE_PATH}/${ticket._id}`}
            className="block font-semibold break-words text-brand-800 underline"
          >
            #{ticket.number} · {ticket.subject}
          </Link>
        </div>
      </StackedCell>
      <StackedCell label={requesterCol} className="break-all">
        {ticket.requesterName || ticket.requesterEmail ? (
          <span>
            {ticket.requesterName}
            {ticket.requesterEmail && (
              <span className="block text-slate-600">{ticket.requesterEmail}</span>
            )}
          </span>
        ) : (
          <span className="text-slate-600">{t('admin.support.noRequester')}</span>
        )}
      </StackedCell>
      <StackedCell label={statusCol}>
        <TicketStatusBadge status={ticket.status} />
      </StackedCell>
      <StackedCell label={assigneeCol}>
        {ticket.assignee?.name ?? (
          <span className="text-slate-600">{t('admin.support.assigneeNobody')}</span>
        )}
      </StackedCell>
      <StackedCell label={activityCol}>
        <time dateTime={ticket.lastActivityAt}>{formatDateTime(ticket.lastActivityAt)}</time>
      </StackedCell>
    </StackedRow>
  );
}

export default function SupportQueue({ loaderData: { page, filters } }: Route.ComponentProps) {
  const navigation = useNavigation();
  const isLoading =
    navigation.state === 'loading' &&
    withoutLocale(navigation.location?.pathname ?? '') === QUEUE_PATH;
  return (
    <main id="main" className="container-page space-y-5 py-8">
      <div className="space-y-2">
        <h1 className="text-3xl font-bold">{t('admin.support.title')}</h1>
        <p className="max-w-prose text-slate-700">{t('admin.support.intro')}</p>
      </div>
      {/* Keyed by the query, so the fields follow back and forward navigation. */}
      <QueueFilters key={JSON.stringify(filters)} filters={filters} />
      <div aria-live="polite">
        {isLoading && <FormMessage tone="pending">{t('admin.support.loading')}</FormMessage>}
      </div>
      {page.items.length === 0 ? (
        <EmptyState>{t('admin.support.empty')}</EmptyState>
      ) : (
        <StackedTable columns={COLUMNS.map((key) => t(key))} isDimmed={isLoading}>
          {page.items.map((ticket) => (
            <QueueRow key={ticket._id} ticket={ticket} />
          ))}
        </StackedTable>
      )}
      <Pagination page={page} />
    </main>
  );
}
