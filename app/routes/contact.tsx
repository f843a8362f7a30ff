import type { FormResult } from '#lib/form-result.ts';
import { t } from '#lib/i18n.ts';
import { MESSAGE_CLEAR_MS } from '#lib/timings.ts';
import { ContactMessageInputSchema } from '#modules/inbox/inbox.schema.ts';
import { FormField } from '../components/form-field.tsx';
import { FormMessage } from '../components/form-message.tsx';
import { Icon } from '../components/icon.tsx';
import { SocialLinks } from '../components/site-footer.tsx';
import { telHref } from '#lib/site.ts';
import { handleFormAction } from '../form-action.server.ts';
import { pageMeta } from '../page-meta.ts';
import { useFormSubmission } from '../use-form-submission.ts';
import { useSiteSettings } from '../use-site-settings.ts';
import type { Route } from './+types/contact';

export function action({ request, context }: Route.ActionArgs) {
  return handleFormAction(request, context, ContactMessageInputSchema, async (input) => {
    await context.services.inbox.createContactMessage(input);
    return t('contact.sent');
  });
}

export function meta() {
  return pageMeta({
    title: t('contact.title'),
    description: t('contact.description'),
  });
}

/**
 * The line under a refused form. Bad fields are named beside each field, so the line stays
 * generic rather than repeating the server's 'username: Name is required'.
 */
function failureText(result: Extract<FormResult, { ok: false }>): string {
  const hasFieldErrors = Object.keys(result.fieldErrors).length > 0;
  return hasFieldErrors ? t('contact.failure') : result.message || t('contact.failure');
}

function QuickContactForm() {
  const {
    fetcher,
    formRef,
    result,
    isSubmitting,
    fieldErrors: errors,
  } = useFormSubmission({
    key: 'contact',
    visibleMs: MESSAGE_CLEAR_MS.contact,
    isPageAction: true,
  });

  return (
    <section
      aria-labelledby="quick-contact"
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8"
    >
      <h2 id="quick-contact" className="text-2xl font-bold">
        {t('contact.quickContact')}
      </h2>
      <fetcher.Form ref={formRef} method="post" className="mt-4 space-y-4" noValidate>
        <FormField name="username" label={t('contact.name')} error={errors.username}>
          {(props) => <input {...props} type="text" required autoComplete="name" />}
        </FormField>
        <FormField name="email" label={t('contact.email')} error={errors.email}>
          {(props) => <input {...props} type="email" required autoComplete="email" />}
        </FormField>
        <FormField name="message" label={t('contact.comments')} error={errors.message}>
          {(props) => <textarea {...props} required rows={5} />}
        </FormField>
        <p className="text-sm text-slate-600">{t('contact.note')}</p>
        <button type="submit" className="button-primary w-full sm:w-auto" disabled={isSubmitting}>
          {isSubmitting ? t('contact.submitting') : t('contact.submit')}
        </button>
        <div aria-live="polite">
          {result && (
            <FormMessage tone={result.ok ? 'success' : 'error'}>
              {result.ok ? result.message : failureText(result)}
            </FormMessage>
          )}
        </div>
      </fetcher.Form>
    </section>
  );
}

export default function Contact() {
  const site = useSiteSettings();
  return (
    <main id="main" className="container-page grid gap-10 py-10 lg:grid-cols-2">
      <section aria-labelledby="get-in-touch" className="space-y-6">
        <h1 id="get-in-touch" className="text-3xl font-bold sm:text-4xl">
          {t('contact.heading')}
        </h1>
        <p className="text-lg text-slate-700">{t('contact.intro')}</p>
        <ul className="space-y-4">
          <li className="flex gap-3">
            <Icon name="mapPin" className="h-6 w-6 shrink-0 text-brand-700" />
            <div>
              <p className="font-semibold">{t('contact.visit')}</p>
              <p className="text-slate-700">{t('footer.office')}</p>
            </div>
          </li>
          {site.supportPhone && (
            <li className="flex gap-3">
              <Icon name="phone" className="h-6 w-6 shrink-0 text-brand-700" />
              <div>
                <p className="font-semibold">{t('contact.call')}</p>
                <a href={telHref(site.supportPhone)} className="text-brand-800 underline">
                  {site.supportPhone}
                </a>
              </div>
            </li>
          )}
          {site.supportEmail && (
            <li className="flex gap-3">
              <Icon name="mail" className="h-6 w-6 shrink-0 text-brand-700" />
              <div>
                <p className="font-semibold">{t('contact.write')}</p>
                <a href={`mailto:${site.supportEmail}`} className="text-brand-800 underline">
                  {site.supportEmail}
                </a>
              </div>
            </li>
          )}
        </ul>
        {site.userGuideURL && (
          <p>
            <a href={site.userGuideURL} className="font-medium text-brand-800 underline">
              {t('contact.userGuide')}
            </a>
          </p>
        )}
        <SocialLinks />
      </section>
      <QuickContactForm />
    </main>
  );
}
