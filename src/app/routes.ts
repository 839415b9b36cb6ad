/**
 * The console's pages, once. The router (./router.tsx) builds its tree from this table and loads
 * each `module` as a chunk of its own, the navigation (./shell/app-layout.tsx and the admin
 * section links) lists the entries that ask for a place in it, and the server
 * (server/route-preload.ts) names each page's chunks in the page it sends for a deep link.
 * ./routes.test.ts fails on a page declared anywhere else or an entry without its decisions.
 *
 * Plain data without imports: the server imports this file as it is (the one exception to the
 * wall between server/ and src/ in eslint.config.js).
 */

/**
 * Where a page is drawn. `console`: in the console's layout (header, navigation), with the full
 * component styles (src/components/page-styles.ts). `wall`: signed in, full screen, with the
 * styles the shell already has. `bare`: before sign-in, the header bar alone.
 */
export type Shell = 'console' | 'wall' | 'bare';

/**
 * The place a page takes in the navigation, or why it has none. The menus give each its label
 * and icon (NAV_ITEMS in ./shell/app-layout.tsx, SECTION_ITEMS in the admin page).
 */
export type Nav =
  /** The console's navigation; `adminOnly` for pages only admins may open; `newTab` for the wall's screen. */
  | { menu: 'main'; adminOnly?: true; newTab?: true }
  /** The admin page's section links. */
  | { menu: 'admin' }
  | { menu: 'none'; why: string };

/** Whether the server names the page's chunks for a deep link, or why not. */
export type Preload = 'chunks' | { skip: string };

/** A page whose heading the first frame draws (the common catalogue's `pages`, src/app/first-frame.ts). */
export type FrameHeading = 'compositeEvents' | 'handover' | 'insights';

/** A part of the first frame the server may cut out, between `<!--frame:NAME-->` and `<!--/frame:NAME-->`. */
export type FramePart = 'header' | 'page' | 'demo' | 'wall' | 'title' | `heading-${FrameHeading}`;

export interface RouteEntry {
  /** The full path as the router matches it, `:name` for a parameter. */
  readonly path: string;
  /** The page module (it exports `Component`), from the repository's root: its own chunk. */
  readonly module: string;
  /** The entry whose page draws this one inside it (its `<Outlet />`). */
  readonly parent?: string;
  readonly shell: Shell;
  readonly nav: Nav;
  readonly preload: Preload;
  /**
   * Console API paths the page reads first, whatever its URL's query says; `:name` stands for the
   * path's parameter of that name. For a signed-in person on a console holding the edge's token
   * the server names them in the page it sends (public/boot.js preloads them), so they download
   * with the scripts instead of after the app has run.
   */
  readonly data?: readonly string[];
  /**
   * As `data`, what the page's default view reads: named only when the URL has no query (a filter
   * reads something else). `{last:N}` is where a window of the last N minutes starts (`withWindows`).
   */
  readonly defaultData?: readonly string[];
  /**
   * The page's heading and what it is for, drawn in the first frame in the reader's language, in
   * place of the outline's title bar: on a phone it shows at the first paint, seconds before the
   * scripts draw the page (the queue's and the handover's subtitles were their largest paint, at
   * 3.0-3.2 s on Lighthouse's phone). On a city's /insights a long mic name is larger and stays the
   * largest paint; the heading still tells the person where they are seconds sooner.
   */
  readonly heading?: FrameHeading;
}

/**
 * A route's data path with each `{last:N}` filled by `start` (src/lib/time-window.ts `windowStart`:
 * the server by its clock, the page by the browser's), encoded as the app's query strings are.
 */
export const withWindows = (path: string, start: (minutes: number) => string): string =>
  path.replace(/\{last:(\d+)\}/g, (_, minutes: string) => encodeURIComponent(start(Number(minutes))));

