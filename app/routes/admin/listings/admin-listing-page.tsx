import { Link } from '#app/components/link.tsx';
import { t, tCount } from '#lib/i18n.all.ts';
import { ASSET_TYPES, PROPERTY_TYPES, type ListingType } from '#lib/listing.ts';
import type { Page } from '#lib/pagination.ts';
import { useFormSubmission } from '#app/forms/use-form-submission.ts';
import {
  AdminListingFilters,
  AdminListingTable,
  type AdminListingFilterValues,
  type AdminListingRow,
} from './admin-listing-table.tsx';
import { AdminPageButtons } from './admin-page-buttons.tsx';
import { answerToShow, FormMessage } from '#app/components/form-message.tsx';

/** A manage table row as the loader sends it: the type still untranslated. */
export type AdminListingItem = Omit<AdminListingRow, 'type'> & { type: ListingType };

const typeOptions = (types: readonly ListingType[]) =>
  types.map((type) => ({ value: type, label: t(`type.${type}`) }));

const KINDS = {
  property: {
    title: 'manage.propertiesTitle',
    create: 'manage.quickCreateProperty',
    empty: 'manage.noProperties',
    deleteConfirm: 'manage.deleteConfirm',
    found: 'manage.propertiesFound',
    formPath: '/admin-panel/create-new-property',
    types: PROPERTY_TYPES,
  },
  asset: {
    title: 'manage.assetsTitle',
    create: 'manage.quickCreateAsset',
    empty: 'manage.noAssets',
    deleteConfirm: 'manage.deleteAssetConfirm',
    found: 'manage.assetsFound',
    formPath: '/admin-panel/create-new-asset',
    types: ASSET_TYPES,
  },
} as const;

/** The manage table of properties or assets: create link, filters, rows and page buttons. */
export function AdminListingPage({
  kind,
  page,
  filters,
}: {
  kind: 'property' | 'asset';
  page: Page<AdminListingItem>;
  filters: AdminListingFilterValues;
}) {
  const texts = KINDS[kind];
  const { fetcher, result, isSubmitting } = useFormSubmission({
    key: `admin-${kind}-row`,
  });
  return (
    <main id="main" className="container-page space-y-6 py-10">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold">{t(texts.title)}</h1>
        <Link to={texts.formPath} className="button-primary">
          {t(texts.create)}
        </Link>
      </div>
      {/* Keyed by the URL's filters, so the selects follow back and forward navigation. */}
      <AdminListingFilters
        key={JSON.stringify(filters)}
        filters={filters}
        types={typeOptions(texts.types)}
      />
      <div aria-live="polite">
        {result && (
          <FormMessage tone={result.ok ? 'success' : 'error'} answer={answerToShow(result)}>
            {result.message}
          </FormMessage>
        )}
      </div>
      <p className="text-sm text-slate-600">
        {tCount(texts.found, page.total, {
          count: page.isTotalCapped ? `${page.total}+` : page.total,
        })}
      </p>
      {page.items.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white px-4 py-10 text-center text-slate-700">
          {t(texts.empty)}
        </p>
      ) : (
        <AdminListingTable
          rows={page.items.map((row) => ({ ...row, type: t(`type.${row.type}`) }))}
          viewHref={(id) => `/admin-panel/supplied-property/${id}`}
          editHref={(id) => `${texts.formPath}/${id}`}
          fetcher={fetcher}
          isSubmitting={isSubmitting}
          deleteConfirm={t(texts.deleteConfirm)}
        />
      )}
      <AdminPageButtons page={page} />
    </main>
  );
}
