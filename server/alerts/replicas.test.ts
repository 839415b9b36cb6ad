import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildDemoEdge } from '../demo/edge-app.js';
import { DemoStore } from '../demo/store.js';
import { startConsoleProcess, type ConsoleProcess } from '../testing/console-process.js';
import { freshPostgresUrl } from '../testing/databases.js';
import { startHttpReceiver, type HttpReceiver } from './test-receivers.js';
import { DELIVERY_HEADER } from './webhook.js';

/**
 * Issue 29's "exactly once across replicas": console processes (each its own hub, intake, queue
 * worker and escalation timer) on one PostgreSQL, fed by one demo edge, delivering to real webhook
 * receivers on loopback. Every worker polls the queue every 100 ms, so they race for each row.
 */
const TOKEN = 'alerts-replicas-token';
const ESCALATE_AFTER_S = 3;
const INCIDENTS = 8;

interface Hook {
  type: string;
  alert: { alertId: string; ruleName: string; step: number };
}

let store: DemoStore;
let edgeClose: () => Promise<void>;
let drop: () => Promise<void>;
let databaseUrl = '';
let dir = '';
const hooks: Record<'alerts' | 'step1' | 'step2' | 'step3', HttpReceiver> = {} as never;
const replicas: ConsoleProcess[] = [];
let env: Record<string, string> = {};

const bodies = (receiver: HttpReceiver) => receiver.received.map((r) => r.json as Hook);

async function query<T>(text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query(text)).rows as T[];
  } finally {
    await client.end();
  }
}

/**
 * A step's delivery logged as sent. (A replica killed between the receiver's answer and this write
 * leaves the row "sending": another sends it again once the claim lapses, so at least once rather
 * than lost; that window no claim can close.)
 */
async function stepSent(step: number): Promise<void> {
  await vi.waitFor(
    async () => {
      const rows = await query<{ state: string }>(
        `SELECT state FROM alert_deliveries WHERE kind = 'escalation' AND step = ${step}`,
      );
      expect(rows.map((r) => r.state)).toEqual(['sent']);
    },
    { timeout: 5000, interval: 50 },
  );
}

beforeAll(async () => {
  // The seeded history ends an hour ago. Ending now, its last five minutes held 0-5 glass breaks
  // depending on the hour (each area has its daily rhythm), and the alerts take the hub's first read
  // of them as news: 10 webhooks came where this test counts 8.
  store = new DemoStore({ dataDir: null, mics: 60, events: 0, now: Date.now() - 3_600_000 });
  const edge = buildDemoEdge({ store, token: TOKEN });
  const edgeUrl = await edge.app.listen({ host: '127.0.0.1', port: 0 });
  edgeClose = () => edge.app.close();
  for (const name of ['alerts', 'step1', 'step2', 'step3'] as const) hooks[name] = await startHttpReceiver();
  const fresh = await freshPostgresUrl();
  databaseUrl = fresh.url;
  drop = fresh.drop;
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'esc-alerts-replicas-'));
  const file = path.join(dir, 'alerts.yaml');
  fs.writeFileSync(
    file,
    [
      'channels:',
      `  - { name: alerts, type: webhook, url: "${hooks.alerts.url}" }`,
      `  - { name: step1, type: webhook, url: "${hooks.step1.url}" }`,
      `  - { name: step2, type: webhook, url: "${hooks.step2.url}" }`,
      `  - { name: step3, type: webhook, url: "${hooks.step3.url}" }`,
      'rules:',
      // Each mic its own incident (radius 0), none held back by the storm cap.
      '  - { name: glass, labels: [glass_break], radius_m: 0, storm_cap: 100, channels: [alerts] }',
      '  - name: gunfire',
      '    labels: [gunshot]',
      '    channels: [alerts]',
      '    escalate:',
      ...(['step1', 'step2', 'step3'] as const).map((s) => `      - { after: ${ESCALATE_AFTER_S}s, channels: [${s}] }`),
      '',
    ].join('\n'),
  );
  env = {
    DATABASE_URL: databaseUrl,
    EDGE_API_URL: edgeUrl,
    EDGE_API_TOKEN: TOKEN,
    ALERTS_FILE: file,
    ALERTS_POLL_MS: '100',
    ALERTS_TICK_MS: '200',
    HUB_EVENTS_INTERVAL_MS: '250',
    QUIET: '1',
  };
  // The first migrates and provisions; the second finds it done.
  replicas.push(await startConsoleProcess(env));
  replicas.push(await startConsoleProcess(env));
}, 120_000);

