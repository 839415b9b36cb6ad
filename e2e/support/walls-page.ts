import type { Locator, Page } from '@playwright/test';

/** Admin → Wall screens: locators only; specs assert. */
export class WallsPage {
  constructor(readonly page: Page) {}

  goto() {
    return this.page.goto('/admin/walls');
  }

  get newLink(): Locator {
    return this.page.getByRole('button', { name: 'New wall link' });
  }

  get dialog(): Locator {
    return this.page.getByRole('dialog');
  }

  field(label: string): Locator {
    return this.dialog.getByRole('textbox', { name: label });
  }

  language(label: string): Locator {
    return this.dialog.getByText(label, { exact: true });
  }

  get create(): Locator {
    return this.dialog.getByRole('button', { name: 'Create link' });
  }

  get url(): Locator {
    return this.dialog.getByRole('textbox', { name: 'Wall link address' });
  }

  get done(): Locator {
    return this.dialog.getByRole('button', { name: 'Done' });
  }

  get table(): Locator {
    return this.page.getByRole('table', { name: 'Wall links' });
  }

  row(name: string): Locator {
    return this.table.locator('tbody tr').filter({ hasText: name });
  }

  revoke(name: string): Locator {
    return this.table.getByRole('button', { name: `Revoke ${name}` });
  }

  get confirmRevoke(): Locator {
    return this.dialog.getByRole('button', { name: 'Revoke link' });
  }

  remove(name: string): Locator {
    return this.table.getByRole('button', { name: `Remove ${name}` });
  }

  get confirmRemove(): Locator {
    return this.dialog.getByRole('button', { name: 'Remove link' });
  }
}
