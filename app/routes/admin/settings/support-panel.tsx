import { EMAIL_MAX_LENGTH, PHONE_MAX_LENGTH, URL_MAX_LENGTH } from '#lib/limits.ts';
import type { SupportInfo } from '#modules/settings/settings.schema.ts';
import { t } from '#lib/i18n.all.ts';
import { FormErrorSummary } from '#app/components/form-error-summary.tsx';
import { TextField } from '#app/components/text-field.tsx';
import { IntentInput } from '#app/forms/intent-input.tsx';
import { Panel, PanelMessage, SaveButton, usePanelForm } from './panel.tsx';
import type { SettingsIntent } from './settings-actions.server.ts';

/** Support/Help Center: the contact e-mail and phone, the user guide and terms addresses. */
export function SupportPanel({ support }: { support: SupportInfo }) {
  const { fetcher, result, isSubmitting, fieldErrors: errors, onInput } = usePanelForm('support');
  const urlHint = t('settings.urlHint');
  return (
    <Panel id="support-heading" title="settings.supportHeading">
      <fetcher.Form
        method="post"
        className="grid gap-4 sm:grid-cols-2"
        noValidate
        onInput={onInput}
      >
        <div className="sm:col-span-2">
          <FormErrorSummary answer={result} fieldErrors={errors} idPrefix="support" />
        </div>
        <IntentInput<SettingsIntent> value="support" />
        <TextField
          idPrefix="support"
          name="contactEmail"
          kind="email"
          label={t('settings.contactEmail')}
          value={support.contactEmail}
          error={errors.contactEmail}
          maxLength={EMAIL_MAX_LENGTH}
        />
        <TextField
          idPrefix="support"
          name="supportPhone"
          kind="tel"
          label={t('settings.supportPhone')}
          value={support.supportPhone}
          error={errors.supportPhone}
          maxLength={PHONE_MAX_LENGTH}
        />
        <TextField
          idPrefix="support"
          name="userGuideURL"
          kind="url"
          label={t('settings.userGuideURL')}
          hint={urlHint}
          value={support.userGuideURL}
          error={errors.userGuideURL}
          maxLength={URL_MAX_LENGTH}
        />
        <TextField
          idPrefix="support"
          name="termsURL"
          kind="url"
          label={t('settings.termsURL')}
          hint={urlHint}
          value={support.termsURL}
          error={errors.termsURL}
          maxLength={URL_MAX_LENGTH}
        />
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
