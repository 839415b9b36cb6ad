import fs from 'node:fs';
import type { APIRequestContext, Browser, Locator } from '@playwright/test';
import {
  startHttpReceiver,
  startSmtpReceiver,
  type HttpReceiver,
  type SmtpReceiver,
} from '../server/alerts/test-receivers';
import { AlertsPage } from './support/alerts-page';
import { extraPort, specDataDir, startConsole, type ConsoleProcess } from './support/console-process';
import { addAccounts, signInAs } from './support/review-accounts';
import { expect, test } from './support/test';

/**
 * Alerts out (issue 29) on a console of this spec's own (embedded demo edge, no live feed, so what
 * the spec injects is the only news), sending to a real HTTP receiver and a real SMTP server on
 * loopback. An admin sets it up in Admin → Alerts; a gunshot sends one webhook and, unanswered,
 * escalates to email until an operator acknowledges it through the mail's link; a burst on four
 * mics of one place is one alert, updated; a viewer gets neither the page nor the API.
 */
let server: ConsoleProcess;
let dataDir: string;
let tokens: Record<string, string>;
let hook: HttpReceiver;
let smtp: SmtpReceiver;

test.beforeAll(async () => {
  test.setTimeout(90_000);
  [hook, smtp] = await Promise.all([startHttpReceiver(), startSmtpReceiver()]);
  dataDir = specDataDir('alerts');
  server = await startConsole(extraPort(4), {
    DATA_DIR: dataDir,
    DEMO_EVENTS: '300',
    DEMO_EVENT_INTERVAL_MS: '0',
    DEMO_FAULTS: '1',
    ALERTS_TICK_MS: '250',
  });
  tokens = addAccounts(dataDir, [
    { username: 'ada', role: 'admin' },
    { username: 'opal', role: 'operator' },
    { username: 'vera', role: 'viewer' },
  ]);
});

test.afterAll(async () => {
  await server?.stop();
  await Promise.all([hook?.close(), smtp?.close()]);
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

const as = (user: string) => ({ headers: { cookie: `esc_session=${tokens[user]}` } });

async function browse(browser: Browser, user: string) {
  const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1366, height: 900 } });
  await signInAs(context, server.url, tokens[user]!);
  await context.addInitScript(() => localStorage.setItem('edge-sound-console.language', 'en'));
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  return { page, errors, alerts: new AlertsPage(page), close: () => context.close() };
}

interface Sent {
  type: string;
  alert: { alertId: string; label: string; heardBy: number; detections: number; acknowledgedBy: string | null };
}
const webhooks = (label: string) =>
  hook.received.map((r) => r.json as Sent).filter((m) => m.type !== 'alert.test' && m.alert.label === label);
/** Mails to one recipient about one alert (its link carries the id), by subject. */
const mails = (to: string, alertId: string) =>
  smtp.mails
    .filter((m) => m.text?.includes(`/alerts/${alertId}`) && JSON.stringify(m.to).includes(to))
    .map((m) => ({ subject: m.subject ?? '', text: m.text ?? '' }));

async function inject(request: APIRequestContext, mic: string, label: string) {
  const response = await request.post(`${server.url}/_demo/events`, {
    data: { mic_id: mic, label_id: label, confidence: 0.95, at: Date.now() },
  });
  expect(response.status()).toBe(201);
}

/** Picks `names` in a Mantine select or multi-select, then leaves the dropdown. */
async function pick(alerts: AlertsPage, field: Locator, ...names: string[]) {
  await field.click();
  for (const name of names) await alerts.option(name).click();
  await field.press('Tab');
}

