import { t } from '#lib/i18n.all.ts';
import type { SmsLimits } from '#modules/settings/settings.schema.ts';
import { FormErrorSummary } from '#app/components/form-error-summary.tsx';
import { TextField } from '#app/components/text-field.tsx';
import { IntentInput } from '#app/forms/intent-input.tsx';
import { Panel, PanelMessage, SaveButton, usePanelForm } from './panel.tsx';
import type { SettingsIntent } from './settings-actions.server.ts';

/**
 * What SMS notices may cost a day: how many one person is sent, and the platform in all (0:
 * none). Sign-in and proof codes are not counted.
 */
export function SmsPanel({ limits }: { limits: SmsLimits }) {
  const { fetcher, result, isSubmitting, fieldErrors: errors, onInput } = usePanelForm('sms');
  const number = (name: keyof SmsLimits, label: string, hint: string) => (
    <TextField
      idPrefix="sms"
      name={name}
      kind="digits"
      label={label}
      hint={hint}
      value={limits[name]}
      error={errors[name]}
      maxLength={7}
      isCompact
    />
  );
  return (
    <Panel id="sms-heading" title="settings.smsHeading">
      <p className="mb-4 text-sm text-slate-700">{t('settings.smsHint')}</p>
      <fetcher.Form method="post" className="space-y-5" noValidate onInput={onInput}>
        <FormErrorSummary answer={result} fieldErrors={errors} idPrefix="sms" />
        <IntentInput<SettingsIntent> value="sms" />
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          {number(
            'noticesPerUserPerDay',
            t('settings.smsPerUserPerDay'),
            t('settings.smsPerUserPerDayHint'),
          )}
          {number('noticesPerDay', t('settings.smsPerDay'), t('settings.smsPerDayHint'))}
        </div>
        <div className="space-y-3">
          <SaveButton isSubmitting={isSubmitting} label="settings.saveSms" />
          <PanelMessage
            result={result}
            success={t('settings.smsSaved')}
            failure={t('settings.smsFailed')}
          />
        </div>
      </fetcher.Form>
    </Panel>
  );
}
