import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REDIRECTS, ROUTES } from '../src/app/routes.js';
import { frameFor, headingFor, ROUTE_MODULES, routePages } from './route-preload.js';

const HTML =
  '<!doctype html><html><head><title>x</title><script type="module" src="/assets/index-a.js"></script></head><body></body></html>';
const MANIFEST = {
  'index.html': { file: 'assets/index-a.js', isEntry: true, imports: ['_react-b.js'], css: ['assets/index-a.css'] },
  '_react-b.js': { file: 'assets/react-b.js' },
  '_table-c.js': { file: 'assets/table-c.js', imports: ['_react-b.js'] },
  '_map-d.js': { file: 'assets/map-d.js', imports: ['_react-b.js'], css: ['assets/map-d.css'] },
  'src/components/page-styles.ts': { file: 'assets/page-styles-e.css' },
  'src/features/mics/mics-route.tsx': { file: 'assets/mics-route-f.js', imports: ['_table-c.js', '_react-b.js'] },
  'src/features/mics/mic-drawer-route.tsx': { file: 'assets/mic-drawer-route-g.js', imports: ['_map-d.js'] },
  'src/features/map/map-route.tsx': { file: 'assets/map-route-h.js', imports: ['_map-d.js'] },
  'src/features/composite-events/composite-events-route.tsx': {
    file: 'assets/timeline-i.js',
    imports: ['_react-b.js'],
  },
};

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'route-preload-'));
  fs.writeFileSync(path.join(dir, 'index.html'), HTML);
  fs.mkdirSync(path.join(dir, '.vite'));
  fs.writeFileSync(path.join(dir, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

// Named in meta tags for public/boot.js, which fetches them once the first frame is painted.
const preloads = (html: string) =>
  [...html.matchAll(/<meta name="page-(module|style)" content="([^"]+)"/g)].map(
    (m) => `${m[1] === 'module' ? 'modulepreload' : 'preload'} ${m[2]}`,
  );

describe('route preloads in the page', () => {
  it('name modules that exist (a wrong path would silently preload nothing)', () => {
    const named = [...new Set(ROUTE_MODULES.flatMap(([, modules]) => modules))];
    expect(named.length).toBeGreaterThan(5);
    expect(named.filter((module) => !fs.existsSync(path.resolve(import.meta.dirname, '..', module)))).toEqual([]);
  });

  it('announce the chunks and stylesheets of a deep link, not what the entry already loads', () => {
    const pageFor = routePages(dir, { demo: false });
    expect(preloads(pageFor('/mics/mic-0007')).sort()).toEqual(
      [
        'preload /assets/map-d.css',
        'preload /assets/page-styles-e.css',
        'modulepreload /assets/mics-route-f.js',
        'modulepreload /assets/table-c.js',
        'modulepreload /assets/mic-drawer-route-g.js',
        'modulepreload /assets/map-d.js',
      ].sort(),
    );
    expect(preloads(pageFor('/map'))).not.toContain('modulepreload /assets/table-c.js');
    // The landing page is the incident queue.
    expect(preloads(pageFor('/'))).toContain('modulepreload /assets/timeline-i.js');
    expect(pageFor('/')).toBe(pageFor('/composite-events'));
  });

  it("name the data a page reads first only for a signed-in person on a console holding the edge's token", () => {
    const data = (html: string) => [...html.matchAll(/<meta name="page-data" content="([^"]+)"/g)].map((m) => m[1]);
    const holding = routePages(dir, { demo: false, serverHoldsToken: true });
    expect(data(holding('/map', true))).toEqual(['/api/inventory/mics']);
    expect(data(holding('/map/', true))).toEqual(['/api/inventory/mics']);
    // Before sign-in the answer would be a refusal; a browser holding its own token would have to send it.
    expect(data(holding('/map', false))).toEqual([]);
    expect(data(routePages(dir, { demo: false })('/map', true))).toEqual([]);
    // Pages that read nothing before their own request are left alone.
    expect(holding('/handover', true)).toBe(holding('/handover', false));
  });

  it('name where a live stream can start when the page names data read after it, and only a hub id', () => {
    const mark = (html: string) => /<meta name="live-id" content="([^"]+)"/.exec(html)?.[1] ?? null;
    let id: string | null = '9f3a-41';
    const holding = routePages(dir, { demo: false, serverHoldsToken: true, liveMark: () => id });
    expect(mark(holding('/composite-events', true))).toBe('9f3a-41');
    // Read per page: a later page starts later.
    id = '9f3a-42';
    expect(mark(holding('/composite-events', true))).toBe('9f3a-42');
    // No data named, no mark: the lists will carry their own.
    expect(mark(holding('/composite-events', false))).toBeNull();
    expect(mark(holding('/handover', true))).toBeNull();
    id = '"><script>';
    expect(holding('/composite-events', true)).not.toContain('<script>');
    id = null;
    expect(mark(holding('/composite-events', true))).toBeNull();
  });

  it("name a default view's data only when the URL has no query, and fill the path's parameters", () => {
    const data = (html: string) =>
      [...html.matchAll(/<meta name="page-data" content="([^"]+)"/g)].map((m) => m[1]!.replaceAll('&amp;', '&'));
    const holding = routePages(dir, { demo: false, serverHoldsToken: true });
    expect(data(holding('/mics', true))).toEqual(['/api/labels', '/api/v1/mics?page=1&size=25']);
    expect(data(holding('/mics', true, '?'))).toEqual(['/api/labels', '/api/v1/mics?page=1&size=25']);
    // A filtered or later page reads another list: preloading page 1 would only cost the phone its bytes.
    expect(data(holding('/mics', true, '?page=3'))).toEqual(['/api/labels']);
    // The HTML carries the query's ampersands escaped.
    expect(holding('/mics', true)).toContain('content="/api/v1/mics?page=1&amp;size=25"');
    const id = '41548adf-b74f-40aa-8f75-4c0d9e3cba0b';
    expect(data(holding(`/composite-events/${id}`, true, '?tab=x'))).toEqual([
      `/api/v1/composite-events/${id}`,
      `/api/review/items/composite/${id}`,
      `/api/priority/items?key=composite%3A${id}`,
      '/api/review/me',
    ]);
    expect(data(holding('/mics/mic-0007', true))).toEqual([
      '/api/v1/mics/mic-0007',
      '/api/labels',
      '/api/v1/mics?page=1&size=25',
    ]);
    // An id that is not plain (encoded characters, dots, markup) is left to the app's own request.
    for (const odd of ['mic%2F..%2Fx', '..', 'a.b', '%22%3E%3Cscript%3E'])
      expect(data(holding(`/mics/${odd}`, true))).toEqual(['/api/labels', '/api/v1/mics?page=1&size=25']);
    expect(data(holding('/mics/mic-0007', false))).toEqual([]);
  });

  it("fill a default view's window from the server's clock, cut to the minute as the page cuts it", () => {
    const data = (html: string) =>
      [...html.matchAll(/<meta name="page-data" content="([^"]+)"/g)].map((m) => m[1]!.replaceAll('&amp;', '&'));
    let now = Date.parse('2026-11-29T16:42:59.870Z');
    const holding = routePages(dir, { demo: false, serverHoldsToken: true, now: () => now });
    const events = '/api/v1/events?page=1&size=25&start=';
    expect(data(holding('/events', true))).toEqual([
      '/api/review/me',
      '/api/labels',
      `${events}2026-11-28T16%3A42%3A00.000Z`,
    ]);
    // Read per page: a minute later, a window a minute later.
    now += 1_000;
    expect(data(holding('/events', true))).toContain(`${events}2026-11-28T16%3A43%3A00.000Z`);
    // Another range or page reads another list.
    expect(data(holding('/events', true, '?range=1h'))).toEqual(['/api/review/me', '/api/labels']);
  });

  it("name the chunks of every page in the route table that asks for them, and its parents' (src/app/routes.ts)", () => {
    // A build where each page module is a chunk of its own: what the server names is read from the table alone.
    const chunk = (module: string) => `assets/${module.replace(/[/.]/g, '_')}.js`;
    const built = fs.mkdtempSync(path.join(os.tmpdir(), 'route-preload-'));
    try {
      fs.writeFileSync(path.join(built, 'index.html'), HTML);
      fs.mkdirSync(path.join(built, '.vite'));
      const manifest = Object.fromEntries([
        ['index.html', { file: 'assets/index-a.js', isEntry: true }],
        ...ROUTES.map(({ module }) => [module, { file: chunk(module) }]),
      ]);
      fs.writeFileSync(path.join(built, '.vite', 'manifest.json'), JSON.stringify(manifest));
      const pageFor = routePages(built, { demo: false });
      const example = (route: string) => route.replace(/:[^/]+/g, 'x-1');
      for (const entry of ROUTES) {
        const named = preloads(pageFor(example(entry.path)));
        const parent = ROUTES.find(({ path }) => path === entry.parent);
        const expected = entry.preload === 'chunks' ? [entry.module, ...(parent ? [parent.module] : [])] : [];
        for (const module of expected) expect(named, entry.path).toContain(`modulepreload /${chunk(module)}`);
        if (entry.preload !== 'chunks') expect(named, entry.path).toEqual([]);
      }
      for (const { from, to } of REDIRECTS) expect(pageFor(from), from).toBe(pageFor(to));
      expect(preloads(pageFor('/handover'))).toContain(
        `modulepreload /${chunk('src/features/handover/handover-route.tsx')}`,
      );
    } finally {
      fs.rmSync(built, { recursive: true, force: true });
    }
  });

  it('leave the page as built for paths the router does not know, and without a manifest', () => {
    expect(routePages(dir, { demo: false })('/nowhere')).toBe(HTML);
    fs.rmSync(path.join(dir, '.vite', 'manifest.json'));
    expect(routePages(dir, { demo: false })('/mics')).toBe(HTML);
    fs.writeFileSync(path.join(dir, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
  });

  it('keep the rest of the page unchanged and the names in its head', () => {
    const html = routePages(dir, { demo: false })('/map');
    expect(html.replace(/\s*<meta name="page-(module|style)"[^>]*\/>/g, '').replace(/\s+<\/head>/, '</head>')).toBe(
      HTML,
    );
    expect(html.indexOf('page-module')).toBeLessThan(html.indexOf('</head>'));
  });
});

describe('the first frame in the page', () => {
  // As src/app/first-frame.ts writes it into the built index.html.
  const BUILT =
    '<div id="root"><!--frame:header--><div class="boot-header">Console</div><!--/frame:header-->' +
    '<!--frame:page--><div class="frame-main"><!--frame:demo--><p class="demo-banner">Demo mode</p>' +
    '<!--/frame:demo--><div class="frame-bar"></div></div><!--/frame:page-->' +
    '<!--frame:wall--><div class="wall-frame"></div><!--/frame:wall--></div>';

  it('shows the demo note only on the demo console', () => {
    expect(frameFor(BUILT, '/mics', true)).toContain('Demo mode');
    expect(frameFor(BUILT, '/mics', false)).not.toContain('Demo mode');
    expect(frameFor(BUILT, '/mics', false)).toContain('frame-bar');
  });

  it('outlines a page only inside the console layout: sign-in gets the header bar alone, the wall its clock', () => {
    for (const page of ['/sign-in', '/setup']) {
      expect(frameFor(BUILT, page, true)).toBe(
        '<div id="root"><!--frame:header--><div class="boot-header">Console</div><!--/frame:header--></div>',
      );
    }
    expect(frameFor(BUILT, '/wall', true)).toBe(
      '<div id="root"><!--frame:wall--><div class="wall-frame"></div><!--/frame:wall--></div>',
    );
    expect(frameFor(BUILT, '/admin/accounts', false)).toContain('frame-main');
    expect(frameFor(BUILT, '/admin/accounts', false)).not.toContain('wall-frame');
  });

  it('draws a page’s own heading in place of the title bar on that page alone (the queue, also at /)', () => {
    const framed =
      '<div class="frame-main"><!--frame:title--><div class="frame-bar frame-title"></div><!--/frame:title-->' +
      '<!--frame:heading-compositeEvents--><div class="frame-heading">Composite events</div><!--/frame:heading-compositeEvents-->' +
      '<div class="frame-rows"></div></div>';
    for (const page of ['/composite-events', '/']) {
      expect(headingFor(framed, page)).toBe(
        '<div class="frame-main"><!--frame:heading-compositeEvents--><div class="frame-heading">Composite events</div>' +
          '<!--/frame:heading-compositeEvents--><div class="frame-rows"></div></div>',
      );
    }
    for (const page of ['/events', '/mics', '/composite-events/ce-1', '/no-such-page']) {
      expect(headingFor(framed, page)).toBe(
        '<div class="frame-main"><!--frame:title--><div class="frame-bar frame-title"></div><!--/frame:title-->' +
          '<div class="frame-rows"></div></div>',
      );
    }
  });

  it('sends the queue with its heading, and another page without it', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'frame-heading-'));
    fs.writeFileSync(
      path.join(dir, 'index.html'),
      '<html><head></head><body><div id="root"><!--frame:page--><div class="frame-main">' +
        '<!--frame:title--><div class="frame-title"></div><!--/frame:title-->' +
        '<!--frame:heading-compositeEvents--><p>Incidents</p><!--/frame:heading-compositeEvents-->' +
        '</div><!--/frame:page--></div></body></html>',
    );
    const pages = routePages(dir, { demo: false });
    expect(pages('/composite-events')).toContain('<p>Incidents</p>');
    expect(pages('/composite-events')).not.toContain('frame-title');
    expect(pages('/events')).not.toContain('Incidents');
    expect(pages('/events')).toContain('frame-title');
    fs.rmSync(dir, { recursive: true });
  });
});
