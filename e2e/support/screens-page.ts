import type { Locator, Page } from '@playwright/test';

/** One size a console is seen at: phone, tablet, desktop, 4K TV, portrait 4K. */
export interface Screen {
  name: string;
  width: number;
  height: number;
}

export const SCREENS: Screen[] = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'tablet', width: 768, height: 1024 },
  { name: 'desktop', width: 1920, height: 1080 },
  { name: '4k', width: 3840, height: 2160 },
  { name: '4k-portrait', width: 2160, height: 3840 },
];

/** The shell's header controls by role and accessible name (English UI). */
export const HEADER_CONTROLS: { role: 'status' | 'button' | 'link'; name: RegExp; keyboardOnly?: boolean }[] = [
  { role: 'status', name: /^Live/ },
  { role: 'button', name: /^Keyboard shortcuts/, keyboardOnly: true },
  { role: 'button', name: /^Switch the language/ },
  { role: 'button', name: /^Colour scheme/ },
  { role: 'link', name: /^Mics$/ },
  { role: 'link', name: /^Map$/ },
  { role: 'link', name: /^Events$/ },
  // Its name goes on with the count of new items.
  { role: 'link', name: /^Composite events/ },
  { role: 'link', name: /^Wall display$/ },
  { role: 'link', name: /^Admin$/ },
  { role: 'button', name: /^Account menu: / },
];

/** Any page at any size: locators and measurements only; specs assert. */
export class ScreensPage {
  constructor(readonly page: Page) {}

  /** The burger that opens the navigation and, on a narrow screen, the header's controls. */
  get menuButton(): Locator {
    return this.page.getByRole('button', { name: 'Toggle navigation' });
  }

  /** The account menu's way out (once the account menu is open). */
  get signOut(): Locator {
    return this.page.getByRole('menuitem', { name: 'Sign out' });
  }

  /** A control in the header or in the menu panel (not a link of the same name in the page). */
  control(role: 'status' | 'button' | 'link', name: RegExp): Locator {
    return this.page.locator('.mantine-AppShell-header, .mantine-AppShell-navbar').getByRole(role, { name });
  }

  get wallFeedTitles(): Locator {
    // The two feeds' headings (the unusual strip, when something is unusual, has a heading too).
    return this.page
      .getByTestId('wall')
      .getByRole('region', { name: /^(Composite events|Latest events)$/ })
      .getByRole('heading', { level: 2 });
  }

  /** Each feed entry's title: the sound's name or the rule's. */
  get wallEntryTitles(): Locator {
    return this.page.getByTestId('wall').getByRole('listitem').locator(':scope > span:first-of-type');
  }

  get wallMap(): Locator {
    return this.page.getByTestId('wall').getByRole('region', { name: 'Mic map' });
  }

  /** The column (or, in portrait, the band) holding both feeds. */
  get wallFeeds(): Locator {
    return this.page.getByTestId('wall').getByRole('complementary');
  }

  /** How far the document can scroll sideways (0 when it fits). */
  sidewaysOverflow(): Promise<number> {
    return this.page.evaluate(() => {
      const root = document.scrollingElement ?? document.documentElement;
      return root.scrollWidth - root.clientWidth;
    });
  }

  /** Computed font size in CSS pixels of each element the locator finds. */
  fontSizes(locator: Locator): Promise<number[]> {
    return locator.evaluateAll((elements) => elements.map((e) => parseFloat(getComputedStyle(e).fontSize)));
  }
}
