import { t } from '#lib/i18n.ts';
import { Icon } from './icon.tsx';

export function FeatureList({ features, emptyText }: { features: string[]; emptyText: string }) {
  return (
    <section aria-labelledby="features-heading">
      <h2 id="features-heading" className="text-xl font-bold">
        {t('listing.features')}
      </h2>
      {features.length === 0 ? (
        <p className="mt-2 text-slate-600">{emptyText}</p>
      ) : (
        <ul className="mt-3 grid gap-2 sm:grid-cols-2">
          {features.map((feature) => (
            <li key={feature} className="flex items-center gap-2 text-slate-800">
              <Icon name="check" className="h-5 w-5 text-brand-700" />
              {feature}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
