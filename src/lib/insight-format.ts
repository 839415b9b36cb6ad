/**
 * Numbers of the acoustic insights in words people read at a glance: an expected count as
 * "usually N", a p-value as odds ("1 in 2,000"), a silence as days and hours.
 */

import { formatAge, formatDuration } from './format';

/** What "usually" says of an expected count: 'never' below one event in twenty windows. */
export type Usually = { kind: 'never' } | { kind: 'count'; value: string };

export function usually(expected: number, locale = 'en'): Usually {
  if (!Number.isFinite(expected) || expected < 0.05) return { kind: 'never' };
  // Below one, a decimal says "less than once" honestly; above, a fraction of an event is noise.
  const digits = expected < 1 ? 1 : 0;
  const rounded = expected < 1 ? Math.round(expected * 10) / 10 : Math.round(expected);
  return {
    kind: 'count',
    value: rounded.toLocaleString(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits }),
  };
}

/**
 * A p-value as the odds of seeing this many by chance, rounded to two significant figures
 * ("1 in 1,300"); past a million it says "over a million" instead of pretending to precision.
 */
export function chanceOdds(pValue: number, locale = 'en'): { kind: 'odds'; value: string } | { kind: 'tiny' } {
  if (!(pValue > 1e-6)) return { kind: 'tiny' };
  const odds = 1 / Math.min(1, pValue);
  const magnitude = 10 ** Math.max(0, Math.floor(Math.log10(odds)) - 1);
  return { kind: 'odds', value: (Math.round(odds / magnitude) * magnitude).toLocaleString(locale) };
}

/** The p-value itself for the hint: "p = 0.00042", "p < 0.000001". */
export function pValueText(pValue: number): string {
  if (!(pValue >= 1e-6)) return 'p < 0.000001';
  return `p = ${pValue.toPrecision(2).replace(/e-(\d+)$/, (_, exp: string) => `e-${exp}`)}`;
}

/**
 * A span in seconds, coarsely, in the UI language: "45 s", "12 min", "5 h 20 min", "2 d 4 h"
 * (Korean "45초", "12분"...). A minute or more is said as an age is, rounded down.
 */
export function spanText(seconds: number): string {
  const ms = Math.max(0, seconds) * 1000;
  return ms < 60_000 ? formatDuration(ms) : formatAge(ms);
}

/** Events a day, as a short number: "0.4", "12", "1,250". */
export function perDayText(perDay: number, locale = 'en'): string {
  const digits = perDay < 10 ? 1 : 0;
  return perDay.toLocaleString(locale, { maximumFractionDigits: digits });
}
