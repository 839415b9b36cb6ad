import type { InsightsService } from './service.js';
import { unusualAt } from './unusual-report.js';

/** How often the last quarter hour is weighed: an incident's priority may lag its area by this much. */
export const UNUSUAL_EVERY_MS = 60_000;

/**
 * Which mics are in an unusual area right now (a mic flagged alone, or every mic of a flagged area),
 * looked at once a minute for the priority score's "area unusual now". Empty until the back-fill
 * has counted enough past weeks to expect anything, and after a look that failed: an unusual area
 * only adds to a score, so not knowing must not add to one.
 */
export class UnusualWatch {
  private found: ReadonlySet<string> = new Set();
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(
    private readonly service: InsightsService,
    private readonly onError: (error: unknown) => void = () => {},
    private readonly now: () => number = Date.now,
  ) {}

  mics(): ReadonlySet<string> {
    return this.found;
  }

  start(everyMs = UNUSUAL_EVERY_MS): void {
    const next = () => {
      if (this.stopped) return;
      this.timer = setTimeout(() => void this.look().finally(next), everyMs);
      this.timer.unref();
    };
    next();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer !== null) clearTimeout(this.timer);
  }

  /** One look at the last quarter hour; what it finds replaces what the last look found. */
  async look(): Promise<ReadonlySet<string>> {
    try {
      const { found } = await unusualAt(this.service, this.now);
      this.found = new Set([...found.mics.map((m) => m.mic_id), ...found.areas.flatMap((a) => a.mic_ids)]);
    } catch (error) {
      this.found = new Set();
      this.onError(error);
    }
    return this.found;
  }
}
