import type { ReactNode } from 'react';

/**
 * A table that on a phone shows each row as a block of labelled lines, and a plain table from
 * a tablet up. Explicit roles keep its table semantics when the display is restyled.
 */
export function StackedTable({
  columns,
  isDimmed = false,
  children,
}: {
  columns: string[];
  /** While the next page loads. */
  isDimmed?: boolean;
  children: ReactNode;
}) {
  return (
    <div
      className={`overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm ${isDimmed ? 'opacity-60' : ''}`}
    >
      <table role="table" className="block w-full text-left text-sm md:table">
        <thead className="hidden bg-slate-50 text-xs text-slate-600 uppercase md:table-header-group">
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col" className="px-3 py-3">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role="rowgroup" className="block divide-y divide-slate-200 md:table-row-group">
          {children}
        </tbody>
      </table>
    </div>
  );
}

export function StackedRow({ children }: { children: ReactNode }) {
  return (
    <tr role="row" className="block px-4 py-3 md:table-row md:p-0">
      {children}
    </tr>
  );
}

const CELL =
  'flex flex-wrap items-center gap-x-2 py-1 md:table-cell md:px-3 md:py-3 before:w-20 before:text-xs before:font-semibold before:text-slate-500 before:uppercase before:content-[attr(data-label)] md:before:content-none';

/** A cell, named by its column on a phone; the row's header cell (its name) needs no label. */
export function StackedCell({
  label,
  isRowHeader = false,
  className = '',
  children,
}: {
  label: string;
  isRowHeader?: boolean;
  className?: string;
  children: ReactNode;
}) {
  if (isRowHeader) {
    return (
      <th
        role="rowheader"
        scope="row"
        className={`block py-1 text-base font-semibold text-slate-900 md:table-cell md:px-3 md:py-3 md:text-sm ${className}`}
      >
        {children}
      </th>
    );
  }
  return (
    <td role="cell" data-label={label} className={`${CELL} ${className}`}>
      {children}
    </td>
  );
}
