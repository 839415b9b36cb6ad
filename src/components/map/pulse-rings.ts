import { drawPulse, hitRadius, PULSE_CYCLE_MS, PULSE_MS, pulseExtent, type Glyph, type GlyphStyle } from './mic-glyph';
import { STATE_COLORS } from './mic-marker-state';
import { L } from './leaflet-setup';

/** A marker whose mic heard something new: where it is, and the look its ring takes (size, colour). */
export interface PulseSpot {
  key: string;
  lat: number;
  lon: number;
  glyph: Glyph;
  pulseAt: number;
}

interface Ring extends PulseSpot {
  /** Clips the strip to one step; placed with its centre on the marker. */
  box: HTMLDivElement;
  strip: HTMLCanvasElement;
  animation: Animation | null;
  /** What the strip was drawn for: drawn again only when this changes. */
  look: string;
  half: number;
}

/** A ring grows over 1.6 s in 24 steps: 15 a second read as smooth motion from across a room. */
export const PULSE_STEPS = 24;

/**
 * The markers' pulse rings, each drawn once as a strip of its 24 steps on a small canvas of its
 * own, and stepped through by the compositor (a CSS transform animation): a running pulse costs
 * the page no frame of its own. Drawn on the markers' canvas 15 times a second, every frame
 * repainted that canvas and copied it and the basemap's (the view and Leaflet's padding around
 * it, some 6 million pixels on a wall) for as long as a pulse ran, all day on a busy wall.
 */
export class PulseRings {
  private readonly rings = new Map<string, Ring>();
  private timer = 0;

  constructor(
    private readonly map: L.Map,
    private readonly pane: HTMLElement,
  ) {}

  /** Shows a ring for each spot (and none for any other) until its pulse is over. */
  show(spots: readonly PulseSpot[], style: GlyphStyle): void {
    const now = Date.now();
    const shown = new Set<string>();
    for (const spot of spots) {
      if (now - spot.pulseAt >= PULSE_MS) continue;
      shown.add(spot.key);
      let ring = this.rings.get(spot.key);
      if (ring === undefined) {
        const box = L.DomUtil.create('div', 'leaflet-zoom-hide', this.pane);
        box.style.cssText = 'position:absolute;overflow:hidden;pointer-events:none';
        const strip = L.DomUtil.create('canvas', '', box);
        strip.style.cssText = 'display:block;max-width:none';
        ring = { ...spot, box, strip, animation: null, look: '', half: 0 };
        this.rings.set(spot.key, ring);
      }
      const started = ring.pulseAt !== spot.pulseAt;
      Object.assign(ring, spot);
      const look = lookOf(spot.glyph, style);
      if (ring.look !== look) {
        ring.look = look;
        draw(ring, style);
      }
      if (ring.animation === null || started) step(ring, style, now);
      // Placed again each time: a zoom moves every marker's layer point (rings hide while it animates).
      const at = this.map.latLngToLayerPoint([ring.lat, ring.lon]).round();
      L.DomUtil.setPosition(ring.box, at.subtract([ring.half, ring.half]));
    }
    for (const key of [...this.rings.keys()]) if (!shown.has(key)) this.drop(key);
    this.planExpiry();
  }

  clear(): void {
    for (const key of [...this.rings.keys()]) this.drop(key);
    window.clearTimeout(this.timer);
  }

  private drop(key: string): void {
    const ring = this.rings.get(key);
    ring?.animation?.cancel();
    ring?.box.remove();
    this.rings.delete(key);
  }

  /** One timer, for the pulse that ends first: the only work a running pulse asks of the page. */
  private planExpiry(): void {
    window.clearTimeout(this.timer);
    let end = Infinity;
    for (const ring of this.rings.values()) end = Math.min(end, ring.pulseAt + PULSE_MS);
    if (end === Infinity) return;
    this.timer = window.setTimeout(
      () => {
        const now = Date.now();
        for (const ring of [...this.rings.values()]) if (now - ring.pulseAt >= PULSE_MS) this.drop(ring.key);
        this.planExpiry();
      },
      Math.max(0, end - Date.now()),
    );
  }
}

function lookOf(glyph: Glyph, style: GlyphStyle): string {
  return `${STATE_COLORS[glyph.state]} ${hitRadius(glyph, style.scale)} ${style.scale} ${style.reducedMotion}`;
}

/** Draws the ring's steps side by side (one still ring with reduced motion). */
function draw(ring: Ring, style: GlyphStyle): void {
  const half = Math.ceil(pulseExtent(ring.glyph, style.scale) + 1);
  const steps = style.reducedMotion ? 1 : PULSE_STEPS;
  // Still, as sharp as Leaflet's canvas (twice the pixels on a dense screen); a moving, fading
  // ring at one pixel per CSS pixel keeps the 24 steps' memory a quarter of that.
  const density = style.reducedMotion && L.Browser.retina ? 2 : 1;
  ring.half = half;
  ring.box.style.width = `${2 * half}px`;
  ring.box.style.height = `${2 * half}px`;
  ring.strip.width = 2 * half * steps * density;
  ring.strip.height = 2 * half * density;
  ring.strip.style.width = `${2 * half * steps}px`;
  ring.strip.style.height = `${2 * half}px`;
  ring.animation?.cancel();
  ring.animation = null;
  const ctx = ring.strip.getContext('2d');
  if (ctx === null) return;
  ctx.scale(density, density);
  for (let i = 0; i < steps; i++) {
    // Step i as the pulse looks i/24 of the way through its cycle.
    drawPulse(ctx, (2 * i + 1) * half, half, ring.glyph, 0, style, (i * PULSE_CYCLE_MS) / PULSE_STEPS);
  }
}

/** Starts the strip stepping, in phase with the pulse's start. */
function step(ring: Ring, style: GlyphStyle, now: number): void {
  ring.animation?.cancel();
  ring.animation = null;
  if (style.reducedMotion || typeof ring.strip.animate !== 'function') return;
  ring.animation = ring.strip.animate(
    [{ transform: 'translateX(0)' }, { transform: `translateX(-${2 * ring.half * PULSE_STEPS}px)` }],
    { duration: PULSE_CYCLE_MS, iterations: Infinity, easing: `steps(${PULSE_STEPS})` },
  );
  ring.animation.currentTime = Math.max(0, now - ring.pulseAt) % PULSE_CYCLE_MS;
}
