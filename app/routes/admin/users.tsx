import { Form, Link, useActionData, useNavigation } from 'react-router';
import type { UserRole } from '#lib/account.ts';
import { t } from '#lib/i18n.ts';
import { UserListQuerySchema, type UserListQuery } from '#modules/accounts/accounts.schema.ts';
import { handleUserAction, type UserActionResult } from '../../admin-users.server.ts';
import { requireViewer } from '../../auth.server.ts';
import { AdminUsersMessage } from '../../components/admin-users-message.tsx';
import { AdminUsersResult } from '../../components/admin-users-result.tsx';
import { AdminUsersStatusBadge } from '../../components/admin-users-status-badge.tsx';
import { AdminUsersStatusButton } from '../../components/admin-users-status-button.tsx';
import { FormMessage } from '../../components/form-message.tsx';
import { LoadFailure } from '../../components/load-failure.tsx';
import { Pagination } from '../../components/pagination.tsx';
import { pageMeta } from '../../page-meta.ts';
import type { Route } from './+types/users';

const TABS = ['seller', 'buyer', 'admin'] as const satisfies readonly UserRole[];
const DEFAULT_ROLE = 'seller';
const USERS_PATH = '/admin-panel/users';

/** The list query of the URL; a parameter that does not parse falls back to its default. */
function readUserQuery(url: URL): UserListQuery {
  const accepted: Record<string, string> = {};
  for (const key of Object.keys(UserListQuerySchema.shape)) {
    const value = url.searchParams.get(key);
    if (value === null) continue;
    if (UserListQuerySchema.safeParse({ [key]: value }).success) accepted[key] = value;
  }
  return UserListQuerySchema.parse({ role: DEFAULT_ROLE, ...accepted });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = requireViewer(request, context, { role: 'admin' });
  const url = new URL(request.url);
  const query = readUserQuery(url);
  const page = await context.services.accounts.listUsers(query, admin);
  return {
    page,
    role: query.role ?? DEFAULT_ROLE,
    q: query.q ?? '',
    viewerId: admin.id,
    wasDeleted: url.searchParams.has('deleted'),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  return handleUserAction(request, context);
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
      <ul className="flex gap-1 border-b border-slate-200">
        {TABS.map((tab) => {
          const params = new URLSearchParams({ role: tab });
          if (q) params.set('q', q);
          const isCurrent = tab === role;
          return (
            <li key={tab}>
              <Link
                to={`${USERS_PATH}?${params}`}
                aria-current={isCurrent ? 'page' : undefined}
                className={`-mb-px inline-flex min-h-11 items-center border-b-2 px-4 font-semibold ${
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
          maxLength={100}
          className="field-input"
        />
      </div>
      <button type="submit" className="button-secondary">
        {t('users.searchButton')}
      </button>
    </Form>
  );
}

/** A cell that, on a phone, becomes a labelled line of a stacked row. */
const cellClass =
  'flex flex-wrap items-center gap-x-2 py-1 before:w-20 before:text-xs before:font-semibold before:uppercase before:text-slate-500 before:content-[attr(data-label)] sm:table-cell sm:px-3 sm:py-3 sm:before:content-none';

export default function AdminUsers({
  loaderData: { page, role, q, viewerId, wasDeleted },
}: Route.ComponentProps) {
  const navigation = useNavigation();
  const actionData = useActionData<UserActionResult>();
  const isLoading = navigation.state === 'loading' && navigation.location?.pathname === USERS_PATH;
  const users = page.items;
  return (
    <main id="main" className="container-page space-y-5 py-8">
      <h1 className="text-3xl font-bold">{t('users.heading')}</h1>
      <RoleTabs role={role} q={q} />
      {/* Keyed by the query, so the field follows back and forward navigation. */}
      <SearchForm key={`${role}-${q}`} role={role} q={q} />
      {wasDeleted && <FormMessage tone="success">{t('users.deleted')}</FormMessage>}
      {actionData && <AdminUsersResult result={actionData} role={undefined} />}
      <div aria-live="polite">
        {isLoading && <FormMessage tone="pending">{t('users.loading')}</FormMessage>}
      </div>
      {users.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white px-4 py-10 text-center text-slate-700">
          {t('users.empty')}
        </p>
      ) : (
        <div
          className={`overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm ${isLoading ? 'opacity-60' : ''}`}
        >
          {/* Explicit roles: a table restyled as stacked rows keeps its table semantics. */}
          <table role="table" className="block w-full text-left text-sm sm:table">
            <thead className="hidden bg-slate-50 text-xs uppercase text-slate-600 sm:table-header-group">
              <tr>
                <th scope="col" className="px-3 py-3">
                  {t('users.col.name')}
                </th>
                <th scope="col" className="px-3 py-3">
                  {t('users.col.email')}
                </th>
                <th scope="col" className="px-3 py-3">
                  {t('users.col.status')}
                </th>
                <th scope="col" className="px-3 py-3">
                  {t('users.col.actions')}
                </th>
              </tr>
            </thead>
            <tbody role="rowgroup" className="block divide-y divide-slate-200 sm:table-row-group">
              {users.map((user) => (
                <tr key={user._id} role="row" className="block px-4 py-3 sm:table-row sm:p-0">
                  <td
                    role="cell"
                    data-label={t('users.col.name')}
                    className={`${cellClass} font-semibold`}
                  >
                    {capitalise(user.name)}
                  </td>
                  <td
                    role="cell"
                    data-label={t('users.col.email')}
                    className={`${cellClass} break-all`}
                  >
                    {user.email}
                  </td>
                  <td role="cell" data-label={t('users.col.status')} className={cellClass}>
                    <AdminUsersStatusBadge userId={user._id} status={user.status} />
                  </td>
                  <td role="cell" data-label={t('users.col.actions')} className={cellClass}>
                    <div className="flex flex-wrap items-start gap-2">
                      <Link
                        to={`${USERS_PATH}/${user._id}`}
                        aria-label={`${t('users.viewDetails')} ${user.name}`}
                        className="inline-flex min-h-11 items-center rounded-lg bg-brand-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-800"
                      >
                        {t('users.viewDetails')}
                      </Link>
                      <AdminUsersMessage user={user} />
                      {user._id !== viewerId && (
                        <AdminUsersStatusButton
                          userId={user._id}
                          status={user.status}
                          name={user.name}
                        />
                      )}
                    </div>
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
