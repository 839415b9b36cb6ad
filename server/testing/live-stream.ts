import http from 'node:http';

export interface LiveMessage {
  type: string;
  id: string | null;
  data: Record<string, unknown>;
}

/** A /live stream read as a browser's EventSource would: its messages, `retry` hints and its end. */
export interface LiveStream {
  status: number;
  messages: LiveMessage[];
  retries: number[];
  ended: boolean;
  close(): void;
}

/** Opens `${base}/live` with those headers (a cookie, Last-Event-ID) and parses what arrives. */
export function openLiveStream(base: string, headers: Record<string, string> = {}): Promise<LiveStream> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${base}/live`, { headers: { accept: 'text/event-stream', ...headers } }, (response) => {
      const stream: LiveStream = {
        status: response.statusCode ?? 0,
        messages: [],
        retries: [],
        ended: false,
        close: () => request.destroy(),
      };
      let pending = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        pending += chunk;
        let end: number;
        while ((end = pending.indexOf('\n\n')) !== -1) {
          const lines = pending.slice(0, end).split('\n');
          pending = pending.slice(end + 2);
          const field = (name: string) => lines.find((line) => line.startsWith(`${name}: `))?.slice(name.length + 2);
          const retry = field('retry');
          if (retry !== undefined) stream.retries.push(Number(retry));
          const data = field('data');
          if (data === undefined) continue;
          stream.messages.push({
            type: field('event') ?? 'message',
            id: field('id') ?? null,
            data: JSON.parse(data) as Record<string, unknown>,
          });
        }
      });
      const ended = () => {
        stream.ended = true;
      };
      response.on('end', ended);
      response.on('close', ended);
      response.on('error', ended);
      resolve(stream);
    });
    request.on('error', reject);
  });
}

/** The ids of the sound events a stream has carried, in order, repeats included. */
export const eventIdsOf = (stream: LiveStream): string[] =>
  stream.messages
    .filter((m) => m.type === 'event')
    .flatMap((m) => (m.data.events as { id: string }[]).map((e) => e.id));
