import type { Browser, CDPSession } from '@playwright/test';

export interface SoakSample {
  cycle: number;
  heapMb: number;
  nodes: number;
  listeners: number;
}

export interface SoakResult {
  cycles: number;
  /** How often the hub read the edge's events; each read with new events is one push (a cycle). */
  pushEverySeconds: number;
  samples: SoakSample[];
  heapGrowthMb: number;
  nodesGrowthPct: number;
  listenersGrowthPct: number;
}

async function sample(cdp: CDPSession, cycle: number): Promise<SoakSample> {
  await cdp.send('HeapProfiler.collectGarbage');
  const heap = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
  const { metrics } = (await cdp.send('Performance.getMetrics')) as { metrics: { name: string; value: number }[] };
  const metric = (name: string) => metrics.find((m) => m.name === name)?.value ?? Number.NaN;
  return {
    cycle,
    heapMb: Math.round((heap.usedSize / 1048576) * 100) / 100,
    nodes: metric('Nodes'),
    listeners: metric('JSEventListeners'),
  };
}

/**
 * Runs the wall display through many live updates while the demo edge produces events, and
 * samples heap (after a forced GC), DOM nodes and listeners along the way. A cycle is one push of
 * new events on the wall's live stream (the wall takes pushes and does not poll while the stream
 * is up), counted from the browser's own EventSource messages.
 */
export async function soakWall(
  browser: Browser,
  baseUrl: string,
  cycles: number,
  pushEverySeconds: number,
  every: number,
): Promise<SoakResult> {
  const context = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  let count = 0;
  cdp.on('Network.eventSourceMessageReceived', (message) => {
    if (message.eventName === 'event') count++;
  });
  await cdp.send('Network.enable');
  await cdp.send('Performance.enable');
  await page.goto(`${baseUrl}/wall?window=15m`);
  const warmup = Math.min(50, Math.floor(cycles / 10));
  const samples: SoakSample[] = [];
  let next = warmup;
  const deadline = Date.now() + (cycles * pushEverySeconds * 1000 + 120_000) * 3;
  while (count < cycles + warmup && Date.now() < deadline) {
    if (count >= next) {
      samples.push(await sample(cdp, count - warmup));
      next += every;
    }
    await page.waitForTimeout(200);
  }
  samples.push(await sample(cdp, count - warmup));
  await context.close();
  const first = samples[0]!;
  const last = samples[samples.length - 1]!;
  const pct = (a: number, b: number) => Math.round(((b - a) / a) * 1000) / 10;
  return {
    cycles: last.cycle,
    pushEverySeconds,
    samples,
    heapGrowthMb: Math.round((last.heapMb - first.heapMb) * 100) / 100,
    nodesGrowthPct: pct(first.nodes, last.nodes),
    listenersGrowthPct: pct(first.listeners, last.listeners),
  };
}
