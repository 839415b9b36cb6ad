import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import { ADMIN } from './servers';

export interface DemoEdge {
  setFault(mode: string, options?: { scope?: 'all' | 'read' | 'write'; delay_ms?: number }): Promise<void>;
  /** Requests the embedded demo edge has received so far (from the hub and the gateway together). */
  requests(): Promise<{ total: number; by_path: Record<string, number> }>;
  addEvent(event: {
    mic_id?: string;
    label_id?: string;
    confidence?: number;
  }): Promise<{ id: string; created_at: string }>;
}

export interface Credentials {
  username: string;
  password: string;
}

/** Signs a browser context (through its `page.request`) or an API context in to a console. */
export async function signInTo(request: APIRequestContext, baseURL: string, account: Credentials = ADMIN) {
  const response = await request.post(`${baseURL}/auth/login`, { data: account });
  expect(response.status(), `sign-in of ${account.username} at ${baseURL}`).toBe(204);
}

interface Options {
  /**
   * Signs the page in before the test, on consoles that require it (the proxy-mode ones):
   * `test.use({ account: ADMIN })`. The embedded demo signs visitors in by itself.
   */
  account: Credentials | null;
}

interface Fixtures {
  demo: DemoEdge;
  /** Console errors and page errors seen during the test; the fixture fails the test on any. */
  consoleErrors: string[];
}

/**
 * Every spec starts from a known state: the demo edge back to normal, no fault left over,
 * and no console error allowed unless a test expects it and clears the list.
 */
export const test = base.extend<Fixtures & Options>({
  account: [null, { option: true }],
  page: async ({ page, account, baseURL }, use) => {
    if (account !== null) await signInTo(page.request, baseURL!, account);
    await use(page);
  },
  demo: async ({ request }, use) => {
    const demo: DemoEdge = {
      async setFault(mode, options = {}) {
        const response = await request.put('/_demo/faults', {
          data: { mode, scope: options.scope ?? 'all', delay_ms: options.delay_ms },
        });
        expect(response.ok()).toBe(true);
      },
      async requests() {
        const response = await request.get('/_demo/requests');
        expect(response.ok()).toBe(true);
        return (await response.json()) as { total: number; by_path: Record<string, number> };
      },
      async addEvent(event) {
        const response = await request.post('/_demo/events', { data: event });
        expect(response.status()).toBe(201);
        return (await response.json()) as { id: string; created_at: string };
      },
    };
    await demo.setFault('normal');
    await use(demo);
    await demo.setFault('normal');
  },
  consoleErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
    await use(errors);
    expect(errors, 'console errors').toEqual([]);
  },
});

export { expect, type Page };
