import { MantineProvider } from '@mantine/core';
import { render, waitFor } from '@testing-library/react';
import { MapContainer } from 'react-leaflet';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PULSE_MS } from './mic-glyph';
import { MicMarkerLayer } from './mic-marker-layer';
import type { MarkerMic } from './mic-marker-state';

/** What each canvas was asked to do: the name and arguments of every call on its context. */
const drawn = new WeakMap<HTMLCanvasElement, { op: string; args: unknown[] }[]>();
const callsOn = (canvas: Element | null) => drawn.get(canvas as HTMLCanvasElement) ?? [];
const arcs = (canvas: Element | null) => callsOn(canvas).filter((call) => call.op === 'arc');

const mic = (id: string, lon: number): MarkerMic => ({ id, name: id, lat: 37.5, lon, state: 'active', freshness: 0 });
// About 150 px apart at zoom 12: each its own marker.
const MICS = [mic('a', 127), mic('b', 127.05), mic('c', 127.1)];

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let reducedMotion = false;
/** The animations handed to the browser (jsdom has none). */
let animations: { keyframes: unknown; options: unknown; currentTime: number | null }[] = [];
/** Whether each animation is still running, and on what. */
const running = new Map<object, { canvas: Element; running: boolean }>();
const saved = {
  getContext: HTMLCanvasElement.prototype.getContext,
  matchMedia: window.matchMedia,
};

beforeEach(() => {
  reducedMotion = false;
  animations = [];
  running.clear();
  HTMLElement.prototype.animate = function animate(this: HTMLElement, keyframes: unknown, options: unknown) {
    const record = { keyframes, options, currentTime: null as number | null };
    animations.push(record);
    running.set(record, { canvas: this, running: true });
    return {
      cancel: () => running.set(record, { canvas: this, running: false }),
      set currentTime(ms: number) {
        record.currentTime = ms;
      },
    } as unknown as Animation;
  } as unknown as typeof HTMLElement.prototype.animate;
  HTMLCanvasElement.prototype.getContext = function getContext(this: HTMLCanvasElement) {
    const calls = drawn.get(this) ?? [];
    drawn.set(this, calls);
    return new Proxy({} as CanvasRenderingContext2D, {
      get: (target, key) =>
        key in target
          ? target[key as keyof CanvasRenderingContext2D]
          : (...args: unknown[]) => void calls.push({ op: String(key), args }),
      set: (target, key, value) => Reflect.set(target, key, value),
    });
  } as unknown as typeof HTMLCanvasElement.prototype.getContext;
  window.matchMedia = (query: string) =>
    ({
      ...saved.matchMedia(query),
      matches: query === '(prefers-reduced-motion: reduce)' ? reducedMotion : saved.matchMedia(query).matches,
    }) as MediaQueryList;
  // Leaflet sizes the map (and what it draws) from its container; jsdom lays nothing out.
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 800 });
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 600 });
});

afterEach(() => {
  Reflect.deleteProperty(HTMLElement.prototype, 'animate');
  HTMLCanvasElement.prototype.getContext = saved.getContext;
  window.matchMedia = saved.matchMedia;
  // jsdom's own (zero) sizes are on Element.prototype.
  Reflect.deleteProperty(HTMLElement.prototype, 'clientWidth');
  Reflect.deleteProperty(HTMLElement.prototype, 'clientHeight');
});

function renderLayer(mics: readonly MarkerMic[], pulses: ReadonlyMap<string, number>) {
  const view = (markers: readonly MarkerMic[], now: ReadonlyMap<string, number>) => (
    <MantineProvider>
      <MapContainer center={[37.5, 127.05]} zoom={12} style={{ width: 800, height: 600 }}>
        <MicMarkerLayer mics={markers} pulses={now} />
      </MapContainer>
    </MantineProvider>
  );
  const result = render(view(mics, pulses));
  return {
    markers: () => result.container.querySelector('.leaflet-mic-markers-pane canvas'),
    rings: () => [...result.container.querySelectorAll('.leaflet-mic-pulses-pane canvas')],
    rerender: (markers: readonly MarkerMic[], now: ReadonlyMap<string, number>) => result.rerender(view(markers, now)),
  };
}

describe('mic marker pulses', () => {
  it('are drawn once, on a ring-sized strip the compositor steps through, never on the markers canvas', async () => {
    const pulseAt = Date.now() - 100;
    const layer = renderLayer(MICS, new Map([['b', pulseAt]]));
    await waitFor(() => expect(arcs(layer.markers()).length).toBeGreaterThanOrEqual(3));
    const [strip] = layer.rings() as HTMLCanvasElement[];
    // Its 24 steps side by side, each holding the largest ring, not the map: (8 + 30 + 1) px each side of the mic.
    expect([strip!.width, strip!.height]).toEqual([24 * 78, 78]);
    const radii = arcs(strip!).map((call) => call.args[2] as number);
    expect(radii).toHaveLength(24);
    expect(radii[0]).toBe(8);
    expect(radii[23]).toBeCloseTo(8 + (23 / 24) * 28);
    expect(animations).toEqual([
      {
        keyframes: [{ transform: 'translateX(0)' }, { transform: `translateX(-${24 * 78}px)` }],
        options: { duration: 1600, iterations: Infinity, easing: 'steps(24)' },
        currentTime: expect.any(Number) as number,
      },
    ]);
    // In step with the pulse: as far into its cycle as the pulse was when the ring was shown.
    expect(animations[0]!.currentTime).toBeGreaterThanOrEqual(100);
    expect(animations[0]!.currentTime).toBeLessThanOrEqual(Date.now() - pulseAt);

    // While it runs, nothing is drawn again: no frame loop on the page.
    callsOn(layer.markers()).length = 0;
    callsOn(strip!).length = 0;
    await wait(400);
    expect(callsOn(strip!)).toEqual([]);
    expect(callsOn(layer.markers())).toEqual([]);

    // New answers (new objects for the same mics) and a new pulse: a second ring, no marker redrawn.
    layer.rerender(
      MICS.map((m) => ({ ...m })),
      new Map([
        ['b', Date.now() - 500],
        ['c', Date.now()],
      ]),
    );
    expect(layer.rings()).toHaveLength(2);
    await wait(100);
    expect(callsOn(layer.markers())).toEqual([]);
  });

  it('stand still with reduced motion and go when the pulse is over', async () => {
    reducedMotion = true;
    const layer = renderLayer(MICS, new Map([['a', Date.now() - PULSE_MS + 1200]]));
    // One still ring 9 px outside the marker (radius 8).
    const lastRadius = () => arcs(layer.rings()[0] ?? null).at(-1)?.args[2];
    await waitFor(() => expect(lastRadius()).toBe(17));
    const [ring] = layer.rings() as HTMLCanvasElement[];
    expect([ring!.width, ring!.height]).toEqual([78, 78]);
    expect([...running.values()].filter((a) => a.canvas === ring && a.running)).toEqual([]);
    const drawn = arcs(ring!).length;
    await wait(200);
    expect(arcs(ring!)).toHaveLength(drawn);
    await waitFor(() => expect(layer.rings()).toHaveLength(0));
    expect(arcs(layer.markers()).length).toBeGreaterThanOrEqual(3);
  });
});