test('a viewer can neither open Admin → Alerts nor call its API', async ({ browser, request }) => {
  const vera = await browse(browser, 'vera');
  await vera.alerts.goto(server.url);
  await expect(vera.page.getByRole('alert')).toHaveText('This page is for admins. Your role is Viewer.');
  await expect(vera.alerts.newRule).toHaveCount(0);
  await expect(vera.alerts.rules).toHaveCount(0);
  const calls: [string, string, object?][] = [
    ['GET', '/api/admin/alerts/rules'],
    ['POST', '/api/admin/alerts/rules', { name: 'mine', settings: { labels: ['gunshot'] } }],
    ['GET', '/api/admin/alerts/channels'],
    ['POST', '/api/admin/alerts/channels', { name: 'mine', type: 'webhook', settings: { url: hook.url } }],
    ['POST', '/api/admin/alerts/channels/any/test'],
    ['GET', '/api/admin/alerts/deliveries'],
    ['POST', '/api/alerts/any/acknowledge'],
  ];
  for (const [method, path, data] of calls) {
    const answer = await request.fetch(`${server.url}${path}`, { method, data, ...as('vera') });
    expect(answer.status(), `${method} ${path}`).toBe(403);
  }
  expect(hook.received).toEqual([]);
  expect(vera.errors.filter((e) => !e.includes('403'))).toEqual([]);
  await vera.close();
});

