import { Form, type FetcherWithComponents } from 'react-router';
import { Link } from '#app/components/link.tsx';
import type { FormResult } from '#lib/form-result.ts';
import { t } from '#lib/i18n.all.ts';
import type { ModerationState } from '#lib/listing.ts';
import { LOCATION_FILTERS } from '#lib/admin-listings.ts';
import { FilterSelect } from '#app/components/filter-select.tsx';
import { StackedCell, StackedRow, StackedTable } from '#app/components/stacked-table.tsx';
import { AdminApproveButton, AdminDeleteButton, ROW_LINK_CLASS } from './admin-row-actions.tsx';

export type AdminListingRow = {
  id: string;
  name: string;
  type: string;
  location: string | null;
  moderation: ModerationState;
};

export type AdminListingFilterValues = { location: string; type: string; status: string };

/** Location, type and status, applied on the server: a plain GET form (works without JS). */
export function AdminListingFilters({
  filters,
  types,
}: {
  filters: AdminListingFilterValues;
  types: readonly { value: string; label: string }[];
}) {
  return (
    <Form
      method="get"
      aria-label={t('manage.filters')}
      className="flex flex-wrap items-end gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <FilterSelect
        name="location"
        label={t('manage.colLocation')}
        allLabel={t('manage.all')}
        value={filters.location}
        options={LOCATION_FILTERS.map((location) => ({ value: location, label: location }))}
      />
      <FilterSelect
        name="type"
        label={t('manage.colType')}
        allLabel={t('manage.all')}
        value={filters.type}
        options={types}
      />
      <FilterSelect
        name="status"
        label={t('manage.colStatus')}
        allLabel={t('manage.all')}
        value={filters.status}
        options={(['Pending', 'Approved'] as const).map((status) => ({
          value: status,
          label: t(`manage.moderation.${status}`),
        }))}
      />
      <button type="submit" className="button-secondary">
        {t('manage.applyFilters')}
      </button>
    </Form>
  );
}

/**
 * The manage table (Name, Type, Location, Status, Actions). On a phone each row becomes a
 * stacked block with the column names as labels.
 */
export function AdminListingTable({
  rows,
  viewHref,
  editHref,
  fetcher,
  isSubmitting,
  deleteConfirm,
}: {
  rows: AdminListingRow[];
  viewHref: (id: string) => string;
  editHref: (id: string) => string;
  fetcher: FetcherWithComponents<FormResult>;
  isSubmitting: boolean;
  deleteConfirm: string;
}) {
  return (
    <StackedTable
      columns={[
        t('manage.colName'),
        t('manage.colType'),
        t('manage.colLocation'),
        t('manage.colStatus'),
        t('manage.colActions'),
      ]}
    >
      {rows.map((row) => (
        <StackedRow key={row.id}>
          <StackedCell label={t('manage.colName')} isRowHeader>
            {row.name}
          </StackedCell>
          <StackedCell label={t('manage.colType')}>{row.type}</StackedCell>
          <StackedCell label={t('manage.colLocation')}>{row.location}</StackedCell>
          <StackedCell label={t('manage.colStatus')}>
            <span
              className={`rounded-full px-2 py-0.5 text-xs font-semibold ${
                row.moderation === 'Approved'
                  ? 'bg-brand-50 text-brand-900'
                  : 'bg-amber-50 text-amber-900'
              }`}
            >
              {t(`manage.moderation.${row.moderation}`)}
            </span>
          </StackedCell>
          <StackedCell label={t('manage.colActions')}>
            <div
              className="flex flex-wrap gap-2 lg:flex-nowrap"
              role="group"
              aria-label={t('manage.rowActions', { name: row.name })}
            >
              <Link
                to={viewHref(row.id)}
                className={ROW_LINK_CLASS}
                aria-label={`${t('manage.view')} ${row.name}`}
              >
                {t('manage.view')}
              </Link>
              <Link
                to={editHref(row.id)}
                className={ROW_LINK_CLASS}
                aria-label={`${t('manage.edit')} ${row.name}`}
              >
                {t('manage.edit')}
              </Link>
              <AdminDeleteButton
                fetcher={fetcher}
                id={row.id}
                name={row.name}
                isSubmitting={isSubmitting}
                confirmText={deleteConfirm}
              />
              {row.moderation !== 'Approved' && (
                <AdminApproveButton
                  fetcher={fetcher}
                  id={row.id}
                  name={row.name}
                  isSubmitting={isSubmitting}
                />
              )}
            </div>
          </StackedCell>
        </StackedRow>
      ))}
    </StackedTable>
  );
}
