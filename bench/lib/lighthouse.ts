/**
 * Lighthouse 12 (the npm package) against the production build: performance score and its main
 * metrics per page, in Lighthouse's own mobile profile (simulated slow 4G, 4× CPU, a 412 px
 * phone) and its desktop preset. Medians over runs; Chrome is launched by chrome-launcher.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { summarize, type Summary } from './stats';

export const LIGHTHOUSE_PAGES = ['/mics', '/events', '/composite-events', '/map', '/wall', '/admin/accounts'] as const;
export const LIGHTHOUSE_TARGETS = { mobile: 80, desktop: 98 } as const;
export type Profile = keyof typeof LIGHTHOUSE_TARGETS;

export interface LighthouseResult {
  score: Summary;
  fcpMs: Summary;
  lcpMs: Summary;
  tbtMs: Summary;
  cls: Summary;
  speedIndexMs: Summary;
}

const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-dev-shm-usage',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Every page in both profiles; `runs` Lighthouse runs each, one Chrome for all of them. */
export async function measureLighthouse(
  baseUrl: string,
  runs: number,
  log: (message: string) => void,
  /** A signed-in session (a console over a real edge has no automatic demo sign-in). */
  cookie?: string,
): Promise<Record<string, Record<Profile, LighthouseResult>>> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: CHROME_FLAGS,
  });
  try {
    const out: Record<string, Record<Profile, LighthouseResult>> = {};
    for (const page of LIGHTHOUSE_PAGES) {
      const byProfile = {} as Record<Profile, LighthouseResult>;
      for (const profile of ['mobile', 'desktop'] as const) {
        log(`  lighthouse ${page} (${profile})`);
        const samples: Record<keyof LighthouseResult, number[]> = {
          score: [],
          fcpMs: [],
          lcpMs: [],
          tbtMs: [],
          cls: [],
          speedIndexMs: [],
        };
        for (let run = 0; run < runs; run += 1) {
          // A trace Lighthouse could not read (NO_NAVSTART, seen on a page just measured in the
          // other profile) is measured again, at most twice; a third failure fails the bench.
          let lhr;
          for (let attempt = 0; ; attempt += 1) {
            const result = await lighthouse(
              `${baseUrl}${page}`,
              {
                port: chrome.port,
                output: 'json',
                logLevel: 'error',
                onlyCategories: ['performance'],
                ...(cookie === undefined ? {} : { extraHeaders: { Cookie: cookie } }),
              },
              profile === 'desktop' ? desktopConfig : undefined,
            );
            lhr = result?.lhr;
            if (lhr === undefined) throw new Error(`Lighthouse returned nothing for ${page} (${profile})`);
            if (lhr.runtimeError === undefined) break;
            if (attempt === 2) throw new Error(`${page} (${profile}): ${lhr.runtimeError.message}`);
            log(`    again: ${lhr.runtimeError.code}`);
          }
          const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
          samples.score.push(Math.round((lhr.categories.performance?.score ?? 0) * 100));
          samples.fcpMs.push(metric('first-contentful-paint'));
          samples.lcpMs.push(metric('largest-contentful-paint'));
          samples.tbtMs.push(metric('total-blocking-time'));
          samples.cls.push(metric('cumulative-layout-shift'));
          samples.speedIndexMs.push(metric('speed-index'));
          // Each run in the log too: a run cut short by its deadline still says what it measured.
          log(`    run ${run + 1}: score ${samples.score.at(-1)}, TBT ${Math.round(metric('total-blocking-time'))} ms`);
        }
        byProfile[profile] = {
          score: summarize(samples.score, 0),
          fcpMs: summarize(samples.fcpMs, 0),
          lcpMs: summarize(samples.lcpMs, 0),
          tbtMs: summarize(samples.tbtMs, 0),
          cls: summarize(samples.cls, 3),
          speedIndexMs: summarize(samples.speedIndexMs, 0),
        };
      }
      out[page] = byProfile;
    }
    return out;
  } finally {
    chrome.kill();
  }
}
