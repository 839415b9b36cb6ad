import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Locator, type Page, type Response } from '@playwright/test';

export type Language = 'en' | 'ko';
export type Scheme = 'light' | 'dark';

/** The key the app remembers the UI language under (src/lib/i18n). */
export const LANGUAGE_KEY = 'edge-sound-console.language';

/** Starts every page load of this test in `language`, as if the user had chosen it before. */
export async function useLanguage(page: Page, language: Language): Promise<void> {
  await page.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [
    LANGUAGE_KEY,
    language,
  ] as const);
}

/** The id of the newest composite event on a console's edge (the test's own by default), for the drill-down page. */
export async function newestCompositeId(request: APIRequestContext, base = ''): Promise<string> {
  const response = await request.get(`${base}/api/v1/composite-events?size=1`);
  return ((await response.json()) as { results: { id: string }[] }).results[0]!.id;
}

type Text = Record<Language, string>;

export interface AppPage {
  name: string;
  path: (compositeId: string) => string;
  /** A heading of the page in each language. */
  heading: Text;
  headingLevel: 1 | 2 | 3;
  /** Something only there once the page has its data, so scans and screenshots see the real page. */
  ready: (page: Page, language: Language) => Locator;
  /** Inside the app shell (navigation, header). */
  shell: boolean;
  /** Stays dark whatever the system says. */
  alwaysDark?: boolean;
}

const nav = (page: Page, language: Language) =>
  page.getByRole('navigation', { name: language === 'ko' ? '주 메뉴' : 'Main navigation' });

export const NAV_LINKS: Record<Language, string[]> = {
  en: ['Mics', 'Map', 'Events', 'Composite events', 'Shift handover', 'Wall display'],
  ko: ['마이크', '지도', '이벤트', '복합 이벤트', '근무 인수인계', '상황판'],
};

export { nav as mainNavigation };

export const APP_PAGES: AppPage[] = [
  {
    name: 'mics',
    path: () => '/mics',
    heading: { en: 'Mics', ko: '마이크' },
    headingLevel: 2,
    ready: (page, language) =>
      page
        .getByRole('table', { name: language === 'ko' ? '마이크 장치' : 'Microphone devices' })
        .locator('tbody tr')
        .first(),
    shell: true,
  },
  {
    name: 'mic drawer',
    path: () => '/mics/mic-0001',
    heading: { en: 'Edit device', ko: '장치 편집' },
    headingLevel: 2,
    ready: (page) => page.getByRole('dialog').getByRole('slider').first(),
    shell: true,
  },
  {
    name: 'map',
    path: () => '/map',
    heading: { en: 'Map', ko: '지도' },
    headingLevel: 2,
    ready: (page) =>
      // The mics' own canvas (the basemap draws on another): there once the inventory is drawn.
      page.locator('[data-testid="mic-map"] .leaflet-mic-markers-pane canvas'),
    shell: true,
  },
  {
    name: 'events',
    path: () => '/events',
    heading: { en: 'Sound events', ko: '소리 이벤트' },
    headingLevel: 2,
    ready: (page) => page.getByRole('table').locator('tbody tr').first(),
    shell: true,
  },
  {
    name: 'composite timeline',
    path: () => '/composite-events',
    heading: { en: 'Composite events', ko: '복합 이벤트' },
    headingLevel: 2,
    ready: (page) => page.getByRole('article').first(),
    shell: true,
  },
  {
    name: 'composite detail',
    path: (id) => `/composite-events/${encodeURIComponent(id)}`,
    // Its level-2 heading is the rule's own name (data); the panels are headed in the UI language.
    heading: { en: 'Rule', ko: '규칙' },
    headingLevel: 3,
    ready: (page) => page.getByRole('table').locator('tbody tr').first(),
    shell: true,
  },
  {
    name: 'handover',
    path: () => '/handover',
    heading: { en: 'Shift handover', ko: '근무 인수인계' },
    headingLevel: 2,
    ready: (page, language) => page.getByRole('table', { name: language === 'ko' ? '분류별' : 'By label' }),
    shell: true,
  },
  {
    name: 'not found',
    path: () => '/no-such-page',
    heading: { en: 'Page not found', ko: '페이지를 찾을 수 없습니다' },
    headingLevel: 2,
    ready: (page, language) =>
      page.getByRole('link', { name: language === 'ko' ? '마이크 목록으로' : 'Go to the mic list' }),
    shell: true,
  },
  {
    name: 'wall',
    // A day's window: the demo edges of the run stop adding events, so late on 15 minutes hold none.
    path: () => '/wall?window=24h',
    heading: { en: 'Sound events', ko: '소리 이벤트' },
    headingLevel: 1,
    ready: (page, language) =>
      page
        .getByRole('log', { name: language === 'ko' ? '최근 이벤트' : 'Latest events' })
        .getByRole('listitem')
        .first(),
    shell: false,
    alwaysDark: true,
  },
];

