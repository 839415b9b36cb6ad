import type { Handover, HandoverItem } from '@/api/handover';
import { csvBlob, type CsvCell } from '@/lib/csv';
import { localName } from '@/lib/i18n';

/** What an item was, in words: a composite's rule and labels, a sound event's label and mic; else its id. */
export function describeItem(item: HandoverItem, language: string): string {
  const summary = item.summary;
  if (summary === null) return item.id;
  const labels = summary.labels.map((name) => localName(name, language)).join(', ');
  const parts = item.kind === 'composite' ? [summary.rule, labels] : [labels, summary.mics[0]];
  const text = parts.filter((part) => part !== null && part !== undefined && part !== '').join(' · ');
  return text === '' ? item.id : text;
}

export const HANDOVER_CSV_HEADER = [
  'section',
  'name',
  'count',
  'kind',
  'id',
  'state',
  'outcome',
  'owner',
  'fired_at_utc',
  'acknowledged_by',
  'acknowledged_at_utc',
  'resolved_by',
  'resolved_at_utc',
  'note',
  'place',
] as const;

type Row = CsvCell[];

const countRow = (section: string, name: string, count: number | null): Row => [section, name, count];

function itemRow(section: string, item: HandoverItem, language: string, place: string | null): Row {
  return [
    section,
    describeItem(item, language),
    null,
    item.kind,
    item.id,
    item.state,
    item.outcome,
    item.assignee,
    item.fired_at,
    item.acknowledged_by,
    item.acknowledged_at,
    item.resolved_by,
    item.resolved_at,
    item.note,
    place,
  ];
}

/** Where each composite incident was, in words, by its id (use-handover-places.ts). */
export type HandoverPlaces = ReadonlyMap<string, string>;

/** The whole handover as one sheet: summary and counts first, then the resolved and the open items. */
export function handoverCsvRows(handover: Handover, language: string, places: HandoverPlaces = new Map()): Row[] {
  const rows: Row[] = [HANDOVER_CSV_HEADER.slice()];
  const seconds = (ms: number | null) => (ms === null ? null : Math.round(ms / 1000));
  rows.push(
    countRow('period', handover.from, null),
    countRow('period', handover.to, null),
    countRow('summary', 'median_seconds_to_acknowledge', seconds(handover.response_times.acknowledge.median_ms)),
    countRow('summary', 'median_seconds_to_resolve', seconds(handover.response_times.resolve.median_ms)),
    countRow('summary', 'resolved', handover.resolved.total),
    countRow('summary', 'open', handover.open.total),
    countRow('summary', 'open_without_owner', handover.open.unowned),
  );
  const fired = handover.fired;
  if (fired !== null) {
    rows.push(
      countRow('summary', 'composites_fired', fired.composites),
      countRow('summary', 'events_fired', fired.events),
    );
    for (const row of fired.by_label) rows.push(countRow('events_by_label', localName(row.name, language), row.events));
    for (const row of fired.by_rule) rows.push(countRow('composites_by_rule', row.name, row.composites));
    for (const row of fired.by_edge) rows.push(countRow('events_by_edge', row.edge_id ?? '', row.events));
    for (const row of fired.busiest_mics) rows.push(countRow('busiest_mics', row.name, row.events));
  }
  for (const [outcome, count] of Object.entries(handover.resolved.by_outcome))
    rows.push(countRow('resolved_by_outcome', outcome, count));
  for (const person of handover.people) {
    rows.push(countRow('acknowledged_by_person', person.name, person.acknowledged));
    rows.push(countRow('resolved_by_person', person.name, person.resolved));
  }
  const placeOf = (item: HandoverItem) => (item.kind === 'composite' ? (places.get(item.id) ?? null) : null);
  for (const item of handover.resolved.items) rows.push(itemRow('resolved', item, language, placeOf(item)));
  for (const item of handover.open.items) rows.push(itemRow('open', item, language, placeOf(item)));
  return rows;
}

export function handoverCsvBlob(handover: Handover, language: string, places?: HandoverPlaces): Blob {
  return csvBlob(handoverCsvRows(handover, language, places));
}
