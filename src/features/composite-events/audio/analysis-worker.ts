import { analyse } from './analysis';

/** Analyses clips off the main thread: a page of twenty clips never stalls scrolling or playback. */
interface Job {
  id: number;
  samples: Float32Array;
  sampleRate: number;
}

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<Job>) => void) | null;
  postMessage(message: unknown, transfer: Transferable[]): void;
};

scope.onmessage = ({ data }) => {
  const result = analyse(data.samples, data.sampleRate);
  scope.postMessage({ id: data.id, result }, [result.peaks.buffer, result.spectrogram.buffer]);
};
