import { t } from '#lib/i18n.pages.ts';
import { LISTERS, type Lister } from '#lib/listing.ts';
import { ListingField, type ListingFormState } from './listing-field.tsx';

const LISTER_LABELS = {
  owner: 'lister.owner',
  agent: 'lister.agent',
  commissioner: 'lister.commissioner',
} as const satisfies Record<Lister, string>;

/**
 * "Who is listing?" (owner, agent or commissioner) and the fees an agent or a commissioner
 * asks. The fee inputs are always in the form, with a hint, so that it works without
 * JavaScript; CSS (app.css) hides them while Owner is chosen, and the server keeps no fees
 * on an owner's listing.
 */
export function ListerFields({
  listedBy,
  form,
}: {
  listedBy: Lister | null | undefined;
  form: ListingFormState;
}) {
  const error = form.errors.listedBy;
  return (
    <fieldset
      className="space-y-3 sm:col-span-2"
      aria-describedby={error ? 'field-listedBy-error' : undefined}
    >
      <legend className="field-label">{t('lister.question')}</legend>
      <div className="flex flex-wrap gap-x-6 gap-y-2">
        {LISTERS.map((lister) => (
          <label key={lister} className="flex min-h-11 items-center gap-2 text-slate-800">
            <input
              type="radio"
              name="listedBy"
              value={lister}
              defaultChecked={(listedBy ?? 'owner') === lister}
              className="h-5 w-5 accent-brand-700"
            />
            {t(LISTER_LABELS[lister])}
          </label>
        ))}
      </div>
      {error && (
        <p id="field-listedBy-error" className="field-error">
          {error}
        </p>
      )}
      <div className="lister-fees grid gap-4 sm:grid-cols-2">
        <ListingField name="commission" form={form} />
        <ListingField name="viewingFee" form={form} />
        <p className="text-xs text-slate-600 sm:col-span-2">{t('lister.feesHint')}</p>
      </div>
    </fieldset>
  );
}
