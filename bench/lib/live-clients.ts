import http from 'node:http';

/** One /live stream held the way a screen holds it, counting what it is sent. */
export interface LiveClient {
  /** `event` messages received. */
  frames: number;
  /** Sound events received, with the time each arrived (only for a parsing client). */
  events: Map<string, { createdAt: number; receivedAt: number }>;
  /** Events received a second time (only for a parsing client). */
  repeats: number;
  resets: number;
  /** When the stream ended (its replica stopped or was killed); null while open. */
  endedAt: number | null;
  close(): void;
}

/**
 * Opens a /live stream with the session cookie. A parsing client reads every event's id and
 * time (to find repeats, gaps and delays); the others only count messages, so a thousand of them
 * cost the bench little next to the server it measures.
 */
export function openLiveClient(base: string, cookie: string, parse: boolean): Promise<LiveClient> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      `${base}/live`,
      { headers: { accept: 'text/event-stream', cookie }, agent: false },
      (response) => {
        if (response.statusCode !== 200) {
          reject(new Error(`/live answered ${response.statusCode}`));
          response.resume();
          return;
        }
        const client: LiveClient = {
          frames: 0,
          events: new Map(),
          repeats: 0,
          resets: 0,
          endedAt: null,
          close: () => request.destroy(),
        };
        let pending = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          pending += chunk;
          let end: number;
          while ((end = pending.indexOf('\n\n')) !== -1) {
            const block = pending.slice(0, end);
            pending = pending.slice(end + 2);
            if (block.includes('event: reset\n')) client.resets++;
            if (!block.includes('event: event\n')) continue;
            client.frames++;
            if (!parse) continue;
            const data = block.slice(block.indexOf('data: ') + 6);
            const receivedAt = Date.now();
            for (const event of (JSON.parse(data) as { events: { id: string; created_at: string }[] }).events) {
              if (client.events.has(event.id)) client.repeats++;
              else client.events.set(event.id, { createdAt: Date.parse(event.created_at), receivedAt });
            }
          }
        });
        const ended = () => {
          client.endedAt ??= Date.now();
        };
        response.on('end', ended);
        response.on('close', ended);
        resolve(client);
      },
    );
    request.on('error', reject);
  });
}
