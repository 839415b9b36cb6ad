import { useQueries, useQuery } from '@tanstack/react-query';
import { eventQueries, MAX_PAGE_SIZE, type ApiError, type LabelName } from '@/api';

const DAY_MINUTES = 24 * 60;
/** At most this many pages of 100 are read per category, so a chatty device cannot stall the drawer. */
export const PREVIEW_PAGE_CAP = 5;

export interface ThresholdEvents {
  confidences: number[];
  /** More events were there than were read. */
  capped: boolean;
  /** Label names as the events carry them. */
  labelName: LabelName | null;
  isPending: boolean;
  error: ApiError | Error | null;
}

interface EventPages {
  events: { label: { id: string; name: LabelName }; confidence: number }[];
  capped: boolean;
  isPending: boolean;
  error: ApiError | Error | null;
}

/** The device's events of these labels in the last 24 hours, newest first, walking the pages up to the cap. */
function useEventPages(micId: string, categories: readonly string[], pageCap: number, enabled: boolean): EventPages {
  const params = { mic_id: [micId], label_id: categories, sinceMinutes: DAY_MINUTES, size: MAX_PAGE_SIZE };
  const first = useQuery({ ...eventQueries.list({ ...params, page: 1 }), enabled, placeholderData: undefined });
  const lastPage = Math.min(first.data?.max_page ?? 1, pageCap);
  const rest = useQueries({
    queries: Array.from({ length: Math.max(0, lastPage - 1) }, (_, i) => ({
      ...eventQueries.list({ ...params, page: i + 2 }),
      enabled,
      placeholderData: undefined,
    })),
  });
  const pages = [first, ...rest];
  return {
    events: pages.flatMap((p) => p.data?.results ?? []),
    capped: (first.data?.max_page ?? 1) > pageCap,
    isPending: pages.some((p) => p.isPending),
    error: pages.find((p) => p.error !== null)?.error ?? null,
  };
}

/** Each category's share of a read, in one pass: its confidences, and its name as its newest event carries it. */
function byCategory(read: EventPages, categories: readonly string[]): Map<string, ThresholdEvents> {
  const shares = new Map<string, ThresholdEvents>(
    categories.map((category) => [
      category,
      { confidences: [], capped: read.capped, labelName: null, isPending: read.isPending, error: read.error },
    ]),
  );
  for (const event of read.events) {
    const share = shares.get(event.label.id);
    if (share === undefined) continue;
    share.confidences.push(event.confidence);
    share.labelName ??= event.label.name;
  }
  return shares;
}

/**
 * Every category the device reports, in one read split by category. A request per category (nine
 * on a city's device) cost the drawer's opening task a fetch each and a redraw of the form as each
 * answer came; a device's day is a page or two for all of them. The cap grows with the
 * categories: as many events in all as they read apiece.
 */
export function useDeviceThresholdEvents(
  micId: string,
  categories: readonly string[],
): ReadonlyMap<string, ThresholdEvents> {
  return byCategory(
    useEventPages(micId, categories, PREVIEW_PAGE_CAP * categories.length, categories.length > 0),
    categories,
  );
}

/** The device's events of one label in the last 24 hours: a category added in the form. */
export function useThresholdEvents(micId: string, category: string, enabled: boolean): ThresholdEvents {
  return byCategory(useEventPages(micId, [category], PREVIEW_PAGE_CAP, enabled), [category]).get(category)!;
}
