import { t } from '#lib/i18n.pages.ts';
import { Icon } from './icon.tsx';

/** A listing's features, or the given empty text; `perBlock` groups them (the supply detail: 3). */
export function FeatureList({
  features,
  emptyText,
  perBlock,
}: {
  features: string[];
  emptyText: string;
  perBlock?: number;
}) {
  const blocks = perBlock
    ? Array.from({ length: Math.ceil(features.length / perBlock) }, (_, index) =>
        features.slice(index * perBlock, (index + 1) * perBlock),
      )
    : [features];
  return (
    <section aria-labelledby="features-heading">
      <h2 id="features-heading" className="text-xl font-bold">
        {t('listing.features')}
      </h2>
      {features.length === 0 ? (
        <p className="mt-2 text-slate-600">{emptyText}</p>
      ) : (
        <div className="mt-3 space-y-3">
          {blocks.map((block) => (
            <ul
              key={block.join('|')}
              className={`grid gap-2 sm:grid-cols-2 ${perBlock ? 'rounded-lg border border-slate-200 bg-white p-3 sm:grid-cols-3' : ''}`}
            >
              {block.map((feature) => (
                <li key={feature} className="flex items-center gap-2 text-slate-800">
                  <Icon name="check" className="h-5 w-5 text-brand-700" />
                  {feature}
                </li>
              ))}
            </ul>
          ))}
        </div>
      )}
    </section>
  );
}
