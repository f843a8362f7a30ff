import { FilterSelect } from '#app/components/filter-select.tsx';
import { Form } from 'react-router';
import { adminContext } from '#app/auth.server.ts';
import { Link } from '#app/components/link.tsx';
import { LoadFailure } from '#app/components/load-failure.tsx';
import { Pagination } from '#app/components/pagination.tsx';
import { StackedCell, StackedRow, StackedTable } from '#app/components/stacked-table.tsx';
import { redirectPastLastPage } from '#app/last-page.server.ts';
import { pageMeta } from '#app/page-meta.ts';
import { formatDateTime } from '#lib/format.ts';
import { t } from '#lib/i18n.all.ts';
import { readListQuery } from '#lib/list-query.ts';
import { formatPhone } from '#lib/phone.ts';
import { SMS_KINDS, SMS_STATUSES } from '#lib/sms.ts';
import {
  SmsListQuerySchema,
  type AdminSmsView,
  type SmsListQuery,
} from '#modules/sms/sms.admin.schema.ts';
import { getServices } from '#server/load-context.ts';
import type { Route } from './+types/sms-messages';

/** The SMS the URL's filters keep, newest first. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = context.get(adminContext);
  const query = readListQuery(new URL(request.url), SmsListQuerySchema);
  const page = await getServices(context).smsAdmin.listMessages(query, admin);
  redirectPastLastPage(request, page);
  return { page, query };
}

export function meta() {
  return pageMeta({ title: t('admin.sms.title'), description: t('admin.sms.description') });
}

export function ErrorBoundary() {
  return <LoadFailure message={t('admin.sms.loadFailed')} />;
}

function Filters({ query }: { query: SmsListQuery }) {
  return (
    <Form
      method="get"
      role="search"
      className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-4"
    >
      <div>
        <label htmlFor="sms-phone" className="field-label">
          {t('admin.sms.phone')}
        </label>
        <input
          id="sms-phone"
          name="phone"
          type="search"
          inputMode="tel"
          defaultValue={query.phone ?? ''}
          maxLength={40}
          className="field-input"
        />
      </div>
      <FilterSelect
        name="status"
        label={t('admin.sms.status')}
        allLabel={t('admin.sms.all')}
        value={query.status ?? ''}
        options={SMS_STATUSES.map((status) => ({
          value: status,
          label: t(`admin.sms.statusName.${status}`),
        }))}
        className=""
      />
      <FilterSelect
        name="kind"
        label={t('admin.sms.kind')}
        allLabel={t('admin.sms.all')}
        value={query.kind ?? ''}
        options={SMS_KINDS.map((kind) => ({ value: kind, label: t(`admin.sms.kindName.${kind}`) }))}
        className=""
      />
      <div className="flex items-end">
        <button type="submit" className="button-secondary">
          {t('admin.sms.filter')}
        </button>
      </div>
    </Form>
  );
}

/** Where a message stands, with its delivery report's time and the provider's reason. */
function StatusOf({ sms }: { sms: AdminSmsView }) {
  return (
    <span>
      <span
        className={
          ['failed', 'refused', 'uncertain'].includes(sms.status)
            ? 'font-semibold text-red-800'
            : ''
        }
      >
        {t(`admin.sms.statusName.${sms.status}`)}
      </span>
      {sms.reportedAt && (
        <span className="block text-xs text-slate-600">
          {t('admin.sms.reportedAt', { time: formatDateTime(sms.reportedAt) })}
        </span>
      )}
      {sms.failure && (
        <span className="block text-xs break-words text-slate-600">{sms.failure}</span>
      )}
    </span>
  );
}

export default function AdminSmsMessages({ loaderData: { page, query } }: Route.ComponentProps) {
  return (
    <main id="main" className="container-page space-y-5 py-8">
      <h1 className="text-3xl font-bold">{t('admin.sms.title')}</h1>
      <p className="text-sm text-slate-700">{t('admin.sms.description')}</p>
      <Filters query={query} />
      {page.items.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white px-4 py-10 text-center text-slate-700">
          {t('admin.sms.empty')}
        </p>
      ) : (
        <StackedTable
          columns={[
            t('admin.sms.written'),
            t('admin.sms.recipient'),
            t('admin.sms.kind'),
            t('admin.sms.status'),
            t('admin.sms.message'),
            t('admin.sms.parts'),
            t('admin.sms.cost'),
            t('admin.sms.providerId'),
          ]}
        >
          {page.items.map((sms) => (
            <StackedRow key={sms._id}>
              <StackedCell label={t('admin.sms.written')} isRowHeader>
                {formatDateTime(sms.createdAt)}
              </StackedCell>
              <StackedCell label={t('admin.sms.recipient')} className="whitespace-nowrap">
                {sms.userId ? (
                  <Link
                    to={`/admin-panel/users/${sms.userId}`}
                    className="text-brand-800 underline"
                  >
                    {formatPhone(sms.recipient)}
                  </Link>
                ) : (
                  formatPhone(sms.recipient)
                )}
              </StackedCell>
              <StackedCell label={t('admin.sms.kind')}>
                {t(`admin.sms.kindName.${sms.kind}`)}
              </StackedCell>
              <StackedCell label={t('admin.sms.status')}>
                <StatusOf sms={sms} />
              </StackedCell>
              <StackedCell label={t('admin.sms.message')} className="max-w-xs break-words">
                {sms.body ?? <em className="text-slate-600">{t('admin.sms.codeHidden')}</em>}
              </StackedCell>
              <StackedCell label={t('admin.sms.parts')}>{sms.parts}</StackedCell>
              <StackedCell label={t('admin.sms.cost')}>{sms.cost ?? '—'}</StackedCell>
              <StackedCell label={t('admin.sms.providerId')} className="break-all">
                {sms.providerMessageId ?? '—'}
              </StackedCell>
            </StackedRow>
          ))}
        </StackedTable>
      )}
      <Pagination page={page} />
    </main>
  );
}
