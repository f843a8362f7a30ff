import { Form, useActionData, useNavigation } from 'react-router';
import { adminContext } from '#app/auth.server.ts';
import { EmptyState } from '#app/components/listing-grid.tsx';
import { Link } from '#app/components/link.tsx';
import { FormMessage } from '#app/components/form-message.tsx';
import { LoadFailure } from '#app/components/load-failure.tsx';
import { Pagination } from '#app/components/pagination.tsx';
import { formHandler, handleIntents, type IntentOf } from '#app/forms/form-action.server.ts';
import { IntentInput } from '#app/forms/intent-input.tsx';
import type { Answer } from '#app/forms/use-form-submission.ts';
import { adminListingPath } from '#app/listing-kind.ts';
import { pageMeta } from '#app/page-meta.ts';
import { formatDateTime } from '#lib/format.ts';
import { t, tCount } from '#lib/i18n.all.ts';
import { readListQuery } from '#lib/list-query.ts';
import { redirectPastLastPage } from '#app/last-page.server.ts';
import type { ReportOutcome, ReportStatus } from '#lib/listing.ts';
import {
  ListingReportListQuerySchema,
  ReportDecisionSchema,
  ReportedListingParamsSchema,
  type AdminReportView,
} from '#modules/listing-reports/listing-reports.schema.ts';
import { getServices } from '#server/load-context.ts';
import { ReportStanding } from './report-standing.tsx';
import { ReportTabs } from './report-tabs.tsx';
import type { Route } from './+types/listing-reports';

/** Open (the default) or closed reports, each listing's reports together (admins only). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = context.get(adminContext);
  const query = readListQuery(new URL(request.url), ListingReportListQuerySchema);
  const { listingReports } = getServices(context);
  const { items, ...page } = await listingReports.listReports(query, admin);
  redirectPastLastPage(request, { ...page, items });
  return {
    reports: items,
    page,
    status: query.status,
    minAccountDays: listingReports.minAccountDays,
  };
}

const DecisionFormSchema = ReportedListingParamsSchema.extend(ReportDecisionSchema.shape);

/** Dismiss, hide or block the owner (closing the listing's open reports), or restore. */
export function action({ request, context }: Route.ActionArgs) {
  const admin = context.get(adminContext);
  const { listingReports } = getServices(context);
  return handleIntents(
    { request, context },
    {
      decision: formHandler(DecisionFormSchema, async ({ listingId, outcome, note }) => {
        await listingReports.decide(listingId, { outcome, note }, admin);
        return t(`listingReports.decided.${outcome}`);
      }),
      restore: formHandler(ReportedListingParamsSchema, async ({ listingId }) => {
        await listingReports.restore(listingId, admin);
        return t('listingReports.restored');
      }),
    },
  );
}

type ReportIntent = IntentOf<typeof action>;

export function meta() {
  return pageMeta({
    title: t('admin.nav.listingReports'),
    description: t('admin.listingReports.intro'),
  });
}

export function ErrorBoundary() {
  return <LoadFailure message={t('admin.listingReports.loadFailed')} />;
}

/** One listing and its reports on this page, in the order the list gives them. */
type ReportGroup = Pick<
  AdminReportView,
  'listingId' | 'listingKind' | 'listing' | 'openReports'
> & {
  reports: AdminReportView[];
};

function groupByListing(reports: AdminReportView[]): ReportGroup[] {
  const groups: ReportGroup[] = [];
  for (const report of reports) {
    const last = groups.at(-1);
    if (last?.listingId === report.listingId) last.reports.push(report);
    else groups.push({ ...report, reports: [report] });
  }
  return groups;
}

function ActionButton({
  group,
  intent,
  outcome,
  label,
  tone = 'secondary',
}: {
  group: ReportGroup;
  intent: ReportIntent;
  outcome?: ReportOutcome;
  label: string;
  tone?: 'secondary' | 'danger';
}) {
  const navigation = useNavigation();
  return (
    <Form method="post">
      <IntentInput<ReportIntent> value={intent} />
      <input type="hidden" name="listingId" value={group.listingId} />
      {outcome && <input type="hidden" name="outcome" value={outcome} />}
      <button
        type="submit"
        disabled={navigation.state === 'submitting'}
        className={
          tone === 'danger'
            ? 'inline-flex min-h-11 items-center rounded-lg border border-red-300 bg-white px-3 py-1.5 text-sm font-semibold text-red-800 hover:bg-red-50 disabled:opacity-60'
            : 'button-secondary'
        }
      >
        {label}
      </button>
    </Form>
  );
}

function GroupActions({ group, status }: { group: ReportGroup; status: ReportStatus }) {
  const listing = group.listing;
  if (!listing || listing.isDeleted) return null;
  const buttons =
    status === 'open' ? (
      <>
        <ActionButton
          group={group}
          intent="decision"
          outcome="dismissed"
          label={t(
            listing.isHidden
              ? 'admin.listingReports.dismissRestore'
              : 'admin.listingReports.dismiss',
          )}
        />
        <ActionButton
          group={group}
          intent="decision"
          outcome="hidden"
          label={t(
            listing.isHidden ? 'admin.listingReports.keepHidden' : 'admin.listingReports.hide',
          )}
        />
        <ActionButton
          group={group}
          intent="decision"
          outcome="blocked"
          label={t('admin.listingReports.block')}
          tone="danger"
        />
      </>
    ) : listing.isHidden && group.openReports === 0 ? (
      <ActionButton group={group} intent="restore" label={t('admin.listingReports.restore')} />
    ) : null;
  if (!buttons) return null;
  return (
    <div
      role="group"
      aria-label={t('admin.listingReports.actions', { title: listing.title })}
      className="flex flex-wrap gap-2"
    >
      {buttons}
    </div>
  );
}

