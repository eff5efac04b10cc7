// Builds the web client when dist/client is missing or older than its sources.
// Used by `npm start` and `npm test`, so a fresh clone needs no separate build step.
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';

const root = path.resolve(import.meta.dirname, '..');
const SOURCES = ['src/web', 'src/domain', 'index.html', 'vite.config.ts', 'package-lock.json'];

function newestMtime(p) {
  if (!fs.existsSync(p)) return 0;
  const stat = fs.statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

export function clientIsStale() {
  const built = path.join(root, 'dist/client/index.html');
  if (!fs.existsSync(built)) return true;
  const builtAt = fs.statSync(built).mtimeMs;
  return SOURCES.some((s) => newestMtime(path.join(root, s)) > builtAt);
}

export function buildClientIfStale() {
  if (!clientIsStale()) return;
  process.stdout.write('Building the web client (first start or sources changed)...\n');
  const vite = path.join(root, 'node_modules/vite/bin/vite.js');
  // Always a production build: called from inside Vitest (NODE_ENV=test), Vite would otherwise
  // bundle React's development build (about 60 KB more for the landing page).
  const env = { ...process.env, NODE_ENV: 'production' };
  const result = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
    env,
  });
  if (result.status !== 0) {
    process.stderr.write('jigsaw-club: building the web client failed (see above).\n');
    process.exit(1);
  }
}
