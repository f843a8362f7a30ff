import { Link } from '#app/components/link.tsx';
import { t } from '#lib/i18n.pages.ts';
import { SupplyFormSchema } from '#modules/supplies/supplies.schema.ts';
import { requireViewer } from '#app/auth.server.ts';
import { FormAnswer } from '#app/components/form-answer.tsx';
import { SupplyForm } from './supply-form.tsx';
import { handleForm } from '#app/forms/form-action.server.ts';
import { pageMeta } from '#app/page-meta.ts';
import { useFormSubmission } from '#app/forms/use-form-submission.ts';
import type { Route } from './+types/create-supply-property';
import { getServices } from '#server/load-context.ts';

/** Signed-in users only: anyone else goes through /login and comes back. */
export function loader({ request, context }: Route.LoaderArgs) {
  requireViewer(request, context);
  return null;
}

export function action({ request, context }: Route.ActionArgs) {
  const viewer = requireViewer(request, context);
  return handleForm({ request, context }, SupplyFormSchema, async (input, photos) => {
    const supply = await getServices(context).supplies.createSupply(input, photos, viewer);
    return {
      message: t('supply.submitted'),
      createdPath: `/supply-property-detail/${supply._id}`,
    };
  });
}

export function meta() {
  return pageMeta({ title: t('supply.pageTitle'), description: t('supply.intro') });
}

export default function CreateSupplyProperty() {
  const form = useFormSubmission({
    key: 'supply',
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
          form={form}
          submitLabel={t('form.submit')}
          submittingLabel={t('form.submitting')}
        />
        <FormAnswer
          result={form.result}
          failure={t('supply.failure')}
          next={
            <>
              {t('supply.submittedNext')}{' '}
              {form.result?.ok && form.result.createdPath && (
                <Link to={form.result.createdPath} className="underline">
                  {t('supply.seeIt')}
                </Link>
              )}{' '}
              <Link to="/supplied-property" className="underline">
                {t('supplied.heading')}
              </Link>
            </>
          }
          className="mt-4"
        />
      </section>
    </main>
  );
}
