import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChannelConfig } from './channel.js';
import { createEmailSender } from './email.js';
import { createMqttSender } from './mqtt.js';
import { alertMessage } from './test-fixtures.js';
import { startHttpReceiver, startMqttBroker, startSmtpReceiver } from './test-receivers.js';
import { createWebhookSender, SIGNATURE_HEADER } from './webhook.js';

const message = alertMessage();

const channel = (
  type: string,
  settings: Record<string, unknown>,
  secrets: Record<string, string> = {},
): ChannelConfig => ({
  id: 'c-1',
  name: 'c',
  type,
  settings,
  secrets,
  language: 'en',
});
const signal = () => AbortSignal.timeout(5000);
const utc = () => 'UTC';

describe('webhook channel', () => {
  let receiver: Awaited<ReturnType<typeof startHttpReceiver>>;
  beforeAll(async () => {
    receiver = await startHttpReceiver();
  });
  afterAll(() => receiver.close());
  const sender = createWebhookSender(utc);

  it('posts the console JSON, signed with HMAC-SHA256 of the exact body, with the bearer token', async () => {
    const outcome = await sender.send(
      message,
      channel('webhook', { url: receiver.url }, { secret: 's3cret', token: 't0k' }),
      signal(),
    );
    expect(outcome).toMatchObject({ ok: true, status: 200 });
    const got = receiver.received.at(-1)!;
    expect(got.json).toEqual({ type: 'alert.alert', alert: message });
    const expected = `sha256=${crypto.createHmac('sha256', 's3cret').update(got.body).digest('hex')}`;
    expect(got.headers[SIGNATURE_HEADER]).toBe(expected);
    expect(got.headers.authorization).toBe('Bearer t0k');
  });

  it('speaks Slack and Teams, in the channel language', async () => {
    await sender.send(
      message,
      { ...channel('webhook', { url: receiver.url, format: 'slack' }), language: 'ko' },
      signal(),
    );
    expect((receiver.received.at(-1)!.json as { text: string }).text).toContain('총성');
    await sender.send(message, channel('webhook', { url: receiver.url, format: 'teams' }), signal());
    const teams = receiver.received.at(-1)!.json as Record<string, string>;
    expect(teams['@type']).toBe('MessageCard');
    expect(teams.text).toContain('heard by 3 mics');
  });

  it("keeps the edge's names as text in chat: no mention of everyone, no link of the edge's making", async () => {
    const hostile = {
      ...message,
      place: { ...message.place!, name: '<!channel> [click](http://evil.test) <http://evil.test|Gate>' },
    };
    await sender.send(hostile, channel('webhook', { url: receiver.url, format: 'slack' }), signal());
    const slack = (receiver.received.at(-1)!.json as { text: string }).text;
    expect(slack).toContain('&lt;!channel&gt;');
    expect(slack).toContain('&lt;http://evil.test|Gate&gt;');
    expect(slack).not.toMatch(/<!channel>|<http/);
    await sender.send(hostile, channel('webhook', { url: receiver.url, format: 'teams' }), signal());
    const teams = (receiver.received.at(-1)!.json as { text: string }).text;
    expect(teams).toContain('\\[click\\](http://evil.test)');
    expect(teams).not.toMatch(/<!channel>|<http/);
  });

  it('refuses non-http(s) URLs and says why; does not follow redirects; retries 5xx, not 4xx', async () => {
    expect(sender.validate({ url: 'file:///etc/passwd' })).toMatch(/http:\/\/ or https:\/\/, not file:/);
    expect(sender.validate({ url: 'gopher://x' })).toMatch(/not gopher:/);
    expect(sender.validate({ url: 'http://user:pw@x/' })).toMatch(/credentials/);
    expect(sender.validate({ url: receiver.url })).toBeNull();
    const before = receiver.received.length;
    receiver.status = 302;
    expect(await sender.send(message, channel('webhook', { url: receiver.url }), signal())).toMatchObject({
      ok: false,
      retry: false,
    });
    receiver.status = 503;
    expect(await sender.send(message, channel('webhook', { url: receiver.url }), signal())).toMatchObject({
      ok: false,
      retry: true,
    });
    receiver.status = 400;
    expect(await sender.send(message, channel('webhook', { url: receiver.url }), signal())).toMatchObject({
      ok: false,
      retry: false,
    });
    receiver.status = 200;
    expect(receiver.received.length).toBe(before);
  });
});

describe('email channel (smtp-server on loopback)', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
  beforeAll(async () => {
    smtp = await startSmtpReceiver();
  });
  afterAll(() => smtp.close());

  it('sends plain text and HTML, one mail per language, to each recipient in theirs', async () => {
    const sender = createEmailSender({ url: smtp.url, from: 'console@example.org' }, utc);
    expect(sender.validate({ to: ['not-an-address'] })).toMatch(/not an email address/);
    const outcome = await sender.send(
      message,
      channel('email', { to: ['night@example.org', { address: 'kim@example.org', language: 'ko' }] }),
      signal(),
    );
    expect(outcome).toMatchObject({ ok: true });
    await smtp.waitFor(2);
    const en = smtp.mails.find((m) => m.subject?.includes('Gunshot'))!;
    const ko = smtp.mails.find((m) => m.subject?.includes('총성'))!;
    expect(en.text).toContain('heard by 3 mics, 7 detections');
    expect(en.text).toContain('26 Nov 2026, 03:00:00 UTC');
    expect(en.html).toContain('North &#60;gate&#62;');
    expect(en.html).not.toContain('<gate>');
    expect(ko.text).toContain('마이크 3대');
    expect(ko.text).toContain('긴급');
    expect(JSON.stringify(ko.to)).toContain('kim@example.org');
    expect(JSON.stringify(en.to)).not.toContain('kim@example.org');
  });

  it('a closed port is worth a retry', async () => {
    const sender = createEmailSender({ url: 'smtp://127.0.0.1:9', from: null }, utc);
    expect(await sender.send(message, channel('email', { to: ['a@b.c'] }), signal())).toMatchObject({
      ok: false,
      retry: true,
    });
  });
});

describe('MQTT channel (aedes on loopback)', () => {
  let broker: Awaited<ReturnType<typeof startMqttBroker>>;
  beforeAll(async () => {
    broker = await startMqttBroker('pw');
  });
  afterAll(() => broker.close());

  it('publishes the console JSON to the topic, with the password secret; a wrong password is not retried', async () => {
    const sender = createMqttSender();
    expect(sender.validate({ url: broker.url, topic: 'alerts/#' })).toMatch(/wildcards/);
    const settings = { url: broker.url, topic: 'console/alerts', username: 'console' };
    expect(await sender.send(message, channel('mqtt', settings, { password: 'pw' }), signal())).toMatchObject({
      ok: true,
    });
    await broker.waitFor(1);
    expect(broker.published[0]!.topic).toBe('console/alerts');
    expect(JSON.parse(broker.published[0]!.payload)).toEqual({ type: 'alert.alert', alert: message });
    const refused = await sender.send(message, channel('mqtt', settings, { password: 'wrong' }), signal());
    expect(refused).toMatchObject({ ok: false, retry: false });
  });
});
