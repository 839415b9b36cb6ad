import { describe, expect, it } from 'vitest';
import type { Handover, HandoverItem } from '@/api/handover';
import { describeItem, handoverCsvBlob } from './handover-csv';

const item = (overrides: Partial<HandoverItem>): HandoverItem => ({
  kind: 'composite',
  id: 'c1',
  state: 'resolved',
  assignee: 'opal',
  outcome: 'false_alarm',
  note: '=door, wind',
  fired_at: '2026-03-01T01:00:00.000Z',
  acknowledged_by: 'opal',
  acknowledged_at: '2026-03-01T01:02:00.000Z',
  resolved_by: 'opal',
  resolved_at: '2026-03-01T01:10:00.000Z',
  summary: { rule: 'Screams', labels: [{ ko: '비명', en: 'Scream' }], mics: ['Gate'] },
  ...overrides,
});

const handover: Handover = {
  from: '2026-03-01T00:00:00.000Z',
  to: '2026-03-01T08:00:00.000Z',
  fired: {
    composites: 1,
    events: 4,
    by_label: [{ id: 'scream', name: { ko: '비명', en: 'Scream' }, events: 4, composites: 1 }],
    by_rule: [{ id: 'r1', name: 'Screams', composites: 1 }],
    by_edge: [{ edge_id: 'edge-a', events: 4, composites: 1 }],
    busiest_mics: [{ id: 'm1', name: 'Gate', edge_id: 'edge-a', events: 4 }],
    complete: true,
  },
  edge_error: null,
  response_times: { acknowledge: { count: 1, median_ms: 120_000 }, resolve: { count: 1, median_ms: 600_000 } },
  resolved: { total: 1, by_outcome: { real_incident: 0, false_alarm: 1, test: 0, other: 0 }, items: [item({})] },
  people: [{ name: 'opal', acknowledged: 1, resolved: 1 }],
  open: {
    total: 1,
    new: 0,
    acknowledged: 1,
    unowned: 0,
    items: [
      item({
        id: 'e7',
        kind: 'event',
        state: 'acknowledged',
        outcome: null,
        resolved_by: null,
        resolved_at: null,
        note: null,
        assignee: 'otto',
        summary: null,
      }),
    ],
  },
  capped: false,
};

async function lines(blob: Blob): Promise<string[]> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return new TextDecoder().decode(bytes.slice(3)).trim().split('\r\n');
}

describe('handover CSV', () => {
  it('holds the medians, the counts, the resolved items with outcome and the open ones with owner', async () => {
    const rows = await lines(handoverCsvBlob(handover, 'en'));
    expect(rows[0]).toBe(
      'section,name,count,kind,id,state,outcome,owner,fired_at_utc,acknowledged_by,acknowledged_at_utc,resolved_by,resolved_at_utc,note,place',
    );
    expect(rows).toContain('summary,median_seconds_to_acknowledge,120');
    expect(rows).toContain('summary,median_seconds_to_resolve,600');
    expect(rows).toContain('events_by_label,Scream,4');
    expect(rows).toContain('resolved_by_outcome,false_alarm,1');
    // Text a spreadsheet would run as a formula is defused.
    expect(rows).toContain(
      `resolved,Screams · Scream,,composite,c1,resolved,false_alarm,opal,2026-03-01T01:00:00.000Z,opal,2026-03-01T01:02:00.000Z,opal,2026-03-01T01:10:00.000Z,"'=door, wind",`,
    );
    expect(rows.at(-1)).toMatch(/^open,e7,,event,e7,acknowledged,,otto,/);
  });

  it('gives a composite incident its place in words, and a sound event none', async () => {
    const places = new Map([
      ['c1', '120 m north-east of Gate ±15 m'],
      ['e7', 'never shown for an event'],
    ]);
    const rows = await lines(handoverCsvBlob(handover, 'en', places));
    expect(rows.find((row) => row.startsWith('resolved,'))).toMatch(/,120 m north-east of Gate ±15 m$/);
    expect(rows.at(-1)).toMatch(/,$/);
  });

  it('names the labels in the reader’s language and falls back to the id when the edge said nothing', async () => {
    expect(describeItem(item({}), 'ko')).toBe('Screams · 비명');
    expect(describeItem(item({ kind: 'event' }), 'en')).toBe('Scream · Gate');
    expect(describeItem(item({ summary: null }), 'en')).toBe('c1');
    expect(await lines(handoverCsvBlob(handover, 'ko'))).toContain('events_by_label,비명,4');
  });
});
