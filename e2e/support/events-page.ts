import type { Page } from '@playwright/test';

/** The /events page: locators only; specs assert. */
export class EventsPage {
  constructor(readonly page: Page) {}

  goto(search = '') {
    return this.page.goto(`/events${search}`);
  }

  heading() {
    return this.page.getByRole('heading', { name: 'Sound events' });
  }

  rangeOption(name: string) {
    return this.page.getByRole('radiogroup', { name: 'Time range' }).getByText(name, { exact: true });
  }

  micsInput() {
    return this.page.getByRole('combobox', { name: 'Mics' });
  }

  labelsInput() {
    return this.page.getByRole('combobox', { name: 'Labels' });
  }

  option(name: string | RegExp) {
    return this.page.getByRole('option', { name });
  }

  table() {
    return this.page.getByRole('table', { name: 'Sound events' });
  }

  rows() {
    return this.table().locator('tbody tr');
  }

  corroboratedOnly() {
    return this.page.getByRole('switch', { name: 'Corroborated only' });
  }

  /** The "Heard by" cells that name more than the event's own mic. */
  heardByMany() {
    return this.table().getByText(/^Heard by (at least )?\d+ mics$/);
  }

  heardByOwnOnly() {
    return this.table().getByText('Only its own mic', { exact: true });
  }

  newEventsButton() {
    return this.page.getByRole('button', { name: /new events?$/ });
  }

  exportButton() {
    return this.page.getByRole('button', { name: 'Export CSV' });
  }

  exportDialog() {
    return this.page.getByRole('dialog', { name: 'Export events to CSV' });
  }

  /** Resolves with the next list request (size > 1; the new-events probe asks for size 1). */
  /** The next list request, or the next one `where` accepts (a periodic refresh may come first). */
  nextListRequest(where: (params: URLSearchParams) => boolean = () => true) {
    return this.page.waitForRequest((req) => {
      const url = new URL(req.url());
      return (
        url.pathname === '/api/v1/events' &&
        url.searchParams.get('size') !== '1' &&
        url.searchParams.get('size') !== '100' &&
        where(url.searchParams)
      );
    });
  }
}
