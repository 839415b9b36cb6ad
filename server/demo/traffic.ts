/**
 * Requests that reached the demo edge, per path: tests and the bench read them to show how many
 * requests the console sends the edge, however many screens are open.
 */
export class EdgeTraffic {
  total = 0;
  readonly byPath = new Map<string, number>();

  record(url: string): void {
    const path = url.split('?')[0] ?? url;
    // Single resources are counted together, so the map stays small whatever ids are asked for.
    const key = path.replace(/^(\/api\/v1\/(?:mics|composite-events))\/[^/]+$/, '$1/:id');
    this.total++;
    this.byPath.set(key, (this.byPath.get(key) ?? 0) + 1);
  }

  snapshot(): { total: number; by_path: Record<string, number> } {
    return { total: this.total, by_path: Object.fromEntries(this.byPath) };
  }
}
