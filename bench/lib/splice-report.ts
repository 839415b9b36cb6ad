/** The heading each bench section writes in bench/RESULTS.md. */
const HEADINGS: Record<string, string[]> = {
  bundle: ['## 1. '],
  load: ['## 2. '],
  lighthouse: ['## 2b. '],
  city: ['## 2c. '],
  map: ['## 3. '],
  soak: ['## 4. '],
  server: ['## 5. '],
  freshness: ['## 6. '],
  edge: ['## 7. '],
  backfill: ['## 8. '],
  corroboration: ['## 8. '],
  'backfill-city': ['## 8b. '],
  locate: ['## 9. '],
  evidence: ['## 10. '],
  cluster: ['## 11. '],
  alerts: ['## 12. '],
};

/** A markdown document's `## ` sections: the text before the first, then each from its heading on. */
function sections(text: string): string[] {
  return text.split(/^(?=## )/m);
}

/**
 * The report as it stands with only the sections a partial run (--only) measured replaced by
 * their fresh text: bench/results.json may hold only some sections (it is not kept in git), and
 * rewriting the whole report from it would erase the others. A section the report lacks is left
 * out rather than guessed into place; a section name without a known heading replaces nothing.
 */
export function spliceReport(current: string, fresh: string, sectionsRun: readonly string[]): string {
  const prefixes = sectionsRun.flatMap((s) => HEADINGS[s] ?? []);
  const replacement = new Map(
    sections(fresh).flatMap((s) => {
      const prefix = prefixes.find((p) => s.startsWith(p));
      return prefix === undefined ? [] : [[prefix, s] as const];
    }),
  );
  return sections(current)
    .map((s) => {
      const prefix = prefixes.find((p) => s.startsWith(p));
      if (prefix === undefined || !replacement.has(prefix)) return s;
      // Keep the blank line the old section ended with before the next heading.
      return replacement.get(prefix)!.replace(/\n*$/, s.endsWith('\n\n') ? '\n\n' : '\n');
    })
    .join('');
}
