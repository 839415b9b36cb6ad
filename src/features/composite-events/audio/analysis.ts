/**
 * What the player draws of a clip: the waveform's envelope, a spectrogram and the moment the
 * sound starts. Pure functions of the decoded samples, run in a worker (analysis-worker.ts).
 */
export interface ClipAnalysis {
  sampleRate: number;
  duration: number;
  columns: number;
  /** min and max of each column, interleaved, in −1…1. */
  peaks: Float32Array;
  /** Frequency bins per column (half the FFT size), lowest first. */
  bins: number;
  /** columns × bins levels, 0–255, column after column. */
  spectrogram: Uint8Array;
  /** Seconds from the clip's start to where the sound rises out of the background. */
  onset: number;
  /** The loudest sample, 0–1. */
  peak: number;
}

export const COLUMNS = 320;
export const FFT_SIZE = 256;
/** The spectrogram shows this many dB below its loudest cell; quieter is black. */
const RANGE_DB = 70;

/** In-place radix-2 FFT of `re` + i·`im` (length a power of two). */
export function fft(re: Float64Array, im: Float64Array): void {
  const n = re.length;
  for (let i = 1, j = 0; i < n; i++) {
    let bit = n >> 1;
    for (; j & bit; bit >>= 1) j ^= bit;
    j ^= bit;
    if (i < j) {
      [re[i], re[j]] = [re[j]!, re[i]!];
      [im[i], im[j]] = [im[j]!, im[i]!];
    }
  }
  for (let size = 2; size <= n; size <<= 1) {
    const angle = (-2 * Math.PI) / size;
    const wr = Math.cos(angle);
    const wi = Math.sin(angle);
    for (let start = 0; start < n; start += size) {
      let cr = 1;
      let ci = 0;
      for (let k = 0; k < size / 2; k++) {
        const a = start + k;
        const b = a + size / 2;
        const tr = re[b]! * cr - im[b]! * ci;
        const ti = re[b]! * ci + im[b]! * cr;
        re[b] = re[a]! - tr;
        im[b] = im[a]! - ti;
        re[a] = re[a]! + tr;
        im[a] = im[a]! + ti;
        const next = cr * wr - ci * wi;
        ci = cr * wi + ci * wr;
        cr = next;
      }
    }
  }
}

function envelope(samples: Float32Array, sampleRate: number): { rms: Float64Array; hop: number } {
  const hop = Math.max(1, Math.round(sampleRate / 100));
  const rms = new Float64Array(Math.max(1, Math.floor(samples.length / hop)));
  for (let w = 0; w < rms.length; w++) {
    let sum = 0;
    for (let i = w * hop; i < (w + 1) * hop && i < samples.length; i++) sum += samples[i]! ** 2;
    rms[w] = Math.sqrt(sum / hop);
  }
  return { rms, hop };
}

/**
 * Where the sound starts: the first 10 ms window whose level rises a quarter of the way from the
 * background (the quietest fifth of the clip) to the loudest window.
 */
export function onsetOf(samples: Float32Array, sampleRate: number): number {
  const { rms, hop } = envelope(samples, sampleRate);
  const sorted = [...rms].sort((a, b) => a - b);
  const floor = sorted[Math.floor(sorted.length * 0.2)] ?? 0;
  const loudest = sorted[sorted.length - 1] ?? 0;
  const threshold = floor + (loudest - floor) * 0.25;
  const first = rms.findIndex((value) => value >= threshold && value > 0);
  return first < 0 ? 0 : (first * hop) / sampleRate;
}

export function analyse(samples: Float32Array, sampleRate: number, columns = COLUMNS): ClipAnalysis {
  const n = samples.length;
  const peaks = new Float32Array(columns * 2);
  let peak = 0;
  for (let c = 0; c < columns; c++) {
    let min = 0;
    let max = 0;
    for (let i = Math.floor((c * n) / columns); i < Math.floor(((c + 1) * n) / columns); i++) {
      const v = samples[i]!;
      if (v < min) min = v;
      if (v > max) max = v;
    }
    peaks[c * 2] = min;
    peaks[c * 2 + 1] = max;
    peak = Math.max(peak, -min, max);
  }

  const bins = FFT_SIZE / 2;
  const levels = new Float32Array(columns * bins);
  const re = new Float64Array(FFT_SIZE);
  const im = new Float64Array(FFT_SIZE);
  let loudest = -Infinity;
  for (let c = 0; c < columns; c++) {
    const centre = Math.floor(((c + 0.5) * n) / columns);
    for (let k = 0; k < FFT_SIZE; k++) {
      const hann = 0.5 - 0.5 * Math.cos((2 * Math.PI * k) / (FFT_SIZE - 1));
      re[k] = (samples[centre - FFT_SIZE / 2 + k] ?? 0) * hann;
      im[k] = 0;
    }
    fft(re, im);
    for (let b = 0; b < bins; b++) {
      const db = 10 * Math.log10(re[b]! ** 2 + im[b]! ** 2 + 1e-12);
      levels[c * bins + b] = db;
      if (db > loudest) loudest = db;
    }
  }
  const spectrogram = new Uint8Array(columns * bins);
  for (let i = 0; i < levels.length; i++) {
    const scaled = (levels[i]! - (loudest - RANGE_DB)) / RANGE_DB;
    spectrogram[i] = Math.round(255 * Math.min(1, Math.max(0, scaled)));
  }
  return {
    sampleRate,
    duration: n / sampleRate,
    columns,
    peaks,
    bins,
    spectrogram,
    onset: onsetOf(samples, sampleRate),
    peak,
  };
}
