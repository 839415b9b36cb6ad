import crypto from 'node:crypto';
import http from 'node:http';
import type net from 'node:net';

/** What a push service saw of one POST, once it checked the VAPID JWT and decrypted the body. */
export interface ReceivedPush {
  deviceId: string;
  headers: http.IncomingHttpHeaders;
  /** The JWT's claims, after its ES256 signature was checked against the key in `k=`. */
  claims: { aud: string; exp: number; sub: string };
  /** The key the JWT was signed with (base64url). */
  vapidKey: string;
  /** The plaintext, decrypted with the device's private key and auth secret (RFC 8291). */
  json: unknown;
}

export interface TestDevice {
  id: string;
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/**
 * A Web Push service on loopback, as a browser vendor's would behave: POST /push/<id> with a
 * VAPID Authorization header (RFC 8292) and an aes128gcm body (RFC 8188/8291) encrypted to a
 * device whose private key only this receiver (the "browser") holds. `answer` makes a device
 * answer another status (410: gone; 301: a redirect, which must not be followed).
 */
export async function pushReceiver() {
  const devices = new Map<string, { ecdh: crypto.ECDH; auth: Buffer }>();
  const received: ReceivedPush[] = [];
  const refused: string[] = [];
  const answers = new Map<string, number>();
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const id = /^\/push\/([\w-]+)$/.exec(request.url ?? '')?.[1] ?? '';
      const device = devices.get(id);
      const answer = answers.get(id);
      if (answer !== undefined) {
        response.writeHead(answer, answer >= 300 && answer < 400 ? { location: `${base}/push/elsewhere` } : {});
        return response.end();
      }
      if (request.method !== 'POST' || device === undefined) return response.writeHead(404).end();
      try {
        const { claims, key } = checkVapid(request.headers.authorization ?? '', base);
        if (request.headers['content-encoding'] !== 'aes128gcm') throw new Error('not aes128gcm');
        if (!/^\d+$/.test(String(request.headers.ttl))) throw new Error('no TTL');
        const plain = decrypt(Buffer.concat(chunks), device.ecdh, device.auth);
        received.push({ deviceId: id, headers: request.headers, claims, vapidKey: key, json: JSON.parse(plain) });
        response.writeHead(201).end();
      } catch (error) {
        refused.push((error as Error).message);
        response.writeHead(400).end((error as Error).message);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
  return {
    base,
    received,
    refused,
    /** A new browser subscription: its endpoint and the public half of its keys. */
    device(): TestDevice {
      const id = crypto.randomUUID();
      const ecdh = crypto.createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = crypto.randomBytes(16);
      devices.set(id, { ecdh, auth });
      const keys = { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') };
      return { id, endpoint: `${base}/push/${id}`, keys };
    },
    answer(deviceId: string, status: number) {
      answers.set(deviceId, status);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** `vapid t=<jwt>, k=<key>`: the JWT's ES256 signature checked against k, and its claims. */
function checkVapid(header: string, origin: string) {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(header);
  if (match === null) throw new Error(`not a VAPID Authorization header: ${header.slice(0, 20)}`);
  const [jwt, k] = [match[1]!, match[2]!];
  const [head, body, signature] = jwt.split('.') as [string, string, string];
  const point = Buffer.from(k, 'base64url');
  const publicKey = crypto.createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
  const ok = crypto.verify(
    'sha256',
    Buffer.from(`${head}.${body}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!ok) throw new Error('the VAPID signature does not verify');
  if (JSON.parse(Buffer.from(head, 'base64url').toString()).alg !== 'ES256') throw new Error('not ES256');
  const claims = JSON.parse(Buffer.from(body, 'base64url').toString()) as ReceivedPush['claims'];
  if (claims.aud !== origin) throw new Error(`the JWT is for ${claims.aud}, not ${origin}`);
  const now = Date.now() / 1000;
  if (!(claims.exp > now && claims.exp <= now + 24 * 3600)) throw new Error('the JWT expires out of range');
  return { claims, key: k };
}

/** RFC 8291 §3.4 then RFC 8188 §2: one record, the key derived from the device's ECDH and auth secret. */
function decrypt(body: Buffer, ecdh: crypto.ECDH, authSecret: Buffer): string {
  const salt = body.subarray(0, 16);
  const idLength = body[20]!;
  const senderKey = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  const shared = ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), ecdh.getPublicKey(), senderKey]);
  const ikm = Buffer.from(crypto.hkdfSync('sha256', shared, authSecret, keyInfo, 32));
  const cek = Buffer.from(crypto.hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(crypto.hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = crypto.createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then any zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('no last-record delimiter');
  return padded.subarray(0, end).toString('utf8');
}
