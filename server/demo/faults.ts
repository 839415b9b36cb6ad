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
 * List envelopes lose a number in `total_cnt`; single objects get a string where a number belongs.
 */
export function wrongShape(body: unknown): unknown {
  if (typeof body !== 'object' || body === null) return body;
  const copy = structuredClone(body) as Record<string, unknown>;
  if ('total_cnt' in copy && Array.isArray(copy.results)) {
    const first = copy.results[0] as Record<string, unknown> | undefined;
    if (first !== undefined && typeof first === 'object') first.created_at = 1_700_000_000;
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
