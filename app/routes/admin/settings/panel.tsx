import type { FormResult } from '#lib/form-result.ts';
import { t, type AnyMessageKey as MessageKey } from '#lib/i18n.all.ts';
import { answerToShow, FormMessage } from '#app/components/form-message.tsx';
import { useFormSubmission } from '#app/forms/use-form-submission.ts';
import type { SettingsIntent } from './settings-actions.server.ts';

/** The form state of one panel; the page's own action answer counts only for that panel. */
export function usePanelForm(intent: SettingsIntent) {
  return useFormSubmission({ key: `settings-${intent}`, intent });
}

/** A titled card holding one of the page's forms. */
export function Panel({
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
export function PanelMessage({
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
        <FormMessage tone={result.ok ? 'success' : 'error'} answer={answerToShow(result)}>
          {result.ok ? success : failure}
        </FormMessage>
      )}
    </div>
  );
}

/** A panel's submit button, saying "Saving..." while it posts. */
export function SaveButton({ isSubmitting, label }: { isSubmitting: boolean; label: MessageKey }) {
  return (
    <button type="submit" className="button-primary w-full sm:w-auto" disabled={isSubmitting}>
      {isSubmitting ? t('settings.saving') : t(label)}
    </button>
  );
}
