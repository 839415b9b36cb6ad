import type { Browser } from '@playwright/test';
import { summarize, type Summary } from './stats';

const OBSERVERS = `
  window.__perf = { lcp: 0, cls: 0, fcp: 0, longTasks: [] };
  const observe = (type, fn) => { try { new PerformanceObserver((list) => list.getEntries().forEach(fn)).observe({ type, buffered: true }); } catch (e) {} };
  observe('largest-contentful-paint', (e) => { window.__perf.lcp = e.renderTime || e.startTime; });
  observe('layout-shift', (e) => { if (!e.hadRecentInput) window.__perf.cls += e.value; });
  observe('longtask', (e) => { window.__perf.longTasks.push([e.startTime, e.duration]); });
  observe('paint', (e) => { if (e.name === 'first-contentful-paint') window.__perf.fcp = e.startTime; });
`;

export interface LoadResult {
  lcpMs: Summary;
  tbtMs: Summary;
  cls: Summary;
}

/** LCP, TBT and CLS of one page load, repeated, at a CPU throttling rate (Chrome DevTools Protocol). */
export async function measureLoad(browser: Browser, url: string, throttle: number, runs: number): Promise<LoadResult> {
  const lcp: number[] = [];
  const tbt: number[] = [];
  const cls: number[] = [];
  for (let run = 0; run < runs; run++) {
    const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
    const page = await context.newPage();
    await page.addInitScript(OBSERVERS);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
    await page.goto(url, { waitUntil: 'networkidle' });
    // Let the largest paint settle and late long tasks land before reading.
    await page.waitForTimeout(1500);
    const perf = (await page.evaluate('window.__perf')) as {
      lcp: number;
      cls: number;
      fcp: number;
      longTasks: [number, number][];
    };
    lcp.push(perf.lcp);
    cls.push(perf.cls);
    tbt.push(
      perf.longTasks
        .filter(([start]) => start >= perf.fcp)
        .reduce((sum, [, duration]) => sum + Math.max(0, duration - 50), 0),
    );
    await context.close();
  }
  return { lcpMs: summarize(lcp, 0), tbtMs: summarize(tbt, 0), cls: summarize(cls, 3) };
}
