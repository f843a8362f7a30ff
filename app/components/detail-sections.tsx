import { t } from '#lib/i18n.pages.ts';
import { FactList, type Fact } from './fact-list.tsx';

/** A detail page's Description, or 'Not given' when there is none. */
export function DescriptionSection({ description }: { description: string | null }) {
  return (
    <section aria-labelledby="description-heading" className="space-y-2">
      <h2 id="description-heading" className="text-xl font-bold">
        {t('listing.description')}
      </h2>
      <p className="break-words whitespace-pre-line text-slate-800">
        {description || t('listing.notGiven')}
      </p>
    </section>
  );
}

/** A detail page's Details: every fact in the wide, three-column list. */
export function DetailsSection({ facts }: { facts: Fact[] }) {
  return (
    <section aria-labelledby="details-heading" className="space-y-3">
      <h2 id="details-heading" className="text-xl font-bold">
        {t('listing.details')}
      </h2>
      <FactList isWide facts={facts} />
    </section>
  );
}
