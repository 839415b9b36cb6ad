import { EDGES } from './catalog.js';
import { Soundscape, type Detection, type PlacedMic, type Quirks } from './physics.js';
import { Random } from './random.js';
import type { DemoStore } from './store.js';

/** Mics are dealt to sites in turn, so mic i and mic i + SITE_COUNT stand on the same site. */
const SITE_COUNT = EDGES.reduce((n, edge) => n + edge.sites.length, 0);

/** The seeded mics where they stand now (an admin may have moved one), with the seeded quirks. */
export function currentWorld(store: DemoStore): Soundscape {
  const places = store.micPlaces();
  const index = new Map(places.map((m, i) => [m.id, i]));
  const mics: PlacedMic[] = places.map((m, i) => ({ ...m, site: i % SITE_COUNT, labels: [] }));
  const { deaf, noisy } = store.quirks();
  const quirks: Quirks = {
    deaf: deaf === null ? -1 : (index.get(deaf.id) ?? -1),
    deafSince: deaf?.since ?? 0,
    noisy: new Map(
      Object.entries(noisy).flatMap(([id, label]) => (index.has(id) ? [[index.get(id)!, label] as const] : [])),
    ),
  };
  return new Soundscape(mics, quirks, new Random(Date.now() & 0xffffffff));
}

/**
 * Keeps the demo edge alive: moments drawn as a Poisson process, thinned by each area's daily
 * rhythm; a moment is a lone detection or an incident heard by the mics around it, each after the
 * time sound takes to reach it, which the rules may turn into a composite event.
 */
export function startLiveFeed(store: DemoStore, meanIntervalMs: number): () => void {
  if (meanIntervalMs <= 0) return () => undefined;
  const rng = new Random(Date.now() & 0xffffffff);
  const world = currentWorld(store);
  const micIds = store.micPlaces().map((m) => m.id);
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

  const emit = (d: Detection) => {
    try {
      // At the moment the physics says, to the millisecond, not whenever the timer fired.
      store.addEvent({ mic_id: micIds[d.mic]!, label_id: d.labelId, at: d.at, sound_level: d.level, truth: d.truth });
    } catch (error) {
      // A mic can disappear between ticks only if the database was replaced; skip the tick.
      console.error('demo feed: could not add event', error);
    }
  };

  const tick = () => {
    const now = Date.now();
    store.reportIn(now);
    for (const d of world.moment(rng, now)) later(d.at - now, () => emit(d));
    later(rng.exponential(meanIntervalMs), tick);
  };
  later(rng.exponential(meanIntervalMs), tick);

  return () => {
    stopped = true;
    for (const timer of timers) clearTimeout(timer);
    timers.clear();
  };
}
