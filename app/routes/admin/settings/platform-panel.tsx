import {
  EMAIL_MAX_LENGTH,
  FOOTER_TEXT_MAX_LENGTH,
  PAGE_TEXT_MAX_LENGTH,
  URL_MAX_LENGTH,
} from '#lib/limits.ts';
import type { PlatformSettings } from '#modules/settings/settings.schema.ts';
import { t, type AnyMessageKey as MessageKey } from '#lib/i18n.all.ts';
import { FormErrorSummary } from '#app/components/form-error-summary.tsx';
import { FormField } from '#app/components/form-field.tsx';
import { TextField } from '#app/components/text-field.tsx';
import { IntentInput } from '#app/forms/intent-input.tsx';
import { Panel, PanelMessage, SaveButton, usePanelForm } from './panel.tsx';
import type { SettingsIntent } from './settings-actions.server.ts';

/** Platform Configuration: contact e-mail, logo, footer, page texts, links, maintenance mode. */
export function PlatformPanel({ platform }: { platform: PlatformSettings }) {
  const { fetcher, result, isSubmitting, fieldErrors: errors, onInput } = usePanelForm('platform');
  const urlHint = t('settings.urlHint');
  const urlField = (name: 'logoURL' | 'termsURL' | 'privacyURL', label: MessageKey) => (
    <TextField
      idPrefix="platform"
      name={name}
      kind="url"
      label={t(label)}
      hint={urlHint}
      value={platform[name]}
      error={errors[name]}
      maxLength={URL_MAX_LENGTH}
    />
  );
  const daysField = (
    name: 'listingLifetimeDays' | 'expiryWarningDays' | 'soldListingDays',
    label: MessageKey,
    hint: MessageKey,
  ) => (
    <TextField
      idPrefix="platform"
      name={name}
      kind="digits"
      label={t(label)}
      hint={t(hint)}
      value={platform[name]}
      error={errors[name]}
      maxLength={3}
    />
  );
  const pageTextField = (name: 'aboutText' | 'termsText', label: MessageKey) => (
    <div className="sm:col-span-2">
      <FormField
        idPrefix="platform"
        name={name}
        label={t(label)}
        hint={t('settings.pageTextHint')}
        error={errors[name]}
      >
        {(props) => (
          <textarea
            {...props}
            rows={8}
            maxLength={PAGE_TEXT_MAX_LENGTH}
            defaultValue={platform[name]}
          />
        )}
      </FormField>
    </div>
  );
  return (
    <Panel id="platform-heading" title="settings.platformHeading">
      <fetcher.Form
        method="post"
        className="grid gap-4 sm:grid-cols-2"
        noValidate
        onInput={onInput}
      >
        <div className="sm:col-span-2">
          <FormErrorSummary answer={result} fieldErrors={errors} idPrefix="platform" />
        </div>
        <IntentInput<SettingsIntent> value="platform" />
        <TextField
          idPrefix="platform"
          name="contactEmail"
          kind="email"
          label={t('settings.contactEmail')}
          value={platform.contactEmail}
          error={errors.contactEmail}
          maxLength={EMAIL_MAX_LENGTH}
        />
        {urlField('logoURL', 'settings.logoURL')}
        <div className="sm:col-span-2">
          <FormField
            idPrefix="platform"
            name="footerText"
            label={t('settings.footerText')}
            error={errors.footerText}
          >
            {(props) => (
              <textarea
                {...props}
                rows={2}
                maxLength={FOOTER_TEXT_MAX_LENGTH}
                defaultValue={platform.footerText}
              />
            )}
          </FormField>
        </div>
        {urlField('termsURL', 'settings.termsURL')}
        {urlField('privacyURL', 'settings.privacyURL')}
        {pageTextField('aboutText', 'settings.aboutText')}
        {pageTextField('termsText', 'settings.termsText')}
        <TextField
          idPrefix="platform"
          name="inquiryRetentionMonths"
          kind="digits"
          label={t('settings.inquiryRetentionMonths')}
          hint={t('settings.inquiryRetentionHint')}
          value={platform.inquiryRetentionMonths}
          error={errors.inquiryRetentionMonths}
          maxLength={3}
        />
        {daysField(
          'listingLifetimeDays',
          'settings.listingLifetimeDays',
          'settings.listingLifetimeHint',
        )}
        {daysField('expiryWarningDays', 'settings.expiryWarningDays', 'settings.expiryWarningHint')}
        {daysField('soldListingDays', 'settings.soldListingDays', 'settings.soldListingHint')}
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
