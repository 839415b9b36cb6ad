/**
 * What each page costs to load: gzip sizes of the JS and CSS a route needs before it can
 * render, from Vite's build manifest. `--check` fails when the first-paint JS or CSS or the map
 * chunk exceeds its budget (part of `npm test`).
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { closure, ROUTE_MODULES, type Manifest } from '../server/route-preload';

export const BUDGETS = { initialJsKb: 170, initialCssKb: 20, mapChunkKb: 60 };

/** A path per page, measured with the modules the server preloads for it (server/route-preload.ts). */
export const ROUTES: Record<string, string> = {
  '/mics': '/mics',
  '/mics/:micId': '/mics/mic-0001',
  '/map': '/map',
  '/events': '/events',
  '/composite-events': '/composite-events',
  '/composite-events/:id': '/composite-events/ce-1',
  '/insights': '/insights',
  '/wall': '/wall',
  '/sign-in': '/sign-in',
};

function modulesOf(route: string): readonly string[] {
  const example = ROUTES[route]!;
  const found = ROUTE_MODULES.find(([pattern]) => pattern.test(example));
  if (found === undefined) throw new Error(`no route modules for ${example}`);
  return found[1];
}

const gzipKb = (dist: string, file: string) =>
  zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length / 1024;

export interface BundleReport {
  initial: { jsKb: number; cssKb: number };
  routes: Record<string, { jsKb: number; cssKb: number }>;
  /** The `map` chunk (vite.config.ts): Leaflet, react-leaflet, clustering, markers, offline basemap. */
  mapChunkKb: number;
  /** Everything /map loads beyond a page without a map: the map chunk plus the page's own code. */
  mapRouteExtraKb: number;
  budgets: typeof BUDGETS;
}

export function measureBundle(dist = 'dist'): BundleReport {
  const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;
  const entry = Object.keys(manifest).find((k) => manifest[k]!.isEntry)!;
  const initial = closure(manifest, [entry]);
  const sum = (keys: Iterable<string>, kind: 'js' | 'css') => {
    let kb = 0;
    const files = new Set<string>();
    for (const key of keys) {
      const chunk = manifest[key]!;
      const own = chunk.file.endsWith('.css') ? 'css' : 'js';
      if (own === kind) files.add(chunk.file);
      if (kind === 'css') for (const css of chunk.css ?? []) files.add(css);
    }
    for (const file of files) kb += gzipKb(dist, file);
    return Math.round(kb * 10) / 10;
  };
  const routes: BundleReport['routes'] = {};
  const routeKeys = (route: string) => [...closure(manifest, [...modulesOf(route)])].filter((k) => !initial.has(k));
  for (const route of Object.keys(ROUTES)) {
    const keys = routeKeys(route);
    routes[route] = { jsKb: sum(keys, 'js'), cssKb: sum(keys, 'css') };
  }
  const mapChunk = Object.keys(manifest).filter(
    (k) => manifest[k]!.name === 'map' && manifest[k]!.file.endsWith('.js'),
  );
  if (mapChunk.length !== 1) throw new Error(`expected one chunk named 'map' in the build, found ${mapChunk.length}`);
  const mapless = new Set(routeKeys('/events'));
  const mapOnly = routeKeys('/map').filter((k) => !mapless.has(k));
  return {
    initial: { jsKb: sum(initial, 'js'), cssKb: sum(initial, 'css') },
    routes,
    mapChunkKb: sum(mapChunk, 'js'),
    mapRouteExtraKb: sum(mapOnly, 'js'),
    budgets: BUDGETS,
  };
}

/** The first line vite.config.ts (`compileHints`) gives every chunk. */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/**
 * What is wrong with the compile hints: every chunk of the page (a worker's script is an asset,
 * compiled off the page's thread anyway) must start with one, and the source map it names must
 * have a line for each of its code's (but the last, naming the map), or profiles and error reports
 * would point one line off.
 */
export function compileHintProblems(dist = 'dist'): string[] {
  const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;
  const problems: string[] = [];
  for (const chunk of Object.values(manifest)) {
    if (!chunk.file.endsWith('.js')) continue;
    const code = fs.readFileSync(path.join(dist, chunk.file), 'utf8');
    if (!code.startsWith(`${COMPILE_HINT}\n`)) problems.push(`${chunk.file}: no compile hint`);
    // A chunk that names no map (the bundler's runtime helpers) has none to be off.
    const named = /\n\/\/# sourceMappingURL=(\S+)\s*$/.exec(code)?.[1];
    if (named === undefined) continue;
    const mapFile = path.join(dist, path.dirname(chunk.file), named);
    if (!fs.existsSync(mapFile)) {
      problems.push(`${chunk.file}: its source map ${named} is missing`);
      continue;
    }
    const map = JSON.parse(fs.readFileSync(mapFile, 'utf8')) as { mappings: string };
    const mapped = map.mappings.split(';').length;
    const lines = code.split('\n').length - 1;
    if (mapped !== lines) problems.push(`${chunk.file}: its source map has ${mapped} lines for ${lines} of code`);
  }
  return problems;
}

if (process.argv[1] !== undefined && import.meta.url.endsWith(path.basename(process.argv[1]))) {
  const report = measureBundle(process.argv.find((a) => a.startsWith('--dist='))?.slice(7) ?? 'dist');
  console.log(`first paint (every route): JS ${report.initial.jsKb} kB, CSS ${report.initial.cssKb} kB gzip`);
  console.log(
    `map chunk: JS ${report.mapChunkKb} kB gzip; /map adds ${report.mapRouteExtraKb} kB over a map-less page`,
  );
  for (const [route, size] of Object.entries(report.routes)) {
    console.log(
      `  + ${route.padEnd(24)} JS ${String(size.jsKb).padStart(6)} kB  CSS ${String(size.cssKb).padStart(5)} kB (lazy)`,
    );
  }
  if (process.argv.includes('--check')) {
    const failures = [
      report.initial.jsKb > BUDGETS.initialJsKb &&
        `first-paint JS ${report.initial.jsKb} kB > ${BUDGETS.initialJsKb} kB`,
      report.initial.cssKb > BUDGETS.initialCssKb &&
        `first-paint CSS ${report.initial.cssKb} kB > ${BUDGETS.initialCssKb} kB`,
      report.mapChunkKb > BUDGETS.mapChunkKb && `map chunk ${report.mapChunkKb} kB > ${BUDGETS.mapChunkKb} kB`,
      ...compileHintProblems(process.argv.find((a) => a.startsWith('--dist='))?.slice(7) ?? 'dist'),
    ].filter(Boolean);
    if (failures.length > 0) {
      console.error(`bundle check failed: ${failures.join('; ')}`);
      process.exit(1);
    }
    console.log(
      `bundle budget ok (first paint JS <= ${BUDGETS.initialJsKb} kB, CSS <= ${BUDGETS.initialCssKb} kB; map chunk <= ${BUDGETS.mapChunkKb} kB; compile hints in place)`,
    );
  }
}
