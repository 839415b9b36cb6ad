import type { Locator, Page } from '@playwright/test';

/** Admin → Alerts and an alert's own page (/alerts/:id): locators only; specs act and assert. */
export class AlertsPage {
  constructor(readonly page: Page) {}

  goto(base = '') {
    return this.page.goto(`${base}/admin/alerts`);
  }

  tab(name: 'Rules' | 'Channels' | 'Deliveries'): Locator {
    return this.page.getByRole('tab', { name });
  }

  get newChannel(): Locator {
    return this.page.getByRole('button', { name: 'New channel' });
  }

  get newRule(): Locator {
    return this.page.getByRole('button', { name: 'New rule' });
  }

  /** The open channel or rule form (a dialog titled by what it makes or edits). */
  dialog(name: string | RegExp): Locator {
    return this.page.getByRole('dialog', { name });
  }

  option(name: string): Locator {
    return this.page.getByRole('option', { name, exact: true });
  }

  get channels(): Locator {
    return this.page.getByRole('table', { name: 'Channels' });
  }

  get rules(): Locator {
    return this.page.getByRole('table', { name: 'Rules' });
  }

  get deliveries(): Locator {
    return this.page.getByRole('table', { name: 'Delivery log' });
  }

  row(table: Locator, name: string): Locator {
    return table.getByRole('row').filter({ hasText: name });
  }

  /** The escalation step `n` (from 1) of the open rule form. */
  step(form: Locator, n: number): Locator {
    return form.getByRole('group', { name: `Escalation ${n}` });
  }

  get acknowledge(): Locator {
    return this.page.getByRole('button', { name: 'Acknowledge' });
  }

  /** "Taken by … at …" on an alert's page once someone acknowledged it. */
  get takenBy(): Locator {
    return this.page.getByRole('status').filter({ hasText: /^Taken by / });
  }
}
