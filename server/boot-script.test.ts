import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import type { ConsoleDb } from './db/database.js';
import { freshDatabase } from './testing/databases.js';

const PAGE = '<!doctype html><html><head><script src="/boot.js"></script></head><body></body></html>';
const BOOT = [
  '// Why the scheme is set before the first paint.',
  '(function () {',
  "  document.documentElement.setAttribute('data-mantine-color-scheme', 'dark');",
  '  // An indented comment.',
  '})();',
  '',
].join('\n');

let dir: string;
let app: FastifyInstance | undefined;
let db: ConsoleDb | undefined;

async function serve(boot: string): Promise<FastifyInstance> {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'boot-script-'));
  fs.writeFileSync(path.join(dir, 'index.html'), PAGE);
  fs.writeFileSync(path.join(dir, 'boot.js'), boot);
  const config = loadConfig({ EDGE_API_URL: 'http://127.0.0.1:9', QUIET: '1', STATIC_DIR: dir }, { staticDir: dir });
  db = await freshDatabase('sqlite');
  app = buildApp({ config, upstream: 'http://127.0.0.1:9', token: null, demo: null, db });
  await app.ready();
  return app;
}

afterEach(async () => {
  await app?.close();
  await db?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const sha256 = (text: string) => `'sha256-${crypto.createHash('sha256').update(text, 'utf8').digest('base64')}'`;
const scriptSrc = (policy: unknown) => /script-src ([^;]*)/.exec(String(policy))?.[1]?.split(' ');

describe('the boot script', () => {
  it('is written into every page without its comments, and the policy lets exactly it run', async () => {
    const server = await serve(BOOT);
    for (const url of ['/sign-in', '/mics', '/wall']) {
      const response = await server.inject({ url });
      const inline = /<script>([\s\S]*?)<\/script>/.exec(response.body)?.[1];
      expect(inline).toContain("setAttribute('data-mantine-color-scheme', 'dark')");
      expect(inline).not.toContain('//');
      expect(response.body).not.toContain('src="/boot.js"');
      // A browser runs an inline script only when the policy names the hash of its exact text.
      expect(scriptSrc(response.headers['content-security-policy'])).toEqual(["'self'", sha256(inline!)]);
    }
    // Still served as a file, for a page built before (or the development server).
    expect((await server.inject({ url: '/boot.js' })).body).toBe(BOOT);
  });

  it('stays in its file when its text could end the element early, and no inline script is allowed', async () => {
    const server = await serve(`${BOOT}var closing = '</script>';\n`);
    const response = await server.inject({ url: '/sign-in' });
    expect(response.body).toContain('<script src="/boot.js"></script>');
    expect(scriptSrc(response.headers['content-security-policy'])).toEqual(["'self'"]);
  });
});
