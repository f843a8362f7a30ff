import { formatDate } from '#lib/format.ts';
import { formatPhone } from '#lib/phone.ts';
import { data, useActionData } from 'react-router';
import { Link } from '#app/components/link.tsx';
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH } from '#lib/limits.ts';
import { t } from '#lib/i18n.all.ts';
import { UserIdParamsSchema, type UserView } from '#modules/accounts/accounts.schema.ts';
import { handleUserAction, type UserActionResult, type UserIntent } from './user-actions.server.ts';
import { IntentInput } from '#app/forms/intent-input.tsx';
import { adminContext } from '#app/auth.server.ts';
import { SendMessageButton } from './send-message-button.tsx';
import { UserActionMessage } from './user-action-message.tsx';
import { UserStatusBadge } from './user-status-badge.tsx';
import { UserStatusButton } from './user-status-button.tsx';
import { TwoStepPanel } from './two-step-panel.tsx';
import { VerificationPanel } from './verification-panel.tsx';
import { FormField } from '#app/components/form-field.tsx';
import { loadOrNull } from '#app/load-or-null.server.ts';
import { pageMeta } from '#app/page-meta.ts';
import { useFormSubmission } from '#app/forms/use-form-submission.ts';
import { FormErrorSummary } from '#app/components/form-error-summary.tsx';
import type { Route } from './+types/user-profile';
import { getServices } from '#server/load-context.ts';

const USERS_PATH = '/admin-panel/users';

/** One user, loaded by id (not the whole list); absent, deleted or bad ids answer 404. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const admin = context.get(adminContext);
  const id = UserIdParamsSchema.safeParse(params);
  const user = id.success
    ? await loadOrNull(() => getServices(context).accountsAdmin.getUserForAdmin(id.data.id, admin))
    : null;
  const answer = {
    user,
    isSelf: user?.id === admin.id,
    memberSince: user ? formatDate(user.createdAt) : '',
    verifiedOn: user?.verifiedAt ? formatDate(user.verifiedAt) : null,
  };
  return user ? answer : data(answer, { status: 404 });
}

export function action({ request, context }: Route.ActionArgs) {
  return handleUserAction({ request, context });
}

export function meta({ data: loaderData }: Route.MetaArgs) {
  return pageMeta({
    title: loaderData?.user?.name ?? t('users.notFound'),
    description: t('users.profileHeading'),
  });
}

/** Name and e-mail, with Save Changes and Cancel (back to the loaded values). */
function UserInfoForm({ user }: { user: UserView }) {
  const {
    fetcher,
    result,
    isSubmitting: isSaving,
    fieldErrors,
    onInput,
  } = useFormSubmission({ key: `user-update-${user.id}`, intent: 'update' });
  return (
    <fetcher.Form
      method="post"
      // Remounted with the saved values, so Cancel (a reset) returns to them.
      key={`${user.name}|${user.email}`}
      className="space-y-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
      noValidate
      onInput={onInput}
    >
      <FormErrorSummary answer={result} fieldErrors={fieldErrors} />
      <IntentInput<UserIntent> value="update" />
      <input type="hidden" name="userId" value={user.id} />
      <FormField name="name" label={t('users.name')} error={fieldErrors.name}>
        {(props) => (
          <input
            {...props}
            defaultValue={user.name}
            required
            maxLength={NAME_MAX_LENGTH}
            autoComplete="off"
          />
        )}
      </FormField>
      <FormField name="email" label={t('users.email')} error={fieldErrors.email}>
        {(props) => (
          <input
            {...props}
            type="email"
            defaultValue={user.email ?? ''}
            // An account registered by phone may have no address.
            required={user.phone === null}
            maxLength={EMAIL_MAX_LENGTH}
            autoComplete="off"
          />
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
        {result && <UserActionMessage result={result} role={user.role} />}
      </div>
    </fetcher.Form>
  );
}

/** Promote to Admin (hidden for admins), Block/Unblock and Delete User (not for yourself). */
function UserControls({ user, isSelf }: { user: UserView; isSelf: boolean }) {
  const {
    fetcher: promote,
    result: promoted,
    isSubmitting: isPromoting,
  } = useFormSubmission({ key: `user-promote-${user.id}`, intent: 'promote' });
  const {
    fetcher: remove,
    result: removal,
    isSubmitting: isDeleting,
  } = useFormSubmission({ key: `user-delete-${user.id}`, intent: 'delete' });
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
            <IntentInput<UserIntent> value="promote" />
            <input type="hidden" name="userId" value={user.id} />
            <button type="submit" className="button-primary" disabled={isPromoting}>
              {t('users.promote')}
            </button>
          </promote.Form>
        )}
        <SendMessageButton user={user} />
        {!isSelf && (
          <>
            <UserStatusButton userId={user.id} status={user.status} name={user.name} />
            <remove.Form
              method="post"
              onSubmit={(event) => {
                if (!window.confirm(t('users.deleteConfirm'))) event.preventDefault();
              }}
            >
              <IntentInput<UserIntent> value="delete" />
              <input type="hidden" name="userId" value={user.id} />
              <button
                type="submit"
                className="inline-flex min-h-11 items-center rounded-lg bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800 disabled:opacity-60"
                disabled={isDeleting}
              >
                {t('users.delete')}
              </button>
            </remove.Form>
          </>
        )}
      </div>
      <div aria-live="polite" className="space-y-2">
        {promoted && <UserActionMessage result={promoted} role={user.role} />}
        {removal && <UserActionMessage result={removal} role={user.role} />}
      </div>
    </section>
  );
}

export default function AdminUserProfile({
  loaderData: { user, isSelf, memberSince, verifiedOn },
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
      {/* Posted without JavaScript: the answers the forms below do not show. */}
      {(actionData?.intent === 'status' || actionData?.intent === 'message') && (
        <UserActionMessage result={actionData} role={user.role} />
      )}
      <dl className="grid gap-3 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:grid-cols-3">
        <div>
          <dt className="text-sm font-medium text-slate-600">{t('users.role')}</dt>
          <dd className="font-semibold" data-testid="user-role">
            {t(`role.${user.role}`)}
          </dd>
        </div>
        <div>
          <dt className="text-sm font-medium text-slate-600">{t('users.statusLabel')}</dt>
          <dd>
            <UserStatusBadge status={user.status} />
          </dd>
        </div>
        <div>
          <dt className="text-sm font-medium text-slate-600">{t('users.memberSince')}</dt>
          <dd className="font-semibold">{memberSince}</dd>
        </div>
        <div className="sm:col-span-3">
          <dt className="text-sm font-medium text-slate-600">{t('users.phone')}</dt>
          <dd className="font-semibold" data-testid="user-phone">
            {user.phone && user.phoneProvedAt
              ? t('users.phoneProvedOn', {
                  phone: formatPhone(user.phone),
                  date: formatDate(user.phoneProvedAt),
                })
              : t('users.noPhone')}
          </dd>
        </div>
      </dl>
      <div className="grid gap-6 lg:grid-cols-2">
        <UserInfoForm user={user} />
        <UserControls user={user} isSelf={isSelf} />
        <VerificationPanel user={user} verifiedOn={verifiedOn} />
        <TwoStepPanel user={user} />
      </div>
    </main>
  );
}
