import { Form, useActionData, useNavigation } from 'react-router';
import { formatPhone } from '#lib/phone.ts';
import { Link } from '#app/components/link.tsx';
import { SEARCH_TEXT_MAX_LENGTH } from '#lib/limits.ts';
import type { UserRole } from '#lib/account.ts';
import { t } from '#lib/i18n.all.ts';
import { withoutLocale } from '#lib/i18n.ts';
import { UserListQuerySchema } from '#modules/accounts/accounts.schema.ts';
import { handleUserAction, type UserActionResult } from './user-actions.server.ts';
import { adminContext } from '#app/auth.server.ts';
import { SendMessageButton } from './send-message-button.tsx';
import { UserActionMessage } from './user-action-message.tsx';
import { UserStatusBadge } from './user-status-badge.tsx';
import { UserStatusButton } from './user-status-button.tsx';
import { FormMessage } from '#app/components/form-message.tsx';
import { StackedCell, StackedRow, StackedTable } from '#app/components/stacked-table.tsx';
import { LoadFailure } from '#app/components/load-failure.tsx';
import { Pagination } from '#app/components/pagination.tsx';
import { pageMeta } from '#app/page-meta.ts';
import type { Route } from './+types/users';
import { getServices } from '#server/load-context.ts';
import { readListQuery } from '#lib/list-query.ts';
import { redirectPastLastPage } from '#app/last-page.server.ts';

const TABS = ['seller', 'buyer', 'admin'] as const satisfies readonly UserRole[];
const DEFAULT_ROLE = 'seller';
const USERS_PATH = '/admin-panel/users';

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = context.get(adminContext);
  const url = new URL(request.url);
  // The page opens on sellers; the API lists every role.
  const query = readListQuery(url, UserListQuerySchema, { role: DEFAULT_ROLE });
  const page = await getServices(context).accountsAdmin.listUsers(query, admin);
  redirectPastLastPage(request, page);
  return {
    page,
    role: query.role ?? DEFAULT_ROLE,
    q: query.q ?? '',
    viewerId: admin.id,
    wasDeleted: url.searchParams.has('deleted'),
  };
}

export function action({ request, context }: Route.ActionArgs) {
  return handleUserAction({ request, context });
}

export function meta() {
  return pageMeta({ title: t('users.heading'), description: t('users.heading') });
}

export function ErrorBoundary() {
  return <LoadFailure message={t('users.loadFailed')} />;
}

/** "aline uwase" reads "Aline Uwase" (the spec capitalises names in the table). */
function capitalise(name: string): string {
  return name.replace(/(^|\s)(\p{Ll})/gu, (_, space: string, letter: string) => {
    return space + letter.toUpperCase();
  });
}

function RoleTabs({ role, q }: { role: string; q: string }) {
  return (
    <nav aria-label={t('users.tabs')}>
      <ul className="flex flex-wrap gap-x-1 border-b border-slate-200">
        {TABS.map((tab) => {
          const params = new URLSearchParams({ role: tab });
          if (q) params.set('q', q);
          const isCurrent = tab === role;
          return (
            <li key={tab}>
              <Link
                to={`${USERS_PATH}?${params}`}
                aria-current={isCurrent ? 'page' : undefined}
                className={`-mb-px inline-flex min-h-11 items-center border-b-2 px-3 font-semibold sm:px-4 ${
                  isCurrent
                    ? 'border-brand-700 text-brand-900'
                    : 'border-transparent text-slate-600 hover:text-slate-900'
                }`}
              >
                {t(`users.tab.${tab}`)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

function SearchForm({ role, q }: { role: string; q: string }) {
  return (
    <Form method="get" role="search" className="flex flex-wrap items-end gap-2">
      <input type="hidden" name="role" value={role} />
      <div className="min-w-52 flex-1">
        <label htmlFor="users-search" className="field-label">
          {t('users.search')}
        </label>
        <input
          id="users-search"
          name="q"
          type="search"
          defaultValue={q}
          maxLength={SEARCH_TEXT_MAX_LENGTH}
          className="field-input"
        />
      </div>
      <button type="submit" className="button-secondary">
        {t('users.searchButton')}
      </button>
    </Form>
  );
}

export default function AdminUsers({
  loaderData: { page, role, q, viewerId, wasDeleted },
}: Route.ComponentProps) {
  const navigation = useNavigation();
  const actionData = useActionData<UserActionResult>();
  const isLoading =
    navigation.state === 'loading' &&
    withoutLocale(navigation.location?.pathname ?? '') === USERS_PATH;
  const users = page.items;
  return (
    <main id="main" className="container-page space-y-5 py-8">
      <h1 className="text-3xl font-bold">{t('users.heading')}</h1>
      <RoleTabs role={role} q={q} />
      {/* Keyed by the query, so the field follows back and forward navigation. */}
      <SearchForm key={`${role}-${q}`} role={role} q={q} />
      {wasDeleted && <FormMessage tone="success">{t('users.deleted')}</FormMessage>}
      {actionData && <UserActionMessage result={actionData} role={undefined} />}
      <div aria-live="polite">
        {isLoading && <FormMessage tone="pending">{t('users.loading')}</FormMessage>}
      </div>
      {users.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white px-4 py-10 text-center text-slate-700">
          {t('users.empty')}
        </p>
      ) : (
        <StackedTable
          columns={[
            t('users.col.name'),
            t('users.col.email'),
            t('users.col.status'),
            t('users.col.actions'),
          ]}
          isDimmed={isLoading}
        >
          {users.map((user) => (
            <StackedRow key={user.id}>
              <StackedCell label={t('users.col.name')} className="font-semibold">
                {capitalise(user.name)}
              </StackedCell>
              <StackedCell label={t('users.col.email')} className="break-all">
                {user.email}
                {user.phone && (
                  <span className="block text-sm text-slate-600" data-testid="user-list-phone">
                    {formatPhone(user.phone)}
                  </span>
                )}
              </StackedCell>
              <StackedCell label={t('users.col.status')}>
                <UserStatusBadge status={user.status} />
              </StackedCell>
              <StackedCell label={t('users.col.actions')}>
                <div className="flex flex-wrap items-start gap-2">
                  <Link
                    to={`${USERS_PATH}/${user.id}`}
                    aria-label={`${t('users.viewDetails')} ${user.name}`}
                    className="inline-flex min-h-11 items-center rounded-lg bg-brand-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-800"
                  >
                    {t('users.viewDetails')}
                  </Link>
                  <SendMessageButton user={user} />
                  {user.id !== viewerId && (
                    <UserStatusButton userId={user.id} status={user.status} name={user.name} />
                  )}
                </div>
              </StackedCell>
            </StackedRow>
          ))}
        </StackedTable>
      )}
      <Pagination page={page} />
    </main>
  );
}
