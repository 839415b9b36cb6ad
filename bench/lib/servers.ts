import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export const BENCH_DIR = path.resolve('bench/.tmp');

// A failed run must not leave servers holding the ports for the next one.
const children = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});

export interface Running {
  url: string;
  port: number;
  stop(): Promise<void>;
  /** Sends the signal (SIGKILL: a crash) and resolves once the process has gone. */
  kill(signal: NodeJS.Signals): Promise<void>;
}

async function waitFor(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode} before ${url} answered`);
    try {
      const response = await fetch(url);
      if (response.status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/** Starts the production console server (embedded demo edge unless EDGE_API_URL is set). */
export async function startConsole(
  port: number,
  env: Record<string, string>,
  timeoutMs = 300_000,
  /** A build of the console other than this checkout's (the bench's "before"): its dist-server/ and dist/. */
  cwd?: string,
): Promise<Running> {
  fs.mkdirSync(BENCH_DIR, { recursive: true });
  const taken = await fetch(`http://127.0.0.1:${port}/healthz`).then(
    () => true,
    () => false,
  );
  if (taken) throw new Error(`port ${port} is already in use: stop whatever listens there first`);
  const child = spawn(process.execPath, ['dist-server/server/index.js'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', QUIET: '1', DATA_DIR: BENCH_DIR, ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
    cwd,
  });
  children.add(child);
  child.once('exit', () => children.delete(child));
  const kill = (signal: NodeJS.Signals) =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill(signal);
    });
  await waitFor(`http://127.0.0.1:${port}/healthz`, child, timeoutMs);
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    stop: () => kill('SIGTERM'),
    kill,
  };
}

/** Signs in with a password: the session cookie for the bench's own requests. */
export async function signIn(base: string, account: { username: string; password: string }): Promise<string> {
  const response = await fetch(`${base}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  if (response.status !== 204) throw new Error(`sign-in answered ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0]!)
    .join('; ');
}
