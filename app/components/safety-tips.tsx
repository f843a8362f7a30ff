import { t } from '#lib/i18n.pages.ts';

const TIPS = ['safety.noPayment', 'safety.checkUpi', 'safety.meetSafely'] as const;

/** "Stay safe": what a visitor should do before paying anyone, beside the inquiry form. */
export function SafetyTips() {
  return (
    <section
      aria-labelledby="safety-heading"
      className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950"
    >
      <h2 id="safety-heading" className="flex items-center gap-2 font-bold">
        {t('safety.title')}
      </h2>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-sm">
        {TIPS.map((tip) => (
          <li key={tip}>{t(tip)}</li>
        ))}
      </ul>
    </section>
  );
}
