import fs from 'node:fs';
import path from 'node:path';

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

/**
 * The page modules a deep link renders, as the SPA's router (src/app/router.tsx) loads them;
 * `/` redirects to the composite events (the incident queue). Every feature page but the wall also loads the full component
 * styles. bench/bundle.ts measures the same lists.
 */
export const ROUTE_MODULES: readonly (readonly [RegExp, readonly string[]])[] = [
  [/^\/mics\/?$/, ['src/features/mics/mics-route.tsx', PAGE_STYLES]],
  [/^\/mics\/[^/]+\/?$/, ['src/features/mics/mics-route.tsx', 'src/features/mics/mic-drawer-route.tsx', PAGE_STYLES]],
  [/^\/map\/?$/, ['src/features/map/map-route.tsx', PAGE_STYLES]],
  [/^\/events\/?$/, ['src/features/events/events-route.tsx', PAGE_STYLES]],
  [/^\/(composite-events\/?)?$/, ['src/features/composite-events/composite-events-route.tsx', PAGE_STYLES]],
  [/^\/composite-events\/[^/]+\/?$/, ['src/features/composite-events/composite-event-route.tsx', PAGE_STYLES]],
  [/^\/insights\/?$/, ['src/features/insights/insights-route.tsx', PAGE_STYLES]],
  [/^\/alerts\/[^/]+\/?$/, ['src/features/admin/alerts-alert-route.tsx', PAGE_STYLES]],
  [/^\/wall\/?$/, ['src/features/wall/wall-route.tsx']],
  [/^\/sign-in\/?$/, ['src/app/sign-in/sign-in-page.tsx']],
];

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

/** Pages drawn outside the console's layout: sign-in shows the header bar alone, the wall its clock. */
const OUTSIDE_LAYOUT = /^\/(wall|sign-in|setup)\/?$/;
const WALL = /^\/wall\/?$/;

/** The page without one part of its first frame (src/app/first-frame.ts marks each with comments). */
function cut(html: string, part: 'header' | 'page' | 'demo' | 'wall'): string {
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
  let framed = demo ? html : cut(html, 'demo');
  if (OUTSIDE_LAYOUT.test(pathname)) framed = cut(framed, 'page');
  return WALL.test(pathname) ? cut(framed, 'header') : cut(framed, 'wall');
}

/**
 * index.html for a deep link: its first frame, and the page's own chunks and stylesheets named in
 * the head for public/boot.js, which fetches them with the entry once the frame is painted
 * (without them the page chunk would be found only after the entry has run; Vite's manifest names
 * the files). Built once per route at startup; a build without a manifest gets the frame alone.
 */
export function routePages(staticDir: string, { demo }: { demo: boolean }): (pathname: string) => string {
  const built = fs.readFileSync(path.join(staticDir, 'index.html'), 'utf8');
  const variants = new Map(['/mics', '/sign-in', '/wall'].map((page) => [page, frameFor(built, page, demo)]));
  const variantOf = (pathname: string) =>
    WALL.test(pathname) ? '/wall' : OUTSIDE_LAYOUT.test(pathname) ? '/sign-in' : '/mics';
  const plain = (pathname: string) => variants.get(variantOf(pathname))!;
  const manifestFile = path.join(staticDir, '.vite', 'manifest.json');
  if (!fs.existsSync(manifestFile)) return plain;
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
    return page === undefined ? plain(pathname) : page.get(variantOf(pathname))!;
  };
}
