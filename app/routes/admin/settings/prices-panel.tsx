import { t } from '#lib/i18n.all.ts';
import { LISTERS, LISTING_KINDS } from '#lib/listing.ts';
import type { Prices } from '#modules/settings/settings.schema.ts';
import { FormErrorSummary } from '#app/components/form-error-summary.tsx';
import { TextField } from '#app/components/text-field.tsx';
import { IntentInput } from '#app/forms/intent-input.tsx';
import { Panel, PanelMessage, SaveButton, usePanelForm } from './panel.tsx';
import type { SettingsIntent } from './settings-actions.server.ts';

/** `listingFeePropertyOwner`… the price field of each kind and lister. */
function feeField(kind: (typeof LISTING_KINDS)[number], lister: (typeof LISTERS)[number]) {
  const capital = (word: string) => word[0]!.toUpperCase() + word.slice(1);
  return `listingFee${capital(kind)}${capital(lister)}` as keyof Prices;
}

/**
 * What the marketplace charges, in whole francs (0: free): the listing fee by kind and lister,
 * the two boosts, and how many featured listings a page shows. Without a payment provider
 * nothing is charged, whatever the prices.
 */
export function PricesPanel({ prices, isPayingOn }: { prices: Prices; isPayingOn: boolean }) {
  const { fetcher, result, isSubmitting, fieldErrors: errors, onInput } = usePanelForm('prices');
  const number = (name: keyof Prices, label: string) => (
    <TextField
      key={name}
      idPrefix="prices"
      name={name}
      kind="digits"
      label={label}
      value={prices[name]}
      error={errors[name]}
      maxLength={7}
      isCompact
    />
  );
  return (
    <Panel id="prices-heading" title="settings.pricesHeading">
      <p className="mb-4 text-sm text-slate-700">
        {isPayingOn ? t('settings.pricesHint') : t('settings.pricesOff')}
      </p>
      <fetcher.Form method="post" className="space-y-5" noValidate onInput={onInput}>
        <FormErrorSummary answer={result} fieldErrors={errors} idPrefix="prices" />
        <IntentInput<SettingsIntent> value="prices" />
        {LISTING_KINDS.map((kind) => (
          <fieldset key={kind}>
            <legend className="font-semibold">{t(`settings.listingFee.${kind}`)}</legend>
            <div className="mt-2 grid grid-cols-1 gap-3 sm:grid-cols-3">
              {LISTERS.map((lister) => number(feeField(kind, lister), t(`lister.${lister}`)))}
            </div>
          </fieldset>
        ))}
        <fieldset>
          <legend className="font-semibold">{t('settings.boosts')}</legend>
          <div className="mt-2 grid grid-cols-1 gap-3 sm:grid-cols-3">
            {number('boost7DaysPrice', t('settings.boost7Days'))}
            {number('boost30DaysPrice', t('settings.boost30Days'))}
            {number('featuredPerPage', t('settings.featuredPerPage'))}
          </div>
        </fieldset>
        <div className="space-y-3">
          <SaveButton isSubmitting={isSubmitting} label="settings.savePrices" />
          <PanelMessage
            result={result}
            success={t('settings.pricesSaved')}
            failure={t('settings.pricesFailed')}
          />
        </div>
      </fetcher.Form>
    </Panel>
  );
}
