import { defineSearchParams, numberOf, positiveInt, typedText, type SearchState } from '@/lib/search-params';

export const PAGE_SIZES = [10, 25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 25;

/**
 * The table's view state as it lives in the URL, so a view can be bookmarked, shared and walked
 * back. The search boxes keep what was typed, spaces and all.
 */
export const micTableSearch = defineSearchParams({
  page: positiveInt(1),
  size: numberOf(PAGE_SIZES, DEFAULT_PAGE_SIZE),
  name: typedText(),
  edgeId: typedText().as('edge_id'),
});
export type MicTableState = SearchState<typeof micTableSearch>;

/** The request for the list endpoint; blank filters are left out rather than sent empty. */
export function listParamsOf(state: MicTableState) {
  const name = state.name.trim();
  const edgeId = state.edgeId.trim();
  return {
    page: state.page,
    size: state.size,
    ...(name !== '' ? { name } : {}),
    ...(edgeId !== '' ? { edge_id: edgeId } : {}),
  };
}
