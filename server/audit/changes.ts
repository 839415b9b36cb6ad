/** The mic fields an edit can change (the edge interface's PATCH body). */
export const MIC_FIELDS = ['name', 'host', 'status', 'location', 'thresholds'] as const;

const MAX_TEXT = 500;
const MAX_CATEGORIES = 64;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Bounds what one entry can hold: a huge or odd request body must not bloat the trail. */
function bounded(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return value.length > MAX_TEXT ? `${value.slice(0, MAX_TEXT)}…` : value;
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return value;
  if (depth >= 3) return '…';
  if (Array.isArray(value)) return value.slice(0, 16).map((item) => bounded(item, depth + 1));
  if (isRecord(value)) {
    return Object.fromEntries(
      Object.entries(value)
        .slice(0, MAX_CATEGORIES)
        .map(([key, item]) => [key.slice(0, 100), bounded(item, depth + 1)]),
    );
  }
  return undefined;
}

/**
 * The part of a mic that a request asked to change: the requested fields, and of the thresholds
 * only the requested categories. Null when the request named no mic field.
 */
export function pickRequested(mic: unknown, requested: Record<string, unknown>): Record<string, unknown> | null {
  const source = isRecord(mic) ? mic : {};
  const out: Record<string, unknown> = {};
  for (const field of MIC_FIELDS) {
    if (!(field in requested)) continue;
    if (field === 'thresholds' && isRecord(requested.thresholds)) {
      const current = isRecord(source.thresholds) ? source.thresholds : {};
      out.thresholds = Object.fromEntries(
        Object.keys(requested.thresholds)
          .slice(0, MAX_CATEGORIES)
          .map((category) => [category, bounded(current[category] ?? null)]),
      );
    } else {
      out[field] = bounded(source[field] ?? null);
    }
  }
  return Object.keys(out).length === 0 ? null : out;
}

/** The request body as recorded: its mic fields, bounded (unknown keys are kept by name only). */
export function requestedFields(body: Record<string, unknown>): Record<string, unknown> {
  return bounded(body) as Record<string, unknown>;
}

function text(value: unknown): string {
  if (value === undefined || value === null) return '—';
  if (typeof value === 'string') return value;
  if (isRecord(value) && typeof value.latitude === 'number' && typeof value.longitude === 'number')
    return `${value.latitude}, ${value.longitude}`;
  return JSON.stringify(value);
}

/** "field: old → new; …" of an entry's details, for a CSV cell. */
export function changeSummary(details: Record<string, unknown> | null): string {
  if (details === null) return '';
  const before = isRecord(details.before) ? details.before : {};
  const after = isRecord(details.after) ? details.after : isRecord(details.requested) ? details.requested : null;
  const parts: string[] = [];
  if (after !== null) {
    for (const [field, value] of Object.entries(after)) {
      if (field === 'thresholds' && isRecord(value)) {
        const was = isRecord(before.thresholds) ? before.thresholds : {};
        for (const [category, now] of Object.entries(value))
          parts.push(`thresholds.${category}: ${text(was[category])} → ${text(now)}`);
      } else {
        parts.push(`${field}: ${text(before[field])} → ${text(value)}`);
      }
    }
  }
  if (isRecord(details.answer)) parts.push(`answer: ${text(details.answer.status)} ${text(details.answer.detail)}`);
  return parts.join('; ');
}
