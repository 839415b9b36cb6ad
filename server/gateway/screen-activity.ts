import type { FastifyInstance } from 'fastify';

/**
 * When the console last saw a screen's API request (its start or its answer). Background readers
 * of the edge (the insights back-fill) stand aside for a moment after it: a page's requests come
 * in bursts, and each of them waited behind a back-fill page at the edge and on the event loop.
 */
export class ScreenActivity {
  private lastAt = -Infinity;

  constructor(private readonly now: () => number = Date.now) {}

  touch(): void {
    this.lastAt = this.now();
  }

  /** Whether a screen asked something less than `quietMs` ago. */
  busy(quietMs: number): boolean {
    return this.now() - this.lastAt < quietMs;
  }
}

/** Notes every request under /api/ (pages and their answers, the gateway's and the console's own). */
export function trackScreens(app: FastifyInstance, activity: ScreenActivity): void {
  const note = async (request: { url: string }) => {
    if (request.url.startsWith('/api/')) activity.touch();
  };
  app.addHook('onRequest', note);
  app.addHook('onResponse', note);
}