export const ROUTES: readonly RouteEntry[] = [
  {
    path: '/sign-in',
    module: 'src/app/sign-in/sign-in-page.tsx',
    shell: 'bare',
    nav: { menu: 'none', why: 'shown instead of the console until one signs in' },
    preload: 'chunks',
  },
  {
    path: '/setup',
    module: 'src/app/sign-in/setup-page.tsx',
    shell: 'bare',
    nav: { menu: 'none', why: 'the first run only, before any account exists' },
    preload: 'chunks',
  },
  // The navigation's order: the incident queue first, as it is the landing page (REDIRECTS).
  {
    path: '/composite-events',
    module: 'src/features/composite-events/composite-events-route.tsx',
    shell: 'console',
    nav: { menu: 'main' },
    preload: 'chunks',
    data: ['/api/review/me'],
    defaultData: ['/api/v1/composite-events?page=1&size=20&order_by=desc'],
    heading: 'compositeEvents',
  },
  {
    path: '/composite-events/:compositeEventId',
    module: 'src/features/composite-events/composite-event-route.tsx',
    shell: 'console',
    nav: { menu: 'none', why: 'a drill-down, opened from the queue, the wall or an alert' },
    preload: 'chunks',
    // The first draw waits for the review and priority answers (they moved every section when late).
    data: [
      '/api/v1/composite-events/:compositeEventId',
      '/api/review/items/composite/:compositeEventId',
      '/api/priority/items?key=composite%3A:compositeEventId',
      '/api/review/me',
    ],
  },
  {
    path: '/events',
    module: 'src/features/events/events-route.tsx',
    shell: 'console',
    nav: { menu: 'main' },
    preload: 'chunks',
    data: ['/api/review/me', '/api/labels'],
    // The last 24 hours, cut to the minute by the server's clock as the page cuts them by the browser's.
    defaultData: ['/api/v1/events?page=1&size=25&start={last:1440}'],
  },
  {
    path: '/map',
    module: 'src/features/map/map-route.tsx',
    shell: 'console',
    nav: { menu: 'main' },
    preload: 'chunks',
    // The whole inventory (10,000 mics, 300 kB): it waited for the app, the session check and the page's chunk.
    data: ['/api/inventory/mics'],
  },
  {
    path: '/mics',
    module: 'src/features/mics/mics-route.tsx',
    shell: 'console',
    nav: { menu: 'main' },
    preload: 'chunks',
    data: ['/api/labels'],
    defaultData: ['/api/v1/mics?page=1&size=25'],
  },
  {
    path: '/mics/:micId',
    module: 'src/features/mics/mic-drawer-route.tsx',
    parent: '/mics',
    shell: 'console',
    nav: { menu: 'none', why: "a mic's drawer over the list, opened from a row or the map" },
    preload: 'chunks',
    data: ['/api/v1/mics/:micId', '/api/labels'],
    defaultData: ['/api/v1/mics?page=1&size=25'],
  },
  {
    path: '/insights',
    module: 'src/features/insights/insights-route.tsx',
    shell: 'console',
    nav: { menu: 'main' },
    preload: 'chunks',
    heading: 'insights',
  },
  {
    path: '/handover',
    module: 'src/features/handover/handover-route.tsx',
    shell: 'console',
    nav: { menu: 'main' },
    preload: 'chunks',
    heading: 'handover',
  },
  {
    path: '/wall',
    module: 'src/features/wall/wall-route.tsx',
    shell: 'wall',
    nav: { menu: 'main', newTab: true },
    preload: 'chunks',
  },
  {
    path: '/alerts/:alertId',
    module: 'src/features/admin/alerts-alert-route.tsx',
    shell: 'console',
    nav: { menu: 'none', why: "an alert's own page, opened from the link in the alert's message" },
    preload: 'chunks',
  },
  {
    path: '/admin',
    module: 'src/features/admin/admin-route.tsx',
    shell: 'console',
    nav: { menu: 'main', adminOnly: true },
    preload: 'chunks',
  },
  ...(
    [
      ['accounts', 'src/features/accounts/accounts-route.tsx'],
      ['walls', 'src/features/wall-links/walls-route.tsx'],
      ['audit', 'src/features/audit/audit-route.tsx'],
      ['procedures', 'src/features/admin/procedures-route.tsx'],
      ['alerts', 'src/features/admin/alerts-route.tsx'],
      ['priority', 'src/features/admin/priority-route.tsx'],
    ] as const
  ).map(([section, module]): RouteEntry => ({
    path: `/admin/${section}`,
    module,
    parent: '/admin',
    shell: 'console',
    nav: { menu: 'admin' },
    preload: 'chunks',
  })),
];

/** Paths that show another entry's page: `/` is the incident queue, `/admin` its first section. */
export const REDIRECTS: readonly { readonly from: string; readonly to: string }[] = [
  { from: '/', to: '/composite-events' },
  { from: '/admin', to: '/admin/accounts' },
];