function Badge({ children, tone }: { children: React.ReactNode; tone: 'warn' | 'muted' }) {
  return (
    <span
      className={`rounded-full px-2 py-0.5 text-xs font-semibold ${
        tone === 'warn' ? 'bg-amber-100 text-amber-900' : 'bg-slate-200 text-slate-800'
      }`}
    >
      {children}
    </span>
  );
}

function ReportCard({
  group,
  status,
  minAccountDays,
}: {
  group: ReportGroup;
  status: ReportStatus;
  minAccountDays: number;
}) {
  const listing = group.listing;
  return (
    <li className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="space-y-1">
          <h2 className="text-lg font-bold">
            {listing ? (
              <Link to={adminListingPath(group.listingKind, group.listingId)} className="underline">
                {listing.title}
              </Link>
            ) : (
              t('admin.listingReports.missing')
            )}
          </h2>
          {listing && (
            <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
              <span>{t(`type.${listing.type}` as 'type.House')}</span>
              <span>·</span>
              <Link to={`/admin-panel/users/${listing.ownerId}`} className="underline">
                {t('admin.listingReports.owner', { name: listing.ownerName })}
              </Link>
              {listing.isHidden && <Badge tone="warn">{t('admin.listingReports.hidden')}</Badge>}
              {listing.isDeleted && <Badge tone="muted">{t('admin.listingReports.deleted')}</Badge>}
              {listing.ownerStatus === 'Blocked' && (
                <Badge tone="muted">{t('admin.listingReports.ownerBlocked')}</Badge>
              )}
            </p>
          )}
        </div>
        {group.openReports > 0 && (
          <Badge tone="warn">{tCount('admin.listingReports.openCount', group.openReports)}</Badge>
        )}
      </div>
      <ul className="divide-y divide-slate-100 text-sm">
        {group.reports.map((report) => (
          <li key={report._id} className="space-y-1 py-2">
            <p className="flex flex-wrap gap-x-2 font-semibold text-slate-900">
              {t(`report.${report.reason}Reason`)}
              {report.outcome && (
                <span className="font-normal text-slate-600">
                  · {t(`admin.listingReports.outcome.${report.outcome}`)}
                </span>
              )}
            </p>
            {report.details && (
              <p className="whitespace-pre-line text-slate-800">{report.details}</p>
            )}
            <p className="text-slate-600">
              {report.reporter ? (
                <Link to={`/admin-panel/users/${report.reporter.id}`} className="underline">
                  {report.reporter.name}
                </Link>
              ) : (
                t('admin.listingReports.visitor')
              )}{' '}
              · <time dateTime={report.createdAt}>{formatDateTime(report.createdAt)}</time>
            </p>
            <p>
              <ReportStanding report={report} minAccountDays={minAccountDays} />
            </p>
          </li>
        ))}
      </ul>
      <GroupActions group={group} status={status} />
    </li>
  );
}

/** The decision's answer: what was done, or why it was refused. */
function DecisionMessage() {
  const answer = useActionData<Answer>();
  if (!answer) return null;
  return (
    <FormMessage tone={answer.ok ? 'success' : 'error'}>
      {answer.ok ? answer.message : `${t('admin.listingReports.failed')} ${answer.message}`}
    </FormMessage>
  );
}

export default function ListingReports({
  loaderData: { reports, page, status, minAccountDays },
}: Route.ComponentProps) {
  const groups = groupByListing(reports);
  return (
    <main id="main" className="space-y-6 px-4 py-8 lg:px-8">
      <ReportTabs />
      <div>
        <h1 className="text-2xl font-bold">{t('admin.nav.listingReports')}</h1>
        <p className="mt-1 max-w-prose text-slate-700">{t('admin.listingReports.intro')}</p>
      </div>
      <nav aria-label={t('admin.listingReports.status')}>
        <ul className="flex gap-2">
          {(['open', 'closed'] as const).map((tab) => (
            <li key={tab}>
              <Link
                to={`/admin-panel/reports/listings?status=${tab}`}
                aria-current={tab === status ? 'page' : undefined}
                className={`inline-flex min-h-11 items-center rounded-full border px-4 font-semibold ${
                  tab === status
                    ? 'border-brand-700 bg-brand-700 text-white'
                    : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-100'
                }`}
              >
                {t(`admin.listingReports.${tab}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div aria-live="polite">
        <DecisionMessage />
      </div>
      {groups.length === 0 ? (
        <EmptyState>{t('admin.listingReports.empty')}</EmptyState>
      ) : (
        <ul className="space-y-4">
          {groups.map((group) => (
            <ReportCard
              key={group.listingId}
              group={group}
              status={status}
              minAccountDays={minAccountDays}
            />
          ))}
        </ul>
      )}
      <Pagination page={page} />
    </main>
  );
}
