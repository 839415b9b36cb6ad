import type { APIRequestContext, Page } from '@playwright/test';

/** The mic map: locators only; specs assert. */
export class MapPage {
  constructor(readonly page: Page) {}

  goto(query = '') {
    return this.page.goto(`/map${query}`);
  }

  /** The map region; `data-mics-shown` and `data-mics-drawn` count the mics on it. */
  get map() {
    return this.page.getByTestId('mic-map');
  }

  get summary() {
    return this.page.getByTestId('map-summary');
  }

  /** What the map says of the inventory it draws: cut at the server's cap, drawn in part, or stale. */
  get inventoryNote() {
    return this.page.getByTestId('inventory-note');
  }

  get findMic() {
    return this.page.getByRole('combobox', { name: 'Find a mic' });
  }

  filter(name: 'Edge server' | 'Status' | 'Sound label' | 'Heard within') {
    return this.page.getByRole('combobox', { name });
  }

  option(name: string | RegExp) {
    return this.page.getByRole('option', { name });
  }

  get micPopup() {
    return this.page.getByTestId('mic-popup');
  }

  /** Leaflet's popup box around the mic popup: it fades in, so colours are final only at opacity 1. */
  get micPopupBox() {
    return this.page.locator('.leaflet-popup').filter({ has: this.micPopup });
  }

  get editLink() {
    return this.micPopup.getByRole('link', { name: /^Edit/ });
  }

  get resetView() {
    return this.page.getByRole('button', { name: 'Reset view' });
  }

  /** How many mics the edge reports, straight from the API. */
  static async micTotal(request: APIRequestContext, edgeId?: string): Promise<number> {
    const response = await request.get(`/api/v1/mics?size=1${edgeId ? `&edge_id=${edgeId}` : ''}`);
    return ((await response.json()) as { total_cnt: number }).total_cnt;
  }

  /** Inactive mics of an edge with at most 100 mics (the edge has no status filter: counted here). */
  static async inactiveOf(request: APIRequestContext, edgeId: string): Promise<number> {
    const response = await request.get(`/api/v1/mics?size=100&edge_id=${edgeId}`);
    const page = (await response.json()) as { max_page: number; results: { status: string }[] };
    if (page.max_page > 1) throw new Error(`${edgeId} has more than 100 mics`);
    return page.results.filter((mic) => mic.status === 'inactive').length;
  }
}
