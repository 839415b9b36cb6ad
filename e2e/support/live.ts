import type { Page } from '@playwright/test';

/**
 * The header's connection badge carries whether changes reach the tab pushed by the console's
 * hub (`data-live="live"`) or by the page's own polling (`fallback`, `connecting`, `off`).
 */
export function connectionBadge(page: Page) {
  return page.getByTestId('connection-state');
}
