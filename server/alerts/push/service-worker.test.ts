import fs from 'node:fs';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';

type Handler = (event: Record<string, unknown>) => void;

/** public/sw.js run as a browser would, with what it touches of `self` recorded. */
function worker() {
  const handlers = new Map<string, Handler>();
  const shown: { title: string; options: Record<string, unknown> }[] = [];
  const opened: string[] = [];
  const windows: { url: string; navigate(url: string): Promise<unknown>; focus(): Promise<unknown> }[] = [];
  const self = {
    location: { origin: 'https://console.example.org' },
    addEventListener: (type: string, handler: Handler) => handlers.set(type, handler),
    skipWaiting: () => undefined,
    registration: {
      showNotification: (title: string, options: Record<string, unknown>) => {
        shown.push({ title, options });
        return Promise.resolve();
      },
    },
    clients: {
      claim: () => Promise.resolve(),
      matchAll: () => Promise.resolve(windows),
      openWindow: (url: string) => {
        opened.push(url);
        return Promise.resolve(null);
      },
    },
  };
  vm.runInNewContext(fs.readFileSync('public/sw.js', 'utf8'), { self, URL });
  const fire = async (type: string, event: Record<string, unknown>) => {
    let done: Promise<unknown> = Promise.resolve();
    handlers.get(type)!({ ...event, waitUntil: (p: Promise<unknown>) => (done = p) });
    await done;
  };
  const push = (json: unknown) => fire('push', { data: { json: () => json } });
  const click = (url: unknown) =>
    fire('notificationclick', { notification: { close: () => undefined, data: { url } } });
  return { push, click, shown, opened, windows };
}

describe('the service worker', () => {
  it('shows the alert under its id, ringing again only when asked', async () => {
    const sw = worker();
    await sw.push({
      title: 'Critical: Gunshot',
      body: 'North gate',
      tag: 'al-1',
      url: '/composite-events/ce-1',
      renotify: false,
    });
    await sw.push({
      title: 'Critical: Gunshot (not yet acknowledged)',
      body: 'North gate',
      tag: 'al-1',
      url: '/x',
      renotify: true,
    });
    expect(sw.shown[0]).toMatchObject({
      title: 'Critical: Gunshot',
      options: { tag: 'al-1', renotify: false, body: 'North gate' },
    });
    expect(sw.shown[1]!.options).toMatchObject({ tag: 'al-1', renotify: true, requireInteraction: true });
  });

  it('opens only paths on the console, whatever URL a payload carries', async () => {
    const sw = worker();
    for (const url of [
      'https://evil.example/phish',
      '//evil.example/x',
      'javascript:alert(1)',
      42,
      '/composite-events/ce-9?from=alert',
    ])
      await sw.push({ title: 't', tag: 'a', url });
    const kept = sw.shown.map((n) => (n.options.data as { url: string }).url);
    expect(kept).toEqual(['/', '/', '/', '/', '/composite-events/ce-9?from=alert']);
    await sw.click('https://evil.example/phish');
    await sw.click('/composite-events/ce-9');
    expect(sw.opened).toEqual(['https://console.example.org/', 'https://console.example.org/composite-events/ce-9']);
  });

  it('a click brings an open console window to the incident instead of opening another', async () => {
    const sw = worker();
    const visits: string[] = [];
    sw.windows.push({
      url: 'https://console.example.org/mics',
      navigate: (url) => {
        visits.push(url);
        return Promise.resolve({ focus: () => Promise.resolve() });
      },
      focus: () => Promise.resolve(),
    });
    await sw.click('/composite-events/ce-2');
    expect(visits).toEqual(['https://console.example.org/composite-events/ce-2']);
    expect(sw.opened).toEqual([]);
  });
});
