import { analyse, type ClipAnalysis } from './analysis';

/** Clips are decoded at this rate (the edge's are 16 kHz or less): up to 8 kHz in the spectrogram. */
export const DECODE_RATE = 16_000;

let worker: Worker | null | undefined;
let nextId = 0;
const waiting = new Map<number, { resolve: (result: ClipAnalysis) => void; reject: (error: Error) => void }>();

function analysisWorker(): Worker | null {
  if (worker !== undefined) return worker;
  try {
    worker = new Worker(new URL('./analysis-worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = ({ data }: MessageEvent<{ id: number; result: ClipAnalysis }>) => {
      waiting.get(data.id)?.resolve(data.result);
      waiting.delete(data.id);
    };
    worker.onerror = () => {
      // A worker that cannot run (blocked, or no module workers): the rest are analysed in the page.
      for (const job of waiting.values()) job.reject(new Error('analysis worker failed'));
      waiting.clear();
      worker?.terminate();
      worker = null;
    };
  } catch {
    worker = null;
  }
  return worker;
}

function inWorker(samples: Float32Array, sampleRate: number): Promise<ClipAnalysis> {
  const target = analysisWorker();
  if (target === null) return Promise.resolve(analyse(samples, sampleRate));
  const id = ++nextId;
  return new Promise<ClipAnalysis>((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    target.postMessage({ id, samples, sampleRate }, [samples.buffer]);
  });
}

/**
 * Decodes a clip (Web Audio's decodeAudioData, in an offline context, so nothing asks to play)
 * and analyses it in a worker. The bytes are copied first: decoding takes ownership of them.
 */
export async function analyseClip(bytes: ArrayBuffer): Promise<ClipAnalysis> {
  const context = new OfflineAudioContext(1, 1, DECODE_RATE);
  const buffer = await context.decodeAudioData(bytes.slice(0));
  const samples = buffer.getChannelData(0).slice();
  try {
    return await inWorker(samples.slice(), buffer.sampleRate);
  } catch {
    return analyse(samples, buffer.sampleRate);
  }
}
