/**
 * Ledger rows as CSV (RFC 4180: quoted when needed, CRLF line ends), safe to open in a
 * spreadsheet. Numeric columns are written as numbers; any other cell a spreadsheet could read as
 * a formula (a leading `=`, `+`, `-`, `@`, their full-width forms, a tab or a line break, also
 * after leading spaces) is prefixed with `'` so it stays text. Caller text reaches several columns
 * (`model`, `upstream_model` on `provider/*` routes, the request id), so every text cell is guarded.
 */
export function toCsv(
  columns: readonly string[],
  rows: ReadonlyArray<Record<string, unknown>>,
  numericColumns: ReadonlySet<string>,
): string {
  const lines = [columns.join(',')];
  for (const row of rows)
    lines.push(columns.map((column) => csvField(row[column], numericColumns.has(column))).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

const NUMBER = /^-?\d+(\.\d+)?([eE][+-]?\d+)?$/;
const FORMULA_START = /^[\s\u00a0\u3000]*[=+\-@\uff1d\uff0b\uff0d\uff20]|^[\t\r\n]/;

function csvField(value: unknown, numeric: boolean): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  if (numeric && (typeof value === 'number' || typeof value === 'bigint' || NUMBER.test(text))) return text;
  const safe = FORMULA_START.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}
