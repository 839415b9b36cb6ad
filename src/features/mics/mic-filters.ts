/** The table's view state as it lives in the URL, so a view can be bookmarked, shared and walked back. */
export interface MicTableState {
  page: number;
  size: number;
  name: string;
  edgeId: string;
}

export const PAGE_SIZES = [10, 25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 25;

function positiveInt(raw: string | null): number | null {
  if (raw === null || !/^\d+$/.test(raw.trim())) return null;
  const n = Number(raw);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

/** Reads the URL leniently: a hand-edited or stale value falls back to the default instead of an error. */
export function parseTableState(params: URLSearchParams): MicTableState {
  const size = positiveInt(params.get('size'));
  return {
    page: positiveInt(params.get('page')) ?? 1,
    size: size !== null && (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE,
    name: params.get('name') ?? '',
    edgeId: params.get('edge_id') ?? '',
  };
}

/** Writes only what differs from the defaults, so the plain `/mics` stays the plain view. */
export function tableStateToParams(state: MicTableState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.page !== 1) params.set('page', String(state.page));
  if (state.size !== DEFAULT_PAGE_SIZE) params.set('size', String(state.size));
  if (state.name.trim() !== '') params.set('name', state.name);
  if (state.edgeId.trim() !== '') params.set('edge_id', state.edgeId.trim());
  return params;
}

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
