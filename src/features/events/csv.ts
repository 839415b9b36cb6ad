import type { SoundEvent } from '@/api';

/**
 * Spreadsheet programs run a cell that starts with one of these as a formula, so text from the
 * edge (device names) could execute on an operator's machine. Such cells get a leading apostrophe.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function escapeCsvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  let text = String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replaceAll('"', '""')}"` : text;
}

export function toCsv(rows: readonly (readonly (string | number | boolean | null | undefined)[])[]): string {
  return rows.map((row) => row.map(escapeCsvCell).join(',')).join('\r\n');
}

export const CSV_HEADER = [
  'created_at_utc',
  'event_id',
  'label_id',
  'label_en',
  'label_ko',
  'confidence',
  'mic_id',
  'mic_name',
  'latitude',
  'longitude',
] as const;

export function eventCsvRow(event: SoundEvent): (string | number)[] {
  return [
    event.created_at,
    event.id,
    event.label.id,
    event.label.name.en,
    event.label.name.ko,
    event.confidence,
    event.mic.id,
    event.mic.name,
    event.mic.location.latitude,
    event.mic.location.longitude,
  ];
}

/** UTF-8 with a byte-order mark, so spreadsheet programs read the Korean names correctly. */
export function eventsCsvBlob(events: readonly SoundEvent[]): Blob {
  const text = toCsv([CSV_HEADER, ...events.map(eventCsvRow)]);
  return new Blob(['\uFEFF', text, '\r\n'], { type: 'text/csv;charset=utf-8' });
}
