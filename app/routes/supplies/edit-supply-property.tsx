import { data } from 'react-router';
import { ForbiddenError } from '#lib/errors.ts';
import { t } from '#lib/i18n.pages.ts';
import { IdParamsSchema } from '#lib/listing-schemas.ts';
import { SupplyUpdateSchema } from '#modules/supplies/supplies.schema.ts';
import { requireViewer } from '#app/auth.server.ts';
import { AccountPage } from '#app/components/account-page.tsx';
import { FormAnswer } from '#app/components/form-answer.tsx';
import { ListingNotFound } from '#app/components/listing-not-found.tsx';
import { SupplyForm } from './supply-form.tsx';
import { handleForm } from '#app/forms/form-action.server.ts';
import { loadOrNull } from '#app/load-or-null.server.ts';
import { pageMeta } from '#app/page-meta.ts';
import { useFormSubmission } from '#app/forms/use-form-submission.ts';
import { RedirectAfter, useRedirectAfter } from '#app/forms/use-redirect-after.tsx';
import type { Route } from './+types/edit-supply-property';
import { getServices } from '#server/load-context.ts';
import { requiredPlaceFields } from '#modules/places/places.schema.ts';

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const viewer = requireViewer(request, context);
  const id = IdParamsSchema.safeParse(params);
  const supply = id.success
    ? await loadOrNull(async () => {
        try {
          return await getServices(context).supplies.getSupply(id.data.id, viewer);
        } catch (error) {
          if (error instanceof ForbiddenError) return null;
          throw error;
        }
      })
    : null;
  return supply ? { supply } : data({ supply }, { status: 404 });
}

export function action({ request, context, params }: Route.ActionArgs) {
  const viewer = requireViewer(request, context);
  const { supplies } = getServices(context);
  return handleForm(
    { request, context },
    SupplyUpdateSchema.safeExtend(requiredPlaceFields),
    async (input, photos) => {
      const supply = await supplies.updateSupply(params.id, input, photos, viewer);
      return {
        message: supply.moderation === 'Pending' ? t('supply.updated') : t('supply.saved'),
        redirectTo: `/supply-property-detail/${supply._id}`,
      };
    },
  );
}

export function meta() {
  return pageMeta({ title: t('supply.editTitle'), description: t('supply.editIntro') });
}

export default function EditSupplyProperty({ loaderData: { supply } }: Route.ComponentProps) {
  const form = useFormSubmission({
    key: `edit-supply-${supply?._id}`,
  });
  useRedirectAfter(form.result);
  if (!supply) {
    return <ListingNotFound message={t('supply.notFound')} />;
  }
  return (
    <AccountPage heading={t('supply.editTitle')}>
      <p className="text-slate-700">{t('supply.editIntro')}</p>
      <section className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
        <RedirectAfter />
        <SupplyForm
          form={form}
          values={supply}
          submitLabel={t('form.save')}
          submittingLabel={t('form.saving')}
        />
        <FormAnswer result={form.result} failure={t('supply.failure')} className="mt-4" />
      </section>
    </AccountPage>
  );
}
