import { FilterSelect } from '#app/components/filter-select.tsx';
import { Form } from 'react-router';
import { formatDateTime } from '#lib/format.ts';
import { t, type AnyMessageKey } from '#lib/i18n.all.ts';
import {
  MODERATION_STATES,
  REPORT_OUTCOMES,
  type ModerationState,
  type ReportOutcome,
} from '#lib/listing.ts';
import {
  AUDIT_TARGET_TYPES,
  AuditListQuerySchema,
  isAuditAction,
  isAuditTargetType,
  type AuditEntry,
} from '#modules/audit/audit.schema.ts';
import { EmptyState } from '#app/components/listing-grid.tsx';
import { Pagination } from '#app/components/pagination.tsx';
import { pageMeta } from '#app/page-meta.ts';
import type { Route } from './+types/audit-log';
import { getServices } from '#server/load-context.ts';
import { readListQuery } from '#lib/list-query.ts';
import { redirectPastLastPage } from '#app/last-page.server.ts';

/** The fields whose name has a label, as the forms name them; others show as stored. */
const FIELD_LABELS = new Map<string, AnyMessageKey>([
  ['moderation', 'admin.audit.field.moderation'],
  ['rejectionReason', 'admin.audit.field.rejectionReason'],
  ['hiddenAt', 'admin.audit.field.hiddenAt'],
  ['openReports', 'admin.audit.field.openReports'],
  ['outcome', 'admin.audit.field.outcome'],
  ['note', 'admin.audit.field.note'],
  ['title', 'supply.fieldTitle'],
  ['name', 'manage.fieldName'],
  ['price', 'listing.price'],
  ['status', 'listing.status'],
  ['availability', 'manage.availability'],
  ['location', 'listing.location'],
  ['district', 'place.district'],
  ['sector', 'place.sector'],
  ['description', 'listing.description'],
  ['owner', 'listing.owner'],
  ['contact', 'listing.contact'],
  ['bedrooms', 'listing.bedrooms'],
  ['bathrooms', 'listing.bathrooms'],
  ['toilets', 'listing.toilets'],
  ['area', 'listing.area'],
  ['features', 'listing.features'],
  ['type', 'listing.type'],
  ['email', 'account.email'],
  ['role', 'account.role'],
]);

/** An action's label; one recorded by an older version, unknown now, shows as stored. */
function actionLabel(action: string): string {
  return isAuditAction(action) ? t(`admin.audit.action.${action}`) : action;
}

function kindLabel(targetType: string): string {
  return isAuditTargetType(targetType) ? t(`admin.audit.kind.${targetType}`) : targetType;
}

function fieldLabel(field: string): string {
  const key = FIELD_LABELS.get(field);
  return key ? t(key) : field;
}

/** A value as the admin reads it: a review state or a report decision by its label. */
function showValue(field: string, value: unknown): string {
  if (value === undefined) return '—';
  if (field === 'moderation' && MODERATION_STATES.some((state) => state === value)) {
    return t(`supply.moderation.${value as ModerationState}`);
  }
  if (field === 'outcome' && REPORT_OUTCOMES.some((outcome) => outcome === value)) {
    return t(`admin.listingReports.outcome.${value as ReportOutcome}`);
  }
  return JSON.stringify(value);
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const query = readListQuery(url, AuditListQuerySchema);
  const { items, ...page } = await getServices(context).audit.listEntries(query);
  redirectPastLastPage(request, { ...page, items });
  return { entries: items, page, targetType: query.targetType ?? '' };
}

export function meta() {
  return pageMeta({ title: t('admin.audit.title'), description: t('admin.audit.intro') });
}

function Changes({ entry }: { entry: AuditEntry }) {
  const fields = [
    ...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})]),
  ];
  const changed = fields.filter(
    (field) => JSON.stringify(entry.before?.[field]) !== JSON.stringify(entry.after?.[field]),
  );
  if (changed.length === 0) return <span className="text-slate-500">—</span>;
  return (
    <dl className="space-y-1 text-xs">
      {changed.map((field) => (
        <div key={field} className="break-words">
          <dt className="inline font-semibold">
            {t('admin.audit.fieldName', { field: fieldLabel(field) })}{' '}
          </dt>
          <dd className="inline">
            {entry.before && (
              <>
                <span className="sr-only">{t('admin.audit.before')} </span>
                <del className="text-red-800">{showValue(field, entry.before[field])}</del>{' '}
              </>
            )}
            {entry.after && (
              <>
                <span className="sr-only">{t('admin.audit.after')} </span>
                <ins className="text-brand-800 no-underline">
                  {showValue(field, entry.after[field])}
                </ins>
              </>
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** What admins did, newest first, readable by every admin. */
export default function AuditLog({
  loaderData: { entries, page, targetType },
}: Route.ComponentProps) {
  return (
    <main id="main" className="space-y-6 px-4 py-8 lg:px-8">
      <div>
        <h1 className="text-2xl font-bold">{t('admin.audit.title')}</h1>
        <p className="mt-1 text-slate-700">{t('admin.audit.intro')}</p>
      </div>
      <Form method="get" className="flex flex-wrap items-end gap-3">
        <FilterSelect
          name="targetType"
          label={t('admin.audit.filter')}
          allLabel={t('admin.audit.allItems')}
          value={targetType}
          options={AUDIT_TARGET_TYPES.map((type) => ({ value: type, label: kindLabel(type) }))}
        />
        <button type="submit" className="button-secondary">
          {t('admin.audit.apply')}
        </button>
      </Form>
      {entries.length === 0 ? (
        <EmptyState>{t('admin.audit.empty')}</EmptyState>
      ) : (
        <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
          <table className="w-full min-w-[40rem] text-left text-sm">
            <thead className="bg-slate-100 text-slate-700">
              <tr>
                <th className="px-3 py-2">{t('admin.audit.when')}</th>
                <th className="px-3 py-2">{t('admin.audit.who')}</th>
                <th className="px-3 py-2">{t('admin.audit.action')}</th>
                <th className="px-3 py-2">{t('admin.audit.item')}</th>
                <th className="px-3 py-2">{t('admin.audit.changes')}</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <tr key={entry._id} className="border-t border-slate-200 align-top">
                  <td className="px-3 py-2 whitespace-nowrap">
                    <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
                  </td>
                  <td className="px-3 py-2">{entry.actorName}</td>
                  <td className="px-3 py-2">{actionLabel(entry.action)}</td>
                  <td className="px-3 py-2 text-xs break-all">
                    {kindLabel(entry.targetType)}
                    {entry.targetId && (
                      <span className="block text-slate-600">{entry.targetId}</span>
                    )}
                  </td>
                  <td className="max-w-md px-3 py-2">
                    <Changes entry={entry} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination page={page} />
    </main>
  );
}
