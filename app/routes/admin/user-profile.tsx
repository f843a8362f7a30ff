import { data, Link, useActionData, useFetcher } from 'react-router';
import { t } from '#lib/i18n.ts';
import { MESSAGE_CLEAR_MS } from '#lib/timings.ts';
import { UserIdParamsSchema, type UserView } from '#modules/accounts/accounts.schema.ts';
import { handleUserAction, type UserActionResult } from '../../admin-users.server.ts';
import { requireViewer } from '../../auth.server.ts';
import { AdminUsersMessage } from '../../components/admin-users-message.tsx';
import { AdminUsersResult } from '../../components/admin-users-result.tsx';
import { AdminUsersStatusBadge } from '../../components/admin-users-status-badge.tsx';
import { AdminUsersStatusButton } from '../../components/admin-users-status-button.tsx';
import { FormField } from '../../components/form-field.tsx';
import { loadOrNull } from '../../load-or-null.server.ts';
import { pageMeta } from '../../page-meta.ts';
import { useTransientResult } from '../../use-transient-result.ts';
import type { Route } from './+types/user-profile';

const USERS_PATH = '/admin-panel/users';

// Formatted on the server, so the hydrated page reads the same whatever the browser's zone.
const memberSinceFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Africa/Kigali',
});

/** One user, loaded by id (not the whole list); absent, deleted or bad ids answer 404. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const admin = requireViewer(request, context, { role: 'admin' });
  const id = UserIdParamsSchema.safeParse(params);
  const user = id.success
    ? await loadOrNull(() => context.services.accounts.getUserForAdmin(id.data.id, admin))
    : null;
  const answer = {
    user,
    isSelf: user?._id === admin.id,
    memberSince: user ? memberSinceFormat.format(new Date(user.createdAt)) : '',
  };
  return user ? answer : data(answer, { status: 404 });
}

export async function action({ request, context, params }: Route.ActionArgs) {
  return handleUserAction(request, context, { userId: params.id });
}

export function meta({ data: loaderData }: Route.MetaArgs) {
  return pageMeta({
    title: loaderData?.user?.name ?? t('users.notFound'),
    description: t('users.profileHeading'),
  });
}

/** Name and e-mail, with Save Changes and Cancel (back to the loaded values). */
function UserInfoForm({ user }: { user: UserView }) {
  const fetcher = useFetcher<UserActionResult>({ key: `user-update-${user._id}` });
  const actionData = useActionData<UserActionResult>();
  const answer = fetcher.data ?? (actionData?.intent === 'update' ? actionData : undefined);
  const result = useTransientResult(answer, MESSAGE_CLEAR_MS.admin);
  const fieldErrors = answer && !answer.ok ? answer.fieldErrors : {};
  const isSaving = fetcher.state !== 'idle';
  return (
    <fetcher.Form
      method="post"
      // Remounted with the saved values, so Cancel (a reset) returns to them.
      key={`${user.name}|${user.email}`}
      className="space-y-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <input type="hidden" name="intent" value="update" />
      <FormField name="name" label={t('users.name')} error={fieldErrors.name}>
        {(props) => (
          <input {...props} defaultValue={user.name} required maxLength={100} autoComplete="off" />
        )}
      </FormField>
      <FormField name="email" label={t('users.email')} error={fieldErrors.email}>
        {(props) => (
          <input {...props} type="email" defaultValue={user.email} required autoComplete="off" />
        )}
      </FormField>
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="button-primary" disabled={isSaving}>
          {isSaving ? t('users.saving') : t('users.save')}
        </button>
        <button type="reset" className="button-secondary">
          {t('users.cancel')}
        </button>
      </div>
      <div aria-live="polite">
        {result && <AdminUsersResult result={result} role={user.role} />}
      </div>
    </fetcher.Form>
  );
}

/** Promote to Admin (hidden for admins), Block/Unblock and Delete User (not for yourself). */
function UserControls({ user, isSelf }: { user: UserView; isSelf: boolean }) {
  const promote = useFetcher<UserActionResult>({ key: `user-promote-${user._id}` });
  const remove = useFetcher<UserActionResult>({ key: `user-delete-${user._id}` });
  const promoted = useTransientResult(promote.data, MESSAGE_CLEAR_MS.admin);
  const removal = remove.data && !remove.data.ok ? remove.data : undefined;
  return (
    <section
      aria-labelledby="user-actions-heading"
      className="space-y-3 rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2 id="user-actions-heading" className="text-lg font-bold">
        {t('users.col.actions')}
      </h2>
      {isSelf && <p className="text-sm text-slate-700">{t('users.ownAccount')}</p>}
      <div className="flex flex-wrap items-start gap-2">
        {user.role !== 'admin' && (
          <promote.Form method="post">
            <input type="hidden" name="intent" value="promote" />
            <button type="submit" className="button-primary" disabled={promote.state !== 'idle'}>
              {t('users.promote')}
            </button>
          </promote.Form>
        )}
        <AdminUsersMessage user={user} />
        {!isSelf && (
          <>
            <AdminUsersStatusButton userId={user._id} status={user.status} name={user.name} />
            <remove.Form
              method="post"
              onSubmit={(event) => {
                if (!window.confirm(t('users.deleteConfirm'))) event.preventDefault();
              }}
            >
              <input type="hidden" name="intent" value="delete" />
              <button
                type="submit"
                className="inline-flex min-h-11 items-center rounded-lg bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800 disabled:opacity-60"
                disabled={remove.state !== 'idle'}
              >
                {t('users.delete')}
              </button>
            </remove.Form>
          </>
        )}
      </div>
      <div aria-live="polite" className="space-y-2">
        {promoted && <AdminUsersResult result={promoted} role={user.role} />}
        {removal && <AdminUsersResult result={removal} role={user.role} />}
      </div>
    </section>
  );
}

export default function AdminUserProfile({
  loaderData: { user, isSelf, memberSince },
}: Route.ComponentProps) {
  const actionData = useActionData<UserActionResult>();
  if (!user) {
    return (
      <main id="main" className="container-page space-y-4 py-10">
        <p role="alert" className="text-lg font-semibold text-red-800">
          {t('users.notFound')}
        </p>
        <Link to={USERS_PATH} className="button-secondary">
          {t('users.backToList')}
        </Link>
      </main>
    );
  }
  return (
    <main id="main" className="container-page space-y-6 py-8">
      <Link
        to={`${USERS_PATH}?role=${user.role}`}
        className="text-sm font-medium text-brand-800 underline"
      >
        {t('users.backToList')}
      </Link>
      <h1 className="text-3xl font-bold">{t('users.profileHeading')}</h1>
      {actionData && actionData.intent !== 'update' && (
        <AdminUsersResult result={actionData} role={user.role} />
      )}
      <dl className="grid gap-3 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:grid-cols-3">
        <div>
          <dt className="text-sm font-medium text-slate-600">{t('users.role')}</dt>
          <dd className="font-semibold capitalize" data-testid="user-role">
            {user.role}
          </dd>
        </div>
        <div>
          <dt className="text-sm font-medium text-slate-600">{t('users.statusLabel')}</dt>
          <dd>
            <AdminUsersStatusBadge userId={user._id} status={user.status} />
          </dd>
        </div>
        <div>
          <dt className="text-sm font-medium text-slate-600">{t('users.memberSince')}</dt>
          <dd className="font-semibold">{memberSince}</dd>
        </div>
      </dl>
      <div className="grid gap-6 lg:grid-cols-2">
        <UserInfoForm user={user} />
        <UserControls user={user} isSelf={isSelf} />
      </div>
    </main>
  );
}
