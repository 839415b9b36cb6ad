import { listEvents, MAX_PAGE_SIZE, type SoundEvent } from '@/api';
import { absoluteBounds, type EventFilters } from './event-filters';

/** The most rows one export collects: 100 requests of the largest page. */
export const EXPORT_ROW_CAP = 10_000;

export interface ExportProgress {
  fetched: number;
  /** Rows this export will collect: the matching total, capped. */
  target: number;
  total: number;
}

export interface ExportResult {
  events: SoundEvent[];
  total: number;
  capped: boolean;
}

/**
 * Walks every page of the filter at the largest page size, newest first, up to the cap. The range
 * is pinned to absolute bounds when the export starts, so events arriving meanwhile do not shift
 * the pages under it.
 */
export async function collectEvents(
  filters: EventFilters,
  onProgress: (progress: ExportProgress) => void,
  signal: AbortSignal,
  cap = EXPORT_ROW_CAP,
): Promise<ExportResult> {
  const { start, end } = absoluteBounds(filters);
  const base = { start, end, mic_id: filters.mics, label_id: filters.labels, size: MAX_PAGE_SIZE };
  const byId = new Map<string, SoundEvent>();
  let total = 0;
  let target = 0;
  for (let page = 1; ; page += 1) {
    const result = await listEvents({ ...base, page }, signal);
    if (page === 1) {
      total = result.total_cnt;
      target = Math.min(total, cap);
    }
    for (const event of result.results) if (byId.size < cap) byId.set(event.id, event);
    onProgress({ fetched: byId.size, target, total });
    if (byId.size >= target || page >= result.max_page || result.results.length === 0) break;
  }
  return { events: [...byId.values()], total, capped: total > cap };
}
