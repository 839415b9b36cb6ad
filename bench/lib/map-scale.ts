import type { Browser } from '@playwright/test';
import { quantile, summarize, type Summary } from './stats';

export interface MapScaleResult {
  mics: number;
  allOnMapMs: Summary;
  fps: Summary;
  p95FrameMs: Summary;
}

/** Time until every mic is on the map, then frame rate during a scripted pan and zoom. */
export async function measureMapScale(
  browser: Browser,
  baseUrl: string,
  mics: number,
  runs: number,
): Promise<MapScaleResult> {
  const ready: number[] = [];
  const fps: number[] = [];
  const p95: number[] = [];
  for (let run = 0; run < runs; run++) {
    const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/map`);
    // The time is read in the frame that first shows every mic: read after the wait returns, it
    // also held the harness's round trip to the page (up to 0.3 s on a loaded machine).
    const shown = await page.waitForFunction(
      (n) => {
        const map = document.querySelector('[data-testid="mic-map"]');
        const all =
          map !== null &&
          Number(map.getAttribute('data-mics-shown')) === n &&
          Number(map.getAttribute('data-mics-drawn')) === n;
        return all && performance.now();
      },
      mics,
      { timeout: 120_000, polling: 'raf' },
    );
    ready.push((await shown.jsonValue()) as number);

    const box = (await page.getByTestId('mic-map').boundingBox())!;
    const cx = box.x + box.width / 2;
    const cy = box.y + box.height / 2;
    // A string, not a function: tsx would wrap named inner functions in a helper the page lacks.
    await page.evaluate(`(() => {
      window.__frames = [];
      window.__recording = true;
      const tick = (t) => { window.__frames.push(t); if (window.__recording) requestAnimationFrame(tick); };
      requestAnimationFrame(tick);
    })()`);
    for (let i = 0; i < 6; i++) {
      const dx = (i % 2 === 0 ? 1 : -1) * box.width * 0.3;
      await page.mouse.move(cx, cy);
      await page.mouse.down();
      await page.mouse.move(cx + dx, cy + dx / 3, { steps: 20 });
      await page.mouse.up();
    }
    for (const delta of [-300, -300, 300, 300]) {
      await page.mouse.move(cx, cy);
      await page.mouse.wheel(0, delta);
      await page.waitForTimeout(400);
    }
    const frames = (await page.evaluate(
      '(() => { window.__recording = false; return window.__frames; })()',
    )) as number[];
    const deltas = frames.slice(1).map((t, i) => t - frames[i]!);
    fps.push((1000 * deltas.length) / (frames[frames.length - 1]! - frames[0]!));
    p95.push(quantile(deltas, 0.95));
    await context.close();
  }
  return { mics, allOnMapMs: summarize(ready, 0), fps: summarize(fps, 1), p95FrameMs: summarize(p95, 1) };
}
