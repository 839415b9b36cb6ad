import { custom, defineSearchParams, text } from './search-params';
import * as z from 'zod/mini';

/**
 * A threshold proposed from elsewhere (the insights page) for the mic drawer to fill in:
 * `/mics/<id>?suggest=<label>&to=<0..1>`. The drawer shows it unsaved, with its preview;
 * saving stays the person's decision.
 */
export const thresholdSuggestionSearch = defineSearchParams({
  label: text().as('suggest'),
  value: custom<number | null>(
    z.pipe(
      z.string().check(z.regex(/^\s*(0(\.\d+)?|1(\.0+)?)\s*$/)),
      z.transform((value) => Number(value)),
    ),
    null,
    (value) => (value === null ? null : String(value)),
  ).as('to'),
});

export function suggestionLink(micId: string, labelId: string, value: number): string {
  const search = thresholdSuggestionSearch.write({ label: labelId, value: Math.round(value * 1000) / 1000 });
  return `/mics/${encodeURIComponent(micId)}?${search.toString()}`;
}
