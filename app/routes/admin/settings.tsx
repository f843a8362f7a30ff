import { data, useActionData } from 'react-router';
import { z } from 'zod';
import type { FormResult } from '#lib/form-result.ts';
import { t, type MessageKey } from '#lib/i18n.ts';
import { MESSAGE_CLEAR_MS } from '#lib/timings.ts';
import {
  FaqInputSchema,
  PlatformSettingsSchema,
  SupportInfoSchema,
  type Faq,
  type PlatformSettings,
  type SupportInfo,
} from '#modules/settings/settings.schema.ts';
import { FormField } from '../../components/form-field.tsx';
import { requireViewer } from '../../auth.server.ts';
import { FormMessage } from '../../components/form-message.tsx';
import { handleFormAction } from '../../form-action.server.ts';
import { pageMeta } from '../../page-meta.ts';
import { useFormSubmission } from '../../use-form-submission.ts';
import type { Route } from './+types/settings';

/** Which panel's form was sent. */
type Intent = 'support' | 'platform' | 'faq-add' | 'faq-delete';

const FaqDeleteSchema = z.object({ id: z.string() });

export async function loader({ request, context }: Route.LoaderArgs) {
  requireViewer(request, context, { role: 'admin' });
  const settings = context.services.settings;
  const [support, platform, faqs] = await Promise.all([
    settings.getSupportInfo(),
    settings.getPlatformSettings(),
    settings.listFaqs(),
  ]);
  return { support, platform, faqs };
}

/** One action for the three panels; `intent` says which form was sent. */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = requireViewer(request, context, { role: 'admin' });
  const settings = context.services.settings;
  const intent = (await request.clone().formData()).get('intent') as Intent | null;
  let answer;
  switch (intent) {
    case 'support':
      answer = await handleFormAction(request, context, SupportInfoSchema, async (input) => {
        await settings.updateSupportInfo(input, admin);
        return t('settings.supportSaved');
      });
      break;
    case 'platform':
      answer = await handleFormAction(request, context, PlatformSettingsSchema, async (input) => {
        await settings.updatePlatformSettings(input, admin);
        return t('settings.saved');
      });
      break;
    case 'faq-add':
      answer = await handleFormAction(request, context, FaqInputSchema, async (input) => {
        await settings.createFaq(input, admin);
        return t('settings.faqAdded');
      });
      break;
    case 'faq-delete':
      answer = await handleFormAction(request, context, FaqDeleteSchema, async ({ id }) => {
        await settings.deleteFaq(id, admin);
        return t('settings.faqDeleted');
      });
      break;
    default:
      return data<FormResult & { intent: null }>(
        { ok: false, message: t('api.invalidInput'), fieldErrors: {}, intent: null },
        { status: 400 },
      );
  }
  // Without JavaScript the page shows the action's answer: the intent tells which panel's.
  return data<FormResult & { intent: Intent }>({ ...answer.data, intent }, answer.init ?? {});
}

export function meta() {
  return pageMeta({ title: t('settings.title'), description: t('settings.description') });
}

/** The form state of one panel; the page's own action answer counts only for that panel. */
function usePanelForm(intent: Intent) {
  const actionData = useActionData<typeof action>();
  return useFormSubmission({
    key: `settings-${intent}`,
    visibleMs: MESSAGE_CLEAR_MS.admin,
    isPageAction: actionData?.intent === intent,
  });
}

