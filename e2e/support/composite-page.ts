import type { Locator, Page } from '@playwright/test';

/** The composite-event timeline and drill-down: locators only; specs assert. */
export class CompositePage {
  constructor(readonly page: Page) {}

  gotoTimeline(search = '') {
    return this.page.goto(`/composite-events${search}`);
  }

  gotoDetail(id: string) {
    return this.page.goto(`/composite-events/${encodeURIComponent(id)}`);
  }

  timelineHeading() {
    return this.page.getByRole('heading', { name: 'Composite events', level: 2 });
  }

  entries() {
    return this.page.getByRole('article');
  }

  entry(id: string) {
    return this.entries().and(this.page.locator(`[data-composite-id="${id}"]`));
  }

  newEntries() {
    return this.page.getByRole('button', { name: /^\d+ new composite events?$/ });
  }

  entryLink(index: number) {
    return this.entries().nth(index).getByRole('link').first();
  }

  ruleSection() {
    return this.page.getByRole('region', { name: 'Rule' });
  }

  whySection() {
    return this.page.getByRole('region', { name: 'Why it fired' });
  }

  whyCaption() {
    return this.whySection().locator('figcaption');
  }

  baseEventsTable() {
    return this.page.getByRole('table', { name: 'Base events' });
  }

  baseEventRows() {
    return this.baseEventsTable().locator('tbody tr');
  }

  micsSection() {
    return this.page.getByRole('region', { name: 'Mics involved' });
  }

  replayMap() {
    return this.page.getByRole('region', { name: /^Replay map/ });
  }

  micsMap() {
    return this.page.getByRole('region', { name: 'Map of the mics involved' });
  }

  /** A drill-down map's mic markers (SVG circles, one element each). */
  markers(map: Locator) {
    return map.locator('path.leaflet-interactive');
  }

  notFound() {
    return this.page.getByRole('heading', { name: 'Composite event not found' });
  }

  backToTimeline() {
    return this.page.getByRole('link', { name: 'Back to the timeline' });
  }

  orderOption(name: 'Newest first' | 'Oldest first') {
    return this.page.getByRole('radiogroup', { name: 'Order' }).getByText(name, { exact: true });
  }
}
