/** Fault modes of the demo edge, switched by tests through the control endpoint. */
export const FAULT_MODES = [
  'normal',
  'down',
  'slow',
  'malformed',
  'wrong-shape',
  'unauthorized',
  'forbidden',
  'server-error',
] as const;
export type FaultMode = (typeof FAULT_MODES)[number];

export const FAULT_SCOPES = ['all', 'read', 'write'] as const;
export type FaultScope = (typeof FAULT_SCOPES)[number];

export interface FaultState {
  mode: FaultMode;
  scope: FaultScope;
  delayMs: number;
}

export function normalFaults(): FaultState {
  return { mode: 'normal', scope: 'all', delayMs: 3000 };
}

export function faultApplies(state: FaultState, method: string): boolean {
  if (state.mode === 'normal') return false;
  const write = method !== 'GET' && method !== 'HEAD';
  return state.scope === 'all' || (state.scope === 'write') === write;
}

/**
 * Changes one field's type the way a firmware update might, so clients must name the field.
 * A list's first item gets a number for its timestamp (`created_at`, or a composite event's
 * `started_at`); an empty list gets a string `total_cnt`; a single mic a string `location`.
 */
export function wrongShape(body: unknown): unknown {
  if (typeof body !== 'object' || body === null) return body;
  const copy = structuredClone(body) as Record<string, unknown>;
  if ('total_cnt' in copy && Array.isArray(copy.results)) {
    const first = copy.results[0] as Record<string, unknown> | undefined;
    // Composite events carry `started_at` rather than `created_at`: break the field that item really has.
    if (first !== undefined && typeof first === 'object')
      first['started_at' in first ? 'started_at' : 'created_at'] = 1_700_000_000;
    else copy.total_cnt = 'many';
    return copy;
  }
  if ('data' in copy && typeof copy.data === 'object' && copy.data !== null) {
    (copy.data as Record<string, unknown>).location = 'somewhere';
    return copy;
  }
  if ('started_at' in copy) copy.started_at = 1_700_000_000;
  return copy;
}