function Panel({
  id,
  title,
  children,
}: {
  id: string;
  title: MessageKey;
  children: React.ReactNode;
}) {
  return (
    <section
      aria-labelledby={id}
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id={id} className="text-xl font-semibold">
        {t(title)}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

/** The answer line of a panel: the spec's texts, with the field errors beside each input. */
function PanelMessage({
  result,
  success,
  failure,
}: {
  result: FormResult | undefined;
  success: string;
  failure: string;
}) {
  return (
    <div aria-live="polite">
      {result && (
        <FormMessage tone={result.ok ? 'success' : 'error'}>
          {result.ok ? success : failure}
        </FormMessage>
      )}
    </div>
  );
}

function SaveButton({ isSubmitting, label }: { isSubmitting: boolean; label: MessageKey }) {
  return (
    <button type="submit" className="button-primary w-full sm:w-auto" disabled={isSubmitting}>
      {isSubmitting ? t('settings.saving') : t(label)}
    </button>
  );
}

function SupportPanel({ support }: { support: SupportInfo }) {
  const { fetcher, result, isSubmitting, fieldErrors: errors } = usePanelForm('support');
  const urlHint = t('settings.urlHint');
  return (
    <Panel id="support-heading" title="settings.supportHeading">
      <fetcher.Form method="post" className="grid gap-4 sm:grid-cols-2" noValidate>
        <input type="hidden" name="intent" value="support" />
        <FormField
          idPrefix="support"
          name="contactEmail"
          label={t('settings.contactEmail')}
          error={errors.contactEmail}
        >
          {(props) => <input {...props} type="email" defaultValue={support.contactEmail} />}
        </FormField>
        <FormField
          idPrefix="support"
          name="supportPhone"
          label={t('settings.supportPhone')}
          error={errors.supportPhone}
        >
          {(props) => <input {...props} type="tel" defaultValue={support.supportPhone} />}
        </FormField>
        <FormField
          idPrefix="support"
          name="userGuideURL"
          label={t('settings.userGuideURL')}
          hint={urlHint}
          error={errors.userGuideURL}
        >
          {(props) => (
            <input {...props} type="text" inputMode="url" defaultValue={support.userGuideURL} />
          )}
        </FormField>
        <FormField
          idPrefix="support"
          name="termsURL"
          label={t('settings.termsURL')}
          hint={urlHint}
          error={errors.termsURL}
        >
          {(props) => (
            <input {...props} type="text" inputMode="url" defaultValue={support.termsURL} />
          )}
        </FormField>
        <div className="space-y-3 sm:col-span-2">
          <SaveButton isSubmitting={isSubmitting} label="settings.saveSupport" />
          <PanelMessage
            result={result}
            success={t('settings.supportSaved')}
            failure={t('settings.supportFailed')}
          />
        </div>
      </fetcher.Form>
    </Panel>
  );
}

function FaqPanel({ faqs }: { faqs: Faq[] }) {
  const {
    fetcher: addFetcher,
    formRef: addFormRef,
    result: addResult,
    isSubmitting: isAdding,
    fieldErrors: errors,
  } = usePanelForm('faq-add');
  const {
    fetcher: deleteFetcher,
    result: deleteResult,
    isSubmitting: isDeleting,
  } = usePanelForm('faq-delete');
  return (
    <Panel id="faq-heading" title="settings.faqHeading">
      <addFetcher.Form ref={addFormRef} method="post" className="space-y-4" noValidate>
        <input type="hidden" name="intent" value="faq-add" />
        <FormField
          idPrefix="faq-add"
          name="question"
          label={t('settings.faqQuestion')}
          error={errors.question}
        >
          {(props) => <input {...props} type="text" required maxLength={500} />}
        </FormField>
        <FormField
          idPrefix="faq-add"
          name="answer"
          label={t('settings.faqAnswer')}
          error={errors.answer}
        >
          {(props) => <textarea {...props} required rows={3} maxLength={5000} />}
        </FormField>
        <button type="submit" className="button-primary w-full sm:w-auto" disabled={isAdding}>
          {isAdding ? t('settings.saving') : t('settings.faqAdd')}
        </button>
        <PanelMessage
          result={addResult}
          success={t('settings.faqAdded')}
          failure={t('settings.faqAddFailed')}
        />
      </addFetcher.Form>

      <h3 className="mt-6 font-semibold">{t('settings.faqListHeading')}</h3>
      <div className="mt-2">
        <PanelMessage
          result={deleteResult}
          success={t('settings.faqDeleted')}
          failure={t('settings.faqDeleteFailed')}
        />
      </div>
      {faqs.length === 0 ? (
        <p className="mt-2 text-slate-600">{t('settings.faqEmpty')}</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-200">
          {faqs.map((faq) => (
            <li key={faq._id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-start">
              <div className="min-w-0 flex-1">
                <p className="font-medium break-words">{faq.question}</p>
                <p className="mt-1 text-sm break-words whitespace-pre-line text-slate-700">
                  {faq.answer}
                </p>
              </div>
              <deleteFetcher.Form
                method="post"
                onSubmit={(event) => {
                  if (!window.confirm(t('settings.faqDeleteConfirm'))) event.preventDefault();
                }}
              >
                <input type="hidden" name="intent" value="faq-delete" />
                <input type="hidden" name="id" value={faq._id} />
                <button
                  type="submit"
                  className="button-secondary text-red-800"
                  disabled={isDeleting}
                  aria-label={t('settings.faqDeleteLabel', { question: faq.question })}
                >
                  {t('settings.faqDelete')}
                </button>
              </deleteFetcher.Form>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

function PlatformPanel({ platform }: { platform: PlatformSettings }) {
  const { fetcher, result, isSubmitting, fieldErrors: errors } = usePanelForm('platform');
  const urlHint = t('settings.urlHint');
  const urlField = (name: 'logoURL' | 'termsURL' | 'privacyURL', label: MessageKey) => (
    <FormField idPrefix="platform" name={name} label={t(label)} hint={urlHint} error={errors[name]}>
      {(props) => <input {...props} type="text" inputMode="url" defaultValue={platform[name]} />}
    </FormField>
  );
  return (
    <Panel id="platform-heading" title="settings.platformHeading">
      <fetcher.Form method="post" className="grid gap-4 sm:grid-cols-2" noValidate>
        <input type="hidden" name="intent" value="platform" />
        <FormField
          idPrefix="platform"
          name="contactEmail"
          label={t('settings.contactEmail')}
          error={errors.contactEmail}
        >
          {(props) => <input {...props} type="email" defaultValue={platform.contactEmail} />}
        </FormField>
        {urlField('logoURL', 'settings.logoURL')}
        <div className="sm:col-span-2">
          <FormField
            idPrefix="platform"
            name="footerText"
            label={t('settings.footerText')}
            error={errors.footerText}
          >
            {(props) => (
              <textarea {...props} rows={2} maxLength={300} defaultValue={platform.footerText} />
            )}
          </FormField>
        </div>
        {urlField('termsURL', 'settings.termsURL')}
        {urlField('privacyURL', 'settings.privacyURL')}
        <div className="sm:col-span-2">
          <div className="flex items-start gap-3">
            <input
              id="platform-maintenanceMode"
              name="maintenanceMode"
              type="checkbox"
              defaultChecked={platform.maintenanceMode}
              aria-describedby="platform-maintenanceMode-hint"
              className="mt-1 h-5 w-5 accent-brand-700"
            />
            <div>
              <label htmlFor="platform-maintenanceMode" className="font-medium">
                {t('settings.maintenanceMode')}
              </label>
              <p id="platform-maintenanceMode-hint" className="text-sm text-slate-600">
                {t('settings.maintenanceHint')}
              </p>
            </div>
          </div>
          {errors.maintenanceMode && <p className="field-error">{errors.maintenanceMode}</p>}
        </div>
        <div className="space-y-3 sm:col-span-2">
          <SaveButton isSubmitting={isSubmitting} label="settings.saveSettings" />
          <PanelMessage
            result={result}
            success={t('settings.saved')}
            failure={t('settings.saveFailed')}
          />
        </div>
      </fetcher.Form>
    </Panel>
  );
}

export default function AdminSettings({
  loaderData: { support, platform, faqs },
}: Route.ComponentProps) {
  return (
    <main id="main" className="container-page max-w-4xl space-y-6 py-10">
      <h1 className="text-3xl font-bold">{t('settings.title')}</h1>
      <SupportPanel support={support} />
      <FaqPanel faqs={faqs} />
      <PlatformPanel platform={platform} />
    </main>
  );
}
