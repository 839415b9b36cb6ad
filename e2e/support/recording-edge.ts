import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordingEdge {
  url: string;
  /** Every request that reached the edge through this door: method and path. */
  requests: { method: string; path: string }[];
  close(): Promise<void>;
}

/**
 * A door in front of an edge that passes every request on unchanged and writes down what came
 * through: a console pointed here lets a spec see what the edge did (or never did) receive.
 */
export async function recordingEdge(target: string): Promise<RecordingEdge> {
  const upstream = new URL(target);
  const requests: RecordingEdge['requests'] = [];
  const server = http.createServer((req, res) => {
    requests.push({ method: req.method ?? '', path: req.url ?? '' });
    const forward = http.request(
      new URL(req.url ?? '/', upstream),
      { method: req.method, headers: { ...req.headers, host: upstream.host } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forward.on('error', () => res.writeHead(502).end());
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
