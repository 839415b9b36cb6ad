import { EDGES, LABELS } from './catalog.js';
import { Random } from './random.js';
import type { DemoStore } from './store.js';

/** Mics are dealt to sites in turn, so mic i and mic i + SITE_COUNT stand on the same site. */
const SITE_COUNT = EDGES.reduce((n, edge) => n + edge.sites.length, 0);
const INCIDENT_LABELS = ['scream', 'glass_break', 'gunshot', 'explosion', 'help_call', 'siren'] as const;

/**
 * Keeps the demo edge alive: background detections as a Poisson process, and now and then an
 * incident (one kind of sound on neighbouring mics within seconds) that the rules turn into a
 * composite event.
 */
export function startLiveFeed(store: DemoStore, meanIntervalMs: number): () => void {
  if (meanIntervalMs <= 0) return () => undefined;
  const rng = new Random(Date.now() & 0xffffffff);
  const micIds = store.micIds();
  if (micIds.length === 0) return () => undefined;
  const timers = new Set<NodeJS.Timeout>();
  let stopped = false;

  const later = (ms: number, fn: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (!stopped) fn();
    }, ms);
    timer.unref();
    timers.add(timer);
  };

  const emit = (micId: string, labelId: string) => {
    try {
      store.addEvent({ mic_id: micId, label_id: labelId });
    } catch (error) {
      // A mic can disappear between ticks only if the database was replaced; skip the tick.
      console.error('demo feed: could not add event', error);
    }
  };

  const tick = () => {
    const micIndex = rng.int(0, micIds.length - 1);
    if (rng.chance(0.12)) {
      const labelId = rng.pick(INCIDENT_LABELS);
      const count = rng.int(2, 6);
      let offset = 0;
      for (let k = 0; k < count; k++) {
        const neighbour = micIds[Math.min(micIds.length - 1, micIndex + rng.int(0, 2) * SITE_COUNT)]!;
        later(offset, () => emit(neighbour, labelId));
        offset += rng.range(1_500, 9_000);
      }
    } else {
      emit(micIds[micIndex]!, rng.pick(LABELS).id);
    }
    later(rng.exponential(meanIntervalMs), tick);
  };
  later(rng.exponential(meanIntervalMs), tick);

  return () => {
    stopped = true;
    for (const timer of timers) clearTimeout(timer);
    timers.clear();
  };
}
