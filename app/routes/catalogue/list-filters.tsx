import { Form, useSubmit } from 'react-router';
import { t } from '#lib/i18n.ts';
import type { ListQuery } from '#lib/listing-schemas.ts';

/** Rent/Sale and sort order for a type list; a plain GET form that submits itself on change. */
export function ListFilters({ query }: { query: Pick<ListQuery, 'status' | 'sort'> }) {
  const submit = useSubmit();
  return (
    <Form
      method="get"
      className="flex flex-wrap items-end gap-3"
      onChange={(event) => void submit(event.currentTarget, { preventScrollReset: true })}
    >
      <div>
        <label htmlFor="filter-status" className="field-label">
          {t('listing.offerFilter')}
        </label>
        <select
          id="filter-status"
          name="status"
          defaultValue={query.status ?? ''}
          className="field-input"
        >
          <option value="">{t('listing.offerAll')}</option>
          <option value="Rent">{t('listing.forRent')}</option>
          <option value="Sale">{t('listing.forSale')}</option>
        </select>
      </div>
      <div>
        <label htmlFor="filter-sort" className="field-label">
          {t('listing.sort')}
        </label>
        <select id="filter-sort" name="sort" defaultValue={query.sort} className="field-input">
          <option value="newest">{t('listing.sort.newest')}</option>
          <option value="price-asc">{t('listing.sort.priceAsc')}</option>
          <option value="price-desc">{t('listing.sort.priceDesc')}</option>
        </select>
      </div>
      <noscript>
        <button type="submit" className="button-secondary">
          {t('listing.apply')}
        </button>
      </noscript>
    </Form>
  );
}