test('an admin makes a rule; a gunshot is one webhook, escalates to email until acknowledged; a burst of 20 on 4 mics is one alert, updated', async ({
  browser,
  request,
}) => {
  test.setTimeout(60_000);
  const ada = await browse(browser, 'ada');
  const { alerts } = ada;
  await alerts.goto(server.url);

  // Channels: a webhook (tested from the page) and two mailboxes on the spec's SMTP server.
  await alerts.tab('Channels').click();
  const channels: [string, string, string][] = [
    ['ops-hook', 'webhook', hook.url],
    ['night-mail', 'email', 'night@example.org'],
    ['chief-mail', 'email', 'chief@example.org'],
  ];
  for (const [name, type, target] of channels) {
    await alerts.newChannel.click();
    const form = alerts.dialog('New channel');
    await form.getByLabel('Name').fill(name);
    if (type === 'email') {
      await pick(alerts, form.getByLabel('Type'), 'email');
      await form.getByLabel('Recipients (comma separated)').fill(target);
      await form.getByLabel('SMTP server', { exact: false }).fill(smtp.url);
    } else await form.getByLabel('URL').fill(target);
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form).toBeHidden();
    await expect(alerts.row(alerts.channels, name)).toContainText(target);
  }
  await alerts.row(alerts.channels, 'ops-hook').getByRole('button', { name: 'Send a test: ops-hook' }).click();
  await expect(ada.page.getByText(/^Test delivered to ops-hook/)).toBeVisible();
  expect(hook.received.map((r) => (r.json as Sent).type)).toEqual(['alert.test']);

  // The rule: gunfire within 5 km is one incident; unanswered, mail the night shift, then the chief.
  await alerts.tab('Rules').click();
  await alerts.newRule.click();
  const form = alerts.dialog('New rule');
  await form.getByLabel('Name').fill('gunfire');
  const labels = form.getByLabel('Sound labels (empty: every label)');
  for (const label of ['gunshot', 'explosion']) {
    await labels.fill(label);
    await labels.press('Enter');
  }
  await form.getByLabel('Mics within (m)').fill('5000');
  await pick(alerts, form.getByLabel('Channels', { exact: true }), 'ops-hook');
  for (const [n, after, channel] of [
    [1, '3', 'night-mail'],
    [2, '10', 'chief-mail'],
  ] as const) {
    await form.getByRole('button', { name: 'Add an escalation step' }).click();
    await alerts.step(form, n).getByLabel('If not acknowledged after').fill(after);
    await pick(alerts, alerts.step(form, n).getByLabel('Then send to'), channel);
  }
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toBeHidden();
  await expect(alerts.row(alerts.rules, 'gunfire')).toContainText('gunshot, explosion');
  for (const step of ['Unanswered after 3 s → night-mail', 'Unanswered after 10 s → chief-mail'])
    await expect(alerts.row(alerts.rules, 'gunfire')).toContainText(step);

  // A gunshot in Busan: one alert out, heard by one mic.
  await inject(request, 'mic-0008', 'gunshot');
  await expect.poll(() => webhooks('gunshot').length, { timeout: 20_000 }).toBe(1);
  const shot = webhooks('gunshot')[0]!;
  expect(shot).toMatchObject({ type: 'alert.alert', alert: { heardBy: 1, detections: 1 } });

  // Meanwhile a burst at Gangnam Station Exit 11: four mics 45-350 m apart, 20 detections.
  const gangnam = ['mic-0002', 'mic-0018', 'mic-0034', 'mic-0050'];
  for (let i = 0; i < 20; i += 1) await inject(request, gangnam[i % 4]!, 'explosion');

  // An operator opens the gunshot's page; nobody answered, so the night shift gets mail, whose
  // "Acknowledge" link is that page: acknowledging there stops the escalation.
  const opal = await browse(browser, 'opal');
  await opal.page.goto(`${server.url}/alerts/${shot.alert.alertId}`);
  await expect(opal.page.getByRole('heading', { name: 'Alert: Gunshot' })).toBeVisible();
  await expect.poll(() => mails('night@example.org', shot.alert.alertId).length, { timeout: 15_000 }).toBe(1);
  const [escalation] = mails('night@example.org', shot.alert.alertId);
  expect(escalation!.subject).toBe('[Not yet acknowledged] Gunshot');
  const link = /Acknowledge: (\S+)/.exec(escalation!.text)?.[1];
  expect(link).toBe(`${server.url}/alerts/${shot.alert.alertId}?acknowledge=1`);
  await opal.page.goto(link!);
  await opal.alerts.acknowledge.click();
  await expect(opal.alerts.takenBy).toContainText('Taken by opal');
  await expect(opal.alerts.acknowledge).toHaveCount(0);
  // Everyone already told hears who took it.
  await expect.poll(() => webhooks('gunshot').map((m) => m.type)).toEqual(['alert.alert', 'alert.acknowledged']);
  expect(webhooks('gunshot')[1]!.alert.acknowledgedBy).toBe('opal');
  await expect
    .poll(() => mails('night@example.org', shot.alert.alertId).map((m) => m.subject))
    .toEqual(['[Not yet acknowledged] Gunshot', '[Acknowledged] Gunshot']);

  // The burst: one alert, then updates, the last saying all 20 detections from 4 mics.
  await expect
    .poll(() => webhooks('explosion').at(-1)?.alert, { timeout: 20_000 })
    .toMatchObject({ detections: 20, heardBy: 4 });
  const burst = webhooks('explosion');
  expect(burst.filter((m) => m.type === 'alert.alert')).toHaveLength(1);
  expect(burst[0]!.type).toBe('alert.alert');
  expect(burst.slice(1).every((m) => m.type === 'alert.update')).toBe(true);
  expect(new Set(burst.map((m) => m.alert.alertId)).size).toBe(1);
  expect(burst.length).toBeLessThanOrEqual(4);

  // The burst stays unanswered and reaches the chief: it opened after the gunshot, so the
  // gunshot's second step, had it not been stopped, would have been sent by now.
  const burstId = burst[0]!.alert.alertId;
  await expect.poll(() => mails('chief@example.org', burstId).length, { timeout: 25_000 }).toBe(1);
  expect(mails('chief@example.org', shot.alert.alertId)).toEqual([]);
  expect(mails('night@example.org', shot.alert.alertId)).toHaveLength(2);

  // The delivery log says the same.
  await alerts.tab('Deliveries').click();
  await expect(alerts.row(alerts.deliveries, 'chief-mail')).toContainText('Escalation');
  expect(ada.errors).toEqual([]);
  expect(opal.errors).toEqual([]);
  await Promise.all([ada.close(), opal.close()]);
});
