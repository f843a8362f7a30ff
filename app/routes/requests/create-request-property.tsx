import { Link } from '#app/components/link.tsx';
import { t } from '#lib/i18n.pages.ts';
import { RequestFormSchema } from '#modules/requests/requests.schema.ts';
import { requireViewer } from '#app/auth.server.ts';
import { FormAnswer } from '#app/components/form-answer.tsx';
import { RequestForm } from './request-form.tsx';
import { handleForm } from '#app/forms/form-action.server.ts';
import { pageMeta } from '#app/page-meta.ts';
import { useFormSubmission } from '#app/forms/use-form-submission.ts';

/** How long a sent request stays in the form before it starts again empty. */
const REQUEST_RESET_MS = 5000;
import type { Route } from './+types/create-request-property';
import { getServices } from '#server/load-context.ts';

/** Signed-in users only: anyone else goes through /login and comes back. */
export function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireViewer(request, context);
  // An empty "Your name" is saved as the account name: the field shows it as its placeholder.
  return { viewerName: viewer.name };
}

export function action({ request, context }: Route.ActionArgs) {
  const viewer = requireViewer(request, context);
  return handleForm({ request, context }, RequestFormSchema, async (input, photos) => {
    await getServices(context).requests.createRequest(input, photos, viewer);
    return t('request.submitted');
  });
}

export function meta() {
  return pageMeta({ title: t('request.pageTitle'), description: t('request.intro') });
}

export default function CreateRequestProperty({
  loaderData: { viewerName },
}: Route.ComponentProps) {
  // What was sent stays on screen with the message for a while, then the form starts again.
  const form = useFormSubmission({
    key: 'request',
    resetAfterMs: REQUEST_RESET_MS,
  });
  return (
    <main id="main" className="container-page max-w-3xl space-y-6 py-10">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold">{t('request.title')}</h1>
        <Link to="/property-requested" className="button-secondary">
          {t('requested.backToList')}
        </Link>
      </div>
      <p className="text-slate-700">{t('request.intro')}</p>
      <section className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
        <RequestForm
          form={form}
          requesterNamePlaceholder={viewerName}
          submitLabel={t('form.submit')}
          submittingLabel={t('form.submitting')}
        />
        <FormAnswer
          result={form.result}
          failure={t('request.failure')}
          next={
            <>
              {t('request.submittedNext')}{' '}
              <Link to="/property-requested" className="underline">
                {t('requested.heading')}
              </Link>
            </>
          }
          className="mt-4"
        />
      </section>
    </main>
  );
}
