import { data } from 'react-router';
import { redirect } from '#app/locale-redirect.ts';
import { Link } from '#app/components/link.tsx';
import { isOwnerOrAdmin } from '#lib/account.ts';
import { NotFoundError } from '#lib/errors.ts';
import { t } from '#lib/i18n.pages.ts';
import { IdParamsSchema } from '#lib/listing-schemas.ts';
import { RequestUpdateSchema } from '#modules/requests/requests.schema.ts';
import { requireViewer } from '#app/auth.server.ts';
import { FormAnswer } from '#app/components/form-answer.tsx';
import { ListingNotFound } from '#app/components/listing-not-found.tsx';
import { LoadFailure } from '#app/components/load-failure.tsx';
import { RequestForm } from './request-form.tsx';
import { handleForm } from '#app/forms/form-action.server.ts';
import { loadOrNull } from '#app/load-or-null.server.ts';
import { pageMeta } from '#app/page-meta.ts';
import { useFormSubmission } from '#app/forms/use-form-submission.ts';
import type { Route } from './+types/edit-request-property';
import { getServices } from '#server/load-context.ts';
import { requiredPlaceFields } from '#modules/places/places.schema.ts';

/** The request as it stands, for its requester or an admin; anyone else gets a 404. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const viewer = requireViewer(request, context);
  const id = IdParamsSchema.safeParse(params);
  const found = id.success
    ? await loadOrNull(() => getServices(context).requests.getRequest(id.data.id, viewer))
    : null;
  const requested = found && isOwnerOrAdmin(viewer, found.requesterId) ? found : null;
  return requested ? { requested } : data({ requested }, { status: 404 });
}

/** Saves the edit (the service checks who may), then goes back to the request's page. */
export function action({ params, request, context }: Route.ActionArgs) {
  const viewer = requireViewer(request, context);
  return handleForm(
    { request, context },
    RequestUpdateSchema.safeExtend(requiredPlaceFields),
    async (input, photos) => {
      const id = IdParamsSchema.safeParse(params);
      if (!id.success) throw new NotFoundError(t('request.notFound'));
      await getServices(context).requests.updateRequest(id.data.id, input, photos, viewer);
      throw redirect(`/requested-property-detail/${id.data.id}`);
    },
  );
}

export function meta() {
  return pageMeta({ title: t('request.editTitle'), description: t('request.editIntro') });
}

export function ErrorBoundary() {
  return <LoadFailure message={t('request.detailLoadFailed')} />;
}

export default function EditRequestProperty({ loaderData: { requested } }: Route.ComponentProps) {
  const form = useFormSubmission({
    key: `request-edit-${requested?._id ?? 'missing'}`,
  });
  if (!requested) {
    return (
      <ListingNotFound message={t('request.notFound')}>
        <Link to="/property-requested" className="button-secondary">
          {t('requested.backToList')}
        </Link>
      </ListingNotFound>
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
          form={form}
          values={requested}
          submitLabel={t('form.save')}
          submittingLabel={t('form.saving')}
        />
        <FormAnswer
          result={form.result?.ok ? undefined : form.result}
          failure={t('request.failure')}
          className="mt-4"
        />
      </section>
    </main>
  );
}
