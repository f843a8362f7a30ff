import { data, Link, redirect } from 'react-router';
import { isOwnerOrAdmin } from '#lib/account.ts';
import { NotFoundError } from '#lib/errors.ts';
import type { FormResult } from '#lib/form-result.ts';
import { t } from '#lib/i18n.ts';
import { IdParamsSchema } from '#lib/listing-schemas.ts';
import { MESSAGE_CLEAR_MS } from '#lib/timings.ts';
import { RequestUpdateSchema } from '#modules/requests/requests.schema.ts';
import { requireViewer } from '../auth.server.ts';
import { FormMessage } from '../components/form-message.tsx';
import { EmptyState } from '../components/listing-grid.tsx';
import { LoadFailure } from '../components/load-failure.tsx';
import { RequestForm } from '../components/request-form.tsx';
import { handleFormAction } from '../form-action.server.ts';
import { loadOrNull } from '../load-or-null.server.ts';
import { pageMeta } from '../page-meta.ts';
import { useFormSubmission } from '../use-form-submission.ts';
import type { Route } from './+types/edit-request-property';

/** The request as it stands, for its requester or an admin; anyone else gets a 404. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const viewer = requireViewer(request, context);
  const id = IdParamsSchema.safeParse(params);
  const found = id.success
    ? await loadOrNull(() => context.services.requests.getRequest(id.data.id, viewer))
    : null;
  const requested = found && isOwnerOrAdmin(viewer, found.requesterId) ? found : null;
  return requested ? { requested } : data({ requested }, { status: 404 });
}

/** Saves the edit (the service checks who may), then goes back to the request's page. */
export function action({ params, request, context }: Route.ActionArgs) {
  const viewer = requireViewer(request, context);
  return handleFormAction(request, context, RequestUpdateSchema, async (input, upload) => {
    const id = IdParamsSchema.safeParse(params);
    if (!id.success) throw new NotFoundError(t('request.notFound'));
    await context.services.requests.updateRequest(id.data.id, input, upload.photos, viewer);
    throw redirect(`/requested-property-detail/${id.data.id}`);
  });
}

export function meta() {
  return pageMeta({ title: t('request.editTitle'), description: t('request.editIntro') });
}

export function ErrorBoundary() {
  return <LoadFailure message={t('request.detailLoadFailed')} />;
}

/** The line under a refused edit: the spec's failure text; the fields name what to fix. */
function editFailureText(result: Extract<FormResult, { ok: false }>): string {
  const hasFieldErrors = Object.keys(result.fieldErrors).length > 0;
  return hasFieldErrors ? t('request.failure') : `${t('request.failure')} ${result.message}`;
}

export default function EditRequestProperty({ loaderData: { requested } }: Route.ComponentProps) {
  const { fetcher, formRef, result, isSubmitting, fieldErrors } = useFormSubmission({
    key: `request-edit-${requested?._id ?? 'missing'}`,
    visibleMs: MESSAGE_CLEAR_MS.request,
    isPageAction: true,
  });
  if (!requested) {
    return (
      <main id="main" className="container-page space-y-6 py-16 text-center">
        <EmptyState>{t('request.notFound')}</EmptyState>
        <Link to="/property-requested" className="button-secondary">
          {t('requested.backToList')}
        </Link>
      </main>
    );
  }
  const detailPath = `/requested-property-detail/${requested._id}`;
  return (
    <main id="main" className="container-page max-w-3xl space-y-6 py-10">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold">{t('request.editTitle')}</h1>
        <Link to={detailPath} className="button-secondary">
          {t('request.backToDetail')}
        </Link>
      </div>
      <p className="text-slate-700">{t('request.editIntro')}</p>
      <section className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
        <RequestForm
          fetcher={fetcher}
          formRef={formRef}
          values={requested}
          fieldErrors={fieldErrors}
          isSubmitting={isSubmitting}
          submitLabel={t('form.save')}
          submittingLabel={t('form.saving')}
        />
        <div aria-live="polite" className="mt-4">
          {result && !result.ok && (
            <FormMessage tone="error">{editFailureText(result)}</FormMessage>
          )}
        </div>
      </section>
    </main>
  );
}
