import { t } from '#lib/i18n.pages.ts';
import { CONTACT_MESSAGE_MAX_LENGTH, EMAIL_MAX_LENGTH, NAME_MAX_LENGTH } from '#lib/limits.ts';
import { ContactMessageInputSchema } from '#modules/inbox/inbox.schema.ts';
import { FormField } from '#app/components/form-field.tsx';
import { TextField } from '#app/components/text-field.tsx';
import { FormErrorSummary } from '#app/components/form-error-summary.tsx';
import { FormAnswer } from '#app/components/form-answer.tsx';
import { Icon } from '#app/components/icon.tsx';
import { SocialLinks } from '#app/components/site-footer.tsx';
import { telHref } from '#lib/site.ts';
import { handleForm } from '#app/forms/form-action.server.ts';
import { pageMeta } from '#app/page-meta.ts';
import { useFormSubmission } from '#app/forms/use-form-submission.ts';
import { useSiteSettings } from '#app/use-root-data.ts';
import type { Route } from './+types/contact';
import { getServices } from '#server/load-context.ts';
import { PrivacyNote } from '#app/components/privacy-note.tsx';

export function action({ request, context }: Route.ActionArgs) {
  return handleForm({ request, context }, ContactMessageInputSchema, async (input) => {
    await getServices(context).inbox.createContactMessage(input);
    return t('contact.sent');
  });
}

export function meta() {
  return pageMeta({
    title: t('contact.title'),
    description: t('contact.description'),
  });
}

function QuickContactForm() {
  const {
    fetcher,
    formRef,
    result,
    isSubmitting,
    fieldErrors: errors,
    onInput,
  } = useFormSubmission({
    key: 'contact',
  });

  return (
    <section
      aria-labelledby="quick-contact"
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8"
    >
      <h2 id="quick-contact" className="text-2xl font-bold">
        {t('contact.quickContact')}
      </h2>
      <fetcher.Form
        ref={formRef}
        method="post"
        className="mt-4 space-y-4"
        noValidate
        onInput={onInput}
      >
        <FormErrorSummary answer={result} fieldErrors={errors} />
        <TextField
          name="username"
          label={t('contact.name')}
          error={errors.username}
          isRequired
          maxLength={NAME_MAX_LENGTH}
          autoComplete="name"
        />
        <TextField
          name="email"
          label={t('contact.email')}
          error={errors.email}
          kind="email"
          isRequired
          maxLength={EMAIL_MAX_LENGTH}
          autoComplete="email"
        />
        <FormField name="message" label={t('contact.comments')} error={errors.message}>
          {(props) => (
            <textarea {...props} required rows={5} maxLength={CONTACT_MESSAGE_MAX_LENGTH} />
          )}
        </FormField>
        <p className="text-sm text-slate-600">{t('contact.note')}</p>
        <PrivacyNote />
        <button type="submit" className="button-primary w-full sm:w-auto" disabled={isSubmitting}>
          {isSubmitting ? t('contact.submitting') : t('contact.submit')}
        </button>
        <FormAnswer result={result} failure={t('contact.failure')} next={t('contact.sentNext')} />
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
