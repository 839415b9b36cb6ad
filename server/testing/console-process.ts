import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export interface ConsoleProcess {
  url: string;
  child: ChildProcess;
  /** Everything it wrote to stdout and stderr so far. */
  output(): string;
  /** Resolves with the exit code (or signal) once the process has gone. */
  exited: Promise<number | string>;
  /** SIGTERM unless told otherwise; resolves once it has gone. */
  stop(signal?: NodeJS.Signals): Promise<number | string>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

const running = new Set<ChildProcess>();
// A failed test must not leave consoles behind.
process.on('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

export interface ConsoleProcessOptions {
  /** How long to wait for /healthz (a loaded CI machine compiles the server slowly through tsx). */
  timeoutMs?: number;
  /** Holds the process to this many open files (`ulimit -n`). */
  fileLimit?: number;
}

/**
 * The console as operators run it: `server/index.ts` in a process of its own (through tsx), on a
 * free loopback port, with its own data folder (removed when it exits). Waits for /healthz.
 * The free port is only free when asked; another test's server may take it before the console
 * binds, so a console that exits on EADDRINUSE is started again on another port.
 */
export async function startConsoleProcess(
  env: Record<string, string>,
  { timeoutMs = 45_000, fileLimit }: ConsoleProcessOptions = {},
): Promise<ConsoleProcess> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce(env, timeoutMs, fileLimit);
    } catch (error) {
      if (!(error instanceof PortTakenError) || attempt === 3) throw error;
    }
  }
}

class PortTakenError extends Error {}

async function startOnce(
  env: Record<string, string>,
  timeoutMs: number,
  fileLimit: number | undefined,
): Promise<ConsoleProcess> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'esc-proc-'));
  const node = [process.execPath, '--import', 'tsx', 'server/index.ts'];
  const [command, args] =
    fileLimit === undefined
      ? [node[0]!, node.slice(1)]
      : ['sh', ['-c', `ulimit -n ${fileLimit} && exec "$0" "$@"`, ...node]];
  const child = spawn(command, args, {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      STATIC_DIR: '/nonexistent',
      BACKFILL_MAX_RPS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => {
      running.delete(child);
      fs.rmSync(dataDir, { recursive: true, force: true });
      resolve(code ?? signal ?? 'unknown');
    }),
  );
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) {
      await exited;
      if (output.includes('EADDRINUSE')) throw new PortTakenError(`port ${port} was taken: ${output}`);
      throw new Error(`the console exited before answering: ${output}`);
    }
    const up = await fetch(`${url}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the console did not answer within ${timeoutMs} ms: ${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    child,
    output: () => output,
    exited,
    stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}
