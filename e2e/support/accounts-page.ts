import type { Locator, Page } from '@playwright/test';

/** Admin → Accounts: locators only; specs assert. */
export class AccountsPage {
  constructor(
    readonly page: Page,
    private readonly base = '',
  ) {}

  goto() {
    return this.page.goto(`${this.base}/admin/accounts`);
  }

  get table(): Locator {
    return this.page.getByRole('table', { name: 'Accounts' });
  }

  row(username: string): Locator {
    return this.table.getByRole('row').filter({ has: this.page.getByText(username, { exact: true }) });
  }

  get newAccount(): Locator {
    return this.page.getByRole('button', { name: 'New account' });
  }

  get dialog(): Locator {
    return this.page.getByRole('dialog', { name: 'New account' });
  }

  field(label: 'Username' | 'Initial password'): Locator {
    return this.dialog.getByLabel(label, { exact: true });
  }

  get create(): Locator {
    return this.dialog.getByRole('button', { name: 'Create account' });
  }

  disable(username: string): Locator {
    return this.page.getByRole('button', { name: `Disable ${username}` });
  }

  role(username: string): Locator {
    return this.page.getByRole('combobox', { name: `Role of ${username}` });
  }

  get notice(): Locator {
    return this.page.getByRole('alert').filter({ hasText: /disabled|created|is now/ });
  }
}
