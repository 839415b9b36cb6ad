import type { Page } from '@playwright/test';

/** The wall display: locators only; specs assert. */
export class WallPage {
  constructor(readonly page: Page) {}

  goto(query = '') {
    return this.page.goto(`/wall${query}`);
  }

  get wall() {
    return this.page.getByTestId('wall');
  }

  /** The line under the title: edge, label, window, "live" or the refresh pace, mic count. */
  get setup() {
    return this.page.getByTestId('wall-setup');
  }

  get inventoryNote() {
    return this.page.getByTestId('inventory-note');
  }

  get freshness() {
    return this.page.getByTestId('wall-freshness');
  }

  /** The "unusual now" strip under the header. */
  get unusual() {
    return this.page.getByTestId('wall-unusual');
  }

  /** The full-screen notice that replaces the wall when the console refuses the screen. */
  get accessView() {
    return this.page.getByTestId('wall-access');
  }

  get banner() {
    return this.page.getByTestId('wall-banner');
  }

  get eventFeed() {
    return this.page.getByRole('log', { name: 'Latest events' });
  }

  /** The event feed once its first answer is in: an entry, or the line saying there are none. */
  get eventFeedAnswered() {
    return this.eventFeed
      .getByRole('listitem')
      .first()
      .or(this.page.getByText(/^No events in the last/));
  }

  event(id: string) {
    return this.eventFeed.locator(`[data-event-id="${id}"]`);
  }

  get compositeFeed() {
    return this.page.getByRole('log', { name: 'Composite events' });
  }

  composite(id: string) {
    return this.compositeFeed.locator(`[data-composite-id="${id}"]`);
  }

  get clock() {
    return this.page.getByRole('timer', { name: 'Local time' });
  }

  get map() {
    return this.page.getByRole('region', { name: 'Mic map' });
  }

  /** The map's two canvases, the mics' and the outlines' (a canvas has no role or name). */
  get mapCanvases() {
    return this.map.locator('.leaflet-mic-markers-pane canvas, .leaflet-offline-basemap-pane canvas');
  }

  /** Marks the document so a spec can tell the page was never reloaded. */
  async markDocument() {
    await this.page.evaluate(() => ((window as unknown as { __wallMark: boolean }).__wallMark = true));
  }

  async documentMarked(): Promise<boolean> {
    return this.page.evaluate(() => (window as unknown as { __wallMark?: boolean }).__wallMark === true);
  }
}