/** Serious and critical axe violations, one line per rule with the first few elements, for a readable failure. */
export async function seriousViolations(page: Page, exclude: string[] = []): Promise<string[]> {
  let builder = new AxeBuilder({ page });
  for (const selector of exclude) builder = builder.exclude(selector);
  // A colour scheme just switched fades some colours over a transition (a segmented control's
  // labels, 200 ms): scanned midway, a label has a colour neither scheme gives it. Running
  // transitions jump to their end, as they would in a moment; animations (loaders, a new entry's
  // flash) are what the page shows and are scanned as they are.
  await page.evaluate(() => {
    for (const animation of document.getAnimations()) if (animation instanceof CSSTransition) animation.finish();
  });
  const results = await builder.analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(' | ')}${v.nodes.length > 3 ? ` …+${v.nodes.length - 3}` : ''}`,
    );
}

/** How far the page scrolls sideways (0 when it fits its window). */
export function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

/**
 * Opens each app page of the console at `base` in English and waits until it shows its data, so
 * what a page loads has been loaded; `check` sees each page's response. Pages poll and keep a
 * stream open, so "the network went quiet" is no sign of a page being done.
 */
export async function visitAppPages(
  page: Page,
  base: string,
  check: (response: Response | null, appPage: AppPage) => Promise<void> | void = () => {},
): Promise<void> {
  const compositeId = await newestCompositeId(page.request, base);
  for (const appPage of APP_PAGES) {
    const response = await page.goto(`${base}${appPage.path(compositeId)}`);
    await expect(appPage.ready(page, 'en'), appPage.name).toBeVisible();
    await check(response, appPage);
  }
}

/** A main navigation link named in English. */
const ENGLISH_NAV = /^(Mics|Map|Events|Composite events|Shift handover|Wall display)$/;

/** Texts that are only right in one language, per page: a label, a button, a column. */
const KEY_TEXTS: Record<string, (page: Page, language: Language) => ReturnType<Page['getByRole']>[]> = {
  mics: (page, l) => [
    page.getByRole('textbox', { name: l === 'ko' ? '이름' : 'Name', exact: true }),
    page.getByRole('columnheader', { name: l === 'ko' ? '수정' : 'Updated' }),
    page.getByRole('button', { name: l === 'ko' ? '다음 페이지' : 'Next page' }),
  ],
  'mic drawer': (page, l) => [
    page.getByRole('dialog').getByRole('button', { name: l === 'ko' ? '닫기' : 'Close', exact: true }),
    page.getByRole('dialog').getByRole('button', { name: l === 'ko' ? '변경 사항 저장' : 'Save changes' }),
  ],
  map: (page, l) => [page.getByRole('combobox', { name: l === 'ko' ? '마이크 찾기' : 'Find a mic' })],
  events: (page, l) => [
    page.getByRole('button', { name: l === 'ko' ? 'CSV 내보내기' : 'Export CSV' }),
    page.getByRole('button', { name: l === 'ko' ? '다음 페이지' : 'Next page' }),
  ],
  'composite timeline': (page, l) => [
    page.getByRole('button', { name: l === 'ko' ? '생성 시작' : 'Created from' }),
    page.getByRole('button', { name: l === 'ko' ? '다음 페이지' : 'Next page' }),
  ],
  'composite detail': (page, l) => [
    page.getByRole('link', { name: l === 'ko' ? '복합 이벤트' : 'Composite events', exact: true }).last(),
  ],
  handover: (page, l) => [
    page.getByRole('button', { name: l === 'ko' ? 'CSV 내보내기' : 'Export CSV' }),
    page.getByRole('region', { name: l === 'ko' ? '미결' : 'Still open', exact: true }),
  ],
  'not found': (page, l) => [page.getByRole('link', { name: l === 'ko' ? '마이크 목록으로' : 'Go to the mic list' })],
  // The composite region is there in both languages whether or not an incident fell in the window.
  wall: (page, l) => [page.getByRole('region', { name: l === 'ko' ? '복합 이벤트' : 'Composite events' })],
};

/** The page speaks `language`: its `lang`, heading, key texts and (in the shell) every navigation link. */
export async function expectSpeaks(page: Page, appPage: AppPage, language: Language): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  await expect(
    page.getByRole('heading', { level: appPage.headingLevel, name: appPage.heading[language], exact: true }).first(),
  ).toBeVisible();
  for (const text of KEY_TEXTS[appPage.name]!(page, language)) await expect(text).toBeVisible();
  if (!appPage.shell) return;
  const navigation = nav(page, language);
  // A link's name may go on with its count of new items ("Composite events 12 new").
  for (const name of NAV_LINKS[language])
    await expect(navigation.getByRole('link', { name: new RegExp(`^${name}(\\s|$)`) })).toBeVisible();
  if (language === 'ko') await expect(navigation.getByRole('link', { name: ENGLISH_NAV })).toHaveCount(0);
}