afterAll(async () => {
  await Promise.all(replicas.map((replica) => replica.stop('SIGKILL')));
  await Promise.all(Object.values(hooks).map((hook) => hook.close()));
  await edgeClose?.();
  store?.close();
  await drop?.();
  if (dir !== '') fs.rmSync(dir, { recursive: true, force: true });
});

describe('two console processes on one PostgreSQL', () => {
  it('deliver each alert once, though both their workers race for every queued message', async () => {
    // Let the leader's hub prime (its first read is old news), then a sound at each of far-apart mics.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const mics = store.micIds().slice(0, INCIDENTS);
    for (const mic of mics) store.addEvent({ mic_id: mic, label_id: 'glass_break' });
    await hooks.alerts.waitFor(INCIDENTS, 20_000);
    // Time for a second send to show, had two workers both claimed one message.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    // First whether any message went out twice (the claim's failure), then whether anything else came.
    const deliveries = hooks.alerts.received.map((r) => String(r.headers[DELIVERY_HEADER]));
    expect(
      deliveries.filter((id, i) => deliveries.indexOf(id) !== i),
      'messages sent twice',
    ).toEqual([]);
    const got = bodies(hooks.alerts);
    expect(got.map((b) => [b.type, b.alert.ruleName])).toEqual(Array(INCIDENTS).fill(['alert.alert', 'glass']));
    expect(new Set(got.map((b) => b.alert.alertId)).size).toBe(INCIDENTS);
    const attempts = await query<{ n: string }>(`SELECT count(*) AS n FROM alert_attempts WHERE outcome = 'ok'`);
    expect(Number(attempts[0]!.n)).toBe(INCIDENTS);
  }, 60_000);

  it('escalate each step once, through one replica killed and then a restart mid-escalation', async () => {
    const [first, second] = [replicas[0]!, replicas[1]!];
    store.addEvent({ mic_id: store.micIds()[10]!, label_id: 'gunshot' });
    await vi.waitFor(() => expect(bodies(hooks.alerts).some((b) => b.alert.ruleName === 'gunfire')).toBe(true), {
      timeout: 15_000,
      interval: 50,
    });

    // Step 1 is claimed, sent and logged; one replica dies (SIGKILL: nothing of it cleans up) before step 2 is due.
    await hooks.step1.waitFor(1, 15_000);
    await stepSent(1);
    first.child.kill('SIGKILL');
    await first.exited;

    // The survivor sends step 2; then it dies too, and a console started afresh sends step 3.
    await hooks.step2.waitFor(1, 15_000);
    await stepSent(2);
    second.child.kill('SIGKILL');
    await second.exited;
    replicas.push(await startConsoleProcess(env));
    await hooks.step3.waitFor(1, 30_000);

    // Once each, though each replica's timer looked at the due step every 200 ms.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const gunfire = bodies(hooks.alerts).filter((b) => b.alert.ruleName === 'gunfire');
    expect(gunfire.map((b) => b.type)).toEqual(['alert.alert']);
    const alertId = gunfire[0]!.alert.alertId;
    for (const [step, hook] of [hooks.step1, hooks.step2, hooks.step3].entries()) {
      expect(bodies(hook).map((b) => [b.type, b.alert.alertId, b.alert.step])).toEqual([
        ['alert.escalation', alertId, step + 1],
      ]);
    }
    const rows = await query<{ kind: string; step: number; state: string }>(
      `SELECT kind, step, state FROM alert_deliveries WHERE alert_id = '${alertId}' ORDER BY step`,
    );
    expect(rows.map((r) => [r.kind, r.step, r.state])).toEqual([
      ['alert', 0, 'sent'],
      ['escalation', 1, 'sent'],
      ['escalation', 2, 'sent'],
      ['escalation', 3, 'sent'],
    ]);
  }, 90_000);
});
