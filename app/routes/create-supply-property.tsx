import { Link } from 'react-router';
import { t } from '#lib/i18n.ts';
import { MESSAGE_CLEAR_MS } from '#lib/timings.ts';
import { SupplyInputSchema } from '#modules/supplies/supplies.schema.ts';
import { requireViewer } from '../auth.server.ts';
import { FormMessage } from '../components/form-message.tsx';
import { SupplyForm, supplyFailureText } from '../components/supply-form.tsx';
import { handleFormAction } from '../form-action.server.ts';
import { pageMeta } from '../page-meta.ts';
import { useFormSubmission } from '../use-form-submission.ts';
import type { Route } from './+types/create-supply-property';

/** Signed-in users only: anyone else goes through /login and comes back. */
export function loader({ request, context }: Route.LoaderArgs) {
  requireViewer(request, context);
  return null;
}

export function action({ request, context }: Route.ActionArgs) {
  const viewer = requireViewer(request, context);
  return handleFormAction(request, context, SupplyInputSchema, async (input, upload) => {
    await context.services.supplies.createSupply(input, upload.photos, viewer);
    return t('supply.submitted');
  });
}

export function meta() {
  return pageMeta({ title: t('supply.pageTitle'), description: t('supply.intro') });
}

export default function CreateSupplyProperty() {
  const { fetcher, formRef, result, isSubmitting, fieldErrors } = useFormSubmission({
    key: 'supply',
    visibleMs: MESSAGE_CLEAR_MS.supply,
    isPageAction: true,
  });
  return (
    <main id="main" className="container-page max-w-3xl space-y-6 py-10">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold">{t('supply.title')}</h1>
        <Link to="/" className="button-secondary">
          {t('supply.backHome')}
        </Link>
      </div>
      <p className="text-slate-700">{t('supply.intro')}</p>
      <section className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
        <SupplyForm
          fetcher={fetcher}
          formRef={formRef}
          fieldErrors={fieldErrors}
          isSubmitting={isSubmitting}
          submitLabel={t('form.submit')}
          submittingLabel={t('form.submitting')}
        />
        <div aria-live="polite" className="mt-4">
          {result && (
            <FormMessage tone={result.ok ? 'success' : 'error'}>
              {result.ok ? result.message : supplyFailureText(result)}
            </FormMessage>
          )}
        </div>
      </section>
    </main>
  );
}
