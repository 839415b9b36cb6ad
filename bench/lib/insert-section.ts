/**
 * Puts a fresh section into bench/RESULTS.md: in place of the one with the same heading, or, for
 * a section the report has never had, before the heading of the one that follows it. (The splice
 * of a partial run leaves out sections the report lacks; this is how a new one gets in once.)
 */
export function insertSection(report: string, section: string, beforeHeading: string): string {
  const heading = section.trimStart().split('\n')[0]!;
  const prefix = heading.slice(0, heading.indexOf('.') + 2);
  const parts = report.split(/^(?=## )/m);
  const text = `${section.trim()}\n\n`;
  const at = parts.findIndex((p) => p.startsWith(prefix));
  if (at >= 0) parts[at] = text;
  else {
    const next = parts.findIndex((p) => p.startsWith(beforeHeading));
    parts.splice(next < 0 ? parts.length : next, 0, text);
  }
  return parts.join('');
}
