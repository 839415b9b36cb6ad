import type { SoundEvent } from '@/api';
import { csvBlob } from '@/lib/csv';

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

/** Every event as a row, with both label names (a spreadsheet opens it with the Korean intact). */
export function eventsCsvBlob(events: readonly SoundEvent[]): Blob {
  return csvBlob([CSV_HEADER, ...events.map(eventCsvRow)]);
}
