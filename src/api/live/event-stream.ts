/** What a stream of hub messages tells its user, whichever way it arrives. */
export interface StreamHandlers {
  /**
   * The stream is open (or, shared, the tab holding it says so). `from`: the message id after
   * which it brings every message; null when that is the id its first message will carry.
   */
  opened(from: string | null): void;
  /** The stream failed; pages should poll until it is back. */
  failed(): void;
  message(type: string, data: string, id: string): void;
}

export interface Stream {
  /** The stream went silent: open it again (a tab that only listens waits for the one holding it). */
  restart(): void;
  close(): void;
}

/** Message types of GET /live (server/hub/broadcaster.ts). */
export const MESSAGE_TYPES = ['health', 'mics', 'event', 'composite', 'reset', 'review'] as const;

/** Waits before opening the stream again after it failed, growing with each failure in a row. */
const RETRY_MS = [1_000, 3_000, 10_000, 30_000, 60_000];

/**
 * This tab's own EventSource on /live. The browser retries a dropped connection by itself
 * (sending Last-Event-ID); one refused outright (401, 503) stays closed, so it is reopened here
 * after a growing wait, resuming after `lastId()`.
 */
export function openEventStream(
  filterQuery: string,
  lastId: () => string | null,
  handlers: StreamHandlers,
  since: () => string | null = () => null,
): Stream {
  let source: EventSource | null = null;
  let retry: number | undefined;
  let failures = 0;
  let closed = false;
  /** What the browser resumes from on its own reconnection: the newest id this stream heard. */
  let from: string | null = null;

  const open = () => {
    if (closed) return;
    const params = new URLSearchParams(filterQuery);
    const id = lastId();
    from = id;
    if (id !== null) params.set('last_event_id', id);
    // A fresh stream starts, if the hub still can, where the lists on screen were read.
    const mark = id === null ? since() : null;
    if (mark !== null) params.set('since', mark);
    const query = params.toString();
    const stream = new EventSource(`/live${query === '' ? '' : `?${query}`}`);
    source = stream;
    stream.addEventListener('open', () => {
      failures = 0;
      handlers.opened(from);
    });
    stream.addEventListener('error', () => {
      handlers.failed();
      if (stream.readyState === EventSource.CLOSED) reopenLater();
    });
    for (const type of MESSAGE_TYPES) {
      stream.addEventListener(type, (event: MessageEvent) => {
        if (event.lastEventId !== '') from = event.lastEventId;
        handlers.message(type, event.data as string, event.lastEventId);
      });
    }
  };
  const reopenLater = () => {
    source?.close();
    source = null;
    window.clearTimeout(retry);
    retry = window.setTimeout(open, RETRY_MS[Math.min(failures, RETRY_MS.length - 1)]);
    failures++;
  };

  open();
  return {
    restart: reopenLater,
    close() {
      closed = true;
      window.clearTimeout(retry);
      source?.close();
    },
  };
}

type Relay =
  | { kind: 'hello' }
  | { kind: 'opened'; from: string | null }
  | { kind: 'failed' }
  | { kind: 'message'; type: string; data: string; id: string };

const CHANNEL = 'edge-sound-console.live';

/**
 * One stream for all of a browser's console tabs. A browser keeps at most six connections to a
 * server over HTTP/1.1, and an open stream holds one for good: six tabs each with its own
 * stream would leave the seventh unable to load anything. So the tab holding a Web Lock opens
 * the stream and relays every message on a BroadcastChannel; the others listen. When that tab
 * closes, the lock passes to another, which opens the stream again, resuming from the last
 * message relayed.
 */
export function joinSharedStream(
  lastId: () => string | null,
  handlers: StreamHandlers,
  since: () => string | null = () => null,
): Stream {
  const channel = new BroadcastChannel(CHANNEL);
  const leaving = new AbortController();
  let own: Stream | null = null;
  /** Held by the tab with the stream: what a tab joining later needs to be live at once. */
  let open = false;
  let lastHealth: Relay | null = null;
  /** The newest id relayed: a tab listening since before it was relayed has heard everything after it. */
  let relayedId: string | null = null;
  let left = false;
  const relay = (message: Relay) => {
    if (!left) channel.postMessage(message);
  };
  channel.addEventListener('message', (event: MessageEvent<Relay>) => {
    const heard = event.data;
    if (heard.kind === 'hello') {
      if (own !== null && open) {
        relay({ kind: 'opened', from: relayedId });
        if (lastHealth !== null) relay(lastHealth);
      }
    } else if (heard.kind === 'opened') handlers.opened(heard.from);
    else if (heard.kind === 'failed') handlers.failed();
    else handlers.message(heard.type, heard.data, heard.id);
  });
  navigator.locks
    .request(`${CHANNEL}.holder`, { signal: leaving.signal }, async () => {
      if (left) return;
      own = openEventStream(
        '',
        lastId,
        {
          opened(from) {
            open = true;
            handlers.opened(from);
            relay({ kind: 'opened', from });
          },
          failed() {
            open = false;
            handlers.failed();
            relay({ kind: 'failed' });
          },
          message(type, data, id) {
            if (id !== '') relayedId = id;
            handlers.message(type, data, id);
            const message: Relay = { kind: 'message', type, data, id };
            if (type === 'health') lastHealth = message;
            relay(message);
          },
        },
        since,
      );
      // Held for the life of the tab (or until the page leaves the feed).
      await new Promise<void>((resolve) => leaving.signal.addEventListener('abort', () => resolve()));
      own.close();
      own = null;
      open = false;
    })
    .catch(() => undefined);
  relay({ kind: 'hello' });
  return {
    restart() {
      own?.restart();
    },
    close() {
      left = true;
      own?.close();
      leaving.abort();
      channel.close();
    },
  };
}

/** Whether this browser can share one stream between tabs. */
export function canShare(): boolean {
  return typeof BroadcastChannel !== 'undefined' && typeof navigator !== 'undefined' && 'locks' in navigator;
}
