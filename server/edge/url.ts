/** Query values as the console's readers hold them; null and undefined are left out, arrays repeat the key. */
export type EdgeQuery = Record<string, string | number | readonly (string | number)[] | null | undefined>;

export function toSearchParams(query: EdgeQuery | URLSearchParams | undefined): URLSearchParams {
  if (query instanceof URLSearchParams) return new URLSearchParams(query);
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === null || value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) params.append(key, String(item));
  }
  return params;
}

/**
 * The edge URL of `path` under the configured base (which may carry a path prefix, as behind a
 * reverse proxy), built with URL and URLSearchParams: the path is appended, never resolved, so
 * `..` or an absolute URL in it cannot leave the base.
 */
export function edgeUrl(base: string, path: string, query?: EdgeQuery | URLSearchParams | string): URL {
  const url = new URL(base);
  url.pathname = `${url.pathname.replace(/\/+$/, '')}${path}`;
  url.search = typeof query === 'string' ? query : toSearchParams(query).toString();
  url.hash = '';
  return url;
}

/** A path parameter that could steer the upstream request anywhere but its own resource. */
export function unsafeId(id: string): boolean {
  if (id === '' || id === '.' || id === '..' || id.includes('/') || id.includes('\\')) return true;
  return [...id].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);
}

/** `/api/v1/<resource>/<id>` with the id encoded as one path segment. */
export function itemPath(resource: 'mics' | 'composite-events', id: string): string {
  return `/api/v1/${resource}/${encodeURIComponent(id)}`;
}
