import type { ClipAnalysis } from './analysis';

/** A perceptually ordered dark-to-bright scale (close to "inferno"): quiet is dark in both themes. */
const STOPS: readonly [number, number, number, number][] = [
  [0, 0, 0, 4],
  [0.25, 66, 10, 104],
  [0.5, 147, 38, 103],
  [0.75, 221, 81, 58],
  [0.9, 250, 160, 20],
  [1, 252, 255, 164],
];

const COLOURS = (() => {
  const out = new Uint8Array(256 * 3);
  for (let v = 0; v < 256; v++) {
    const x = v / 255;
    const upper = STOPS.findIndex(([at]) => at >= x);
    const [a0, r0, g0, b0] = STOPS[Math.max(0, upper - 1)]!;
    const [a1, r1, g1, b1] = STOPS[Math.max(0, upper)]!;
    const f = a1 === a0 ? 0 : (x - a0) / (a1 - a0);
    out[v * 3] = Math.round(r0 + (r1 - r0) * f);
    out[v * 3 + 1] = Math.round(g0 + (g1 - g0) * f);
    out[v * 3 + 2] = Math.round(b0 + (b1 - b0) * f);
  }
  return out;
})();

/** One pixel per column and frequency bin; the page stretches it to the row's width. */
export function drawSpectrogram(canvas: HTMLCanvasElement, clip: ClipAnalysis): void {
  canvas.width = clip.columns;
  canvas.height = clip.bins;
  const context = canvas.getContext('2d');
  if (context === null) return;
  const image = context.createImageData(clip.columns, clip.bins);
  for (let c = 0; c < clip.columns; c++) {
    for (let b = 0; b < clip.bins; b++) {
      const level = clip.spectrogram[c * clip.bins + b]!;
      const at = ((clip.bins - 1 - b) * clip.columns + c) * 4;
      image.data[at] = COLOURS[level * 3]!;
      image.data[at + 1] = COLOURS[level * 3 + 1]!;
      image.data[at + 2] = COLOURS[level * 3 + 2]!;
      image.data[at + 3] = 255;
    }
  }
  context.putImageData(image, 0, 0);
}

const WAVE_HEIGHT = 64;

/** The envelope, in the canvas's own CSS colour (so it follows the theme), scaled to the loudest clip of the sound. */
export function drawWaveform(canvas: HTMLCanvasElement, clip: ClipAnalysis, loudest: number): void {
  canvas.width = clip.columns;
  canvas.height = WAVE_HEIGHT;
  const context = canvas.getContext('2d');
  if (context === null) return;
  context.clearRect(0, 0, clip.columns, WAVE_HEIGHT);
  context.fillStyle = getComputedStyle(canvas).color || '#228be6';
  const scale = loudest > 0 ? 1 / loudest : 1;
  const middle = WAVE_HEIGHT / 2;
  for (let c = 0; c < clip.columns; c++) {
    const top = middle - clip.peaks[c * 2 + 1]! * scale * middle;
    const bottom = middle - clip.peaks[c * 2]! * scale * middle;
    context.fillRect(c, top, 1, Math.max(1, bottom - top));
  }
}
