// The club the Lighthouse run measures: a fresh embedded database in a temporary folder,
// seeded with the demo club (the same steps as `npm run seed`), then the real program
// (`npm start`: the built client, compression and all) as a child process on a free port.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { BrowsePage } from '../../src/domain/listings';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/client';
import { createPictureStorage } from '../../src/server/uploads/create-storage';
import { ADMIN_EMAIL, DEMO_MEMBERS, DEMO_PASSWORD } from '../demo/members';
import { SUSPENDED_EMAIL } from '../demo/admin';
import { runSeed } from '../demo/steps';

const root = path.resolve(import.meta.dirname, '../..');
/** In the seed's Wanted demo with a saved search, a wish and the first offer of a listed puzzle. */
const WANTED_EMAIL = 'susan.ashworth@example.org';

export type Club = {
  url: string;
  /** The signed-in demo member's session cookie, as a Cookie header. */
  memberCookie: string;
  memberEmail: string;
  /** The Wanted page's member: saved searches and a wish list from the seed (scripts/demo/wanted.ts). */
  wantedCookie: string;
  wantedEmail: string;
  /** A listed puzzle's id, for its page. */
  puzzleId: number;
  stop(): Promise<void>;
};

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

async function waitForHealth(url: string, child: ChildProcess, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode} (see above)`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the server did not answer ${url}/api/health within ${timeoutMs / 1000} s`);
}

/** The number of items a signed-in member's list call answers (checks the seed gave the page something to show). */
async function countOf(url: string, cookie: string, api: string): Promise<number> {
  const res = await fetch(`${url}${api}`, { headers: { cookie } });
  if (!res.ok) throw new Error(`${api} answered ${res.status}`);
  return ((await res.json()) as unknown[]).length;
}

async function signIn(url: string, email: string): Promise<string> {
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  if (!res.ok) throw new Error(`signing in as ${email} answered ${res.status}: ${await res.text()}`);
  const session = res.headers.getSetCookie().find((c) => c.startsWith('jc_session='));
  if (!session) throw new Error('signing in set no session cookie');
  return session.split(';')[0]!;
}

export async function startClub(log: (line: string) => void): Promise<Club> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jc-lighthouse-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env = { DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', APP_URL: url, LOG_LEVEL: 'warn' };

  log(`Seeding the demo club in ${dataDir}`);
  const config = loadConfig(env);
  const database = await openDatabase(config);
  const pictures = createPictureStorage(config);
  try {
    await runSeed(database.db, { pictures, log: () => {} });
  } finally {
    await pictures.close();
    await database.close();
  }

  log(`Starting the club at ${url} (npm start: builds the client first if it is stale)`);
  const child = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: { ...process.env, ...env, NODE_ENV: 'production' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(url, child);
    // A member who has seen the welcome gift, so the home page is the everyday one.
    const member = DEMO_MEMBERS.find(
      (m) => m.email !== ADMIN_EMAIL && m.email !== SUSPENDED_EMAIL && m.hasSeenWelcomeGift !== false,
    )!;
    const memberCookie = await signIn(url, member.email);
    const wantedCookie = await signIn(url, WANTED_EMAIL);
    for (const api of ['/api/saved-searches', '/api/wishes']) {
      if ((await countOf(url, wantedCookie, api)) === 0)
        throw new Error(`the seed gave ${WANTED_EMAIL} nothing at ${api}`);
    }
    const browse = (await (await fetch(`${url}/api/puzzle-listings`)).json()) as BrowsePage;
    const first = browse.items[0];
    if (!first) throw new Error('the seeded club lists no puzzle');
    return {
      url,
      memberCookie,
      memberEmail: member.email,
      wantedCookie,
      wantedEmail: WANTED_EMAIL,
      puzzleId: first.id,
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}
