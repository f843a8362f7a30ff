import { data, Form } from 'react-router';
import { Link } from '#app/components/link.tsx';
import { z } from 'zod';
import { localePath } from '#lib/i18n.ts';
import { t } from '#lib/i18n.pages.ts';
import { INQUIRY_MESSAGE_MAX_LENGTH } from '#lib/limits.ts';
import { inquiryRoleKey } from '#lib/listing.ts';
import { telHref } from '#lib/site.ts';
import { IdParamsSchema } from '#lib/listing-schemas.ts';
import { InquiryMessageInputSchema } from '#modules/inquiries/inquiries.schema.ts';
import { requireViewer } from '#app/auth.server.ts';
import { EmptyState } from '#app/components/listing-grid.tsx';
import { FactList } from '#app/components/fact-list.tsx';
import { FormErrorSummary } from '#app/components/form-error-summary.tsx';
import { FormField } from '#app/components/form-field.tsx';
import { FormMessage } from '#app/components/form-message.tsx';
import { Icon } from '#app/components/icon.tsx';
import { LoadFailure } from '#app/components/load-failure.tsx';
import { ConversationThread } from '#app/components/conversation-thread.tsx';
import { ReachButtons } from '#app/components/reach-buttons.tsx';
import { formHandler, handleIntents, type IntentOf } from '#app/forms/form-action.server.ts';
import { IntentInput } from '#app/forms/intent-input.tsx';
import { useFormSubmission } from '#app/forms/use-form-submission.ts';
import { loadOrNull } from '#app/load-or-null.server.ts';
import { pageMeta } from '#app/page-meta.ts';
import { getSiteOrigin } from '#app/site-origin.server.ts';
import { getServices } from '#server/load-context.ts';
import type { Route } from './+types/inquiry';

/**
 * One conversation, for its parties and admins (anyone else: not found). Opening it marks it
 * read for the viewer's side.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const viewer = requireViewer(request, context);
  const id = IdParamsSchema.safeParse(params);
  const inquiry = id.success
    ? await loadOrNull(() => getServices(context).inquiries.openInquiry(id.data.id, viewer))
    : null;
  const answer = { inquiry, origin: getSiteOrigin(request, context) };
  return inquiry ? answer : data(answer, { status: 404 });
}

const HandledSchema = z.object({ handled: z.enum(['true', 'false']) });

/** Write in the conversation, or (the owner) mark it handled or open again. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const viewer = requireViewer(request, context);
  const { inquiries } = getServices(context);
  return handleIntents(
    { request, context },
    {
      reply: formHandler(InquiryMessageInputSchema, async (input) => {
        await inquiries.postMessage(params.id, input, viewer);
        return t('inquiries.sentAnswer');
      }),
      handled: formHandler(HandledSchema, async ({ handled }) => {
        await inquiries.setHandled(params.id, handled === 'true', viewer);
        return t(handled === 'true' ? 'inquiries.handled' : 'inquiries.reopen');
      }),
    },
  );
}

type ConversationIntent = IntentOf<typeof action>;

export function meta({ data: loaderData }: Route.MetaArgs) {
  const inquiry = loaderData?.inquiry;
  return pageMeta({
    title: inquiry
      ? t('inquiries.about', { title: inquiry.listingTitle })
      : t('inquiries.notFound'),
    description: '',
  });
}

export function ErrorBoundary() {
  return <LoadFailure message={t('inquiries.loadFailed')} />;
}

function ReplyForm() {
  const { fetcher, formRef, result, isSubmitting, fieldErrors, onInput } = useFormSubmission({
    key: 'inquiry-reply',
  });
  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      noValidate
      onInput={onInput}
      className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <FormErrorSummary answer={result} fieldErrors={fieldErrors} />
      <IntentInput<ConversationIntent> value="reply" />
      <FormField
        name="body"
        label={t('inquiries.reply')}
        hint={t('inquiries.replyHint')}
        error={fieldErrors.body}
      >
        {(props) => (
          <textarea {...props} required rows={4} maxLength={INQUIRY_MESSAGE_MAX_LENGTH} />
        )}
      </FormField>
      <button type="submit" className="button-primary w-full sm:w-auto" disabled={isSubmitting}>
        {isSubmitting ? t('inquiries.sending') : t('inquiries.send')}
      </button>
      <div aria-live="polite">
        {result?.ok && (
          <FormMessage tone="success" answer={result}>
            {result.message}
          </FormMessage>
        )}
      </div>
    </fetcher.Form>
  );
}

export default function InquiryPage({ loaderData: { inquiry, origin } }: Route.ComponentProps) {
  if (!inquiry) {
    return (
      <main id="main" className="container-page py-16">
        <EmptyState>{t('inquiries.notFound')}</EmptyState>
      </main>
    );
  }
  const isOwner = inquiry.viewerSide === 'owner';
  const listingUrl = `${origin}${localePath(inquiry.listingPath)}`;
  return (
    <main id="main" className="container-page space-y-6 py-8">
      <Link
        to={isOwner ? '/inquiries' : '/inquiries?box=sent'}
        className="inline-flex items-center gap-1 font-medium text-brand-800 hover:underline"
      >
        <Icon name="arrowLeft" className="h-4 w-4" />
        {t('inquiries.back')}
      </Link>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <section className="space-y-4" aria-labelledby="conversation-heading">
          <h1 id="conversation-heading" className="text-2xl font-bold break-words">
            {t('inquiries.about', { title: inquiry.listingTitle })}
          </h1>
          <ReachButtons inquiry={inquiry} listingUrl={listingUrl} />
          <ConversationThread conversation={inquiry} />
          <ReplyForm />
        </section>
        <aside className="space-y-4">
          <section className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
            <h2 className="text-lg font-bold">
              {isOwner ? t('inquiries.visitorDetails') : t('inquiries.listing')}
            </h2>
            <FactList
              facts={[
                ...(isOwner
                  ? [
                      { label: t('inquiry.name'), value: inquiry.name },
                      {
                        label: t('inquiry.phone'),
                        value: (
                          <a href={telHref(inquiry.phone)} className="underline">
                            {inquiry.phone}
                          </a>
                        ),
                      },
                      {
                        label: t('inquiry.email'),
                        value: (
                          <a href={`mailto:${inquiry.email}`} className="break-all underline">
                            {inquiry.email}
                          </a>
                        ),
                      },
                    ]
                  : [{ label: t('listing.owner'), value: inquiry.ownerName }]),
                {
                  label: t('inquiries.listing'),
                  value: (
                    <Link to={inquiry.listingPath} className="text-brand-800 underline">
                      {inquiry.listingTitle}
                    </Link>
                  ),
                },
                // The visitor's choice in the words of the listing's offer (Renting, Buying...).
                {
                  label: t('inquiries.interest'),
                  value: t(inquiryRoleKey(inquiry.role, inquiry.listingOffer)),
                },
              ]}
            />
          </section>
          {isOwner && (
            <Form method="post">
              <IntentInput<ConversationIntent> value="handled" />
              <input type="hidden" name="handled" value={inquiry.handled ? 'false' : 'true'} />
              <button type="submit" className="button-secondary w-full">
                {inquiry.handled ? t('inquiries.reopen') : t('inquiries.markHandled')}
              </button>
            </Form>
          )}
        </aside>
      </div>
    </main>
  );
}
