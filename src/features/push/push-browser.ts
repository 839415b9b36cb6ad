/**
 * The browser's side of Web Push: the service worker (public/sw.js, registered after load by
 * public/boot.js), the notification permission, and this browser's subscription.
 */

export type PushSupport = 'supported' | 'unsupported' | 'insecure';

export function pushSupport(): PushSupport {
  if (typeof window === 'undefined') return 'unsupported';
  if (!window.isSecureContext) return 'insecure';
  if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window))
    return 'unsupported';
  return 'supported';
}

export function permission(): NotificationPermission {
  return 'Notification' in window ? Notification.permission : 'denied';
}

/** The worker's registration; registers it when boot.js has not yet (the dialog opened before load). */
export async function workerRegistration(): Promise<ServiceWorkerRegistration> {
  const existing = await navigator.serviceWorker.getRegistration('/');
  if (existing !== undefined) return existing;
  await navigator.serviceWorker.register('/sw.js', { scope: '/' });
  return navigator.serviceWorker.ready;
}

export async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration('/');
  return (await registration?.pushManager.getSubscription()) ?? null;
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i += 1) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

const toBase64url = (buffer: ArrayBuffer | null) =>
  buffer === null
    ? ''
    : btoa(String.fromCharCode(...new Uint8Array(buffer)))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, '');

export interface BrowserSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/**
 * Asks for permission (only on the person's click) and subscribes with the console's VAPID key.
 * A subscription made with another key (the console's keys were replaced) is dropped first.
 */
export async function subscribeThisBrowser(publicKey: string): Promise<BrowserSubscription> {
  const granted = await Notification.requestPermission();
  if (granted !== 'granted') throw new PushRefusal(granted === 'denied' ? 'denied' : 'dismissed');
  const registration = await workerRegistration();
  const key = keyBytes(publicKey);
  const old = await registration.pushManager.getSubscription();
  const sameKey = old !== null && toBase64url(old.options.applicationServerKey) === toBase64url(key.buffer);
  if (old !== null && !sameKey) await old.unsubscribe();
  let subscription: PushSubscription;
  try {
    subscription = sameKey
      ? old
      : await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  } catch (error) {
    throw new PushRefusal('service', error instanceof Error ? error.message : String(error));
  }
  return {
    endpoint: subscription.endpoint,
    keys: { p256dh: toBase64url(subscription.getKey('p256dh')), auth: toBase64url(subscription.getKey('auth')) },
  };
}

export async function unsubscribeThisBrowser(): Promise<void> {
  await (await currentSubscription())?.unsubscribe();
}

/** Why this browser could not subscribe: said in words by the dialog. */
export class PushRefusal extends Error {
  constructor(
    readonly reason: 'denied' | 'dismissed' | 'service',
    detail: string = reason,
  ) {
    super(detail);
  }
}

/** A name to start from: the platform and browser, which the person may change. */
export function guessDeviceName(): string {
  const agent = navigator.userAgent;
  const os = /Android/.test(agent)
    ? 'Android'
    : /iPhone|iPad/.test(agent)
      ? 'iPhone'
      : /Mac OS X/.test(agent)
        ? 'Mac'
        : /Windows/.test(agent)
          ? 'Windows'
          : /Linux/.test(agent)
            ? 'Linux'
            : 'Device';
  const browser = /Edg\//.test(agent)
    ? 'Edge'
    : /Firefox\//.test(agent)
      ? 'Firefox'
      : /Chrome\//.test(agent)
        ? 'Chrome'
        : /Safari\//.test(agent)
          ? 'Safari'
          : '';
  return browser === '' ? os : `${os} · ${browser}`;
}
