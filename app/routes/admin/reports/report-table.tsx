import type { ReactNode } from 'react';
import { t } from '#lib/i18n.all.ts';

export type Column = { label: string; isNumber?: boolean };

/**
 * The numbers of a chart, as a table: the first cell of each row names it. A long table scrolls
 * in its own box, which the keyboard can reach.
 */
export function ReportTable({
  name,
  columns,
  rows,
  totals,
}: {
  name: string;
  columns: Column[];
  rows: { key: string; cells: ReactNode[] }[];
  /** A last row of totals, named by its first cell. */
  totals?: ReactNode[];
}) {
  const align = (column: Column | undefined) => (column?.isNumber ? 'text-right' : 'text-left');
  return (
    <div
      role="region"
      aria-label={t('admin.reports.tableLabel', { name })}
      tabIndex={0}
      className="max-h-[34rem] overflow-auto rounded-xl border border-slate-200 bg-white lg:max-h-96"
    >
      <table className="w-full text-sm">
        <caption className="sr-only">{name}</caption>
        <thead className="sticky top-0 bg-slate-100 text-slate-700">
          <tr>
            {columns.map((column) => (
              <th
                key={column.label}
                scope="col"
                className={`px-2 py-2 font-semibold sm:px-3 ${align(column)}`}
              >
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key} className="border-t border-slate-200">
              {row.cells.map((cell, index) =>
                index === 0 ? (
                  <th
                    key={index}
                    scope="row"
                    className="px-2 py-1.5 text-left font-medium whitespace-nowrap sm:px-3"
                  >
                    {cell}
                  </th>
                ) : (
                  <td
                    key={index}
                    className={`px-2 py-1.5 tabular-nums sm:px-3 ${align(columns[index])}`}
                  >
                    {cell}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
        {totals && (
          <tfoot className="border-t-2 border-slate-300 font-semibold">
            <tr>
              {totals.map((cell, index) =>
                index === 0 ? (
                  <th key={index} scope="row" className="px-2 py-2 text-left sm:px-3">
                    {cell}
                  </th>
                ) : (
                  <td
                    key={index}
                    className={`px-2 py-2 tabular-nums sm:px-3 ${align(columns[index])}`}
                  >
                    {cell}
                  </td>
                ),
              )}
            </tr>
          </tfoot>
        )}
      </table>
    </div>
  );
}
