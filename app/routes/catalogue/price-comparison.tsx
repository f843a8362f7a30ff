import { Link } from '#app/components/link.tsx';
import { t, tCount } from '#lib/i18n.pages.ts';
import type { PriceComparison, PriceNotCompared } from '#modules/reports/reports.schema.ts';

/**
 * How a listing's price stands beside the median of like listings: "12% below the median
 * monthly rent for 3-bedroom houses in Kicukiro", with what the median is made of and a link to
 * the price guide; or, when it is not compared, why ("Not enough similar listings in Kicukiro").
 */
export function PriceComparisonNote({
  comparison,
}: {
  comparison: PriceComparison | PriceNotCompared;
}) {
  const guideLink = (
    <Link to="/price-guide" className="font-medium text-brand-800 underline">
      {t('priceGuide.see')}
    </Link>
  );
  if (comparison.position === 'none') {
    return (
      <p className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700">
        {comparison.reason === 'fewListings'
          ? t('priceGuide.notCompared.fewListings', { district: comparison.district ?? '' })
          : t(`priceGuide.notCompared.${comparison.reason}`)}{' '}
        {guideLink}
      </p>
    );
  }
  const group = tCount(`priceGuide.group.${comparison.type}`, comparison.bedrooms, {
    district: comparison.district,
  });
  return (
    <p className="rounded-lg bg-brand-50 px-3 py-2 text-sm text-slate-800">
      <span className="font-semibold text-brand-800">
        {t(`priceGuide.compare.${comparison.offer}.${comparison.position}`, {
          percent: comparison.percent,
          group,
        })}
      </span>{' '}
      {tCount('priceGuide.basis', comparison.listings, { days: comparison.days })} {guideLink}
    </p>
  );
}
