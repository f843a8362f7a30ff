import { Link } from 'react-router';
import type { FormResult } from '#lib/form-result.ts';
import { t } from '#lib/i18n.ts';
import { MESSAGE_CLEAR_MS } from '#lib/timings.ts';
import { RequestInputSchema } from '#modules/requests/requests.schema.ts';
import { requireViewer } from '../auth.server.ts';
import { FormMessage } from '../components/form-message.tsx';
import { RequestForm } from '../components/request-form.tsx';
import { handleFormAction } from '../form-action.server.ts';
import { pageMeta } from '../page-meta.ts';
import { useFormSubmission } from '../use-form-submission.ts';
import type { Route } from './+types/create-request-property';

/** Signed-in users only: anyone else goes through /login and comes back. */
export function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireViewer(request, context);
  // An empty "Your name" is saved as the account name: the field shows it as its placeholder.
  return { viewerName: viewer.name };
}

export function action({ request, context }: Route.ActionArgs) {
  const viewer = requireViewer(request, context);
  return handleFormAction(request, context, RequestInputSchema, async (input, upload) => {
    await context.services.requests.createRequest(input, upload.photos, viewer);
    return t('request.submitted');
  });
}

export function meta() {
  return pageMeta({ title: t('request.pageTitle'), description: t('request.intro') });
}

/** The line under a refused request: the spec's text; the fields name what to fix. */
function requestFailureText(result: Extract<FormResult, { ok: false }>): string {
  const hasFieldErrors = Object.keys(result.fieldErrors).length > 0;
  return hasFieldErrors ? t('request.failure') : `${t('request.failure')} ${result.message}`;
}

export default function CreateRequestProperty({
  loaderData: { viewerName },
}: Route.ComponentProps) {
  // The spec keeps what was sent on screen with the message, then clears both after 5 s.
  const { fetcher, formRef, result, isSubmitting, fieldErrors } = useFormSubmission({
    key: 'request',
    visibleMs: MESSAGE_CLEAR_MS.request,
    isPageAction: true,
    resetAfterMs: MESSAGE_CLEAR_MS.request,
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
          fetcher={fetcher}
          formRef={formRef}
          requesterNamePlaceholder={viewerName}
          fieldErrors={fieldErrors}
          isSubmitting={isSubmitting}
          submitLabel={t('form.submit')}
          submittingLabel={t('form.submitting')}
        />
        <div aria-live="polite" className="mt-4">
          {result && (
            <FormMessage tone={result.ok ? 'success' : 'error'}>
              {result.ok ? result.message : requestFailureText(result)}
            </FormMessage>
          )}
        </div>
      </section>
    </main>
  );
}
