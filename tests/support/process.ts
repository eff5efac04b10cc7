import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

// Real processes for the tests that are about processes: start-up, locks, shutdown.

export const repoRoot = path.resolve(import.meta.dirname, '../..');

export type RunningProcess = {
  child: ChildProcess;
  output(): string;
  exited: Promise<number | null>;
};

export function runScript(script: string, env: NodeJS.ProcessEnv, args: string[] = []): RunningProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: repoRoot,
    env: { ...process.env, LOG_LEVEL: 'warn', POSTCODE_GEO_URL: 'off', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => out, exited };
}

export function startServerProcess(env: NodeJS.ProcessEnv): RunningProcess {
  return runScript('src/server/main.ts', env);
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/** Polls /api/health until it answers 200; returns the milliseconds it took. */
export async function waitForHealth(port: number, proc: RunningProcess, timeoutMs = 20_000): Promise<number> {
  const started = Date.now();
  let exited = false;
  void proc.exited.then(() => (exited = true));
  while (Date.now() - started < timeoutMs) {
    if (exited) throw new Error(`server exited early:\n${proc.output()}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok) return Date.now() - started;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`server not healthy after ${timeoutMs} ms:\n${proc.output()}`);
}
