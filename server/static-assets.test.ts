import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import type { ConsoleDb } from './db/database.js';
import { freshDatabase } from './testing/databases.js';

const SCRIPT = `export const answer = ${JSON.stringify('x'.repeat(4000))};\n`;
let dir: string;
let app: FastifyInstance;
let db: ConsoleDb;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'static-assets-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
  fs.writeFileSync(path.join(dir, 'assets', 'app-1a2b.js'), SCRIPT);
  fs.writeFileSync(path.join(dir, 'assets', 'app-1a2b.js.br'), zlib.brotliCompressSync(SCRIPT));
  fs.writeFileSync(path.join(dir, 'assets', 'app-1a2b.js.gz'), zlib.gzipSync(SCRIPT));
  const config = loadConfig({ EDGE_API_URL: 'http://127.0.0.1:9', QUIET: '1', STATIC_DIR: dir }, { staticDir: dir });
  db = await freshDatabase('sqlite');
  app = buildApp({ config, upstream: 'http://127.0.0.1:9', token: null, demo: null, db });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await db.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('built assets', () => {
  it('are sent as the build precompressed them, for the encoding the browser accepts', async () => {
    for (const [accept, encoding, decode] of [
      ['br, gzip', 'br', zlib.brotliDecompressSync],
      ['gzip', 'gzip', zlib.gunzipSync],
    ] as const) {
      const response = await app.inject({ url: '/assets/app-1a2b.js', headers: { 'accept-encoding': accept } });
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(decode(response.rawPayload).toString()).toBe(SCRIPT);
    }
  });

  it('are sent plain to a client that accepts no encoding, long-cached and with the security headers', async () => {
    const response = await app.inject({ url: '/assets/app-1a2b.js', headers: { 'accept-encoding': 'identity' } });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe(SCRIPT);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
  });
});
