import { EmptyState } from '#app/components/listing-grid.tsx';
import { pageMeta } from '#app/page-meta.ts';
import { formatAmount, formatDate } from '#lib/format.ts';
import { t, tCount } from '#lib/i18n.pages.ts';
import type { PriceGuide } from '#modules/reports/reports.schema.ts';
import { getServices } from '#server/load-context.ts';
import type { Route } from './+types/price-guide';

/** The guide's rows, by district (in the alphabetical order they come in). */
function byDistrict(rows: PriceGuide['rows']): [string, PriceGuide['rows']][] {
  const districts = new Map<string, PriceGuide['rows']>();
  for (const row of rows)
    districts.set(row.district, [...(districts.get(row.district) ?? []), row]);
  return [...districts];
}

/** Median asking prices per district, type and bedrooms: one cached query for every visitor. */
export async function loader({ context }: Route.LoaderArgs) {
  const guide = await getServices(context).reports.getPriceGuide();
  return { ...guide, districts: byDistrict(guide.rows) };
}

export function meta() {
  return pageMeta({ title: t('priceGuide.title'), description: t('priceGuide.description') });
}

/** A median and how many listings make it, or a dash when too few do. */
function Median({ value, listings }: { value: number | null; listings: number }) {
  if (value === null) {
    return (
      <>
        <span aria-hidden="true">—</span>
        <span className="sr-only">{t('priceGuide.notEnough')}</span>
      </>
    );
  }
  return (
    <>
      <span className="block font-semibold text-slate-900">{formatAmount(value)}</span>
      <span className="block text-xs text-slate-600">
        {tCount('listing.resultCount', listings)}
      </span>
    </>
  );
}

export default function PriceGuidePage({
  loaderData: { districts, days, minListings, since },
}: Route.ComponentProps) {
  return (
    <main id="main" className="container-page max-w-4xl space-y-8 py-10">
      <div className="space-y-3">
        <h1 className="text-3xl font-bold sm:text-4xl">{t('priceGuide.title')}</h1>
        <p className="max-w-prose text-slate-700">
          {t('priceGuide.intro', {
            brand: t('brand.name'),
            days,
            since: formatDate(since),
            min: minListings,
          })}
        </p>
      </div>
      {districts.length === 0 ? (
        <EmptyState>{t('priceGuide.empty')}</EmptyState>
      ) : (
        districts.map(([district, rows]) => (
          <section key={district} aria-labelledby={`district-${district}`} className="space-y-3">
            <h2 id={`district-${district}`} className="text-xl font-bold">
              {district}
            </h2>
            <div className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
              <table className="w-full text-sm">
                <thead className="bg-slate-50 text-slate-700">
                  <tr>
                    <th scope="col" className="px-2 py-2 text-left font-semibold sm:px-3">
                      {t('priceGuide.property')}
                    </th>
                    <th scope="col" className="px-2 py-2 text-right font-semibold sm:px-3">
                      {t('priceGuide.rent')}
                    </th>
                    <th scope="col" className="px-2 py-2 text-right font-semibold sm:px-3">
                      {t('priceGuide.sale')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((row) => (
                    <tr
                      key={`${row.type} ${row.bedrooms}`}
                      className="border-t border-slate-200 align-top"
                    >
                      <th scope="row" className="px-2 py-2 text-left font-normal sm:px-3">
                        <span className="block font-semibold text-slate-900">
                          {t(`type.${row.type}`)}
                        </span>
                        <span className="block text-slate-600">
                          {tCount('listing.beds', row.bedrooms)}
                        </span>
                      </th>
                      <td className="px-2 py-2 text-right tabular-nums sm:px-3">
                        <Median value={row.rentMedian} listings={row.rents} />
                      </td>
                      <td className="px-2 py-2 text-right tabular-nums sm:px-3">
                        <Median value={row.saleMedian} listings={row.sales} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </section>
        ))
      )}
    </main>
  );
}
