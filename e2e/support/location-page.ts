import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** What the specs read of GET /api/insights/composite-events/:id/source. */
export interface ApiSourceAnswer {
  sources: { method: string; mic_ids: string[]; radius_m: number; reason: string | null }[];
  tracks: unknown[];
  reason?: string;
}

interface ApiMic {
  id: string;
  name: string;
  status: string;
  location: { latitude: number; longitude: number };
}

const metres = (a: ApiMic['location'], b: ApiMic['location']) => {
  const dy = (b.latitude - a.latitude) * 111_195;
  const dx = (b.longitude - a.longitude) * 111_195 * Math.cos((a.latitude * Math.PI) / 180);
  return Math.hypot(dx, dy);
};

/** Where a sound was, as people see it: the drill-down's section, the wall's cards, the map's coverage. Locators only. */
export class LocationPage {
  constructor(readonly page: Page) {}

  whereSection() {
    return this.page.getByRole('region', { name: 'Where it was' });
  }

  whereMap() {
    return this.page.getByRole('region', { name: 'Map of the estimated places' });
  }

  /** A located sound's crosshair, named by its place in words. */
  placeMarks(scope = this.page.locator('body')) {
    return scope.getByRole('img', { name: /^Estimated place \d+: / });
  }

  /** The 95 % circles drawn on a map (SVG paths). */
  circles(scope = this.page.locator('body')) {
    return scope.locator('path.estimated-place-circle');
  }

  /** The sounds themselves, not the list items inside one (a sound's dropped mics are a list too). */
  sounds() {
    return this.page.getByRole('list', { name: 'Sounds' }).getByRole('listitem', { name: /^Sound \d+$/ });
  }

  /** The sound whose circle the map shows. */
  chosenSound() {
    return this.sounds().and(this.page.locator('[aria-current="true"]'));
  }

  /** Each located sound says how well each mic fits it: the table of one sound (or of all). */
  residuals(scope = this.page.locator('body')) {
    return scope.getByRole('table', { name: 'How well each mic fits' });
  }

  coverageSwitch() {
    return this.page.getByRole('switch', { name: 'Coverage' });
  }

  coverageCanvas() {
    return this.page.locator('canvas.coverage-canvas');
  }

  /** The newest composite events whose answer `wanted` accepts (at most `pages` × 50 looked at). */
  static async findComposite(
    request: APIRequestContext,
    wanted: (answer: ApiSourceAnswer) => boolean,
    pages = 3,
  ): Promise<{ id: string; answer: ApiSourceAnswer }> {
    for (let page = 1; page <= pages; page++) {
      const list = await request.get(`/api/v1/composite-events?size=50&page=${page}&order_by=desc`);
      expect(list.ok()).toBe(true);
      const results = (await list.json()) as {
        results: {
          id: string;
          started_at: string;
          rule: { window_seconds: number };
          events: { created_at: string }[];
        }[];
      };
      // Only composites whose rule window has closed after their latest sound: an open one gains sounds
      // between this answer and the page's (a run of screams kept one growing long after it started).
      const closed = results.results.filter((c) => {
        const last = Math.max(Date.parse(c.started_at), ...c.events.map((e) => Date.parse(e.created_at)));
        return last + (c.rule.window_seconds + 30) * 1000 < Date.now();
      });
      for (const { id } of closed) {
        const response = await request.get(`/api/insights/composite-events/${encodeURIComponent(id)}/source`);
        expect(response.ok()).toBe(true);
        const answer = (await response.json()) as ApiSourceAnswer;
        if (wanted(answer)) return { id, answer };
      }
    }
    throw new Error('no composite event as wanted among the newest');
  }

  /**
   * Makes one explosion 40 m north of the middle of four mics standing close together, as the demo
   * edge's physics would report it: each mic hears it distance / 343 m/s later, at a level falling
   * 20·log10(distance). Returns the composite event it becomes.
   */
  static async stageExplosion(request: APIRequestContext): Promise<string> {
    const response = await request.get('/api/v1/mics?size=100');
    const mics = ((await response.json()) as { results: ApiMic[] }).results.filter((m) => m.status === 'active');
    const group = mics
      .map((mic) => mics.filter((other) => metres(mic.location, other.location) < 450))
      .find((near) => near.length >= 4)
      ?.slice(0, 4);
    if (group === undefined) throw new Error('no four active mics close together');
    const middle = {
      latitude: group.reduce((s, m) => s + m.location.latitude, 0) / group.length + 40 / 111_195,
      longitude: group.reduce((s, m) => s + m.location.longitude, 0) / group.length,
    };
    const heard = group.map((mic) => ({ mic, d: metres(middle, mic.location) })).sort((a, b) => a.d - b.d);
    const ids: string[] = [];
    // Arrival times set to the millisecond: a loaded machine's request latency would otherwise
    // move each mic's time by tens of metres of sound travel. Sent when due, so the edge's
    // events stay in time order with the live feed's.
    const start = Date.now();
    for (const { mic, d } of heard) {
      const at = Math.round(start + (d - heard[0]!.d) / 0.343);
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, at - Date.now())));
      const created = await request.post('/_demo/events', {
        data: { mic_id: mic.id, label_id: 'explosion', confidence: 0.95, sound_level: 165 - 20 * Math.log10(d), at },
      });
      expect(created.status()).toBe(201);
      ids.push(((await created.json()) as { id: string }).id);
    }
    let found: string | undefined;
    await expect
      .poll(async () => {
        const list = await request.get('/api/v1/composite-events?size=10&order_by=desc');
        const results = ((await list.json()) as { results: { id: string; events: { id: string }[] }[] }).results;
        found = results.find((c) => c.events.some((e) => ids.includes(e.id)))?.id;
        return found;
      })
      .toBeDefined();
    return found!;
  }
}
