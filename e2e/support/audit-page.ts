import type { Locator, Page } from '@playwright/test';

/** Admin → Audit: locators only; specs assert. */
export class AuditPage {
  constructor(readonly page: Page) {}

  goto(query = '') {
    return this.page.goto(`/admin/audit${query}`);
  }

  get filters(): Locator {
    return this.page.getByRole('search', { name: 'Audit filters' });
  }

  get person(): Locator {
    return this.filters.getByLabel('Person', { exact: true });
  }

  get action(): Locator {
    return this.filters.getByLabel('Action', { exact: true });
  }

  option(name: string): Locator {
    return this.page.getByRole('option', { name, exact: true });
  }

  get table(): Locator {
    return this.page.getByRole('table', { name: 'Audit entries' });
  }

  get rows(): Locator {
    return this.table.locator('tbody tr');
  }

  get exportButton(): Locator {
    return this.page.getByRole('link', { name: 'Export CSV' });
  }
}
