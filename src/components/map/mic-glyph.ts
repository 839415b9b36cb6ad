import { STATE_COLORS, type MarkerState } from './mic-marker-state';

/** What one canvas marker shows: a single mic, or a cluster with its count and most urgent state. */
export type Glyph =
  | { kind: 'mic'; state: MarkerState; freshness: number; selected: boolean }
  | { kind: 'cluster'; state: MarkerState; count: number; selected: boolean };

export interface GlyphStyle {
  /** 1 on a desk, larger on a wall display. */
  scale: number;
  dark: boolean;
  reducedMotion: boolean;
}

/** How long a new event makes its mic pulse. */
export const PULSE_MS = 30_000;
/** One growing ring of a pulse. */
export const PULSE_CYCLE_MS = 1_600;

export function clusterRadius(count: number, scale: number): number {
  return (13 + Math.min(13, Math.log2(Math.max(2, count)) * 2.2)) * scale;
}

/** The radius that counts as "on" the marker for clicks and hover. */
export function hitRadius(glyph: Glyph, scale: number): number {
  if (glyph.kind === 'cluster') return clusterRadius(glyph.count, scale);
  return (glyph.state === 'fresh' ? 9 : 8) * scale;
}

/** How far the marker's drawing reaches beyond its centre: the halos (its pulse ring is drawn apart). */
export function drawExtent(glyph: Glyph, scale: number): number {
  return hitRadius(glyph, scale) + 14 * scale;
}

/** How far a pulse ring reaches beyond the marker's centre: the widest ring and half its line. */
export function pulseExtent(glyph: Glyph, scale: number): number {
  return hitRadius(glyph, scale) + 30 * scale;
}

export function isPulsing(pulseAt: number | null, now: number): boolean {
  return pulseAt !== null && now - pulseAt < PULSE_MS && now >= pulseAt - 1000;
}

/** A 2D context in the page or off it (bitmap-canvas.ts draws on an OffscreenCanvas). */
export type DrawingContext = CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D;

function shape(ctx: DrawingContext, state: MarkerState, x: number, y: number, r: number): void {
  ctx.beginPath();
  if (state === 'inactive') {
    ctx.rect(x - r * 0.85, y - r * 0.85, r * 1.7, r * 1.7);
  } else if (state === 'unknown') {
    ctx.moveTo(x, y - r * 1.15);
    ctx.lineTo(x + r * 1.15, y);
    ctx.lineTo(x, y + r * 1.15);
    ctx.lineTo(x - r * 1.15, y);
    ctx.closePath();
  } else {
    ctx.arc(x, y, r, 0, Math.PI * 2);
  }
}

function ring(ctx: DrawingContext, x: number, y: number, r: number, color: string, alpha: number, width: number): void {
  ctx.globalAlpha = alpha;
  ctx.strokeStyle = color;
  ctx.lineWidth = width;
  ctx.beginPath();
  ctx.arc(x, y, r, 0, Math.PI * 2);
  ctx.stroke();
}

/**
 * Draws the pulse ring of a marker that heard something new: growing and fading over 1.6 s, or
 * standing still with reduced motion. Nothing once the pulse is over.
 */
export function drawPulse(
  ctx: DrawingContext,
  x: number,
  y: number,
  glyph: Glyph,
  pulseAt: number,
  style: GlyphStyle,
  now: number,
): void {
  if (!isPulsing(pulseAt, now)) return;
  const s = style.scale;
  const color = STATE_COLORS[glyph.state];
  const r = hitRadius(glyph, s);
  ctx.save();
  if (style.reducedMotion) {
    ring(ctx, x, y, r + 9 * s, color, 0.9, 3 * s);
  } else {
    // A pulse from a clock a little ahead starts at its smallest ring (a negative radius throws).
    const t = (Math.max(0, now - pulseAt) % PULSE_CYCLE_MS) / PULSE_CYCLE_MS;
    ring(ctx, x, y, r + t * 28 * s, color, 1 - t, 3 * s);
  }
  ctx.restore();
}

/**
 * Draws one marker; its pulse ring is drawn apart (`drawPulse`). Shapes carry the state as well
 * as colour: circle active, hollow square inactive, diamond unknown status, circle with halo
 * rings recently heard (more rings and a larger halo for fresher); a cluster is a large disc
 * with its count and a small shape badge of its most urgent state.
 */
export function drawGlyph(ctx: DrawingContext, x: number, y: number, glyph: Glyph, style: GlyphStyle): void {
  const s = style.scale;
  const color = STATE_COLORS[glyph.state];
  const outline = style.dark ? '#0b1016' : '#ffffff';
  const r = hitRadius(glyph, s);
  ctx.save();

  const heard = glyph.state === 'fresh' || glyph.state === 'recent';
  if (heard) {
    const strength = glyph.kind === 'mic' ? glyph.freshness : 1;
    // Stronger for fresher: a wider, denser halo.
    ctx.globalAlpha = 0.18 + 0.22 * strength;
    ctx.fillStyle = color;
    ctx.beginPath();
    ctx.arc(x, y, r + (4 + 8 * strength) * s, 0, Math.PI * 2);
    ctx.fill();
    ring(ctx, x, y, r + 4 * s, color, 0.9, 1.5 * s);
    if (glyph.state === 'fresh') ring(ctx, x, y, r + 9 * s, color, 0.7, 1.5 * s);
  }

  if (glyph.kind === 'cluster') {
    ctx.globalAlpha = 0.92;
    ctx.fillStyle = color;
    ctx.beginPath();
    ctx.arc(x, y, r, 0, Math.PI * 2);
    ctx.fill();
    ctx.globalAlpha = 1;
    ctx.lineWidth = 2 * s;
    ctx.strokeStyle = outline;
    ctx.stroke();
    ctx.fillStyle = glyph.state === 'unknown' ? '#1a1b1e' : '#ffffff';
    ctx.font = `700 ${Math.round(12 * s + Math.min(3, glyph.count / 200))}px system-ui, sans-serif`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText(glyph.count > 9999 ? `${Math.floor(glyph.count / 1000)}k` : String(glyph.count), x, y + 0.5 * s);
    // The badge repeats the state as a shape, so the cluster is not read by colour alone.
    const bx = x + r * 0.78;
    const by = y - r * 0.78;
    const br = 4.5 * s;
    shape(ctx, glyph.state, bx, by, br);
    ctx.fillStyle = glyph.state === 'inactive' ? outline : color;
    ctx.fill();
    ctx.lineWidth = 1.5 * s;
    ctx.strokeStyle = glyph.state === 'inactive' ? color : outline;
    ctx.stroke();
  } else {
    const body = glyph.state === 'fresh' ? 7.5 * s : 6.5 * s;
    shape(ctx, glyph.state, x, y, body);
    if (glyph.state === 'inactive') {
      ctx.globalAlpha = 0.35;
      ctx.fillStyle = color;
      ctx.fill();
      ctx.globalAlpha = 1;
      ctx.lineWidth = 2.5 * s;
      ctx.strokeStyle = color;
      ctx.stroke();
    } else {
      ctx.globalAlpha = 1;
      ctx.fillStyle = color;
      ctx.fill();
      ctx.lineWidth = 1.5 * s;
      ctx.strokeStyle = outline;
      ctx.stroke();
    }
  }

  if (glyph.selected) ring(ctx, x, y, r + 5 * s, style.dark ? '#ffffff' : '#1c7ed6', 1, 2.5 * s);
  ctx.restore();
}
