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

/** A console to measure: its address and, over a real edge, a signed-in session. */
export interface LighthouseTarget {
  baseUrl: string;
  cookie?: string;
}

/** Every page in both profiles; `runs` Lighthouse runs each, one Chrome for all of them. */
export async function measureLighthouse(
  baseUrl: string,
  runs: number,
  log: (message: string) => void,
  /** A signed-in session (a console over a real edge has no automatic demo sign-in). */
  cookie?: string,
): Promise<Record<string, Record<Profile, LighthouseResult>>> {
  const [only] = await measureLighthouseAlternating([{ baseUrl, cookie }], runs, log);
  return only!;
}

/**
 * The same, for several consoles at once (a "before" and an "after" build): each run of a page
 * visits every console in turn, so a machine whose load drifts during the hour weighs on both
 * alike and their ratio stays readable. One result per target, in the targets' order.
 */
export async function measureLighthouseAlternating(
  targets: readonly LighthouseTarget[],
  runs: number,
  log: (message: string) => void,
): Promise<Record<string, Record<Profile, LighthouseResult>>[]> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: CHROME_FLAGS,
  });
  try {
    const out = targets.map(() => ({}) as Record<string, Record<Profile, LighthouseResult>>);
    for (const page of LIGHTHOUSE_PAGES) {
      for (const profile of ['mobile', 'desktop'] as const) {
        log(`  lighthouse ${page} (${profile})`);
        const samples = targets.map(() => ({
          score: [] as number[],
          fcpMs: [] as number[],
          lcpMs: [] as number[],
          tbtMs: [] as number[],
          cls: [] as number[],
          speedIndexMs: [] as number[],
        }));
        for (let run = 0; run < runs; run += 1) {
          for (const [t, target] of targets.entries()) {
            const lhr = await runOnce(chrome.port, target, page, profile, log);
            const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
            const s = samples[t]!;
            s.score.push(Math.round((lhr.categories.performance?.score ?? 0) * 100));
            s.fcpMs.push(metric('first-contentful-paint'));
            s.lcpMs.push(metric('largest-contentful-paint'));
            s.tbtMs.push(metric('total-blocking-time'));
            s.cls.push(metric('cumulative-layout-shift'));
            s.speedIndexMs.push(metric('speed-index'));
            // Each run in the log too: a run cut short by its deadline still says what it measured.
            const which = targets.length > 1 ? ` [${t + 1}]` : '';
            log(
              `    run ${run + 1}${which}: score ${s.score.at(-1)}, TBT ${Math.round(metric('total-blocking-time'))} ms`,
            );
          }
        }
        samples.forEach((s, t) => {
          (out[t]![page] ??= {} as Record<Profile, LighthouseResult>)[profile] = {
            score: summarize(s.score, 0),
            fcpMs: summarize(s.fcpMs, 0),
            lcpMs: summarize(s.lcpMs, 0),
            tbtMs: summarize(s.tbtMs, 0),
            cls: summarize(s.cls, 3),
            speedIndexMs: summarize(s.speedIndexMs, 0),
          };
        });
      }
    }
    return out;
  } finally {
    chrome.kill();
  }
}

/**
 * One Lighthouse run. A trace Lighthouse could not read (NO_NAVSTART, seen on a page just
 * measured in the other profile) is measured again, at most twice; a third failure fails the bench.
 */
async function runOnce(
  port: number,
  target: LighthouseTarget,
  page: string,
  profile: Profile,
  log: (m: string) => void,
) {
  for (let attempt = 0; ; attempt += 1) {
    const result = await lighthouse(
      `${target.baseUrl}${page}`,
      {
        port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
        ...(target.cookie === undefined ? {} : { extraHeaders: { Cookie: target.cookie } }),
      },
      profile === 'desktop' ? desktopConfig : undefined,
    );
    const lhr = result?.lhr;
    if (lhr === undefined) throw new Error(`Lighthouse returned nothing for ${page} (${profile})`);
    if (lhr.runtimeError === undefined) return lhr;
    if (attempt === 2) throw new Error(`${page} (${profile}): ${lhr.runtimeError.message}`);
    log(`    again: ${lhr.runtimeError.code}`);
  }
}
