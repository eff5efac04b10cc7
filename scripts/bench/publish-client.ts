// The publish bench's members (scripts/bench/publish-run.ts), in a child process of their own
// so that sending and timing the requests does not share the app's event loop (as the other
// benches' load generator, load-generator.ts, does not). Forked with an IPC channel: each
// { seconds } message runs CONNECTIONS members publishing flat out for that long, each listing
// different, and answers { times } (each publish's milliseconds) or { error }.

import http from 'node:http';
import { ARTISTS, NOUNS, PIECES } from './load-data';
import { seededRandom } from './questions';
import { CONDITIONS, DIFFICULTIES, puzzleTitle } from './wanted-data';

type Setup = { origin: string; cookies: string[]; connections: number };
const setup = JSON.parse(process.env.PUBLISH_CLIENT_SETUP ?? '{}') as Setup;
const random = seededRandom(2025);
let sent = 0;
// node:http on kept-alive sockets, not fetch: fetch cost this process 1.27 ms of CPU a publish
// (a quarter of a core at 190 publishes a second, on the same two cores as the app; 28 Nov 2026).
const agent = new http.Agent({ keepAlive: true, maxSockets: setup.connections });

function post(path: string, headers: Record<string, string>, body: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${setup.origin}${path}`, { method: 'POST', agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

async function publishOnce(): Promise<number> {
  const cookie = setup.cookies[sent++ % setup.cookies.length]!;
  const started = performance.now();
  const body = JSON.stringify({
    title: puzzleTitle(random),
    pieces: PIECES[Math.floor(random() * PIECES.length)],
    condition: CONDITIONS[Math.floor(random() * CONDITIONS.length)],
    difficulty: DIFFICULTIES[Math.floor(random() * DIFFICULTIES.length)],
    puzzlePoints: 1 + Math.floor(random() * 10),
    artist: ARTISTS[Math.floor(random() * ARTISTS.length)],
    description: `Bench listing ${sent}: complete, boxed, a ${NOUNS[Math.floor(random() * NOUNS.length)]!.toLowerCase()}.`,
    status: 'active',
  });
  const res = await post(
    '/api/puzzle-listings',
    {
      cookie,
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(body)),
      origin: setup.origin,
    },
    body,
  );
  if (res.status !== 201) throw new Error(`publish answered ${res.status}: ${res.text}`);
  return performance.now() - started;
}

async function run(seconds: number): Promise<number[]> {
  const end = Date.now() + seconds * 1000;
  const times: number[] = [];
  await Promise.all(
    Array.from({ length: setup.connections }, async () => {
      while (Date.now() < end) times.push(await publishOnce());
    }),
  );
  return times;
}

process.on('message', (message: { seconds: number }) => {
  run(message.seconds).then(
    (times) => process.send!({ times }),
    (err: unknown) => process.send!({ error: err instanceof Error ? err.message : String(err) }),
  );
});
