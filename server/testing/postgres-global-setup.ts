import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PostgreSQL server's URL (any database); each test file creates its own database there. */
    postgresUrl: string;
  }
}

/**
 * One PostgreSQL server for the whole server test run: a throwaway cluster in a temp dir on a free
 * loopback port, or the server named by TEST_DATABASE_URL.
 */
export default async function setup(project: TestProject): Promise<(() => void) | undefined> {
  const given = process.env.TEST_DATABASE_URL;
  if (given !== undefined && given !== '') {
    project.provide('postgresUrl', given);
    return undefined;
  }
  const bin = findBinaries();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'esc-pg-'));
  const asRoot = process.getuid?.() === 0;
  // initdb refuses to run as root: the cluster belongs to the postgres OS user then.
  if (asRoot) execFileSync('chown', ['postgres:postgres', dir]);
  const run = (command: string, args: string[]) => {
    const [file, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
    const result = spawnSync(file, argv, { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`${command} failed: ${result.stderr || result.stdout}`);
  };
  const dataDir = path.join(dir, 'data');
  run(path.join(bin, 'initdb'), ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off`;
  run(path.join(bin, 'pg_ctl'), ['-D', dataDir, '-o', options, '-l', path.join(dir, 'log'), '-w', 'start']);
  project.provide('postgresUrl', `postgres://postgres@127.0.0.1:${port}/postgres`);
  return () => {
    try {
      run(path.join(bin, 'pg_ctl'), ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  };
}

function findBinaries(): string {
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root) ? fs.readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  for (const version of versions) {
    const bin = path.join(root, version, 'bin');
    if (fs.existsSync(path.join(bin, 'initdb'))) return bin;
  }
  throw new Error(
    'The server tests need PostgreSQL: install the Debian package `postgresql` ' +
      '(apt-get install postgresql; .ci/run does it) or set TEST_DATABASE_URL=postgres://… to an existing server.',
  );
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
