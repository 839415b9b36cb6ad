import type { BaseEvent, CompositeEvent, ExtendedMic } from '@/api';

export interface CompositeSummary {
  eventCount: number;
  micCount: number;
  /** First and last base event (by created_at), null without events. */
  first: string | null;
  last: string | null;
  spanMs: number;
}

/** What a timeline entry says about a composite event, computed from its base events. */
export function summarize(event: CompositeEvent): CompositeSummary {
  const times = event.events.map((e) => Date.parse(e.created_at)).filter((t) => !Number.isNaN(t));
  const first = times.length === 0 ? null : Math.min(...times);
  const last = times.length === 0 ? null : Math.max(...times);
  const mics = new Set([...event.events.map((e) => e.mic_id), ...event.mics.map((m) => m.id)]);
  return {
    eventCount: event.events.length,
    micCount: mics.size,
    first: first === null ? null : new Date(first).toISOString(),
    last: last === null ? null : new Date(last).toISOString(),
    spanMs: first === null || last === null ? 0 : last - first,
  };
}

/** Base events in time order (the service does not promise one). */
export function byTime(events: readonly BaseEvent[]): BaseEvent[] {
  return [...events].sort((a, b) => Date.parse(a.created_at) - Date.parse(b.created_at));
}

/**
 * The mics of a composite event with their thresholds: entries of `mics` carry none, so they are
 * taken from the same device inside a base event when one is there.
 */
export function micsWithThresholds(event: CompositeEvent): ExtendedMic[] {
  const fromEvents = new Map(event.events.map((e) => [e.microphone.id, e.microphone]));
  const listed = event.mics.map((mic) => ({
    ...mic,
    thresholds: mic.thresholds ?? fromEvents.get(mic.id)?.thresholds,
  }));
  const listedIds = new Set(listed.map((m) => m.id));
  // A base event's mic missing from `mics` is still part of the story.
  const extra = [...fromEvents.values()].filter((m) => !listedIds.has(m.id));
  return [...listed, ...extra];
}

/** "scheme://host:port/path": where a stream or console lives, never who logs in to it. */
export function endpointUrl(scheme: string, host: string, port: number, path: string): string {
  const slash = path.startsWith('/') || path === '' ? '' : '/';
  return `${scheme}://${host}:${port}${slash}${path}`;
}
