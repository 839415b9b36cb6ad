import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import { E2E_PORT } from './servers';

/**
 * A port of this run's own (servers.ts uses offsets 0–3 of the same range). k ≤ 4: a worker's set
 * spans ten ports, so k = 5 would be the next worker's upstream edge.
 */
export const extraPort = (k: 0 | 1 | 2 | 3 | 4) => 20_000 + (E2E_PORT % 1000) * 10 + 5 + k;

export const staticDir = process.env.E2E_STATIC_DIR ?? 'dist';

/**
 * A new data folder for a spec's own console, inside the run's temp folder (playwright.config.ts),
 * which the global teardown removes: nothing is left behind, and runs side by side never share one.
 */
export function specDataDir(name: string): string {
  const runDir = process.env.ESC_E2E_DATA_DIR;
  if (runDir === undefined) throw new Error('ESC_E2E_DATA_DIR is set by playwright.config.ts');
  return fs.mkdtempSync(path.join(runDir, `${name}-`));
}

export interface ConsoleProcess {
  url: string;
  /** Everything the server wrote to stdout and stderr so far. */
  output(): string;
  stop(): Promise<void>;
}

/**
 * Starts a console server of a spec's own, with request logging on (QUIET unset), so the spec
 * can read what the server logs and try settings the shared servers do not have.
 */
export async function startConsole(port: number, env: Record<string, string>): Promise<ConsoleProcess> {
  const { QUIET: _quiet, ...inherited } = process.env;
  const child = spawn('node', ['dist-server/server/index.js'], {
    env: { ...inherited, PORT: String(port), HOST: '127.0.0.1', STATIC_DIR: staticDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // A seeding demo edge on a busy shared machine can take a minute; a server that never answers
  // is stopped, so it cannot hold the port and answer the next run's spec with another database.
  await expect
    .poll(
      async () => {
        if (child.exitCode !== null) return `exited: ${output}`;
        return fetch(`${url}/healthz`).then(
          (r) => (r.ok ? 'up' : `status ${r.status}`),
          () => 'down',
        );
      },
      { message: `console on port ${port}`, timeout: 60_000 },
    )
    .toBe('up')
    .catch(async (error: unknown) => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      throw error;
    });
  return {
    url,
    output: () => output,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
