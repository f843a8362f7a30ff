import { data } from 'react-router';
import { ForbiddenError } from '#lib/errors.ts';
import { t } from '#lib/i18n.ts';
import { IdParamsSchema } from '#lib/listing-schemas.ts';
import { MESSAGE_CLEAR_MS } from '#lib/timings.ts';
import { SupplyUpdateSchema } from '#modules/supplies/supplies.schema.ts';
import { requireViewer } from '../auth.server.ts';
import { AccountPage } from '../components/account-page.tsx';
import { FormMessage } from '../components/form-message.tsx';
import { EmptyState } from '../components/listing-grid.tsx';
import { SupplyForm, supplyFailureText } from '../components/supply-form.tsx';
import { handleFormAction } from '../form-action.server.ts';
import { loadOrNull } from '../load-or-null.server.ts';
import { pageMeta } from '../page-meta.ts';
import { useFormSubmission } from '../use-form-submission.ts';
import { RedirectAfter, useRedirectAfter } from '../use-redirect-after.tsx';
import type { Route } from './+types/edit-supply-property';

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const viewer = requireViewer(request, context);
  const id = IdParamsSchema.safeParse(params);
  const supply = id.success
    ? await loadOrNull(async () => {
        try {
          return await context.services.supplies.getSupply(id.data.id, viewer);
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
  return handleFormAction(request, context, SupplyUpdateSchema, async (input, upload) => {
    const { supply, wasPublished } = await context.services.supplies.updateSupply(
      params.id,
      input,
      upload.photos,
      viewer,
    );
    if (wasPublished) context.services.search.forgetCachedAnswers();
    return {
      message: supply.moderation === 'Pending' ? t('supply.updated') : t('supply.saved'),
      redirectTo: `/supply-property-detail/${supply._id}`,
    };
  });
}

export function meta() {
  return pageMeta({ title: t('supply.editTitle'), description: t('supply.editIntro') });
}

export default function EditSupplyProperty({ loaderData: { supply } }: Route.ComponentProps) {
  const { fetcher, formRef, result, isSubmitting, fieldErrors } = useFormSubmission({
    key: `edit-supply-${supply?._id}`,
    visibleMs: MESSAGE_CLEAR_MS.supply,
    isPageAction: true,
  });
  useRedirectAfter(result);
  if (!supply) {
    return (
      <main id="main" className="container-page py-16">
        <EmptyState>{t('supply.notFound')}</EmptyState>
      </main>
    );
  }
  return (
    <AccountPage heading={t('supply.editTitle')}>
      <p className="text-slate-700">{t('supply.editIntro')}</p>
      <section className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
        <RedirectAfter />
        <SupplyForm
          fetcher={fetcher}
          formRef={formRef}
          values={supply}
          fieldErrors={fieldErrors}
          isSubmitting={isSubmitting}
          submitLabel={t('form.save')}
          submittingLabel={t('form.saving')}
        />
        <div aria-live="polite" className="mt-4">
          {result && (
            <FormMessage tone={result.ok ? 'success' : 'error'}>
              {result.ok ? result.message : supplyFailureText(result)}
            </FormMessage>
          )}
        </div>
      </section>
    </AccountPage>
  );
}
