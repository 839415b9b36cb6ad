import fs from 'node:fs';
import path from 'node:path';
import { REDIRECTS, ROUTES, withWindows, type FramePart, type RouteEntry } from '../src/app/routes.js';
import { windowStart } from '../src/lib/time-window.js';
import type { BootScript } from './boot-script.js';

/** What Vite's build manifest says of a chunk (`build.manifest`), as far as we read it. */
export interface ManifestChunk {
  file: string;
  name?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

const PAGE_STYLES = 'src/components/page-styles.ts';

/** A path of the table as a pattern: `:name` is one segment, a trailing slash is allowed. */
const pathPattern = (path: string) =>
  path
    .replace(/\/$/, '')
    .split('/')
    .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');

const redirectedFrom = (path: string) => REDIRECTS.filter(({ to }) => to === path).map(({ from }) => from);
const isRedirected = (path: string) => REDIRECTS.some(({ from }) => from === path);

/** The paths that draw an entry: its own (unless it only leads to a child) and those redirected to it. */
const pathsOf = (entry: RouteEntry) => [
  ...(isRedirected(entry.path) ? [] : [entry.path]),
  ...redirectedFrom(entry.path),
];

/** The page modules an entry's deep link renders: its parents' first, and the full styles in the console's layout. */
function modulesOf(entry: RouteEntry): string[] {
  const parent = ROUTES.find(({ path }) => path === entry.parent);
  const own = [...(parent === undefined ? [] : modulesOf(parent).filter((m) => m !== PAGE_STYLES)), entry.module];
  return entry.shell === 'console' ? [...own, PAGE_STYLES] : own;
}

const ENTRIES = ROUTES.filter((entry) => pathsOf(entry).length > 0).map(
  (entry) => [new RegExp(`^(?:${pathsOf(entry).map(pathPattern).join('|')})/?$`), entry] as const,
);
const entryOf = (pathname: string) => ENTRIES.find(([pattern]) => pattern.test(pathname))?.[1];

/**
 * The page modules a deep link renders, as the SPA's router loads them, for each page of the
 * route table (src/app/routes.ts) that asks for its chunks preloaded. bench/bundle.ts measures the
 * same lists.
 */
export const ROUTE_MODULES: readonly (readonly [RegExp, readonly string[]])[] = ENTRIES.filter(
  ([, entry]) => entry.preload === 'chunks',
).map(([pattern, entry]) => [pattern, modulesOf(entry)] as const);

/** The chunks `keys` load statically, themselves included. */
export function closure(manifest: Manifest, keys: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || manifest[key] === undefined) return;
    seen.add(key);
    for (const child of manifest[key].imports ?? []) visit(child);
  };
  keys.forEach(visit);
  return seen;
}

/** How a path is drawn: a path the table does not know gets the console's not-found page. */
const shellOf = (pathname: string) => entryOf(pathname)?.shell ?? 'console';

/** The page without one part of its first frame (src/app/first-frame.ts marks each with comments). */
function cut(html: string, part: FramePart): string {
  const open = `<!--frame:${part}-->`;
  const close = `<!--/frame:${part}-->`;
  const start = html.indexOf(open);
  const end = html.indexOf(close);
  return start === -1 || end < start ? html : html.slice(0, start) + html.slice(end + close.length);
}

/**
 * The first frame a page shows before its scripts run: the page outline only inside the
 * console's layout, the demo note only when the console runs as the demo.
 */
export function frameFor(html: string, pathname: string, demo: boolean): string {
  const shell = shellOf(pathname);
  let framed = demo ? html : cut(html, 'demo');
  if (shell !== 'console') framed = cut(framed, 'page');
  return shell === 'wall' ? cut(framed, 'header') : cut(framed, 'wall');
}

const HEADING_PART = /<!--frame:(heading-[A-Za-z]+)-->/g;

/**
 * The first frame with the page's own heading in place of the outline's title bar, if the route
 * table gives it one; every other page's heading cut out.
 */
export function headingFor(html: string, pathname: string): string {
  const own = entryOf(pathname)?.heading;
  const kept: FramePart | null = own === undefined ? null : `heading-${own}`;
  let framed = kept === null ? html : cut(html, 'title');
  for (const [, name] of html.matchAll(HEADING_PART)) if (name !== kept) framed = cut(framed, name as FramePart);
  return framed;
}

/**
 * index.html for a deep link: its first frame, and the page's own chunks and stylesheets named in
 * the head for public/boot.js, which fetches them with the entry once the frame is painted
 * (without them the page chunk would be found only after the entry has run; Vite's manifest names
 * the files). Built once per route at startup; a build without a manifest gets the frame alone.
 * For a signed-in account (`signedIn`) on a console holding the edge's token, also the data the
 * page reads first (the route table's `data`, and its `defaultData` when the URL has no query): a
 * browser holding its own token would send it, and before sign-in the answer would be a refusal.
 */
