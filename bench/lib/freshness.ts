import type { Browser } from '@playwright/test';
import { quantile, summarize, type Summary } from './stats';

export interface FreshnessResult {
  refreshSeconds: number;
  events: number;
  delayMs: Summary;
  /** 95th percentile of the delays (absent in results from before the live hub). */
  p95Ms?: number;
  /** Whether the wall was pushed by the hub's stream (the refresh is then only its fallback pace). */
  live?: boolean;
}

/**
 * From the moment the demo edge stores an event (its POST returns) to the moment the wall shows
 * it, for events injected at random moments relative to the refresh cycle.
 */
export async function measureFreshness(
  browser: Browser,
  baseUrl: string,
  events: number,
  refreshSeconds: number,
): Promise<FreshnessResult> {
  const context = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
  const page = await context.newPage();
  await page.addInitScript(() => {
    const seen: Record<string, number> = {};
    (window as unknown as { __seenAt: Record<string, number> }).__seenAt = seen;
    new MutationObserver(() => {
      for (const el of document.querySelectorAll('[data-event-id]')) {
        const id = el.getAttribute('data-event-id')!;
        seen[id] ??= Date.now();
      }
    }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-event-id'] });
  });
  await page.goto(`${baseUrl}/wall?refresh=${refreshSeconds}&window=15m`);
  await page.waitForSelector('[data-event-id]', { timeout: 60_000 }).catch(() => undefined);
  const live = await page
    .getByTestId('wall-setup')
    .textContent()
    .then((text) => (text ?? '').includes('live'));
  const delays: number[] = [];
  for (let i = 0; i < events; i++) {
    await page.waitForTimeout(Math.random() * refreshSeconds * 1000);
    const response = await page.request.post(`${baseUrl}/_demo/events`, {
      data: { mic_id: 'mic-0001', label_id: 'scream' },
    });
    const stored = Date.now();
    const { id } = (await response.json()) as { id: string };
    const shownAt = await page.waitForFunction(
      (eventId) => (window as unknown as { __seenAt: Record<string, number> }).__seenAt[eventId],
      id,
      { timeout: (refreshSeconds + 30) * 1000 },
    );
    delays.push(((await shownAt.jsonValue()) as number) - stored);
  }
  await context.close();
  return { refreshSeconds, events, delayMs: summarize(delays, 0), p95Ms: Math.round(quantile(delays, 0.95)), live };
}
