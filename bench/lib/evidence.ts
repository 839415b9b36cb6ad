import { summarize, type Summary } from './stats';

export interface EvidenceResult {
  clips: number;
  /** First export of a fresh incident: every clip read from the edge (synthesised by the demo edge). */
  coldMs: Summary;
  /** The same incident again: clips from the console's cache. */
  warmMs: Summary;
  zipKb: number;
}

/** One incident per label: 20 detections of it on 20 mics, which the demo's rules group into one composite event. */
const LABELS = ['glass_break', 'gunshot', 'explosion', 'scream', 'help_call'];
const CLIPS = 20;

async function json<T>(response: Response): Promise<T> {
  if (!response.ok) throw new Error(`${response.url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

async function incidentOf(baseUrl: string, labelId: string, mics: string[]): Promise<string> {
  const ids = new Set<string>();
  for (const micId of mics.slice(0, CLIPS)) {
    const event = await json<{ id: string }>(
      await fetch(`${baseUrl}/_demo/events`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ mic_id: micId, label_id: labelId }),
      }),
    );
    ids.add(event.id);
  }
  const page = await json<{ results: { id: string; events: { id: string }[] }[] }>(
    await fetch(`${baseUrl}/api/v1/composite-events?size=20&order_by=desc`),
  );
  const found = page.results.find((c) => c.events.filter((e) => ids.has(e.id)).length === CLIPS);
  if (found === undefined) throw new Error(`no composite event holds the ${CLIPS} ${labelId} detections`);
  return found.id;
}

async function timeExport(baseUrl: string, id: string): Promise<{ ms: number; bytes: number; clips: number }> {
  const started = performance.now();
  const response = await fetch(`${baseUrl}/api/evidence/composite-events/${encodeURIComponent(id)}`, {
    method: 'POST',
  });
  const zip = await response.arrayBuffer();
  const ms = performance.now() - started;
  if (!response.ok) throw new Error(`evidence pack of ${id}: ${response.status}`);
  const { unzipSync } = await import('fflate');
  const files = Object.keys(unzipSync(new Uint8Array(zip)));
  return { ms, bytes: zip.byteLength, clips: files.filter((name) => name.startsWith('clips/')).length };
}

/**
 * The evidence pack of an incident heard by 20 mics, on a console over the embedded demo edge
 * (DEMO_FAULTS=1 for its event injection, signed in as the demo admin): each cold export reads
 * all 20 clips from the edge, each warm one finds them in the console's cache. Goal: under 5 s.
 */
export async function measureEvidence(baseUrl: string, warmRuns: number): Promise<EvidenceResult> {
  const mics = (await json<{ results: { id: string }[] }>(await fetch(`${baseUrl}/api/v1/mics?size=100`))).results;
  const cold: number[] = [];
  const warm: number[] = [];
  let zipKb = 0;
  let clips = 0;
  let last = '';
  for (const labelId of LABELS) {
    last = await incidentOf(
      baseUrl,
      labelId,
      mics.map((mic) => mic.id),
    );
    const run = await timeExport(baseUrl, last);
    cold.push(run.ms);
    zipKb = Math.round(run.bytes / 102.4) / 10;
    clips = run.clips;
  }
  for (let i = 0; i < warmRuns; i++) warm.push((await timeExport(baseUrl, last)).ms);
  return { clips, coldMs: summarize(cold), warmMs: summarize(warm), zipKb };
}
