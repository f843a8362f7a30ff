/**
 * CSV as RFC 4180 has it (comma-separated, CRLF line ends, a field with a comma, a quote or a
 * line break quoted, its quotes doubled). A text that a spreadsheet would run as a formula
 * (starting with =, +, -, @, a tab or a carriage return) is prefixed with an apostrophe.
 * Written here rather than taken from a library: it is these few lines.
 */
type CsvValue = string | number | null | undefined;

function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** A header line of `columns`, then one line per row (each row's values by column name). */
export function toCsv(columns: readonly string[], rows: Record<string, CsvValue>[]): string {
  const lines = [columns, ...rows.map((row) => columns.map((column) => row[column]))];
  return lines.map((line) => line.map(csvField).join(',')).join('\r\n') + '\r\n';
}
