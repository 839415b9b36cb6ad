import type { Locator, Page } from '@playwright/test';

/** Locators for the mic table and its edit drawer; specs do the asserting. */
export class MicsPage {
  constructor(readonly page: Page) {}

  async goto(pathAndQuery = '/mics') {
    await this.page.goto(pathAndQuery);
  }

  get filters(): Locator {
    return this.page.getByRole('search', { name: 'Filters' });
  }

  get nameFilter(): Locator {
    return this.filters.getByLabel('Name');
  }

  get edgeFilter(): Locator {
    return this.filters.getByRole('combobox', { name: 'Edge server' });
  }

  get table(): Locator {
    return this.page.getByRole('table', { name: 'Microphone devices' });
  }

  get rows(): Locator {
    return this.table.locator('tbody tr');
  }

  row(text: string): Locator {
    return this.rows.filter({ hasText: text });
  }

  /** The device names, one link per row. */
  get nameLinks(): Locator {
    return this.rows.locator('td:first-child a');
  }

  /** The threshold chips of every row ("Car horn 0.66"). */
  get thresholdChips(): Locator {
    return this.table.getByRole('listitem');
  }

  /** The row of a device by its id, shown under its name. */
  rowOf(micId: string): Locator {
    return this.rows.filter({ has: this.page.getByText(micId, { exact: true }) });
  }

  statusToggle(micName: string): Locator {
    return this.table.getByRole('switch', { name: `Active: ${micName}` });
  }

  /** Asks before a device is switched off from its row. */
  get deactivateDialog(): Locator {
    return this.page.getByRole('dialog', { name: /^Deactivate / });
  }

  get total(): Locator {
    return this.page.getByText(/^\d+ devices?$/);
  }

  get nextPage(): Locator {
    return this.page.getByRole('button', { name: 'Next page' });
  }

  get pageSize(): Locator {
    return this.page.getByRole('button', { name: /^Per page: \d+$/ });
  }

  get emptyState(): Locator {
    return this.page.getByRole('status').filter({ hasText: 'No devices match' });
  }

  get drawer(): Locator {
    return this.page.getByRole('dialog', { name: /Edit device|Device/ });
  }

  field(label: string): Locator {
    return this.drawer.getByRole('textbox', { name: label, exact: true });
  }

  status(label: 'Active' | 'Inactive'): Locator {
    return this.drawer.getByRole('radio', { name: label });
  }

  /** Shows the position map, which the drawer leaves out until asked for. */
  get setOnMap(): Locator {
    return this.drawer.getByRole('button', { name: 'Set on map' });
  }

  get map(): Locator {
    return this.drawer.getByRole('region', { name: /Device position/ });
  }

  get marker(): Locator {
    return this.map.locator('.leaflet-marker-icon');
  }

  thresholdInputs(): Locator {
    return this.drawer.getByRole('textbox', { name: /^Threshold for / });
  }

  /** The thumb of a threshold's slider, by the category's name as shown. */
  thresholdSlider(category: string): Locator {
    return this.drawer.getByRole('slider', { name: `Threshold slider for ${category}` });
  }

  /** An option of the open category picker. */
  categoryOption(name: string): Locator {
    return this.page.getByRole('option', { name, exact: true });
  }

  get newCategory(): Locator {
    return this.drawer.getByRole('combobox', { name: 'New category' });
  }

  get addCategory(): Locator {
    return this.drawer.getByRole('button', { name: 'Add category' });
  }

  get save(): Locator {
    return this.drawer.getByRole('button', { name: 'Save changes' });
  }

  get close(): Locator {
    return this.drawer.getByRole('button', { name: 'Close' });
  }

  get saveResult(): Locator {
    return this.drawer.getByRole('status').filter({ hasText: 'Sent' });
  }

  /** The drawer's History section: one list item per recorded change, newest first. */
  get history(): Locator {
    return this.drawer.getByRole('list', { name: 'History of this device' }).getByRole('listitem');
  }

  get saveError(): Locator {
    return this.drawer.getByRole('alert').filter({ hasText: 'Not saved' });
  }

  get discardDialog(): Locator {
    return this.page.getByRole('dialog', { name: 'Discard unsaved changes?' });
  }
}
