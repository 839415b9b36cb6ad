import diagnostics from 'node:diagnostics_channel';
import type { ConsoleMetrics } from './console-metrics.js';

interface UndiciRequest {
  origin: string | URL;
  method: string;
  path: string;
}

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
 * gateway, insights, review, audio): Node's fetch reports each request on diagnostics channels,
 * so no caller needs to know about metrics. Only requests to the given origins are counted.
 */
export function watchEdgeRequests(metrics: ConsoleMetrics, origins: string[]): () => void {
  const wanted = new Set(origins.map((origin) => new URL(origin).origin));
  const started = new WeakMap<object, number>();
  const ours = (request: UndiciRequest) => wanted.has(new URL(String(request.origin)).origin);
  const labels = (request: UndiciRequest) => ({ path: edgePathPattern(request.path), method: request.method });
  const onCreate = (message: unknown) => {
    const { request } = message as { request: UndiciRequest };
    if (ours(request)) started.set(request, performance.now());
  };
  const onHeaders = (message: unknown) => {
    const { request, response } = message as { request: UndiciRequest; response: { statusCode: number } };
    const at = started.get(request);
    if (at === undefined) return;
    started.delete(request);
    metrics.edgeRequests.inc({ ...labels(request), status: String(response.statusCode) });
    metrics.edgeDuration.observe(labels(request), (performance.now() - at) / 1000);
  };
  const onError = (message: unknown) => {
    const { request } = message as { request: UndiciRequest };
    // An error after the headers (a body cut short) was counted with its status already.
    if (!started.delete(request)) return;
    metrics.edgeRequests.inc({ ...labels(request), status: 'error' });
  };
  diagnostics.subscribe('undici:request:create', onCreate);
  diagnostics.subscribe('undici:request:headers', onHeaders);
  diagnostics.subscribe('undici:request:error', onError);
  return () => {
    diagnostics.unsubscribe('undici:request:create', onCreate);
    diagnostics.unsubscribe('undici:request:headers', onHeaders);
    diagnostics.unsubscribe('undici:request:error', onError);
  };
}
