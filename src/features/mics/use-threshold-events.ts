import { useQueries, useQuery } from '@tanstack/react-query';
import { eventQueries, MAX_PAGE_SIZE, type ApiError, type LabelName } from '@/api';

const DAY_MINUTES = 24 * 60;
/** At most this many pages of 100 are read per category, so a chatty device cannot stall the drawer. */
export const PREVIEW_PAGE_CAP = 5;

export interface ThresholdEvents {
  confidences: number[];
  /** Events the edge counts in the window; more than `confidences.length` when the cap was hit. */
  total: number;
  capped: boolean;
  /** Label names as the events carry them. */
  labelName: LabelName | null;
  isPending: boolean;
  error: ApiError | Error | null;
}

/** The device's events of one label in the last 24 hours, walking the pages up to the cap. */
export function useThresholdEvents(micId: string, category: string, enabled: boolean): ThresholdEvents {
  const params = { mic_id: [micId], label_id: [category], sinceMinutes: DAY_MINUTES, size: MAX_PAGE_SIZE };
  const first = useQuery({ ...eventQueries.list({ ...params, page: 1 }), enabled, placeholderData: undefined });
  const lastPage = Math.min(first.data?.max_page ?? 1, PREVIEW_PAGE_CAP);
  const rest = useQueries({
    queries: Array.from({ length: Math.max(0, lastPage - 1) }, (_, i) => ({
      ...eventQueries.list({ ...params, page: i + 2 }),
      enabled,
      placeholderData: undefined,
    })),
  });
  const pages = [first, ...rest];
  const confidences = pages.flatMap((p) => p.data?.results.map((e) => e.confidence) ?? []);
  const total = first.data?.total_cnt ?? 0;
  return {
    confidences,
    total,
    capped: (first.data?.max_page ?? 1) > PREVIEW_PAGE_CAP,
    labelName: first.data?.results[0]?.label.name ?? null,
    isPending: pages.some((p) => p.isPending),
    error: pages.find((p) => p.error !== null)?.error ?? null,
  };
}
