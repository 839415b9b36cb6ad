import dayjs from 'dayjs';

/** The preset lengths the picker offers, in hours; the default is the first. */
export const PERIOD_HOURS = [8, 12, 24] as const;
const MAX_HOURS = 24 * 31;

export type HandoverPeriod = { kind: 'last'; hours: number } | { kind: 'range'; from: string; to: string };

const iso = (value: string | null) => {
  if (value === null || value.trim() === '') return null;
  const parsed = dayjs(value);
  return parsed.isValid() ? parsed.toISOString() : null;
};

/** `?hours=12` (the last 12 hours) or `?from=…&to=…`; anything unreadable is the last 8 hours. */
export function parseHandoverPeriod(params: URLSearchParams): HandoverPeriod {
  const from = iso(params.get('from'));
  const to = iso(params.get('to'));
  if (from !== null && to !== null && from < to) return { kind: 'range', from, to };
  const hours = Number(params.get('hours'));
  return { kind: 'last', hours: Number.isInteger(hours) && hours > 0 && hours <= MAX_HOURS ? hours : PERIOD_HOURS[0] };
}

export function handoverPeriodToSearch(period: HandoverPeriod): URLSearchParams {
  const params = new URLSearchParams();
  if (period.kind === 'range') {
    params.set('from', period.from);
    params.set('to', period.to);
  } else if (period.hours !== PERIOD_HOURS[0]) {
    params.set('hours', String(period.hours));
  }
  return params;
}

/** The bounds to ask for: "the last N hours" ends at `now`, cut to the minute so the query stays the same for a while. */
export function periodBounds(period: HandoverPeriod, now: number): { from: string; to: string } {
  if (period.kind === 'range') return { from: period.from, to: period.to };
  const to = Math.floor(now / 60_000) * 60_000 + 60_000;
  return { from: new Date(to - period.hours * 3_600_000).toISOString(), to: new Date(to).toISOString() };
}
