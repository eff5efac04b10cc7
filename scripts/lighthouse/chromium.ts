// The machine's Chromium (never a downloaded one), headless, with the browser tests' flags
// and a DevTools port for Lighthouse to drive. CHROMIUM_PATH overrides where it is.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CHROMIUM_ARGS } from '../../tests/support/browser';
import { CHROMIUM_PATH } from '../../tests/support/chromium-path';

export type Chromium = { port: number; close(): Promise<void> };

export async function launchChromium(): Promise<Chromium> {
  const executable = CHROMIUM_PATH;
  if (!fs.existsSync(executable)) {
    throw new Error(
      `Chromium not found at ${executable}: install it (apt-get install -y chromium) or set CHROMIUM_PATH.`,
    );
  }
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'jc-lighthouse-chromium-'));
  const child = spawn(
    executable,
    ['--headless=new', ...CHROMIUM_ARGS, '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank'],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const port = await new Promise<number>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`Chromium did not start:\n${output}`)), 30_000);
    child.stderr!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Chromium exited with code ${code}:\n${output}`));
    });
  });
  return {
    port,
    async close() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(profile, { recursive: true, force: true });
    },
  };
}
