import type { Page } from '@playwright/test';

/** Review on the timeline and the drill-down: locators only; specs assert. */
export class ReviewPage {
  constructor(
    readonly page: Page,
    readonly base: string,
  ) {}

  gotoTimeline(search = '') {
    return this.page.goto(`${this.base}/composite-events${search}`);
  }

  gotoDetail(id: string) {
    return this.page.goto(`${this.base}/composite-events/${encodeURIComponent(id)}`);
  }

  entries() {
    return this.page.getByRole('article');
  }

  /** The timeline entry of one composite event. */
  entry(id: string) {
    return this.page.getByRole('article').filter({
      has: this.page.locator(`a[href="/composite-events/${encodeURIComponent(id)}"]`),
    });
  }

  gotoEvents(search = '') {
    return this.page.goto(`${this.base}/events${search}`);
  }

  /** The events list's row of one sound event. */
  eventRow(id: string) {
    return this.page.getByRole('table', { name: 'Sound events' }).locator(`tr[data-event-id="${id}"]`);
  }

  eventRows() {
    return this.page.getByRole('table', { name: 'Sound events' }).locator('tbody tr[data-event-id]');
  }

  reviewSection() {
    return this.page.getByRole('region', { name: 'Review' });
  }

  button(name: 'Acknowledge' | 'Resolve' | 'Reopen' | 'Resolve with this outcome' | 'Acknowledge selected') {
    return this.page.getByRole('button', { name, exact: true });
  }

  newItemsCount() {
    return this.page.getByTestId('new-items-count');
  }

  resolveDialog() {
    return this.page.getByRole('dialog');
  }

  history() {
    return this.page.getByRole('region', { name: 'History' });
  }

  gotoHandover(search = '') {
    return this.page.goto(`${this.base}/handover${search}`);
  }

  /** A section of the handover page: 'What fired', 'Resolved' or 'Still open'. */
  handoverSection(name: 'What fired' | 'Resolved' | 'Still open') {
    return this.page.getByRole('region', { name, exact: true });
  }

  /** The row of one composite event in a handover table. */
  handoverRow(section: 'Resolved' | 'Still open', id: string) {
    return this.handoverSection(section)
      .getByRole('row')
      .filter({ has: this.page.locator(`a[href="/composite-events/${encodeURIComponent(id)}"]`) });
  }

  handoverSummary() {
    return this.page.getByRole('group', { name: 'Summary' });
  }
}
