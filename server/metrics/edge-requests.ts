import type { EdgeRequestRecord } from '../edge/client.js';
import type { ConsoleMetrics } from './console-metrics.js';

/** The edge interface's resources; anything else (an audio clip's file path) is `other`. */
const RESOURCES = new Set(['mics', 'events', 'composite-events', 'labels', 'composite-rules']);

/** A path's pattern for a label: ids become `:id`, so the series stay few whatever the edge holds. */
export function edgePathPattern(path: string): string {
  const parts = (path.split('?')[0] ?? '').split('/').filter((part) => part !== '');
  if (parts[0] !== 'api' || parts[1] !== 'v1' || !RESOURCES.has(parts[2] ?? '')) return 'other';
  const base = `/api/v1/${parts[2]}`;
  if (parts.length === 3) return base;
  return `${base}/:id${parts.length > 4 ? '/…' : ''}`;
}

/**
 * Counts and times every request this process makes to the edge, whoever makes it (the hub, the
 * gateway, insights, review, audit, audio, location): they all go through the one edge client
 * (server/edge/client.ts), which reports each request here when it is answered or fails.
 */
export function edgeRequestObserver(metrics: ConsoleMetrics): (request: EdgeRequestRecord) => void {
  return (request) => {
    const labels = { path: edgePathPattern(request.path), method: request.method };
    metrics.edgeRequests.inc({ ...labels, status: String(request.status) });
    // A request that got no answer is counted, not timed: its time is the timeout's, not the edge's.
    if (request.status !== 'error') metrics.edgeDuration.observe(labels, request.seconds);
  };
}
