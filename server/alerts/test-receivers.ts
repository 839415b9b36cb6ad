import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { Aedes } from 'aedes';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** Real receivers on loopback for the alerts' tests (and e2e/bench): HTTP, SMTP, MQTT. */

export interface HttpReceiver {
  url: string;
  received: { at: number; headers: http.IncomingHttpHeaders; body: string; json: unknown }[];
  /** Answer with this status (default 200); a function decides per request. */
  status: number | ((n: number) => number);
  /** Wait before answering (a slow receiver). */
  delayMs: number;
  waitFor(count: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

async function until(check: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export async function startHttpReceiver(): Promise<HttpReceiver> {
  const receiver: HttpReceiver = {
    url: '',
    received: [],
    status: 200,
    delayMs: 0,
    waitFor: (count, timeoutMs = 10_000) =>
      until(() => receiver.received.length >= count, timeoutMs, `${count} webhook requests`),
    close: async () => undefined,
  };
  let n = 0;
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const status = typeof receiver.status === 'function' ? receiver.status(++n) : receiver.status;
      const answer = () => {
        if (status >= 200 && status < 300) {
          let json: unknown = null;
          try {
            json = JSON.parse(body);
          } catch {
            // kept as text
          }
          receiver.received.push({ at: Date.now(), headers: req.headers, body, json });
        }
        res.writeHead(status, status >= 300 && status < 400 ? { location: 'http://127.0.0.1:9/elsewhere' } : {});
        res.end();
      };
      if (receiver.delayMs > 0) setTimeout(answer, receiver.delayMs);
      else answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  receiver.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return receiver;
}

export interface SmtpReceiver {
  url: string;
  mails: ParsedMail[];
  waitFor(count: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export async function startSmtpReceiver(): Promise<SmtpReceiver> {
  const mails: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          mails.push(mail);
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    waitFor: (count, timeoutMs = 10_000) => until(() => mails.length >= count, timeoutMs, `${count} mails`),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export interface MqttBroker {
  url: string;
  published: { topic: string; payload: string }[];
  waitFor(count: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

/** aedes in-process; `password` set: clients must give it (user "console"). */
export async function startMqttBroker(password: string | null = null): Promise<MqttBroker> {
  const broker = await Aedes.createBroker();
  if (password !== null) {
    broker.authenticate = (_client, username, given, done) => {
      done(null, username === 'console' && given?.toString() === password);
    };
  }
  const published: MqttBroker['published'] = [];
  broker.on('publish', (packet, client) => {
    if (client) published.push({ topic: packet.topic, payload: packet.payload.toString() });
  });
  const server = net.createServer(broker.handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `mqtt://127.0.0.1:${(server.address() as AddressInfo).port}`,
    published,
    waitFor: (count, timeoutMs = 10_000) => until(() => published.length >= count, timeoutMs, `${count} MQTT messages`),
    close: async () => {
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
