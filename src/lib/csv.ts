/**
 * Spreadsheet programs run a cell that starts with one of these as a formula, so text from the
 * edge (device names) could execute on an operator's machine. Such cells get a leading apostrophe.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export type CsvCell = string | number | boolean | null | undefined;

export function escapeCsvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  let text = String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replaceAll('"', '""')}"` : text;
}

export function toCsv(rows: readonly (readonly CsvCell[])[]): string {
  return rows.map((row) => row.map(escapeCsvCell).join(',')).join('\r\n');
}

/** UTF-8 with a byte-order mark, so spreadsheet programs read the Korean names correctly. */
export function csvBlob(rows: readonly (readonly CsvCell[])[]): Blob {
  return new Blob(['\uFEFF', toCsv(rows), '\r\n'], { type: 'text/csv;charset=utf-8' });
}

export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the blob to the download manager; freeing it on the next tick is safe.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