export function routePages(
  staticDir: string,
  {
    demo,
    serverHoldsToken = false,
    boot = null,
    liveMark = () => null,
    now = Date.now,
  }: {
    demo: boolean;
    serverHoldsToken?: boolean;
    boot?: BootScript | null;
    /** The hub's newest message id, where a stream opened by this page can start (null without a hub). */
    liveMark?: () => string | null;
    /** The clock that fills the data's time windows (`{last:N}`), as the page's own request does. */
    now?: () => number;
  },
): (pathname: string, signedIn?: boolean, search?: string) => string {
  const sent = pagesWithoutData(staticDir, demo, boot);
  if (!serverHoldsToken) return (pathname) => sent(pathname);
  return (pathname, signedIn = false, search = '') => {
    const entry = signedIn ? entryOf(pathname) : undefined;
    const paths = entry === undefined ? [] : dataOf(entry, pathname, search === '' || search === '?', now());
    const html = sent(pathname);
    if (paths.length === 0) return html;
    // Named for public/boot.js, which preloads them with the page's chunks: the app's own request
    // (cookie session, no token of the browser's) then finds the answer already on its way.
    const metas = paths.map((p) => `<meta name="page-data" content="${p.replaceAll('&', '&amp;')}" />`);
    // The data is read after this point: a live stream starting here misses none of it, and the
    // page's lists need not be read again when it opens (src/api/live/list-marks.ts).
    const mark = liveMark();
    if (mark !== null && LIVE_ID.test(mark)) metas.push(`<meta name="live-id" content="${mark}" />`);
    return html.replace('</head>', `    ${metas.join('\n    ')}\n  </head>`);
  };
}

/** A hub message id as the hub writes it (server/hub/broadcaster.ts): nothing else goes into the page. */
const LIVE_ID = /^[0-9a-f]+-\d+$/;

/**
 * A path parameter put into a preloaded URL (and the page's HTML) as it is: only what ids look
 * like. Anything else (encoded characters, dots) is left to the app's own request.
 */
const PLAIN_SEGMENT = /^[A-Za-z0-9_-]{1,128}$/;

/**
 * The data an entry names for one URL, `:name` filled from the path and `{last:N}` from the clock;
 * a path whose parameter is not plain is left out.
 */
function dataOf(entry: RouteEntry, pathname: string, defaultView: boolean, now: number): string[] {
  const paths = [...(entry.data ?? []), ...(defaultView ? (entry.defaultData ?? []) : [])];
  const given = pathname.replace(/\/$/, '').split('/');
  const params = new Map(
    entry.path
      .split('/')
      .flatMap((part, i) => (part.startsWith(':') ? [[part.slice(1), given[i] ?? ''] as const] : [])),
  );
  return paths.flatMap((p) => {
    let plain = true;
    const filled = p.replace(/:([A-Za-z]+)/g, (_, name: string) => {
      const value = params.get(name) ?? '';
      plain &&= PLAIN_SEGMENT.test(value);
      return value;
    });
    return plain ? [withWindows(filled, (minutes) => windowStart(minutes, now))] : [];
  });
}

function pagesWithoutData(staticDir: string, demo: boolean, boot: BootScript | null): (pathname: string) => string {
  const read = fs.readFileSync(path.join(staticDir, 'index.html'), 'utf8');
  const built = boot === null ? read : boot.inline(read);
  const variants = new Map(['/mics', '/sign-in', '/wall'].map((page) => [page, frameFor(built, page, demo)]));
  const variantOf = (pathname: string) => ({ wall: '/wall', bare: '/sign-in', console: '/mics' })[shellOf(pathname)];
  const plain = (pathname: string) => variants.get(variantOf(pathname))!;
  const manifestFile = path.join(staticDir, '.vite', 'manifest.json');
  if (!fs.existsSync(manifestFile)) return (pathname) => headingFor(plain(pathname), pathname);
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Manifest;
  const entry = Object.keys(manifest).filter((key) => manifest[key]!.isEntry === true);
  const initial = closure(manifest, entry);
  const pages = ROUTE_MODULES.map(([pattern, modules]) => {
    const keys = [...closure(manifest, modules)].filter((key) => !initial.has(key));
    const scripts = keys.map((key) => manifest[key]!.file).filter((file) => file.endsWith('.js'));
    // A CSS-only module (the page styles) is its own .css file in the manifest.
    const styles = [
      ...new Set(
        keys.flatMap((key) => [
          ...(manifest[key]!.file.endsWith('.css') ? [manifest[key]!.file] : []),
          ...(manifest[key]!.css ?? []),
        ]),
      ),
    ];
    const links = [
      // Named for public/boot.js, which fetches them once the first frame is painted, with the entry.
      ...styles.map((file) => `<meta name="page-style" content="/${file}" />`),
      ...scripts.map((file) => `<meta name="page-module" content="/${file}" />`),
    ];
    const withLinks = (html: string) =>
      links.length === 0 ? html : html.replace('</head>', `    ${links.join('\n    ')}\n  </head>`);
    return [pattern, new Map([...variants].map(([page, html]) => [page, withLinks(html)]))] as const;
  });
  return (pathname) => {
    const page = pages.find(([pattern]) => pattern.test(pathname))?.[1];
    return headingFor(page === undefined ? plain(pathname) : page.get(variantOf(pathname))!, pathname);
  };
}
